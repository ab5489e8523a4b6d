package org.marketlab.sandbox.discovery;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import org.marketlab.sandbox.route.BadParameter;
import org.marketlab.sandbox.route.DocumentOrder;
import org.marketlab.sandbox.route.QueryParams;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.world.Fields;
import org.marketlab.sandbox.world.Lazy;
import org.marketlab.sandbox.world.World;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Discovery on the market-data host, from the same world as {@code /events}: {@code GET /markets},
 * {@code /markets/{id}}, {@code /markets/slug/{slug}}, {@code /public-search}, {@code /tags}, {@code /tags/{id}},
 * {@code /tags/slug/{slug}}, {@code /series}, {@code /series/{id}} and {@code /comments}.
 *
 * <p>Shared by the listings: {@code limit} defaults to 20 and a page holds at most 100; {@code offset} above
 * 2,000 is refused with 422, as {@code /events} refuses it; a value that cannot be read is a 422 naming the
 * parameter; an empty value counts as absent; unknown parameters are ignored. Array parameters repeat
 * ({@code id=1&id=2}). {@code order} names fields of the listed record, comma-separated, compared as
 * {@code /events} compares them (nulls last); ties go by id ascending.
 */
public final class DiscoveryApi implements RouteModule {

    static final int MAX_PER_TYPE = 50;

    private final World world;
    /** Made at the first discovery request, so that a sandbox serving only events starts no slower. */
    private final Lazy<Discovery> discovery;

    public DiscoveryApi(World world) {
        this.world = world;
        this.discovery = new Lazy<>(() -> new Discovery(world));
    }

    private Discovery d() {
        return discovery.get();
    }

    @Override
    public String service() {
        return "markets";
    }

    @Override
    public void register(Javalin app) {
        app.get("/markets", this::markets);
        app.get("/markets/slug/{slug}", ctx -> one(ctx, d().marketBySlug(ctx.pathParam("slug")), "market",
                m -> d().marketDocument(m, true)));
        app.get("/markets/{id}", ctx -> one(ctx, d().market(id(ctx)), "market", m -> d().marketDocument(m, true)));
        app.get("/public-search", this::search);
        app.get("/tags", this::tags);
        app.get("/tags/slug/{slug}", ctx -> one(ctx, tagBy(t -> t.get("slug").asText().equals(ctx.pathParam("slug"))), "tag", this::tagDocument));
        app.get("/tags/{id}", ctx -> one(ctx, tagBy(t -> t.get("id").asText().equals(ctx.pathParam("id"))), "tag", this::tagDocument));
        app.get("/series", this::series);
        app.get("/series/{id}", ctx -> one(ctx, d().series(id(ctx)), "series", d()::seriesDocument));
        app.get("/comments", this::comments);
    }

    // ---- /markets -----------------------------------------------------------------------------------------------

