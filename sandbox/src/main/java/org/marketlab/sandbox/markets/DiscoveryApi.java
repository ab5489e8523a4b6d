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
import org.marketlab.sandbox.world.Fields;
import org.marketlab.sandbox.world.Lazy;
import org.marketlab.sandbox.world.World;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Predicate;

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

    /** The entities comments hang on ({@code parent_entity_type}); this world comments on events only. */
    private static final List<String> COMMENTED = List.of("Event", "Series", "market");

    private final World world;
    /** Made at the first discovery request, so that a sandbox serving only events starts no slower. */
    private final Lazy<Discovery> discovery;

    public DiscoveryApi(World world) {
        this.world = world;
        this.discovery = new Lazy<>(() -> new Discovery(world));
    }

    Discovery d() {
        return discovery.get();
    }

    // ---- /markets -----------------------------------------------------------------------------------------------

    /**
     * {@code GET /markets} (and {@code /markets/keyset}, the same selection paged by cursor: {@code {markets,
     * next_cursor}}): markets (id order unless {@code order}) passing every filter: {@code id},
     * {@code slug}, {@code condition_ids}, {@code clob_token_ids}, {@code question_ids} (repeated; one of the
     * values), {@code tag_id} (the parent event carries it; with {@code related_tags=true} a tag of the same
     * family also counts), {@code active}, {@code closed}, {@code archived} (the market's own flag),
     * {@code uma_resolution_status}, {@code liquidity_num_min/_max} and {@code volume_num_min/_max} (inclusive,
     * on {@code liquidityNum}/{@code volumeNum}), {@code start_date_min/_max} and {@code end_date_min/_max}
     * (inclusive, as on {@code /events}). Each market carries its parent event (without markets) in
     * {@code events}; {@code include_tag=true} also fills {@code tags} with the event's tags.
     */
    @Route("GET /markets")
    @Route("GET /markets/keyset")
    private void markets(Context ctx) {
        Listing.Page at = Listing.pageOrKeyset(ctx, " (page further with /markets/keyset)");
        Params p = at.params();
        Predicate<Discovery.MarketFacts> passes = marketFilters(p);
        boolean includeTag = Boolean.TRUE.equals(p.bool("include_tag"));
        List<String> marketFields = new ArrayList<>();
        if (!d().markets().isEmpty()) d().markets().get(0).document().fieldNames().forEachRemaining(marketFields::add);
        List<String> order = p.order("order", marketFields, "Market");
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));
        List<Discovery.MarketFacts> out = new ArrayList<>();
        for (Discovery.MarketFacts m : d().markets()) if (passes.test(m)) out.add(m);
        out = Listing.sorted(out, order, ascending, Discovery.MarketFacts::document, Discovery.MarketFacts::id);
        ArrayNode page = World.JSON.arrayNode();
        for (Discovery.MarketFacts m : at.of(out)) page.add(d().marketDocument(m, includeTag));
        Json.send(ctx, at.answer("markets", page, out.size()));
    }

    /** Every filter of {@link #markets} given, as one test. */
    private Predicate<Discovery.MarketFacts> marketFilters(Params p) {
        List<Predicate<Discovery.MarketFacts>> all = new ArrayList<>();
        Set<Long> ids = new HashSet<>(p.integers("id"));
        Set<String> slugs = Set.copyOf(p.all("slug"));
        Set<String> conditions = lower(p.all("condition_ids"));
        Set<String> tokens = Set.copyOf(p.all("clob_token_ids"));
        Set<String> questions = lower(p.all("question_ids"));
        if (!ids.isEmpty()) all.add(m -> ids.contains(m.id()));
        if (!slugs.isEmpty()) all.add(m -> slugs.contains(m.slug()));
        if (!conditions.isEmpty()) all.add(m -> conditions.contains(m.conditionId().toLowerCase(Locale.ROOT)));
        if (!tokens.isEmpty()) all.add(m -> m.tokenIds().stream().anyMatch(tokens::contains));
        if (!questions.isEmpty()) all.add(m -> m.questionId() != null && questions.contains(m.questionId().toLowerCase(Locale.ROOT)));
        Long tagId = p.integer("tag_id");
        boolean related = Boolean.TRUE.equals(p.bool("related_tags"));
        if (tagId != null) {
            Set<Long> tagSet = new HashSet<>(Set.of(tagId));
            if (related) tagSet.addAll(world.relatedTags(tagId));
            all.add(m -> m.event().tagIds().stream().anyMatch(tagSet::contains));
        }
        Listing.flag(all, p.bool("active"), Discovery.MarketFacts::active);
        Listing.flag(all, p.bool("closed"), Discovery.MarketFacts::closed);
        Listing.flag(all, p.bool("archived"), Discovery.MarketFacts::archived);
        String uma = p.string("uma_resolution_status");
        if (uma != null) all.add(m -> uma.equals(m.umaResolutionStatus()));
        all.add(Listing.numberRange(p, "liquidity_num", Discovery.MarketFacts::liquidity));
        all.add(Listing.numberRange(p, "volume_num", Discovery.MarketFacts::volume));
        all.add(Listing.timeRange(p, "start_date", Discovery.MarketFacts::startDate));
        all.add(Listing.timeRange(p, "end_date", Discovery.MarketFacts::endDate));
        return m -> all.stream().allMatch(f -> f.test(m));
    }

    // ---- /public-search -----------------------------------------------------------------------------------------

    /** What a {@code /public-search} asks: the words, a page of each type, what to look in and the events' filters. */
    private record Search(List<String> words, int perType, long offset, Predicate<World.EventFacts> passes, boolean keepClosed,
                          boolean tags, boolean profiles, List<String> sort, boolean ascending) {
    }

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
    @Route("GET /public-search")
    private void search(Context ctx) {
        Search s = search(Params.of(ctx, Listing.REFUSED));
        List<World.EventFacts> ranked = ranked(s);
        ObjectNode out = World.JSON.objectNode();
        ArrayNode events = out.putArray("events");
        for (World.EventFacts e : Listing.slice(ranked, s.offset(), s.perType())) events.add(found(e, s.keepClosed()));
        if (s.tags()) out.set("tags", matchingTags(s));
        if (s.profiles()) out.set("profiles", matchingProfiles(s));
        ObjectNode pagination = out.putObject("pagination");
        pagination.put("hasMore", s.offset() + s.perType() < ranked.size());
        pagination.put("totalResults", ranked.size());
        Json.send(ctx, out);
    }

    private Search search(Params p) {
        String q = p.required("q", "the text to search for");
        List<String> words = words(q);
        if (words.isEmpty()) throw p.invalid("q", q, "a text with a word (letters or digits)");
        int perType = p.capped("limit_per_type", 5, MAX_PER_TYPE);
        long page = p.count("page", 1);
        if (page < 1) throw p.invalid("page", page, "1 or more");
        long deepest = perType == 0 ? Listing.MAX_OFFSET + 1 : Listing.MAX_OFFSET / perType + 1;
        if (page > deepest) {
            throw p.invalid("page", page, "at most " + deepest + " at limit_per_type " + perType + " (pages starting past "
                    + Listing.MAX_OFFSET + " results are refused)");
        }
        long offset = (page - 1) * perType;
        String status = p.oneOf("events_status", "all", List.of("active", "closed", "all"), false);
        Set<String> eventTags = Set.copyOf(p.all("events_tag"));
        List<Long> excluded = p.integers("exclude_tag_id");
        String recurrence = p.string("recurrence");
        long keepClosed = p.count("keep_closed_markets", 1);
        boolean tags = Boolean.TRUE.equals(p.bool("search_tags"));
        boolean profiles = Boolean.TRUE.equals(p.bool("search_profiles"));
        List<String> sort = p.order("sort", List.of(Fields.EVENT), "Event");
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));
        Predicate<World.EventFacts> passes = e -> {
            if (status.equals("active") && !(Boolean.TRUE.equals(e.active()) && !Boolean.TRUE.equals(e.closed()))) return false;
            if (status.equals("closed") && !Boolean.TRUE.equals(e.closed())) return false;
            if (!eventTags.isEmpty() && e.tagSlugs().stream().noneMatch(eventTags::contains)
                    && e.tagIds().stream().noneMatch(t -> eventTags.contains(Long.toString(t)))) return false;
            if (!excluded.isEmpty() && e.tagIds().stream().anyMatch(excluded::contains)) return false;
            return recurrence == null || e.recurrences().contains(recurrence);
        };
        return new Search(words, perType, offset, passes, keepClosed != 0, tags, profiles, sort, ascending);
    }

    /** The matching events: title matches first, then the rest, each by volume (or all by {@code sort}). */
    private List<World.EventFacts> ranked(Search s) {
        List<World.EventFacts> titled = new ArrayList<>(), other = new ArrayList<>();
        for (World.EventFacts e : world.events()) {
            if (!s.passes().test(e)) continue;
            if (matchesWords(s.words(), d().titleWords(e))) titled.add(e);
            else if (matchesWords(s.words(), d().otherWords(e))) other.add(e);
        }
        if (s.sort().isEmpty()) {
            Comparator<World.EventFacts> byVolume = Comparator.comparing((World.EventFacts e) -> e.volume() == null ? Double.NEGATIVE_INFINITY : e.volume())
                    .reversed().thenComparingLong(World.EventFacts::id);
            titled.sort(byVolume);
            other.sort(byVolume);
        }
        List<World.EventFacts> ranked = new ArrayList<>(titled);
        ranked.addAll(other);
        return s.sort().isEmpty() ? ranked : Listing.sorted(ranked, s.sort(), s.ascending(), World.EventFacts::document, World.EventFacts::id);
    }

    /** An event as a search answers it: without chats and templates, and its closed markets dropped when asked. */
    private static ObjectNode found(World.EventFacts e, boolean keepClosed) {
        ObjectNode d = World.JSON.objectNode().setAll(e.document());
        d.remove("chats");
        d.remove("templates");
        if (!keepClosed) {
            ArrayNode open = World.JSON.arrayNode();
            for (JsonNode m : d.get("markets")) if (!m.path("closed").asBoolean()) open.add(m);
            d.set("markets", open);
        }
        return d;
    }

    private ArrayNode matchingTags(Search s) {
        List<ObjectNode> tags = new ArrayList<>();
        for (ObjectNode t : world.tags()) {
            if (matches(s.words(), t.get("label").asText()) || matches(s.words(), t.get("slug").asText())) tags.add(t);
        }
        tags.sort(Comparator.comparingInt((ObjectNode t) -> -d().eventCount(tagId(t))).thenComparingLong(DiscoveryApi::tagId));
        ArrayNode arr = World.JSON.arrayNode();
        for (ObjectNode t : Listing.slice(tags, s.offset(), s.perType())) {
            ObjectNode d = World.JSON.objectNode().setAll(t);
            d.put("event_count", d().eventCount(tagId(t)));
            arr.add(d);
        }
        return arr;
    }

    private ArrayNode matchingProfiles(Search s) {
        List<ObjectNode> found = new ArrayList<>();
        for (ObjectNode pr : d().profiles()) {
            if (matches(s.words(), pr.path("name").asText("")) || matches(s.words(), pr.path("pseudonym").asText(""))) found.add(pr);
        }
        ArrayNode arr = World.JSON.arrayNode();
        for (ObjectNode pr : Listing.slice(found, s.offset(), s.perType())) arr.add(pr);
        return arr;
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
    @Route("GET /tags")
    private void tags(Context ctx) {
        Listing.Page at = Listing.page(ctx, "");
        Params p = at.params();
        Boolean carousel = p.bool("is_carousel");
        p.bool("include_template");
        List<String> fields = new ArrayList<>(List.of(Fields.TAG));
        fields.add("eventCount");
        List<String> order = p.order("order", fields, "Tag");
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));
        List<ObjectNode> rows = new ArrayList<>();
        for (ObjectNode t : world.tags()) {
            if (carousel != null && !carousel.equals(t.path("isCarousel").asBoolean())) continue;
            rows.add(tagDocument(t));
        }
        if (order.isEmpty()) {
            rows.sort(Comparator.comparingInt((ObjectNode t) -> -t.get("eventCount").asInt()).thenComparingLong(DiscoveryApi::tagId));
        } else {
            rows = Listing.sorted(rows, order, ascending, t -> t, DiscoveryApi::tagId);
        }
        ArrayNode page = World.JSON.arrayNode();
        for (ObjectNode t : at.of(rows)) page.add(t);
        Json.send(ctx, page);
    }

    @Route("GET /tags/{id}")
    @Route("GET /tags/slug/{slug}")
    private void tag(Context ctx) {
        one(ctx, tagNamed(ctx), "tag", this::tagDocument);
    }

    private ObjectNode tagDocument(ObjectNode t) {
        ObjectNode d = World.JSON.objectNode().setAll(t);
        d.put("eventCount", d().eventCount(tagId(t)));
        return d;
    }

    /** The tag the path names, by its slug ({@code /tags/slug/{slug}...}) or its id ({@code /tags/{id}...}), or null. */
    private ObjectNode tagNamed(Context ctx) {
        boolean bySlug = ctx.endpointHandlerPath().startsWith("/tags/slug/");
        String field = bySlug ? "slug" : "id";
        String key = ctx.pathParam(field);
        for (ObjectNode t : world.tags()) if (t.get(field).asText().equals(key)) return t;
        return null;
    }

    private static long tagId(ObjectNode t) {
        return Long.parseLong(t.get("id").asText());
    }

    @Route("GET /markets/{id}")
    @Route("GET /markets/slug/{slug}")
    private void market(Context ctx) {
        boolean bySlug = ctx.endpointHandlerPath().startsWith("/markets/slug/");
        one(ctx, bySlug ? d().marketBySlug(ctx.pathParam("slug")) : d().market(id(ctx)), "market", m -> d().marketDocument(m, true));
    }

    /** {@code GET /markets/{id}/tags}: the tags of the market's event. */
    @Route("GET /markets/{id}/tags")
    private void marketTags(Context ctx) {
        Discovery.MarketFacts m = d().market(id(ctx));
        if (m == null) throw Refusal.notFound("market not found");
        ArrayNode tags = World.JSON.arrayNode();
        for (JsonNode t : m.event().document().path("tags")) tags.add(t);
        Json.send(ctx, tags);
    }

    @Route("GET /market-clarifications")
    private void clarifications(Context ctx) {
        Clarifications.page(ctx, d(), world.seed(), world.now());
    }

    // ---- /series ------------------------------------------------------------------------------------------------

    /**
     * {@code GET /series}: the series grouping recurring events (one per topic and recurrence), id order unless
     * {@code order}; filters {@code slug} (repeated), {@code closed} (every event of it closed),
     * {@code recurrence}, {@code categories_labels} (repeated; the events' category). Each series carries
     * its events without their markets, in id order.
     */
    @Route("GET /series")
    private void series(Context ctx) {
        Listing.Page at = Listing.page(ctx, "");
        Params p = at.params();
        Set<String> slugs = Set.copyOf(p.all("slug"));
        Set<String> categories = Set.copyOf(p.all("categories_labels"));
        Boolean closed = p.bool("closed");
        p.bool("include_chat");
        String recurrence = p.string("recurrence");
        List<String> fields = new ArrayList<>();
        d().series().stream().findFirst().ifPresent(s -> s.document().fieldNames().forEachRemaining(fields::add));
        List<String> order = p.order("order", fields, "Series");
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));
        List<Discovery.SeriesFacts> rows = new ArrayList<>();
        for (Discovery.SeriesFacts s : d().series()) {
            if (!slugs.isEmpty() && !slugs.contains(s.slug())) continue;
            if (!categories.isEmpty() && !categories.contains(s.category())) continue;
            if (closed != null && closed != s.closed()) continue;
            if (recurrence != null && !recurrence.equals(s.recurrence())) continue;
            rows.add(s);
        }
        rows = Listing.sorted(rows, order, ascending, Discovery.SeriesFacts::document, Discovery.SeriesFacts::id);
        ArrayNode page = World.JSON.arrayNode();
        for (Discovery.SeriesFacts s : at.of(rows)) page.add(d().seriesDocument(s));
        Json.send(ctx, page);
    }

    @Route("GET /series/{id}")
    private void oneSeries(Context ctx) {
        one(ctx, d().series(id(ctx)), "series", d()::seriesDocument);
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
    @Route("GET /comments")
    @Route("GET /comments/keyset")
    private void comments(Context ctx) {
        Listing.Page at = Listing.pageOrKeyset(ctx, "");
        Params p = at.params();
        String type = p.oneOf("parent_entity_type", null, COMMENTED, false);
        if (type == null) throw p.missing("parent_entity_type", Params.choices(COMMENTED));
        Long parent = p.integer("parent_entity_id");
        if (parent == null) throw p.missing("parent_entity_id", "the id of the event, series or market");
        p.bool("get_positions");
        p.bool("holders_only");
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));
        p.order("order", List.of("createdAt", "updatedAt", "id"), "Comment");
        ArrayNode page = World.JSON.arrayNode();
        World.EventFacts e = type.equals("Event") ? world.event(parent) : null;
        int n = e == null ? 0 : Discovery.commentCount(e);
        for (long k = at.offset(); k < Math.min(n, at.offset() + at.limit()); k++) {
            int i = ascending ? (int) k : n - 1 - (int) k;
            page.add(d().comment(e, i));
        }
        Json.send(ctx, at.answer("comments", page, n));
    }

    /** {@code GET /comments/{id}}: the comment and its replies, oldest first; 404 for an id that names none. */
    @Route("GET /comments/{id}")
    private void thread(Context ctx) {
        long id = id(ctx);
        World.EventFacts e = id < 0 ? null : world.event(id / 100_000L);
        int i = (int) (id % 100_000L);
        if (e == null || i >= Discovery.commentCount(e)) throw Refusal.notFound("comment not found");
        ArrayNode out = World.JSON.arrayNode();
        out.add(d().comment(e, i));
        String own = Long.toString(id);
        for (int k = i + 1; k < Discovery.commentCount(e); k++) {
            ObjectNode c = d().comment(e, k);
            if (own.equals(c.path("parentCommentID").asText(null))) out.add(c);
        }
        Json.send(ctx, out);
    }

    /**
     * {@code GET /comments/user_address/{address}}: the address's comments, newest first ({@code ascending=true}:
     * oldest first), {@code limit}/{@code offset} as the listings; an address that wrote none has {@code []}.
     */
    @Route("GET /comments/user_address/{address}")
    private void commentsBy(Context ctx) {
        Listing.Page at = Listing.page(ctx, "");
        Params p = at.params();
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));
        p.order("order", List.of("createdAt", "updatedAt", "id"), "Comment");
        String address = ctx.pathParam("address").toLowerCase(Locale.ROOT);
        List<ObjectNode> mine = new ArrayList<>();
        if (d().profiles().stream().anyMatch(pr -> pr.path("proxyWallet").asText().equalsIgnoreCase(address))) {
            for (World.EventFacts e : world.events()) {
                for (int i = 0; i < Discovery.commentCount(e); i++) {
                    ObjectNode c = d().comment(e, i);
                    if (c.path("userAddress").asText().equalsIgnoreCase(address)) mine.add(c);
                }
            }
        }
        Comparator<ObjectNode> byTime = Comparator.comparing((ObjectNode c) -> c.get("createdAt").asText()).thenComparing(c -> Long.parseLong(c.get("id").asText()));
        mine.sort(ascending ? byTime : byTime.reversed());
        ArrayNode out = World.JSON.arrayNode();
        for (ObjectNode c : at.of(mine)) out.add(c);
        Json.send(ctx, out);
    }

    // ---- related tags -------------------------------------------------------------------------------------------

    /**
     * {@code GET /tags/{id}/related-tags} and {@code /tags/slug/{slug}/related-tags}: the relations; with {@code /tags}
     * after them, the related tags themselves.
     */
    @Route("GET /tags/{id}/related-tags")
    @Route("GET /tags/{id}/related-tags/tags")
    @Route("GET /tags/slug/{slug}/related-tags")
    @Route("GET /tags/slug/{slug}/related-tags/tags")
    private void relatedTags(Context ctx) {
        ObjectNode t = tagNamed(ctx);
        if (t == null) throw Refusal.notFound("tag not found");
        Json.send(ctx, related(t, ctx.endpointHandlerPath().endsWith("/tags")));
    }

    /**
     * The tags related to {@code tag} (those of its family in the world), ranked by how many events carry them: as
     * relations {@code {id, tagID, relatedTagID, rank}}, or ({@code asTags}) as the related tags themselves.
     */
    private ArrayNode related(ObjectNode tag, boolean asTags) {
        long id = tagId(tag);
        List<ObjectNode> rows = new ArrayList<>();
        for (ObjectNode t : world.tags()) if (world.relatedTags(id).contains(tagId(t)) && tagId(t) != id) rows.add(t);
        rows.sort(Comparator.comparingInt((ObjectNode t) -> -d().eventCount(tagId(t))).thenComparingLong(DiscoveryApi::tagId));
        ArrayNode out = World.JSON.arrayNode();
        for (int i = 0; i < rows.size(); i++) {
            ObjectNode t = rows.get(i);
            if (asTags) {
                out.add(tagDocument(t));
            } else {
                out.addObject().put("id", Long.toString(id * 10_000L + tagId(t))).put("tagID", id).put("relatedTagID", tagId(t)).put("rank", i + 1);
            }
        }
        return out;
    }

    // ---- shared -------------------------------------------------------------------------------------------------

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
        if (found == null) throw Refusal.notFound(what + " not found");
        Json.send(ctx, doc.apply(found));
    }
}
