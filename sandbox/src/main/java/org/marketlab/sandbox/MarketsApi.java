package org.marketlab.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The market-data interface: {@code GET /events}, {@code /events/keyset}, {@code /events/{id}},
 * {@code /events/{id}/tags} and {@code /ok}.
 *
 * <p>Semantics of {@code GET /events} where the specification is silent: {@code limit} defaults to 20 and a
 * page holds at most 100; {@code offset} above 2,000 is refused with 422; without {@code order} events come
 * in id order; {@code order} names Event fields (comma-separated), {@code ascending} defaults to false, ties
 * go by id ascending, nulls last; array parameters repeat ({@code id=1&id=2}); boolean filters compare for
 * equality; ranges are inclusive; an event without the date a date filter names is left out;
 * {@code related_tags=true} with {@code tag_id} or {@code tag_slug} also takes events carrying a tag of the
 * same family; {@code chats} and {@code templates} are sent only with {@code include_chat} /
 * {@code include_template}. A malformed value is refused with 422 and a message naming the parameter.
 */
final class MarketsApi {

    static final int MAX_PAGE = 100;
    static final int MAX_OFFSET = 2000;

    private final World world;
    private final Faults faults;
    private final AtomicLong served = new AtomicLong();

    MarketsApi(World world, Faults faults) {
        this.world = world;
        this.faults = faults;
    }

    void register(Javalin app) {
        app.get("/ok", ctx -> ctx.result("OK"));
        app.get("/events", this::events);
        app.get("/events/keyset", this::keyset);
        app.get("/events/{id}/tags", this::eventTags);
        app.get("/events/{id}", this::event);
    }

    /** A query parameter error: 422 with a message. */
    static final class BadParameter extends RuntimeException {
        BadParameter(String message) {
            super(message);
        }
    }

    private void events(Context ctx) {
        Params p = new Params(ctx);
        int limit = p.integer("limit", 20, 0);
        int offset = p.integer("offset", 0, 0);
        if (offset > MAX_OFFSET) {
            throw new BadParameter("offset " + offset + " is too large: offsets above " + MAX_OFFSET
                    + " are refused; use /events/keyset to page further");
        }
        List<World.EventFacts> rows = select(p);
        int from = Math.min(offset, rows.size());
        int to = Math.min(rows.size(), from + Math.min(limit, MAX_PAGE));
        ctx.contentType("application/json").result(json(documents(rows.subList(from, to), p)));
    }

    private void keyset(Context ctx) {
        Params p = new Params(ctx);
        int limit = p.integer("limit", 20, 0);
        String cursor = ctx.queryParam("after_cursor");
        int from = 0;
        if (cursor != null && !cursor.isEmpty()) {
            try {
                String s = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
                if (!s.startsWith("k1:")) throw new IllegalArgumentException();
                from = Integer.parseInt(s.substring(3));
            } catch (IllegalArgumentException e) {
                throw new BadParameter("after_cursor '" + cursor + "' is not a cursor this server gave");
            }
        }
        List<World.EventFacts> rows = select(p);
        from = Math.min(from, rows.size());
        int to = Math.min(rows.size(), from + Math.min(limit, MAX_PAGE));
        ObjectNode out = World.JSON.objectNode();
        out.set("events", documents(rows.subList(from, to), p));
        if (to < rows.size() && to > from) {
            out.put("next_cursor", Base64.getUrlEncoder().withoutPadding().encodeToString(("k1:" + to).getBytes(StandardCharsets.UTF_8)));
        }
        ctx.contentType("application/json").result(json(out));
    }

    private void event(Context ctx) {
        World.EventFacts e = find(ctx.pathParam("id"));
        if (e == null) {
            ctx.status(404).json(java.util.Map.of("error", "event not found"));
            return;
        }
        ctx.contentType("application/json").result(json(documents(List.of(e), null).get(0)));
    }

    private void eventTags(Context ctx) {
        World.EventFacts e = find(ctx.pathParam("id"));
        if (e == null) {
            ctx.status(404).json(java.util.Map.of("error", "event not found"));
            return;
        }
        ArrayNode tags = World.JSON.arrayNode();
        for (JsonNode t : e.document().get("tags")) tags.add(t);
        ctx.contentType("application/json").result(json(tags));
    }