    /**
     * {@code GET /markets}: markets (id order unless {@code order}) passing every filter: {@code id},
     * {@code slug}, {@code condition_ids}, {@code clob_token_ids}, {@code question_ids} (repeated; one of the
     * values), {@code tag_id} (the parent event carries it; with {@code related_tags=true} a tag of the same
     * family also counts), {@code active}, {@code closed}, {@code archived} (the market's own flag),
     * {@code uma_resolution_status}, {@code liquidity_num_min/_max} and {@code volume_num_min/_max} (inclusive,
     * on {@code liquidityNum}/{@code volumeNum}), {@code start_date_min/_max} and {@code end_date_min/_max}
     * (inclusive, as on {@code /events}). Each market carries its parent event (without markets) in
     * {@code events}; {@code include_tag=true} also fills {@code tags} with the event's tags.
     */
    private void markets(Context ctx) {
        QueryParams p = new QueryParams(ctx);
        int limit = p.pageSize();
        long offset = p.offset();
        Set<Long> ids = new HashSet<>(p.longs("id"));
        Set<String> slugs = Set.copyOf(p.all("slug"));
        Set<String> conditions = lower(p.all("condition_ids"));
        Set<String> tokens = Set.copyOf(p.all("clob_token_ids"));
        Set<String> questions = lower(p.all("question_ids"));
        Long tagId = p.longOrNull("tag_id");
        boolean related = Boolean.TRUE.equals(p.bool("related_tags"));
        Boolean active = p.bool("active"), closed = p.bool("closed"), archived = p.bool("archived");
        boolean includeTag = Boolean.TRUE.equals(p.bool("include_tag"));
        String uma = p.string("uma_resolution_status");
        Double liqMin = p.number("liquidity_num_min"), liqMax = p.number("liquidity_num_max");
        Double volMin = p.number("volume_num_min"), volMax = p.number("volume_num_max");
        Instant sMin = p.time("start_date_min"), sMax = p.time("start_date_max");
        Instant eMin = p.time("end_date_min"), eMax = p.time("end_date_max");
        List<String> marketFields = new ArrayList<>();
        if (!d().markets().isEmpty()) d().markets().get(0).document().fieldNames().forEachRemaining(marketFields::add);
        List<String> order = order(p, marketFields.toArray(String[]::new), "Market");
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));
        Set<Long> tagSet = null;
        if (tagId != null) {
            tagSet = new HashSet<>(Set.of(tagId));
            if (related) tagSet.addAll(world.relatedTags(tagId));
        }
        List<Discovery.MarketFacts> out = new ArrayList<>();
        for (Discovery.MarketFacts m : d().markets()) {
            if (!ids.isEmpty() && !ids.contains(m.id())) continue;
            if (!slugs.isEmpty() && !slugs.contains(m.slug())) continue;
            if (!conditions.isEmpty() && !conditions.contains(m.conditionId().toLowerCase(Locale.ROOT))) continue;
            if (!tokens.isEmpty() && m.tokenIds().stream().noneMatch(tokens::contains)) continue;
            if (!questions.isEmpty() && (m.questionId() == null || !questions.contains(m.questionId().toLowerCase(Locale.ROOT)))) continue;
            if (tagSet != null && m.event().tagIds().stream().noneMatch(tagSet::contains)) continue;
            if (active != null && !active.equals(m.active())) continue;
            if (closed != null && !closed.equals(m.closed())) continue;
            if (archived != null && !archived.equals(m.archived())) continue;
            if (uma != null && !uma.equals(m.umaResolutionStatus())) continue;
            if (!within(m.liquidity(), liqMin, liqMax) || !within(m.volume(), volMin, volMax)) continue;
            if (!within(m.startDate(), sMin, sMax) || !within(m.endDate(), eMin, eMax)) continue;
            out.add(m);
        }
        out = sorted(out, order, ascending, Discovery.MarketFacts::document, Discovery.MarketFacts::id);
        ArrayNode page = World.JSON.arrayNode();
        for (Discovery.MarketFacts m : slice(out, offset, limit)) page.add(d().marketDocument(m, includeTag));
        send(ctx, page);
    }

    // ---- /public-search -----------------------------------------------------------------------------------------

    /**
     * {@code GET /public-search?q=}: {@code {"events": [...], "tags": [...], "profiles": [...], "pagination":
     * {"hasMore", "totalResults"}}}. The live ranking is not documented; this one is:
     * <ul>
     * <li>{@code q} is cut into words (runs of letters and digits, any case); none is a 422. A text matches when
     *     each word of {@code q} begins a word of the text.</li>
     * <li>An event matches when its title, slug, a market's question or a tag's label matches. Events whose
     *     title matches come first, then the rest; within each group by {@code volume} descending, then id
     *     ascending. {@code sort} (an Event field) with {@code ascending} replaces that order (nulls last,
     *     then id).</li>
     * <li>{@code events_status}: {@code active} (active and not closed), {@code closed} or {@code all}
     *     (default). {@code events_tag} (repeated; tag ids or slugs): the event carries one. {@code exclude_tag_id}
     *     (repeated): it carries none. {@code recurrence}: one of its series has it.
     *     {@code keep_closed_markets=0} drops closed markets from each event (default 1 keeps them).</li>
     * <li>{@code limit_per_type} (default 5, at most 50) and {@code page} (from 1) page events, tags and
     *     profiles alike; {@code totalResults} and {@code hasMore} are the events'. A page starting past 2,000
     *     is refused with 422.</li>
     * <li>{@code search_tags=true}: {@code tags} holds the tags whose label or slug matches, most events first,
     *     then id, each with {@code event_count}. {@code search_profiles=true}: {@code profiles} holds the
     *     profiles whose name or pseudonym matches, in id order. Without them the key is absent.</li>
     * </ul>
     */
    private void search(Context ctx) {
        QueryParams p = new QueryParams(ctx);
        String q = p.string("q");
        if (q == null) throw new BadParameter("q is required: the text to search for");
        List<String> words = words(q);
        if (words.isEmpty()) throw new BadParameter("q must hold a word (letters or digits), was '" + q + "'");
        int perType = (int) Math.min(p.count("limit_per_type", 5), MAX_PER_TYPE);
        long page = p.count("page", 1);
        if (page < 1) throw new BadParameter("page must be 1 or more, was " + page);
        long offset = (page - 1) * perType;
        if (page > QueryParams.MAX_OFFSET + 1 || offset > QueryParams.MAX_OFFSET) {
            throw new BadParameter("page " + page + " is too deep: pages starting past " + QueryParams.MAX_OFFSET + " results are refused");
        }
        String status = p.string("events_status");
        if (status != null && !Set.of("active", "closed", "all").contains(status)) {
            throw new BadParameter("events_status must be active, closed or all, was '" + status + "'");
        }
        Set<String> eventTags = Set.copyOf(p.all("events_tag"));
        List<Long> excluded = p.longs("exclude_tag_id");
        String recurrence = p.string("recurrence");
        long keepClosed = p.count("keep_closed_markets", 1);
        boolean searchTags = Boolean.TRUE.equals(p.bool("search_tags"));
        boolean searchProfiles = Boolean.TRUE.equals(p.bool("search_profiles"));
        List<String> sort = p.order("sort", List.of(Fields.EVENT), "Event");
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));

        List<World.EventFacts> titled = new ArrayList<>(), other = new ArrayList<>();
        for (World.EventFacts e : world.events()) {
            if ("active".equals(status) && !(Boolean.TRUE.equals(e.active()) && !Boolean.TRUE.equals(e.closed()))) continue;
            if ("closed".equals(status) && !Boolean.TRUE.equals(e.closed())) continue;
            if (!eventTags.isEmpty() && e.tagSlugs().stream().noneMatch(eventTags::contains)
                    && e.tagIds().stream().noneMatch(t -> eventTags.contains(Long.toString(t)))) continue;
            if (!excluded.isEmpty() && e.tagIds().stream().anyMatch(excluded::contains)) continue;
            if (recurrence != null && !e.recurrences().contains(recurrence)) continue;
            if (matchesWords(words, d().titleWords(e))) titled.add(e);
            else if (matchesWords(words, d().otherWords(e))) other.add(e);
        }
        List<World.EventFacts> ranked = new ArrayList<>();
        if (sort.isEmpty()) {
            Comparator<World.EventFacts> byVolume = Comparator.comparing((World.EventFacts e) -> e.volume() == null ? Double.NEGATIVE_INFINITY : e.volume())
                    .reversed().thenComparingLong(World.EventFacts::id);
            titled.sort(byVolume);
            other.sort(byVolume);
            ranked.addAll(titled);
            ranked.addAll(other);
        } else {
            ranked.addAll(titled);
            ranked.addAll(other);
            ranked = sorted(ranked, sort, ascending, World.EventFacts::document, World.EventFacts::id);
        }
        ObjectNode out = World.JSON.objectNode();
        ArrayNode events = World.JSON.arrayNode();
        for (World.EventFacts e : slice(ranked, offset, perType)) {
            ObjectNode d = World.JSON.objectNode().setAll(e.document());
            d.remove("chats");
            d.remove("templates");
            if (keepClosed == 0) {
                ArrayNode open = World.JSON.arrayNode();
                for (JsonNode m : d.get("markets")) if (!m.path("closed").asBoolean()) open.add(m);
                d.set("markets", open);
            }
            events.add(d);
        }
        out.set("events", events);
        if (searchTags) {
            List<ObjectNode> tags = new ArrayList<>();
            for (ObjectNode t : world.tags()) {
                if (matches(words, t.get("label").asText()) || matches(words, t.get("slug").asText())) tags.add(t);
            }
            tags.sort(Comparator.comparingInt((ObjectNode t) -> -d().eventCount(tagId(t))).thenComparingLong(DiscoveryApi::tagId));
            ArrayNode arr = World.JSON.arrayNode();
            for (ObjectNode t : slice(tags, offset, perType)) {
                ObjectNode d = World.JSON.objectNode().setAll(t);
                d.put("event_count", d().eventCount(tagId(t)));
                arr.add(d);
            }
            out.set("tags", arr);
        }
        if (searchProfiles) {
            List<ObjectNode> found = new ArrayList<>();
            for (ObjectNode pr : d().profiles()) {
                if (matches(words, pr.path("name").asText("")) || matches(words, pr.path("pseudonym").asText(""))) found.add(pr);
            }
            ArrayNode arr = World.JSON.arrayNode();
            for (ObjectNode pr : slice(found, offset, perType)) arr.add(pr);
            out.set("profiles", arr);
        }
        ObjectNode pagination = World.JSON.objectNode();
        pagination.put("hasMore", offset + perType < ranked.size());
        pagination.put("totalResults", ranked.size());
        out.set("pagination", pagination);
        send(ctx, out);
    }

    /** Lower-case runs of letters and digits. */
    static List<String> words(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder b = new StringBuilder();
        for (int i = 0; i <= text.length(); i++) {
            char c = i < text.length() ? text.charAt(i) : ' ';
            if (Character.isLetterOrDigit(c)) {
                b.append(Character.toLowerCase(c));
            } else if (b.length() > 0) {
                out.add(b.toString());
                b.setLength(0);
            }
        }
        return out;
    }

    /** Each query word begins a word of the text. */
    static boolean matches(List<String> query, String text) {
        return matchesWords(query, words(text));
    }

    private static boolean matchesWords(List<String> query, List<String> words) {
        for (String q : query) {
            boolean found = false;
            for (String w : words) {
                if (w.startsWith(q)) {
                    found = true;
                    break;
                }
            }
            if (!found) return false;
        }
        return true;
    }

    // ---- /tags --------------------------------------------------------------------------------------------------

    /**
     * {@code GET /tags}: every tag with {@code eventCount} (how many events carry it), ranked: most events first,
     * then id ascending; {@code order} (a Tag field or {@code eventCount}) with {@code ascending} replaces that.
     * {@code is_carousel} keeps the tags with that flag; {@code include_template} is accepted and selects
     * nothing.
     */
    private void tags(Context ctx) {
        QueryParams p = new QueryParams(ctx);
        int limit = p.pageSize();
        long offset = p.offset();
        Boolean carousel = p.bool("is_carousel");
        p.bool("include_template");
        List<String> fields = new ArrayList<>(List.of(Fields.TAG));
        fields.add("eventCount");
        List<String> order = order(p, fields.toArray(String[]::new), "Tag");
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));
        List<ObjectNode> rows = new ArrayList<>();
        for (ObjectNode t : world.tags()) {
            if (carousel != null && !carousel.equals(t.path("isCarousel").asBoolean())) continue;
            rows.add(tagDocument(t));
        }
        if (order.isEmpty()) {
            rows.sort(Comparator.comparingInt((ObjectNode t) -> -t.get("eventCount").asInt()).thenComparingLong(DiscoveryApi::tagId));
        } else {
            rows = sorted(rows, order, ascending, t -> t, DiscoveryApi::tagId);
        }
        ArrayNode page = World.JSON.arrayNode();
        for (ObjectNode t : slice(rows, offset, limit)) page.add(t);
        send(ctx, page);
    }

    private ObjectNode tagDocument(ObjectNode t) {
        ObjectNode d = World.JSON.objectNode().setAll(t);
        d.put("eventCount", d().eventCount(tagId(t)));
        return d;
    }

    private ObjectNode tagBy(java.util.function.Predicate<ObjectNode> test) {
        for (ObjectNode t : world.tags()) if (test.test(t)) return t;
        return null;
    }

    private static long tagId(ObjectNode t) {
        return Long.parseLong(t.get("id").asText());
    }

    // ---- /series ------------------------------------------------------------------------------------------------

    /**
     * {@code GET /series}: the series grouping recurring events (one per topic and recurrence), id order unless
     * {@code order}; filters {@code slug} (repeated), {@code closed} (every event of it closed),
     * {@code recurrence}, {@code categories_labels} (repeated; the events' category). Each series carries
     * its events without their markets, in id order.
     */
    private void series(Context ctx) {
        QueryParams p = new QueryParams(ctx);
        int limit = p.pageSize();
        long offset = p.offset();
        Set<String> slugs = Set.copyOf(p.all("slug"));
        Set<String> categories = Set.copyOf(p.all("categories_labels"));
        Boolean closed = p.bool("closed");
        p.bool("include_chat");
        String recurrence = p.string("recurrence");
        List<String> fields = new ArrayList<>();
        d().series().stream().findFirst().ifPresent(s -> s.document().fieldNames().forEachRemaining(fields::add));
        List<String> order = order(p, fields.toArray(String[]::new), "Series");
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));
        List<Discovery.SeriesFacts> rows = new ArrayList<>();
        for (Discovery.SeriesFacts s : d().series()) {
            if (!slugs.isEmpty() && !slugs.contains(s.slug())) continue;
            if (!categories.isEmpty() && !categories.contains(s.category())) continue;
            if (closed != null && closed != s.closed()) continue;
            if (recurrence != null && !recurrence.equals(s.recurrence())) continue;
            rows.add(s);
        }
        rows = sorted(rows, order, ascending, Discovery.SeriesFacts::document, Discovery.SeriesFacts::id);
        ArrayNode page = World.JSON.arrayNode();
        for (Discovery.SeriesFacts s : slice(rows, offset, limit)) page.add(d().seriesDocument(s));
        send(ctx, page);
    }

    // ---- /comments ----------------------------------------------------------------------------------------------

    /**
     * {@code GET /comments?parent_entity_type=Event&parent_entity_id=}: the comments of one event, newest first
     * ({@code order} may be {@code createdAt}, {@code updatedAt} or {@code id}, which all give that order;
     * {@code ascending=true} gives oldest first). An event has exactly {@code commentCount} comments. Both
     * parameters are required; {@code parent_entity_type} is {@code Event}, {@code Series} or {@code market}
     * (this world has comments on events only, so the others give {@code []}). {@code get_positions} and
     * {@code holders_only} are accepted and change nothing.
     */
    private void comments(Context ctx) {
        QueryParams p = new QueryParams(ctx);
        int limit = p.pageSize();
        long offset = p.offset();
        String type = p.string("parent_entity_type");
        if (type == null || !Set.of("Event", "Series", "market").contains(type)) {
            throw new BadParameter("parent_entity_type must be Event, Series or market, was "
                    + (type == null ? "absent" : "'" + type + "'"));
        }
        Long parent = p.longOrNull("parent_entity_id");
        if (parent == null) throw new BadParameter("parent_entity_id is required: the id of the event, series or market");
        p.bool("get_positions");
        p.bool("holders_only");
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));
        String order = p.string("order");
        if (order != null && !Set.of("createdAt", "updatedAt", "id").contains(order.trim())) {
            throw new BadParameter("order: '" + order + "' is not allowed; allowed: createdAt, updatedAt, id");
        }
        ArrayNode page = World.JSON.arrayNode();
        World.EventFacts e = type.equals("Event") ? world.event(parent) : null;
        if (e != null) {
            int n = Discovery.commentCount(e);
            for (long k = offset; k < Math.min(n, offset + limit); k++) {
                int i = ascending ? (int) k : n - 1 - (int) k;
                page.add(d().comment(e, i));
            }
        }
        send(ctx, page);
    }

    // ---- shared -------------------------------------------------------------------------------------------------

    private static List<String> order(QueryParams p, String[] fields, String kind) {
        return p.order("order", List.of(fields), kind);
    }

    private static <T> List<T> sorted(List<T> rows, List<String> fields, boolean ascending, Function<T, ObjectNode> doc,
                                      java.util.function.ToLongFunction<T> id) {
        return DocumentOrder.sorted(rows, fields, ascending, doc, id);
    }

    private static <T> List<T> slice(List<T> rows, long offset, int limit) {
        int from = (int) Math.min(offset, rows.size());
        return rows.subList(from, Math.min(rows.size(), from + limit));
    }

    private static <T extends Comparable<T>> boolean within(T v, T min, T max) {
        if (min == null && max == null) return true;
        if (v == null) return false;
        return (min == null || v.compareTo(min) >= 0) && (max == null || v.compareTo(max) <= 0);
    }

    private static Set<String> lower(List<String> values) {
        Set<String> out = new HashSet<>();
        for (String v : values) out.add(v.toLowerCase(Locale.ROOT));
        return out;
    }

    private static long id(Context ctx) {
        try {
            return Long.parseLong(ctx.pathParam("id"));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static <T> void one(Context ctx, T found, String what, Function<T, ObjectNode> doc) {
        if (found == null) {
            ctx.status(404).json(Map.of("error", what + " not found"));
            return;
        }
        send(ctx, doc.apply(found));
    }

    private static final com.fasterxml.jackson.databind.ObjectMapper MAPPER = new com.fasterxml.jackson.databind.ObjectMapper();

    private static void send(Context ctx, JsonNode n) {
        try {
            ctx.contentType("application/json").result(MAPPER.writeValueAsBytes(n));
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
