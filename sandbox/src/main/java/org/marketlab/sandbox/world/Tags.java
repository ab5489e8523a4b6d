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
    /** Per tag, in id order: its id, label, family and the draws its document is made from. */
    private long[] ids = new long[0];
    private String[] labels = new String[0];
    private int[] family = new int[0];
    private int[][] draws = new int[0][];
    /** Per family, its first tag; one more at the end. */
    private int[] familyStart = new int[0];
    private final Map<String, Integer> byLabel = new HashMap<>();
    private final Map<Long, Integer> byId = new HashMap<>();
    /** The documents, made on first use (a page of events needs a few; {@code /tags} all of them). */
    private ObjectNode[] docs = new ObjectNode[0];

    Tags(Instant now) {
        this.now = now;
    }

    List<ObjectNode> all() {
        List<ObjectNode> out = new ArrayList<>(ids.length);
        for (int i = 0; i < ids.length; i++) out.add(doc(i));
        return Collections.unmodifiableList(out);
    }

    Set<Long> related(long tagId) {
        Integer i = byId.get(tagId);
        if (i == null) return Set.of();
        Set<Long> rel = new LinkedHashSet<>();
        for (int j = familyStart[family[i]]; j < familyStart[family[i] + 1]; j++) if (j != i) rel.add(ids[j]);
        return rel;
    }

    /** The tag with that label (every label a topic or subject uses has one). */
    ObjectNode byLabel(String label) {
        Integer i = byLabel.get(label);
        if (i == null) throw new IllegalArgumentException("no tag " + label);
        return doc(i);
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

    /** Draws every tag's id and the figures of its document, in order; the documents are made when first read. */
    void build(SplittableRandom r) {
        List<List<String>> families = families();
        int n = 0;
        for (List<String> f : families) n += f.size();
        ids = new long[n];
        labels = new String[n];
        family = new int[n];
        draws = new int[n][];
        docs = new ObjectNode[n];
        familyStart = new int[families.size() + 1];
        long id = 100_000;
        int i = 0;
        for (int f = 0; f < families.size(); f++) {
            familyStart[f] = i;
            for (String label : families.get(f)) {
                id += 1 + r.nextInt(50);
                ids[i] = id;
                labels[i] = label;
                family[i] = f;
                draws[i] = draw(r);
                byLabel.put(label, i);
                byId.put(id, i);
                i++;
            }
        }
        familyStart[families.size()] = i;
    }

    /** A tag's draws, in the order its document reads them: forceShow, age, second, publishedAt, authors, update, flags. */
    private static int[] draw(SplittableRandom r) {
        int forceShow = r.nextInt(10), ageDays = r.nextInt(500), second = r.nextInt(86_400), published = r.nextInt(3);
        int createdBy = r.nextInt(40), updatedBy = r.nextInt(40), updatedDays = r.nextInt(300);
        int forceHide = r.nextInt(25), carousel = r.nextInt(12);
        return new int[]{forceShow, ageDays, second, published, createdBy, updatedBy, updatedDays, forceHide, carousel};
    }

    private synchronized ObjectNode doc(int i) {
        ObjectNode t = docs[i];
        if (t != null) return t;
        int[] d = draws[i];
        t = Docs.object(Docs.TAG);
        t.put("id", Long.toString(ids[i]));
        t.put("label", labels[i]);
        t.put("slug", Docs.slug(labels[i]));
        t.put("forceShow", d[0] == 0);
        // Older than every event.
        Instant created = now.minusSeconds(86_400L * (1_500 + d[1]) + d[2]);
        // The live service writes publishedAt in its database form.
        if (d[3] > 0) t.put("publishedAt", Docs.DB_TIME.format(created.plusSeconds(3600)));
        t.put("createdBy", 1 + d[4]);
        t.put("updatedBy", 1 + d[5]);
        t.put("createdAt", Docs.iso(created));
        t.put("updatedAt", Docs.iso(created.plusSeconds(86_400L * d[6])));
        t.put("forceHide", d[7] == 0);
        t.put("isCarousel", d[8] == 0);
        docs[i] = t;
        return t;
    }
}