    private World.EventFacts find(String id) {
        try {
            return world.event(Long.parseLong(id));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // ---- selection ----------------------------------------------------------------------------------------------

    private List<World.EventFacts> select(Params p) {
        List<Long> ids = p.longs("id");
        List<Long> excluded = p.longs("exclude_tag_id");
        List<String> slugs = ctxList(p, "slug");
        Long tagId = p.longOrNull("tag_id");
        String tagSlug = p.string("tag_slug");
        boolean related = Boolean.TRUE.equals(p.bool("related_tags"));
        Boolean active = p.bool("active"), archived = p.bool("archived"), featured = p.bool("featured"),
                cyom = p.bool("cyom"), closed = p.bool("closed");
        p.bool("include_chat");
        p.bool("include_template");
        String recurrence = p.string("recurrence");
        Double liqMin = p.number("liquidity_min"), liqMax = p.number("liquidity_max");
        Double volMin = p.number("volume_min"), volMax = p.number("volume_max");
        Instant sMin = p.time("start_date_min"), sMax = p.time("start_date_max");
        Instant eMin = p.time("end_date_min"), eMax = p.time("end_date_max");
        List<String> order = p.order();
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));

        Set<Long> wantedTags = null;
        if (tagId != null || tagSlug != null) {
            wantedTags = new HashSet<>();
            for (JsonNode t : world.tags()) {
                long id = Long.parseLong(t.get("id").asText());
                if ((tagId != null && id == tagId) || (tagSlug != null && t.get("slug").asText().equals(tagSlug))) {
                    wantedTags.add(id);
                    if (related) wantedTags.addAll(world.relatedTags(id));
                }
            }
        }
        List<World.EventFacts> out = new ArrayList<>();
        for (World.EventFacts e : world.events()) {
            if (!ids.isEmpty() && !ids.contains(e.id())) continue;
            if (!slugs.isEmpty() && !slugs.contains(e.slug())) continue;
            if (wantedTags != null && e.tagIds().stream().noneMatch(wantedTags::contains)) continue;
            if (!excluded.isEmpty() && e.tagIds().stream().anyMatch(excluded::contains)) continue;
            if (active != null && !active.equals(e.active())) continue;
            if (archived != null && !archived.equals(e.archived())) continue;
            if (featured != null && !featured.equals(e.featured())) continue;
            if (cyom != null && !cyom.equals(e.cyom())) continue;
            if (closed != null && !closed.equals(e.closed())) continue;
            if (recurrence != null && !e.recurrences().contains(recurrence)) continue;
            if (!within(e.liquidity(), liqMin, liqMax) || !within(e.volume(), volMin, volMax)) continue;
            if (!within(e.startDate(), sMin, sMax) || !within(e.endDate(), eMin, eMax)) continue;
            out.add(e);
        }
        if (!order.isEmpty()) out.sort(comparator(order, ascending));
        return out;
    }

    private static List<String> ctxList(Params p, String name) {
        return p.ctx.queryParams(name);
    }

    private static <T extends Comparable<T>> boolean within(T v, T min, T max) {
        if (min == null && max == null) return true;
        if (v == null) return false;
        return (min == null || v.compareTo(min) >= 0) && (max == null || v.compareTo(max) <= 0);
    }

    private static Comparator<World.EventFacts> comparator(List<String> fields, boolean ascending) {
        Comparator<World.EventFacts> c = null;
        for (String f : fields) {
            Comparator<World.EventFacts> one = (a, b) -> compareField(a.document().get(f), b.document().get(f), ascending);
            c = c == null ? one : c.thenComparing(one);
        }
        return c.thenComparingLong(World.EventFacts::id);
    }

    private static int compareField(JsonNode a, JsonNode b, boolean ascending) {
        boolean an = a == null || a.isNull(), bn = b == null || b.isNull();
        if (an || bn) return an == bn ? 0 : an ? 1 : -1; // nulls last either way
        int c;
        if (a.isNumber() && b.isNumber()) c = Double.compare(a.asDouble(), b.asDouble());
        else if (a.isBoolean() && b.isBoolean()) c = Boolean.compare(a.asBoolean(), b.asBoolean());
        else if (a.isTextual() && b.isTextual() && numeric(a.asText()) && numeric(b.asText())) c = Long.compare(Long.parseLong(a.asText()), Long.parseLong(b.asText()));
        else c = a.asText().compareTo(b.asText());
        return ascending ? c : -c;
    }

    private static boolean numeric(String s) {
        return !s.isEmpty() && s.length() < 18 && s.chars().allMatch(Character::isDigit);
    }

    // ---- output -------------------------------------------------------------------------------------------------

