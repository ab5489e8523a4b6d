package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The perpetuals account reads and settings beyond the specification that the official client's session uses, from
 * the account's live trading ({@link PerpsMarket}): its 7-day volume statistics ({@code /v1/account/stats}), its
 * per-instrument leverage ({@code /v1/account/config}, changed by {@code updateLeverage(s)}), its auto-cancel switch
 * ({@code /v1/account/auto-cancel}, armed by {@code PATCH /v1/trade/auto-cancel}) and its notifications
 * ({@code /v1/account/notifications}, marked read by {@code POST /v1/account/notifications/read}).
 *
 * <p>The sandbox's choices: notifications are what the account's live trading did, oldest first (a position opened,
 * increased, reduced or closed by a fill; a limit order cancelled), each once; an armed auto-cancel whose time has come
 * cancels every open order when the account is next read or traded, at most {@value #AUTO_CANCEL_DAILY_LIMIT} times a
 * UTC day; leverage is 1 to the instrument's maximum.
 */
final class PerpsAccountReads {

    static final int AUTO_CANCEL_DAILY_LIMIT = 10;
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final long DAY = 86_400_000L;

    /** An account's settings: leverage per instrument, the auto-cancel deadline and today's triggers, read marks. */
    private static final class Settings {
        final Map<Long, int[]> leverage = new HashMap<>();
        final Map<Long, Boolean> cross = new HashMap<>();
        long autoCancelAt;
        int triggered;
        long triggeredDay = -1;
        final Set<String> read = new HashSet<>();
        final Map<String, Long> readAt = new HashMap<>();
    }

    private final PerpsMarket market;
    private final Map<String, Settings> settings = new HashMap<>();

    PerpsAccountReads(PerpsMarket market) {
        this.market = market;
    }

    private synchronized Settings of(PerpsAccount a) {
        return settings.computeIfAbsent(a.owner(), o -> new Settings());
    }

    /** 7-day traded notional of the account's live fills, as taker and maker. */
    ObjectNode stats(PerpsAccount a, long now) {
        BigDecimal taker = BigDecimal.ZERO, maker = BigDecimal.ZERO;
        synchronized (a) {
            for (ObjectNode f : market.ledger(a).fills) {
                if (f.get("ts").asLong() < now - 7 * DAY) continue;
                BigDecimal notional = new BigDecimal(f.get("p").asText()).multiply(new BigDecimal(f.get("qty").asText()));
                if (f.get("taker").asBoolean()) taker = taker.add(notional);
                else maker = maker.add(notional);
            }
        }
        BigDecimal volume = taker.add(maker);
        ObjectNode o = JSON.objectNode();
        o.put("volume_7d", money(volume));
        o.put("taker_volume_7d", money(taker));
        o.put("maker_volume_7d", money(maker));
        o.put("account_maker_share_7d", volume.signum() == 0 ? "0" : maker.divide(volume, 6, RoundingMode.HALF_EVEN).toPlainString());
        return o;
    }

    /** Leverage and margin mode per listed instrument ({@code instrument} only, when given). */
    ArrayNode config(PerpsAccount a, Long instrument) {
        Settings s = of(a);
        ArrayNode out = JSON.arrayNode();
        synchronized (this) {
            for (PerpsInfo.Instrument i : PerpsInfo.INSTRUMENTS) {
                if (instrument != null && i.id() != instrument) continue;
                int[] lev = s.leverage.get(i.id());
                out.addObject().put("instrument_id", i.id()).put("leverage", lev == null ? Math.min(10, i.maxLeverage()) : lev[0])
                        .put("cross", s.cross.getOrDefault(i.id(), true));
            }
        }
        return out;
    }

    /** Sets an instrument's leverage and margin mode: the result element of {@code updateLeverage(s)}. */
    ObjectNode leverage(PerpsAccount a, long instrument, int leverage, boolean cross) {
        PerpsInfo.Instrument i = PerpsInfo.instrument(instrument);
        if (i == null) return err("unknown instrument " + instrument);
        if (leverage < 1 || leverage > i.maxLeverage()) return err("leverage must be 1 to " + i.maxLeverage() + " on " + i.symbol());
        Settings s = of(a);
        synchronized (this) {
            s.leverage.put(instrument, new int[]{leverage});
            s.cross.put(instrument, cross);
        }
        return JSON.objectNode().put("status", "ok").put("instrument_id", instrument).put("leverage", leverage).put("cross", cross);
    }

    /** Arms the auto-cancel switch at {@code time} (ms), or disarms it with 0; null when the daily limit is reached. */
    synchronized ObjectNode autoCancel(PerpsAccount a, long time, long now) {
        Settings s = of(a);
        roll(s, now);
        if (time > 0 && s.triggered >= AUTO_CANCEL_DAILY_LIMIT) return null;
        s.autoCancelAt = time;
        ObjectNode o = JSON.objectNode().put("status", "ok");
        if (time > 0) o.put("deadline", time);
        else o.putNull("deadline");
        return o;
    }

    synchronized ObjectNode autoCancelStatus(PerpsAccount a, long now) {
        Settings s = of(a);
        roll(s, now);
        ObjectNode o = JSON.objectNode();
        if (s.autoCancelAt > 0) o.put("deadline", s.autoCancelAt);
        else o.putNull("deadline");
        o.put("triggered", s.triggered);
        o.put("daily_limit", AUTO_CANCEL_DAILY_LIMIT);
        o.put("next_reset", (Math.floorDiv(now, DAY) + 1) * DAY);
        return o;
    }

    /** Whether the account's switch fired: its deadline passed (it is then disarmed and counted). */
    synchronized boolean due(PerpsAccount a, long now) {
        Settings s = of(a);
        roll(s, now);
        if (s.autoCancelAt <= 0 || s.autoCancelAt > now) return false;
        s.autoCancelAt = 0;
        s.triggered++;
        return true;
    }

    private static void roll(Settings s, long now) {
        long day = Math.floorDiv(now, DAY);
        if (day != s.triggeredDay) {
            s.triggeredDay = day;
            s.triggered = 0;
        }
    }

    /** The account's notifications, oldest first: {@code {notification, read_at, ts}} each. */
    List<ObjectNode> notifications(PerpsAccount a) {
        Settings s = of(a);
        List<ObjectNode> out = new ArrayList<>();
        synchronized (a) {
            PerpsMarket.Ledger l = market.ledger(a);
            for (ObjectNode f : l.fills) {
                BigDecimal before = new BigDecimal(f.get("psz").asText());
                BigDecimal qty = new BigDecimal(f.get("qty").asText());
                boolean buy = f.get("side").asText().equals("long");
                BigDecimal after = buy ? before.add(qty) : before.subtract(qty);
                String type = before.signum() == 0 ? "position_opened" : after.signum() == 0 ? "position_closed"
                        : after.signum() != before.signum() ? "position_opened" : after.abs().compareTo(before.abs()) > 0 ? "position_increased" : "position_reduced";
                ObjectNode n = JSON.objectNode();
                n.put("id", "fill-" + f.get("tid").asLong());
                n.put("type", type);
                n.put("instrument_id", f.get("iid").asLong());
                n.put("side", (type.equals("position_closed") ? before.signum() > 0 : after.signum() > 0) ? "long" : "short");
                n.put("size", (type.equals("position_closed") ? before.abs() : after.abs()).toPlainString());
                n.put("avg_price", f.get("p").asText());
                if (type.equals("position_closed")) n.put("pnl", f.get("pnl").asText());
                else n.put("leverage", 10);
                out.add(entry(s, n, f.get("ts").asLong()));
            }
            for (ObjectNode o : l.ended) {
                if (!"cancelled".equals(o.path("status").asText())) continue;
                ObjectNode n = JSON.objectNode();
                n.put("id", "cancel-" + o.get("oid").asLong());
                n.put("type", "limit_order_canceled");
                n.put("instrument_id", o.get("iid").asLong());
                n.put("side", o.get("buy").asBoolean() ? "long" : "short");
                n.put("size", o.get("rest").asText());
                n.put("price", o.get("p").asText());
                out.add(entry(s, n, o.get("uts").asLong()));
            }
        }
        out.sort(java.util.Comparator.comparingLong((ObjectNode e) -> e.get("ts").asLong()).thenComparing(e -> e.get("notification").get("id").asText()));
        return out;
    }

    private synchronized ObjectNode entry(Settings s, ObjectNode n, long ts) {
        ObjectNode e = JSON.objectNode();
        e.set("notification", n);
        Long readAt = s.readAt.get(n.get("id").asText());
        if (readAt != null) e.put("read_at", readAt);
        else e.putNull("read_at");
        e.put("ts", ts);
        return e;
    }

    /** Marks notifications read: {@code ids}, or every one up to a page's {@code before} cursor (its time in ms). */
    synchronized int markRead(PerpsAccount a, JsonNode body, long now) {
        Settings s = of(a);
        int n = 0;
        if (body.path("ids").isArray()) {
            for (JsonNode id : body.get("ids")) if (s.readAt.putIfAbsent(id.asText(), now) == null) n++;
            return n;
        }
        long before = parseBefore(body.path("before").asText(""));
        for (ObjectNode e : notifications(a)) {
            if (e.get("ts").asLong() <= before && s.readAt.putIfAbsent(e.get("notification").get("id").asText(), now) == null) n++;
        }
        return n;
    }

    private static long parseBefore(String cursor) {
        try {
            String s = new String(java.util.Base64.getUrlDecoder().decode(cursor), java.nio.charset.StandardCharsets.UTF_8);
            JsonNode n = org.marketlab.sandbox.route.Json.MAPPER.readTree(s);
            if (n.path("ts").canConvertToLong()) return n.get("ts").asLong();
        } catch (Exception notOurs) {
            // every notification then
        }
        return Long.MAX_VALUE;
    }

    /** How many of the notifications are unread. */
    synchronized int unread(List<ObjectNode> entries) {
        int n = 0;
        for (ObjectNode e : entries) if (e.get("read_at").isNull()) n++;
        return n;
    }

    private static ObjectNode err(String message) {
        return JSON.objectNode().put("status", "err").put("error", message);
    }

    private static String money(BigDecimal v) {
        return v.setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros().toPlainString();
    }
}
