package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.route.Refusal;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.regex.Pattern;

/**
 * {@code POST /v1/info/position-snapshots}: a position cycle of an address valued now ({@code active_instrument_ids},
 * up to 20) or just after one of its fills ({@code history_fills} of {@code {instrument_id, trade_id, timestamp}}, up
 * to 4), at least one selection, in the official client's shape: {@code {history_as_of_at, active: [...], history:
 * [...]}}, each result {@code {instrument_id, trade_id?, status}} with {@code snapshot} when {@code status} is
 * {@code ok}, else {@code not_found}.
 *
 * <p>A snapshot gives the cycle's side, start, size after, entry price, the price it is valued at (the mark now, the
 * fill's price for a fill) and its profit (realised by the fill plus the rest valued at that price). Leverage and the
 * profit as a percentage of the opening margin are the owner's alone: they are given when the request carries the
 * owner's proxy headers, else null. The chart is 22 candles of the instrument's public mark path over the cycle, at chart
 * coordinates 0 (the cycle's start) to 1 (the valuation time), none for an instrument the public market does not list,
 * and a marker where a live fill grew or shrank the position.
 */
final class PositionSnapshots {

    static final int MAX_ACTIVE = 20;
    static final int MAX_HISTORY = 4;
    static final int CANDLES = 22;
    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");
    private static final Pattern TRADE_ID = Pattern.compile("0|[1-9][0-9]{0,19}");
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private final Function<String, PerpsAccount> accounts;
    private final PerpsMarket market;
    private final PerpsInfo info;
    private final LongSupplier latest;

    PositionSnapshots(Function<String, PerpsAccount> accounts, PerpsMarket market, PerpsInfo info, LongSupplier latest) {
        this.accounts = accounts;
        this.market = market;
        this.info = info;
        this.latest = latest;
    }

    /** The answer to {@code body}; {@code owner} is the account the request's proxy headers authenticate, or null. */
    ObjectNode answer(JsonNode body, String owner) {
        String address = body.path("address").asText("");
        if (!ADDRESS.matcher(address).matches()) throw Refusal.badRequest("address must be 0x followed by 40 hex digits");
        JsonNode active = body.path("active_instrument_ids");
        JsonNode history = body.path("history_fills");
        if (!active.isMissingNode() && !active.isArray() || !history.isMissingNode() && !history.isArray()) {
            throw Refusal.badRequest("active_instrument_ids and history_fills must be arrays");
        }
        if (active.size() > MAX_ACTIVE || history.size() > MAX_HISTORY || active.size() + history.size() == 0) {
            throw Refusal.badRequest("select up to " + MAX_ACTIVE + " active instruments and " + MAX_HISTORY + " history fills, with at least one selection");
        }
        Set<Long> seen = new HashSet<>();
        for (JsonNode id : active) if (!seen.add(instrumentId(id))) throw Refusal.badRequest("duplicate active instrument id " + id);
        Set<String> fills = new HashSet<>();
        for (JsonNode f : history) {
            if (!f.isObject()) throw Refusal.badRequest("each history fill is {instrument_id, trade_id, timestamp}");
            long iid = instrumentId(f.path("instrument_id"));
            String tid = f.path("trade_id").asText("");
            if (!f.path("trade_id").isTextual() || !TRADE_ID.matcher(tid).matches() || new java.math.BigInteger(tid).bitLength() > 64) {
                throw Refusal.badRequest("trade_id must be a decimal u64 string, was " + f.path("trade_id"));
            }
            if (!f.path("timestamp").canConvertToLong() || f.get("timestamp").asLong() < 0) throw Refusal.badRequest("timestamp must be epoch milliseconds");
            if (!fills.add(iid + ":" + tid)) throw Refusal.badRequest("duplicate history fill " + iid + ":" + tid);
        }

        PerpsAccount a = accounts.apply(address);
        boolean own = address.equalsIgnoreCase(owner);
        long now = latest.getAsLong();
        ObjectNode out = JSON.objectNode().put("history_as_of_at", now);
        ArrayNode actives = out.putArray("active");
        synchronized (a) {
            for (JsonNode id : active) actives.add(active(a, id.asLong(), now, own));
            ArrayNode past = out.putArray("history");
            for (JsonNode f : history) past.add(past(a, f, own));
        }
        return out;
    }

    private static long instrumentId(JsonNode n) {
        if (!n.isIntegralNumber() || !n.canConvertToLong() || n.asLong() < 0 || n.asLong() > 4_294_967_295L) {
            throw Refusal.badRequest("instrument ids are uint32 integers, was " + n);
        }
        return n.asLong();
    }

    private ObjectNode active(PerpsAccount a, long iid, long now, boolean own) {
        ObjectNode r = JSON.objectNode().put("instrument_id", iid);
        ObjectNode position = null;
        for (ObjectNode p : a.positionRows()) if (p.get("instrument_id").asLong() == iid) position = p;
        if (position == null) return r.put("status", "not_found");
        BigDecimal size = new BigDecimal(position.get("size").asText());
        long start = a.cycleStart(iid, now, now);
        ObjectNode s = snapshot(a, iid, size, start, now, false, new BigDecimal(position.get("entry_price").asText()),
                new BigDecimal(position.get("mark_price").asText()), new BigDecimal(position.get("unrealized_pnl").asText()));
        ownerOnly(s, own, position.get("leverage").asInt(), new BigDecimal(position.get("return_on_equity").asText()));
        r.put("status", "ok");
        r.set("snapshot", s);
        return r;
    }

