package org.marketlab.sandbox.markets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.route.Trace;
import org.marketlab.sandbox.world.Fields;
import org.marketlab.sandbox.world.World;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.DoubleSupplier;
import java.util.function.Predicate;

/**
 * The market-data host's events: {@code GET /events}, {@code /events/keyset}, {@code /events/{id}},
 * {@code /events/{id}/tags} and {@code /ok}. The semantics of every query parameter are on {@link #events}.
 */
public final class EventsApi implements RouteModule {

    /** Event fields one can order by: the scalar ones. */
    private static final Set<String> ORDERABLE = orderable();

    private static Set<String> orderable() {
        Set<String> nonScalar = Set.of("subEvents", "imageOptimized", "iconOptimized", "featuredImageOptimized",
                "markets", "tags", "series", "categories", "collections", "eventCreators", "chats", "templates");
        Set<String> out = new LinkedHashSet<>(List.of(Fields.EVENT));
        out.removeAll(nonScalar);
        return Set.copyOf(out);
    }

    private final World world;
    /** The probability that a field of an answered event is null (a fault for tests of a client's reading). */
    private final DoubleSupplier nullFields;
    private final AtomicLong served = new AtomicLong();

    /** @param nullFields the probability, read at each answer, that a field of an event is set to null */
    public EventsApi(World world, DoubleSupplier nullFields) {
        this.world = world;
        this.nullFields = nullFields;
    }

    @Route("GET /ok")
    private void ok(Context ctx) {
        ctx.result("OK");
    }

