package org.marketlab.markets;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Service;
import org.marketlab.internal.query.Params;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Transport;
import tech.tablesaw.api.Table;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An immutable search of {@code GET /public-search}: events, tags and profiles matching words. Tags and
 * profiles are asked for by default. {@link #result()} reads pages of {@link #limitPerType(int)} until the
 * service has no more or {@link #limit(int)} events are in hand; {@link #page(int)} reads one page only.
 *
 * <pre>{@code
 * var found = Markets.search("bitcoin").status("active").result();
 * found.eventsTable();  found.marketsTable();  found.tagsTable();  found.profilesTable();
 * }</pre>
 */
public final class SearchQuery {

    /** The most results of each type one page holds. */
    public static final int MAX_PER_TYPE = 50;

    /**
     * The settings the store keeps beside the filters and does not send as they stand: the events wanted in all (the
     * client's own), and the page size and page, sent last on every request.
     */
    private static final String LIMIT = "limit", PER_TYPE = "limit_per_type", PAGE = "page";
    private static final Set<String> PAGING = Set.of(LIMIT, PER_TYPE, PAGE);

    private final Transport transport;
    private final Params params;

    SearchQuery(Transport transport, String q) {
        this(transport, Params.empty().with("q", checked(q)).with("search_tags", true).with("search_profiles", true).with(PER_TYPE, 20));
    }

    private SearchQuery(Transport transport, Params params) {
        this.transport = transport;
        this.params = params;
    }

    private static String checked(String q) {
        if (q == null || q.isBlank() || q.codePoints().noneMatch(Character::isLetterOrDigit)) {
            throw new IllegalArgumentException("search text must hold a word (letters or digits), was '" + q + "'");
        }
        return q.trim();
    }

    /** The filters alone, as the request sends them before the page size and page. */
    private Params filters() {
        return params.renamed(name -> PAGING.contains(name) ? null : name);
    }

    private SearchQuery set(String name, Object value) {
        return new SearchQuery(transport, params.with(name, value));
    }

    /** {@code active} (open events), {@code closed} or {@code all}. */
    public SearchQuery status(String status) {
        if (!Set.of("active", "closed", "all").contains(status)) {
            throw new IllegalArgumentException("status must be active, closed or all, was '" + status + "'");
        }
        return set("events_status", status);
    }

    /** Only events carrying one of these tags (ids or slugs, as the records carry them). */
    public SearchQuery eventsTags(String... tagSlugs) {
        return set("events_tag", Checks.texts("eventsTags", tagSlugs));
    }

    /** No event carrying any of these tags. */
    public SearchQuery excludeTagIds(String... tagIds) {
        return set("exclude_tag_id", Checks.ids("excludeTagIds", tagIds));
    }

    public SearchQuery recurrence(String recurrence) {
        return set("recurrence", Checks.text("recurrence", recurrence));
    }

    /** Keep closed markets inside the events found (the default) or drop them. */
    public SearchQuery keepClosedMarkets(boolean keep) {
        return set("keep_closed_markets", keep ? 1 : 0);
    }

    /** Order events by an Event field (e.g. {@code volume}, {@code endDate}) instead of relevance. */
    public SearchQuery sort(String field) {
        return set("sort", Checks.order(new String[]{field}, EventFields.ALL, "Event"));
    }

    public SearchQuery ascending(boolean ascending) {
        return set("ascending", ascending);
    }

    public SearchQuery searchTags(boolean searchTags) {
        return set("search_tags", searchTags);
    }

    public SearchQuery searchProfiles(boolean searchProfiles) {
        return set("search_profiles", searchProfiles);
    }

    /** Results of each type per request, 1 to 50 (default 20). */
    public SearchQuery limitPerType(int perType) {
        if (perType < 1 || perType > MAX_PER_TYPE) {
            throw new IllegalArgumentException("limitPerType must be 1 to " + MAX_PER_TYPE + ", was " + perType);
        }
        return set(PER_TYPE, perType);
    }

    /** At most this many events in all (pages are read until then). */
    public SearchQuery limit(int limit) {
        if (limit < 1) throw new IllegalArgumentException("limit must be 1 or more, was " + limit);
        return set(LIMIT, limit);
    }

    /** Only this page (from 1) of {@link #limitPerType(int)} results per type. */
    public SearchQuery page(int page) {
        if (page < 1) throw new IllegalArgumentException("page must be 1 or more, was " + page);
        return set(PAGE, page);
    }

    /** Events, tags and profiles found (every page up to the limit, or the one page asked for). */
    public SearchResult result() {
        Integer page = params.get(PAGE), limit = params.get(LIMIT);
        if (page != null) return fetch(page);
        List<Event> events = new ArrayList<>();
        Map<String, RankedTag> tags = new LinkedHashMap<>();
        Map<String, Profile> profiles = new LinkedHashMap<>();
        Map<String, Boolean> seen = new LinkedHashMap<>();
        SearchResult last;
        int n = 1;
        do {
            last = fetch(n++);
            for (Event e : last.events()) {
                if (seen.put(e.id(), true) == null && (limit == null || events.size() < limit)) events.add(e);
            }
            for (RankedTag t : last.tags()) tags.putIfAbsent(t.id(), t);
            for (Profile p : last.profiles()) profiles.putIfAbsent(p.id(), p);
        } while (Boolean.TRUE.equals(last.hasMore()) && !last.events().isEmpty() && (limit == null || events.size() < limit));
        boolean more = Boolean.TRUE.equals(last.hasMore()) || (limit != null && seen.size() > events.size());
        return new SearchResult(events, new ArrayList<>(tags.values()), new ArrayList<>(profiles.values()), more, last.totalResults());
    }

    /** The events found. */
    public List<Event> list() {
        return result().events();
    }

    /** The events found, one row each. */
    public Table table() {
        return result().eventsTable();
    }

    private SearchResult fetch(int n) {
        return read(transport.send(Call.get(Service.MARKETS, "/public-search", filters().toQuery().with(PER_TYPE, params.get(PER_TYPE)).with(PAGE, n))));
    }

    /** Reads a search answer: {@code events}, {@code tags}, {@code profiles} (each optional), {@code pagination}. */
    static SearchResult read(Document d) {
        JsonNode body = d.tree();
        if (!body.isObject()) throw d.malformed("expected a JSON object with events and pagination", null);
        List<Event> events = body.hasNonNull("events") ? EventReader.events(d, array(d, body, "events")) : List.of();
        List<RankedTag> tags = body.hasNonNull("tags") ? EventReader.many(d, body.get("tags"), RankedTag.class) : List.of();
        List<Profile> profiles = body.hasNonNull("profiles") ? EventReader.many(d, body.get("profiles"), Profile.class) : List.of();
        JsonNode p = body.path("pagination");
        Boolean hasMore = p.hasNonNull("hasMore") ? p.get("hasMore").asBoolean() : null;
        Integer total = p.hasNonNull("totalResults") ? p.get("totalResults").asInt() : null;
        return new SearchResult(events, tags, profiles, hasMore, total);
    }

    private static JsonNode array(Document d, JsonNode body, String name) {
        JsonNode n = body.get(name);
        if (!n.isArray()) throw d.malformed(name + " is not an array", null);
        return n;
    }

    @Override
    public String toString() {
        return "GET /public-search?" + filters();
    }
}
