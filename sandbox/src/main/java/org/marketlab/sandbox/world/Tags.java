package org.marketlab.sandbox.world;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The world's tags: one family per category (the category's own tag, its topics' tags, then the subjects' tags that
 * belong to it), ids rising through the families, each tag related to the others of its family. An event carries its
 * topic's tags and its subject's, so a tag names what its events are about.
 */
final class Tags {

    private final Instant now;
    private final List<ObjectNode> all = new ArrayList<>();
    private final Map<Long, Set<Long>> related = new HashMap<>();
    private final Map<String, ObjectNode> byLabel = new HashMap<>();

    Tags(Instant now) {
        this.now = now;
    }

    List<ObjectNode> all() {
        return Collections.unmodifiableList(all);
    }

    Set<Long> related(long tagId) {
        return related.getOrDefault(tagId, Set.of());
    }

    /** The tag with that label (every label a topic or subject uses has one). */
    ObjectNode byLabel(String label) {
        ObjectNode t = byLabel.get(label);
        if (t == null) throw new IllegalArgumentException("no tag " + label);
        return t;
    }

    /** Whether {@code label} is one of the world's tags (a topic's or a subject's). */
    static boolean known(String label) {
        if (Catalogue.SUBJECT_TAGS.contains(label)) return true;
        for (Catalogue.Topic t : Catalogue.TOPICS) if (t.tags().contains(label)) return true;
        return false;
    }

    /** Each family's labels, in order, each label in the first family that uses it. */
    static List<List<String>> families() {
        List<List<String>> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (String category : Catalogue.CATEGORIES) {
            Set<String> labels = new LinkedHashSet<>();
            labels.add(category);
            for (Catalogue.Topic t : Catalogue.TOPICS) if (t.category().equals(category)) labels.addAll(t.tags());
            for (String s : Catalogue.SUBJECT_TAGS) if (Catalogue.familyOf(s).equals(category)) labels.add(s);
            labels.removeAll(seen);
            seen.addAll(labels);
            out.add(new ArrayList<>(labels));
        }
        return out;
    }

    void build(SplittableRandom r) {
        long id = 100_000;
        for (List<String> family : families()) {
            List<Long> ids = new ArrayList<>();
            for (String label : family) {
                id += 1 + r.nextInt(50);
                ObjectNode t = Docs.object(Docs.TAG);
                t.put("id", Long.toString(id));
                t.put("label", label);
                t.put("slug", Docs.slug(label));
                t.put("forceShow", r.nextInt(10) == 0);
                // Older than every event.
                Instant created = now.minusSeconds(86_400L * (1_500 + r.nextInt(500)) + r.nextInt(86_400));
                // The live service writes publishedAt in its database form.
                if (r.nextInt(3) > 0) t.put("publishedAt", Docs.DB_TIME.format(created.plusSeconds(3600)));
                t.put("createdBy", 1 + r.nextInt(40));
                t.put("updatedBy", 1 + r.nextInt(40));
                t.put("createdAt", Docs.iso(created));
                t.put("updatedAt", Docs.iso(created.plusSeconds(86_400L * r.nextInt(300))));
                t.put("forceHide", r.nextInt(25) == 0);
                t.put("isCarousel", r.nextInt(12) == 0);
                all.add(t);
                byLabel.put(label, t);
                ids.add(id);
            }
            for (long a : ids) {
                Set<Long> rel = new LinkedHashSet<>(ids);
                rel.remove(a);
                related.put(a, rel);
            }
        }
    }
}
