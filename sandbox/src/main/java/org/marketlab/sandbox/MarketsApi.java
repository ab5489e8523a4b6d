package org.marketlab.sandbox;

import org.marketlab.sandbox.route.BadParameter;
import org.marketlab.sandbox.route.DocumentOrder;
import org.marketlab.sandbox.route.QueryParams;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.world.*;
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
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The market-data interface: {@code GET /events}, {@code /events/keyset}, {@code /events/{id}},
 * {@code /events/{id}/tags} and {@code /ok}. The semantics of every query parameter are on {@link #events}.
 */
final class MarketsApi implements RouteModule {

    static final int MAX_PAGE = QueryParams.MAX_PAGE;
    static final int MAX_OFFSET = QueryParams.MAX_OFFSET;
    /** Event fields one can order by: the scalar ones. */
    private static final Set<String> ORDERABLE = orderable();

    private static Set<String> orderable() {
        Set<String> nonScalar = Set.of("subEvents", "imageOptimized", "iconOptimized", "featuredImageOptimized",
                "markets", "tags", "series", "categories", "collections", "eventCreators", "chats", "templates");
        Set<String> out = new java.util.LinkedHashSet<>(List.of(Fields.EVENT));
        out.removeAll(nonScalar);
        return Set.copyOf(out);
    }

    private final World world;
    private final Faults faults;
    private final AtomicLong served = new AtomicLong();

    MarketsApi(World world, Faults faults) {
        this.world = world;
        this.faults = faults;
    }

    @Override
    public String service() {
        return "markets";
    }

    @Override
    public void register(Javalin app) {
        app.get("/ok", ctx -> ctx.result("OK"));
        app.get("/events", this::events);
        app.get("/events/keyset", this::keyset);
        app.get("/events/{id}/tags", this::eventTags);
        app.get("/events/{id}", this::event);
    }


    /**
     * {@code GET /events}: a page of the events that pass every filter given, as a JSON array of Event.
     *
     * <p>Where the specification is silent, the sandbox does this (the toolkit's tests hold it to it):
     * <ul>
     * <li>{@code limit}: integer, 0 or more, default 20; a page holds at most 100 events whatever is asked
     *     ({@code limit=0} gives {@code []}). {@code offset}: integer, 0 or more, default 0; above 2,000 it is
     *     refused with 422 (page further with {@code /events/keyset}); past the end it gives {@code []}.</li>
     * <li>{@code order}: comma-separated names of scalar Event fields (spaces around names ignored); numbers
     *     compare as numbers, strings of digits ({@code id}) as integers, other strings by code point,
     *     {@code false} before {@code true}; null values come last in either direction. {@code ascending}
     *     (default false) applies to every listed field. Ties are broken by id ascending. Without
     *     {@code order} events come in id order, ascending, and {@code ascending} is ignored. An unknown or
     *     non-scalar field (an array or object) is refused with 422.</li>
     * <li>{@code id}, {@code slug}, {@code exclude_tag_id}: repeated parameters ({@code id=1&id=2}); an
     *     event passes {@code id}/{@code slug} when it has one of the values, and {@code exclude_tag_id} when
     *     it carries none of those tags. A comma-joined value is not split (so {@code id=1,2} is a 422).</li>
     * <li>{@code tag_id} (integer), {@code tag_slug}: the event carries that tag. Both given: it must pass
     *     both. {@code related_tags=true} with either: a tag related to the named one (same family, see
     *     {@link World#relatedTags}) also counts; without {@code tag_id}/{@code tag_slug} it changes nothing.
     *     An unknown tag selects no events.</li>
     * <li>{@code active}, {@code archived}, {@code featured}, {@code cyom}, {@code closed}: the event's value
     *     equals the one given ({@code true}/{@code false}, any letter case).</li>
     * <li>{@code include_chat}, {@code include_template}: the {@code chats} / {@code templates} arrays are in
     *     the answer only when the parameter is {@code true}; they select nothing.</li>
     * <li>{@code recurrence}: one of the event's series has exactly that {@code recurrence}
     *     ({@code daily}, {@code weekly}, {@code monthly} in this world; case-sensitive).</li>
     * <li>{@code liquidity_min}/{@code _max}, {@code volume_min}/{@code _max}: decimal numbers, inclusive
     *     bounds on the event's {@code liquidity} / {@code volume}; min above max selects nothing.</li>
     * <li>{@code start_date_min}/{@code _max}, {@code end_date_min}/{@code _max}: inclusive bounds on
     *     {@code startDate} / {@code endDate}, as ISO 8601 instants ({@code 2026-01-31T00:00:00Z}, any
     *     offset), local date-times (taken as UTC) or dates (midnight UTC). An event without that date is
     *     left out whenever a bound on it is given.</li>
     * <li>A value that cannot be read (a non-integer {@code limit}, {@code yes} for a boolean, a bad date,
     *     a negative {@code limit}/{@code offset}) is refused with 422 and {@code {"error": "..."}} naming
     *     the parameter, the value given and what is allowed. An empty value ({@code closed=}) counts as
     *     absent; unknown parameters are ignored, as the live service does.</li>
     * </ul>
     */
    private void events(Context ctx) {
        Params p = new Params(ctx);
        int limit = p.pageSize();
        long offset = p.count("offset", 0);
        if (offset > MAX_OFFSET) {
            throw new BadParameter("offset " + offset + " is too large: offsets above " + MAX_OFFSET
                    + " are refused; use /events/keyset to page further");
        }
        List<World.EventFacts> rows = select(p, offset + limit);
        int from = (int) Math.min(offset, rows.size());
        int to = Math.min(rows.size(), from + limit);
        ctx.contentType("application/json").result(json(documents(rows.subList(from, to), p)));
    }

    /**
     * {@code GET /events/keyset?limit=&after_cursor=} with the filters and order of {@link #events}:
     * {@code {"events": [...], "next_cursor": "..."}}, without {@code next_cursor} on the last page (and on
     * an empty page). The cursor is opaque to clients; a cursor this server did not give is a 422. Paging by
     * cursor is not capped at any depth.
     */
    private void keyset(Context ctx) {
        Sandbox.TRACE.accept("sandbox page asked");
        Params p = new Params(ctx);
        int limit = p.pageSize();
        String cursor = ctx.queryParam("after_cursor");
        int from = 0;
        if (cursor != null && !cursor.isEmpty()) {
            try {
                String s = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
                if (!s.startsWith("k1:")) throw new IllegalArgumentException();
                from = Integer.parseInt(s.substring(3));
                if (from < 0) throw new IllegalArgumentException();
            } catch (IllegalArgumentException e) {
                throw new BadParameter("after_cursor '" + cursor + "' is not a cursor this server gave");
            }
        }
        // One past the page, to know whether there is a next.
        List<World.EventFacts> rows = select(p, (long) from + limit + 1);
        from = Math.min(from, rows.size());
        int to = Math.min(rows.size(), from + limit);
        ObjectNode out = World.JSON.objectNode();
        out.set("events", documents(rows.subList(from, to), p));
        if (to < rows.size() && to > from) {
            out.put("next_cursor", Base64.getUrlEncoder().withoutPadding().encodeToString(("k1:" + to).getBytes(StandardCharsets.UTF_8)));
        }
        ctx.contentType("application/json").result(json(out));
        Sandbox.TRACE.accept("sandbox page written");
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

    /**
     * The events that pass the filters, in the order asked for; without an order, in id order and only the first
     * {@code needed} of them (the world makes its events as a scan first reads them, so a first page does not wait
     * for the rest).
     */
    private List<World.EventFacts> select(Params p, long needed) {
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

        Set<Long> byTagId = tagId == null ? null : tagsMatching(t -> t.get("id").asText().equals(Long.toString(tagId)), related);
        Set<Long> byTagSlug = tagSlug == null ? null : tagsMatching(t -> t.get("slug").asText().equals(tagSlug), related);
        List<World.EventFacts> out = new ArrayList<>();
        for (World.EventFacts e : order.isEmpty() ? world.eventsAsRead() : world.events()) {
            if (order.isEmpty() && out.size() >= needed) break;
            if (!ids.isEmpty() && !ids.contains(e.id())) continue;
            if (!slugs.isEmpty() && !slugs.contains(e.slug())) continue;
            if (byTagId != null && e.tagIds().stream().noneMatch(byTagId::contains)) continue;
            if (byTagSlug != null && e.tagIds().stream().noneMatch(byTagSlug::contains)) continue;
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
        return order.isEmpty() ? out : sorted(out, order, ascending);
    }

    /** Ids of the tags a test picks, with their related tags when asked. */
    private Set<Long> tagsMatching(java.util.function.Predicate<JsonNode> test, boolean related) {
        Set<Long> out = new HashSet<>();
        for (JsonNode t : world.tags()) {
            if (!test.test(t)) continue;
            long id = Long.parseLong(t.get("id").asText());
            out.add(id);
            if (related) out.addAll(world.relatedTags(id));
        }
        return out;
    }

    private static List<String> ctxList(Params p, String name) {
        return p.all(name);
    }

    private static <T extends Comparable<T>> boolean within(T v, T min, T max) {
        if (min == null && max == null) return true;
        if (v == null) return false;
        return (min == null || v.compareTo(min) >= 0) && (max == null || v.compareTo(max) <= 0);
    }

    private static List<World.EventFacts> sorted(List<World.EventFacts> rows, List<String> fields, boolean ascending) {
        return DocumentOrder.sorted(rows, fields, ascending, World.EventFacts::document, World.EventFacts::id);
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
            if (nulls > 0) d = d.deepCopy();
            else if (!chat || !template) d = World.JSON.objectNode().setAll(d); // shallow: markets and tags shared
            if (!chat) d.remove("chats");
            if (!template) d.remove("templates");
            if (nulls > 0) nullify(d, r, nulls, Set.of("id"));
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

    /** The query parameters of an events request: the shared readers, and {@code order} over Event fields. */
    static final class Params extends QueryParams {
        Params(Context ctx) {
            super(ctx);
        }

        List<String> order() {
            return order("order", ORDERABLE, "Event");
        }
    }
}
