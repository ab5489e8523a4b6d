package org.marketlab.sandbox.markets;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.world.Hash;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * {@code GET /market-clarifications}: the notes the service adds to a market's rules after it opened (shown under the
 * rules, posted on chain beside the question), made from the world's markets. One market in {@value #ONE_IN} has one,
 * decided by the seed and the market alone: posted between the market's start and the earlier of its end and the
 * present, naming the market's own resolution source and end. A clarification posted more than an hour ago has
 * succeeded ({@code success}, with its transaction); a newer one is {@code queued}.
 *
 * <p>Filters: {@code market_id}, {@code event_id}, {@code question_id}, {@code state} (each repeatable),
 * {@code show_in_frontend}, {@code tx_hash}; {@code order} ({@code createdAt} or {@code id}, newest first unless
 * {@code ascending}); {@code limit} and {@code offset} as the host's other listings ({@link Listing}).
 */
final class Clarifications {

    static final int ONE_IN = 12;
    private static final List<String> STATES = List.of("pending", "queued", "success", "failed", "cancelled");

    private Clarifications() {
    }

    /** The clarification of a market, or null when it has none. */
    static ObjectNode of(Discovery.MarketFacts m, long seed, Instant now) {
        long h = mix(seed ^ 0x636C6172L, m.id());
        if (Math.floorMod(h, ONE_IN) != 0 || m.startDate() == null) return null;
        Instant end = m.endDate() == null || m.endDate().isAfter(now) ? now : m.endDate();
        long span = Math.max(3_600, end.getEpochSecond() - m.startDate().getEpochSecond());
        Instant created = m.startDate().plusSeconds(Math.floorMod(h >>> 8, span));
        if (created.isAfter(now)) return null;
        boolean done = created.isBefore(now.minusSeconds(3_600));
        String source = m.document().path("resolutionSource").asText("");
        ObjectNode c = Json.object();
        c.put("id", m.id() * 10 + 1);
        c.put("marketId", String.valueOf(m.id()));
        c.put("eventId", m.event() == null ? null : String.valueOf(m.event().id()));
        c.put("questionId", m.questionId());
        c.put("content", "Additional context: this market resolves from " + (source.isBlank() ? "the consensus of credible reporting" : source)
                + " as published by " + (m.endDate() == null ? "its end date" : m.endDate().toString().substring(0, 10))
                + "; a later revision of that source does not change the outcome.");
        c.put("state", done ? "success" : "queued");
        c.put("clearBook", false);
        c.put("notifyDiscord", false);
        c.put("showInFrontend", true);
        c.putNull("adapterAddress");
        c.putNull("negRiskRequestId");
        c.put("txHash", done ? String.format("0x%016x%016x%016x%016x", h, mix(h, 1), mix(h, 2), mix(h, 3)) : null);
        c.put("createdAt", created.toString());
        c.put("queuedAt", created.plusSeconds(60).toString());
        c.put("scheduledFor", created.plusSeconds(600).toString());
        c.put("txTimestamp", done ? created.plusSeconds(900).toString() : null);
        return c;
    }

    static void page(Context ctx, Discovery d, long seed, Instant now) {
        Params p = Params.of(ctx, Listing.REFUSED);
        List<Predicate<ObjectNode>> filters = new ArrayList<>();
        text(filters, p, "marketId", p.all("market_id"));
        text(filters, p, "eventId", p.all("event_id"));
        text(filters, p, "questionId", p.all("question_id"));
        List<String> states = p.all("state");
        for (String s : states) if (!STATES.contains(s)) throw p.invalid("state", s, Params.choices(STATES));
        text(filters, p, "state", states);
        Boolean shown = p.bool("show_in_frontend");
        if (shown != null) filters.add(c -> c.path("showInFrontend").asBoolean() == shown);
        String tx = p.string("tx_hash");
        if (tx != null) filters.add(c -> tx.equalsIgnoreCase(c.path("txHash").asText()));
        String order = p.oneOf("order", "createdAt", List.of("createdAt", "id"), false);
        boolean ascending = Boolean.TRUE.equals(p.bool("ascending"));
        Listing.Page at = Listing.page(p, "");
        List<ObjectNode> rows = new ArrayList<>();
        for (Discovery.MarketFacts m : d.markets()) {
            ObjectNode c = of(m, seed, now);
            if (c != null && filters.stream().allMatch(f -> f.test(c))) rows.add(c);
        }
        java.util.Comparator<ObjectNode> by = order.equals("id")
                ? java.util.Comparator.comparingLong(c -> c.get("id").asLong())
                : java.util.Comparator.<ObjectNode, String>comparing(c -> c.get("createdAt").asText()).thenComparingLong(c -> c.get("id").asLong());
        rows.sort(ascending ? by : by.reversed());
        ArrayNode out = Json.array();
        for (ObjectNode c : at.of(rows)) out.add(c);
        Json.send(ctx, out);
    }

    private static long mix(long a, long b) {
        return Hash.mix(a ^ Hash.mix(b));
    }

    private static void text(List<Predicate<ObjectNode>> filters, Params p, String field, List<String> wanted) {
        if (wanted.isEmpty()) return;
        Set<String> set = Set.copyOf(wanted);
        filters.add(c -> set.contains(c.path(field).asText()));
    }
}
