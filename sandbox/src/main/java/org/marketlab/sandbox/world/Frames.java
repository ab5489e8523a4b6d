package org.marketlab.sandbox.world;

import org.marketlab.sandbox.world.Questions.Form;
import org.marketlab.sandbox.world.Questions.Frame;
import org.marketlab.sandbox.world.Questions.Template;

import java.time.Instant;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The frame of one event, drawn at the world's start: its category (by how much of the world each makes up), a
 * template of that category, when it was created (hours to three years before the anchor: one in sixteen this week,
 * one in eight this month), how long it runs (a game hours to days, most events a month to four years), its subject
 * and its end on the template's calendar, and its title, which must not be taken yet.
 */
final class Frames {

    private Frames() {
    }

    /** Epoch seconds. */
    private record Timing(long created, long start, long end) {
    }

    static Frame draw(SplittableRandom r, Instant now, Set<Long> titles) {
        int family = pick(r, Catalogue.CATEGORY_WEIGHT);
        for (int attempt = 0; attempt < 24; attempt++) {
            Template t = template(r, family);
            Timing tm = timing(r, t.form(), now);
            Frame f = subject(r, t, tm, titles, now.getEpochSecond());
            if (f != null) return f;
        }
        // Every template of the family was taken for these dates: any category's, until one is free.
        for (int attempt = 0; ; attempt++) {
            Template t = Questions.TEMPLATES.get(r.nextInt(Questions.TEMPLATES.size()));
            Frame f = subject(r, t, timing(r, t.form(), now), titles, now.getEpochSecond());
            if (f != null) return f;
            if (attempt > 10_000) throw new IllegalStateException("no free title");
        }
    }

    /**
     * A subject of the template whose title is free, trying up to 24 from a random one; null if none is. Titles are
     * compared by their keys ({@link Questions#titleKey}): no text is made here, at the sandbox's start.
     */
    private static Frame subject(SplittableRandom r, Template t, Timing tm, Set<Long> titles, long now) {
        int n = Questions.subjects(t);
        int first = r.nextInt(n);
        for (int k = 0; k < Math.min(n, 24); k++) {
            int s = (first + k) % n;
            if (!Questions.validSubject(t, s)) continue;
            long end = Questions.snap(t, s, tm.created(), tm.end());
            if (end == Long.MIN_VALUE) return null;
            long created = tm.created(), start = tm.start();
            if (t.form() == Form.UP_DOWN) {
                // A day from the level at the same time the day before.
                created = end - 86_400;
                start = created;
            }
            if (end <= start || created >= now) continue;
            if (titles.add(Questions.titleKey(t, s, end))) {
                return new Frame(t, s, Instant.ofEpochSecond(created), Instant.ofEpochSecond(start), Instant.ofEpochSecond(end),
                        Questions.count(t, s, r));
            }
        }
        return null;
    }

    /** Each template's weight within its category, and each category's total. */
    private static final double[] WEIGHTS = new double[Questions.TEMPLATES.size()];
    private static final double[] TOTALS = new double[Catalogue.CATEGORIES.size()];
    private static final int[] FAMILY = new int[Questions.TEMPLATES.size()];

    static {
        for (int i = 0; i < WEIGHTS.length; i++) {
            Template t = Questions.TEMPLATES.get(i);
            FAMILY[i] = Catalogue.CATEGORIES.indexOf(t.topicOf().category());
            WEIGHTS[i] = weight(t);
            TOTALS[FAMILY[i]] += WEIGHTS[i];
        }
    }

    private static Template template(SplittableRandom r, int family) {
        double u = r.nextDouble() * TOTALS[family];
        int last = -1;
        for (int i = 0; i < WEIGHTS.length; i++) {
            if (FAMILY[i] != family) continue;
            last = i;
            if ((u -= WEIGHTS[i]) < 0) break;
        }
        return Questions.TEMPLATES.get(last);
    }

    /** A template's share of its category: its topic's weight, split among the topic's templates by their weights. */
    private static double weight(Template t) {
        double topicTotal = 0;
        for (Template x : Questions.TEMPLATES) if (x.topic() == t.topic()) topicTotal += x.weight();
        return t.topicOf().weight() * t.weight() / topicTotal;
    }

    /**
     * When the event was created, started and (before its calendar) would end: events of every age, from hours to
     * three years; games and daily questions run hours to days, the rest a month to four years (one in eight a week
     * to a month), so that about half the world is open at the anchor, most open markets with a month of history.
     */
    private static Timing timing(SplittableRandom r, Form form, Instant now) {
        int ageBand = r.nextInt(16);
        double ageDays = ageBand == 0 ? 0.25 + 6.75 * r.nextDouble() : ageBand <= 2 ? 7 + 23 * r.nextDouble()
                : Math.exp(Math.log(30) + r.nextDouble() * Math.log(1100 / 30.0));
        long created = now.getEpochSecond() - (long) (ageDays * 86_400);
        long start = created + (long) (r.nextDouble() * Math.min(2, ageDays / 2) * 86_400);
        double life = Questions.isGame(form) ? 0.5 + 9.5 * r.nextDouble() : Questions.isDaily(form) ? 1 + 4 * r.nextDouble()
                : r.nextInt(8) == 0 ? 7 + 23 * r.nextDouble() : Math.exp(Math.log(30) + r.nextDouble() * Math.log(1500 / 30.0));
        long end = start + (long) (life * 86_400);
        if (Questions.isGame(form)) end = Math.floorDiv(end, 3600) * 3600 + 3600;
        return new Timing(created, start, end);
    }

    static int pick(SplittableRandom r, double[] weights) {
        double total = 0;
        for (double w : weights) total += w;
        double u = r.nextDouble() * total;
        for (int i = 0; i < weights.length; i++) if ((u -= weights[i]) < 0) return i;
        return weights.length - 1;
    }
}