    @Route("GET /events/slug/{slug}")
    private void eventBySlug(Context ctx) {
        String slug = ctx.pathParam("slug");
        for (World.EventFacts e : world.events()) {
            if (slug.equals(e.slug())) {
                Json.send(ctx, documents(List.of(e), null).get(0));
                return;
            }
        }
        throw Refusal.notFound("event not found");
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
    @Route("GET /events")
    private void events(Context ctx) {
        Listing.Page at = Listing.page(ctx, " (page further with /events/keyset)");
        Params p = at.params();
        List<World.EventFacts> rows = select(p, at.offset() + at.limit());
        Json.send(ctx, documents(at.of(rows), p));
    }

    /**
     * {@code GET /events/keyset?limit=&after_cursor=} with the filters and order of {@link #events}:
     * {@code {"events": [...], "next_cursor": "..."}}, without {@code next_cursor} on the last page (and on
     * an empty page). The cursor is opaque to clients; a cursor this server did not give is a 422. Paging by
     * cursor is not capped at any depth.
     */
    @Route("GET /events/keyset")
    private void keyset(Context ctx) {
        Trace.mark("sandbox page asked");
        Params p = Params.of(ctx, Listing.REFUSED);
        int limit = Listing.limit(p);
        int from = Keyset.offset(p);
        // One past the page, to know whether there is a next.
        List<World.EventFacts> rows = select(p, (long) from + limit + 1);
        from = Math.min(from, rows.size());
        int to = Math.min(rows.size(), from + limit);
        ObjectNode out = World.JSON.objectNode();
        out.set("events", documents(rows.subList(from, to), p));
        if (to < rows.size() && to > from) {
            out.put("next_cursor", Keyset.cursor(to));
        }
        Json.send(ctx, out);
        Trace.mark("sandbox page written");
    }

    @Route("GET /events/{id}")
    private void event(Context ctx) {
        Json.send(ctx, documents(List.of(find(ctx.pathParam("id"))), null).get(0));
    }

    @Route("GET /events/{id}/tags")
    private void eventTags(Context ctx) {
        ArrayNode tags = World.JSON.arrayNode();
        for (JsonNode t : find(ctx.pathParam("id")).document().get("tags")) tags.add(t);
        Json.send(ctx, tags);
    }

    private World.EventFacts find(String id) {
        World.EventFacts e = null;
        try {
            e = world.event(Long.parseLong(id));
        } catch (NumberFormatException notAnId) {
            // not found
        }
        if (e == null) throw Refusal.notFound("event not found");
        return e;
    }

    // ---- selection ----------------------------------------------------------------------------------------------

    /**
     * The events that pass the filters, in the order asked for; without an order, in id order and only the first
     * {@code needed} of them (the world makes its events as a scan first reads them, so a first page does not wait
     * for the rest).
     */
    private List<World.EventFacts> select(Params p, long needed) {
        Predicate<World.EventFacts> passes = filters(p);
        List<String> order = p.order("order", ORDERABLE, "Event");
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));
        List<World.EventFacts> out = new ArrayList<>();
        for (World.EventFacts e : order.isEmpty() ? world.eventsAsRead() : world.events()) {
            if (order.isEmpty() && out.size() >= needed) break;
            if (passes.test(e)) out.add(e);
        }
        return order.isEmpty() ? out : Listing.sorted(out, order, ascending, World.EventFacts::document, World.EventFacts::id);
    }

    /** Every filter of {@link #events} given, as one test. */
    private Predicate<World.EventFacts> filters(Params p) {
        List<Predicate<World.EventFacts>> all = new ArrayList<>();
        List<Long> ids = p.integers("id");
        List<Long> excluded = p.integers("exclude_tag_id");
        List<String> slugs = p.all("slug");
        if (!ids.isEmpty()) all.add(e -> ids.contains(e.id()));
        if (!slugs.isEmpty()) all.add(e -> slugs.contains(e.slug()));
        Long tagId = p.integer("tag_id");
        String tagSlug = p.string("tag_slug");
        boolean related = Boolean.TRUE.equals(p.bool("related_tags"));
        if (tagId != null) all.add(carrying(tagsMatching(t -> t.get("id").asText().equals(Long.toString(tagId)), related)));
        if (tagSlug != null) all.add(carrying(tagsMatching(t -> t.get("slug").asText().equals(tagSlug), related)));
        if (!excluded.isEmpty()) all.add(e -> e.tagIds().stream().noneMatch(excluded::contains));
        Listing.flag(all, p.bool("active"), World.EventFacts::active);
        Listing.flag(all, p.bool("archived"), World.EventFacts::archived);
        Listing.flag(all, p.bool("featured"), World.EventFacts::featured);
        Listing.flag(all, p.bool("cyom"), World.EventFacts::cyom);
        Listing.flag(all, p.bool("closed"), World.EventFacts::closed);
        p.bool("include_chat");
        p.bool("include_template");
        String recurrence = p.string("recurrence");
        if (recurrence != null) all.add(e -> e.recurrences().contains(recurrence));
        all.add(Listing.numberRange(p, "liquidity", World.EventFacts::liquidity));
        all.add(Listing.numberRange(p, "volume", World.EventFacts::volume));
        all.add(Listing.timeRange(p, "start_date", World.EventFacts::startDate));
        all.add(Listing.timeRange(p, "end_date", World.EventFacts::endDate));
        return e -> all.stream().allMatch(f -> f.test(e));
    }

    private static Predicate<World.EventFacts> carrying(Set<Long> tags) {
        return e -> e.tagIds().stream().anyMatch(tags::contains);
    }

    /** Ids of the tags a test picks, with their related tags when asked. */
    private Set<Long> tagsMatching(Predicate<JsonNode> test, boolean related) {
        Set<Long> out = new HashSet<>();
        for (JsonNode t : world.tags()) {
            if (!test.test(t)) continue;
            long id = Long.parseLong(t.get("id").asText());
            out.add(id);
            if (related) out.addAll(world.relatedTags(id));
        }
        return out;
    }

    // ---- output -------------------------------------------------------------------------------------------------

    private ArrayNode documents(List<World.EventFacts> rows, Params p) {
        boolean chat = p != null && Boolean.TRUE.equals(p.bool("include_chat"));
        boolean template = p != null && Boolean.TRUE.equals(p.bool("include_template"));
        double nulls = nullFields.getAsDouble();
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
}