    private ObjectNode past(PerpsAccount a, JsonNode selection, boolean own) {
        long iid = selection.get("instrument_id").asLong();
        String tid = selection.get("trade_id").asText();
        ObjectNode r = JSON.objectNode().put("instrument_id", iid).put("trade_id", tid);
        ObjectNode fill = null;
        for (ObjectNode f : market.fillRows(a)) {
            if (f.get("instrument_id").asLong() == iid && f.get("trade_id").asText().equals(tid)
                    && f.get("timestamp").asLong() == selection.get("timestamp").asLong()) fill = f;
        }
        if (fill == null) return r.put("status", "not_found");
        BigDecimal before = new BigDecimal(fill.get("previous_size").asText());
        BigDecimal entryBefore = new BigDecimal(fill.get("previous_entry_price").asText());
        BigDecimal qty = new BigDecimal(fill.get("quantity").asText());
        BigDecimal price = new BigDecimal(fill.get("price").asText());
        BigDecimal signed = fill.get("side").asText().equals("long") ? qty : qty.negate();
        BigDecimal after = before.add(signed);
        BigDecimal entry;
        if (before.signum() == 0 || before.signum() == signed.signum()) {
            entry = before.abs().multiply(entryBefore).add(qty.multiply(price)).divide(after.abs(), 2, RoundingMode.HALF_UP);
        } else {
            entry = after.signum() != 0 && after.signum() != before.signum() ? price : entryBefore;
        }
        BigDecimal pnl = new BigDecimal(fill.get("pnl").asText()).add(after.multiply(price.subtract(entry))).setScale(2, RoundingMode.HALF_UP);
        long time = fill.get("timestamp").asLong();
        BigDecimal sideOf = after.signum() != 0 ? after : before;
        ObjectNode s = snapshot(a, iid, sideOf.signum() == 0 ? signed : sideOf, a.cycleStart(iid, time, time), time, after.signum() == 0,
                entry, price, pnl);
        s.put("size_after", after.abs().toPlainString());
        BigDecimal margin = after.abs().max(before.abs()).multiply(entry).divide(BigDecimal.valueOf(a.leverage(iid)), 8, RoundingMode.HALF_UP);
        ownerOnly(s, own, a.leverage(iid), margin.signum() == 0 ? BigDecimal.ZERO : pnl.divide(margin, 4, RoundingMode.HALF_UP));
        r.put("status", "ok");
        r.set("snapshot", s);
        return r;
    }

    private ObjectNode snapshot(PerpsAccount a, long iid, BigDecimal size, long start, long asOf, boolean closed,
                                BigDecimal entry, BigDecimal price, BigDecimal pnl) {
        ObjectNode s = JSON.objectNode();
        s.put("position_cycle_id", iid + "-" + start);
        s.put("side", size.signum() >= 0 ? "long" : "short");
        s.put("started_at", start);
        s.put("as_of_at", asOf);
        s.put("is_closed", closed);
        s.put("size_after", size.abs().toPlainString());
        s.put("entry_price", entry.toPlainString());
        s.put("as_of_price", price.toPlainString());
        s.put("pnl", pnl.toPlainString());
        ObjectNode chart = s.putObject("chart");
        ArrayNode candles = chart.putArray("candles");
        long span = Math.max(1, asOf - start);
        PerpsInfo.Instrument instrument = PerpsInfo.instrument(iid);
        for (int k = 0; instrument != null && k < CANDLES; k++) {
            long from = start + span * k / CANDLES, to = start + span * (k + 1) / CANDLES;
            double open = info.mark(instrument, from), close = info.mark(instrument, to), high = Math.max(open, close), low = Math.min(open, close);
            for (int j = 1; j < 4; j++) {
                double m = info.mark(instrument, from + (to - from) * j / 4);
                high = Math.max(high, m);
                low = Math.min(low, m);
            }
            candles.addObject().put("position", (double) k / CANDLES).put("open", round(open, instrument)).put("high", round(high, instrument))
                    .put("low", round(low, instrument)).put("close", round(close, instrument));
        }
        ArrayNode markers = chart.putArray("markers");
        List<long[]> changes = a.growth(iid, start, asOf);
        for (long[] c : changes.subList(Math.max(0, changes.size() - 256), changes.size())) {
            markers.addObject().put("position", (double) (c[0] - start) / span).put("kind", c[1] == 1 ? "increase" : "decrease");
        }
        return s;
    }

    private static double round(double price, PerpsInfo.Instrument i) {
        return BigDecimal.valueOf(price).setScale(i.priceDecimals(), RoundingMode.HALF_EVEN).doubleValue();
    }

    /** Leverage and profit in percent for the owner; null for anyone else. */
    private static void ownerOnly(ObjectNode s, boolean own, int leverage, BigDecimal returnOnEquity) {
        if (own) {
            s.put("pnl_percent", returnOnEquity.movePointRight(2).stripTrailingZeros().toPlainString());
            s.put("leverage", leverage);
        } else {
            s.putNull("pnl_percent");
            s.putNull("leverage");
        }
    }
}