    private ArrayNode documents(List<World.EventFacts> rows, Params p) {
        boolean chat = p != null && Boolean.TRUE.equals(p.bool("include_chat"));
        boolean template = p != null && Boolean.TRUE.equals(p.bool("include_template"));
        double nulls = faults.nullProbability();
        SplittableRandom r = new SplittableRandom(world.seed() * 31 + served.incrementAndGet());
        ArrayNode out = World.JSON.arrayNode();
        for (World.EventFacts e : rows) {
            ObjectNode d = e.document();
            if (!chat || !template || nulls > 0) {
                d = d.deepCopy();
                if (!chat) d.remove("chats");
                if (!template) d.remove("templates");
                if (nulls > 0) nullify(d, r, nulls, Set.of("id"));
            }
            out.add(d);
        }
        return out;
    }

    /** Sets random fields to null, recursing into markets and tags; never the non-nullable ones. */
    private static void nullify(ObjectNode d, SplittableRandom r, double p, Set<String> keep) {
        List<String> names = new ArrayList<>();
        for (Iterator<String> it = d.fieldNames(); it.hasNext(); ) names.add(it.next());
        for (String f : names) {
            if (keep.contains(f)) continue;
            JsonNode v = d.get(f);
            if (r.nextDouble() < p) {
                d.putNull(f);
            } else if (v.isArray() && (f.equals("markets") || f.equals("tags"))) {
                for (JsonNode child : v) {
                    if (child.isObject()) nullify((ObjectNode) child, r, p, f.equals("markets") ? Set.of("id", "conditionId") : Set.of("id"));
                }
            }
        }
    }

    private static byte[] json(JsonNode n) {
        try {
            return Sandbox.MAPPER.writeValueAsBytes(n);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Query parameter readers that refuse malformed values with a message saying what is allowed. */
    private static final class Params {
        final Context ctx;

        Params(Context ctx) {
            this.ctx = ctx;
        }

        String string(String name) {
            String v = ctx.queryParam(name);
            return v == null || v.isEmpty() ? null : v;
        }

        int integer(String name, int dflt, int min) {
            String v = string(name);
            if (v == null) return dflt;
            try {
                int i = Integer.parseInt(v);
                if (i < min) throw new BadParameter(name + " must be " + min + " or more, was " + v);
                return i;
            } catch (NumberFormatException e) {
                throw new BadParameter(name + " must be an integer, was '" + v + "'");
            }
        }

        Long longOrNull(String name) {
            String v = string(name);
            if (v == null) return null;
            try {
                return Long.parseLong(v);
            } catch (NumberFormatException e) {
                throw new BadParameter(name + " must be an integer, was '" + v + "'");
            }
        }

        List<Long> longs(String name) {
            List<Long> out = new ArrayList<>();
            for (String v : ctx.queryParams(name)) {
                try {
                    out.add(Long.parseLong(v));
                } catch (NumberFormatException e) {
                    throw new BadParameter(name + " values must be integers, was '" + v + "'");
                }
            }
            return out;
        }

        Boolean bool(String name) {
            String v = string(name);
            if (v == null) return null;
            return switch (v.toLowerCase(Locale.ROOT)) {
                case "true" -> true;
                case "false" -> false;
                default -> throw new BadParameter(name + " must be true or false, was '" + v + "'");
            };
        }

        Double number(String name) {
            String v = string(name);
            if (v == null) return null;
            try {
                double d = Double.parseDouble(v);
                if (!Double.isFinite(d)) throw new NumberFormatException();
                return d;
            } catch (NumberFormatException e) {
                throw new BadParameter(name + " must be a number, was '" + v + "'");
            }
        }

        Instant time(String name) {
            String v = string(name);
            if (v == null) return null;
            try {
                if (v.length() == 10) return java.time.LocalDate.parse(v).atStartOfDay(java.time.ZoneOffset.UTC).toInstant();
                return java.time.OffsetDateTime.parse(v).toInstant();
            } catch (DateTimeParseException e) {
                throw new BadParameter(name + " must be an ISO 8601 date-time (2026-01-31T00:00:00Z) or date, was '" + v + "'");
            }
        }

        List<String> order() {
            String v = string("order");
            if (v == null) return List.of();
            List<String> out = new ArrayList<>();
            for (String f : v.split(",")) {
                String t = f.trim();
                if (!List.of(Fields.EVENT).contains(t) || t.equals("markets") || t.equals("tags")) {
                    throw new BadParameter("order: '" + t + "' is not an Event field one can order by");
                }
                out.add(t);
            }
            return out;
        }
    }
}
