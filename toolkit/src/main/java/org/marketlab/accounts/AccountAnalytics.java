package org.marketlab.accounts;

import org.marketlab.clob.ClobData;
import org.marketlab.clob.ClobTrade;
import org.marketlab.clob.PricePoint;
import org.marketlab.http.ServiceException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.markets.Event;
import org.marketlab.markets.MarketData;
import org.marketlab.markets.Tag;
import org.marketlab.tables.Formats;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Account figures from the reads' rows, exact until the tables: PnL per position and in total, exposure by event and
 * by tag, fees of order-book trades, the equity curve, and the anomalies an audit lists.
 */
public final class AccountAnalytics {

    private AccountAnalytics() {
    }

    private static BigDecimal nz(BigDecimal d) {
        return Position.nz(d);
    }

    /** realized_pnl, unrealized_pnl, total_pnl, value (current) and cost (entry) over {@code positions}. */
    public static Map<String, BigDecimal> totals(List<Position> positions) {
        BigDecimal realized = BigDecimal.ZERO, unrealized = BigDecimal.ZERO, value = BigDecimal.ZERO, cost = BigDecimal.ZERO;
        for (Position p : positions) {
            realized = realized.add(nz(p.realizedPnl()));
            unrealized = unrealized.add(nz(p.unrealizedPnl()));
            value = value.add(nz(p.currentValue()));
            cost = cost.add(nz(p.entryCost()));
        }
        Map<String, BigDecimal> out = new LinkedHashMap<>();
        out.put("realized_pnl", realized);
        out.put("unrealized_pnl", unrealized);
        out.put("total_pnl", realized.add(unrealized));
        out.put("value", value);
        out.put("cost", cost);
        return out;
    }

    /** One row per position: market, outcome, status, realised, unrealised and total PnL; largest total first. */
    public static Table pnlByPosition(List<Position> positions) {
        List<Position> rows = new ArrayList<>(positions);
        rows.sort(Comparator.comparing(Position::totalPnl).reversed());
        StringColumn title = StringColumn.create("title"), outcome = StringColumn.create("outcome"), status = StringColumn.create("status"),
                event = StringColumn.create("event_slug");
        DoubleColumn realized = DoubleColumn.create("realized_pnl"), unrealized = DoubleColumn.create("unrealized_pnl"),
                total = DoubleColumn.create("total_pnl"), value = DoubleColumn.create("current_value");
        for (Position p : rows) {
            title.append(p.title());
            outcome.append(p.outcome());
            status.append(p.status());
            event.append(p.eventSlug());
            realized.append(nz(p.realizedPnl()).doubleValue());
            unrealized.append(nz(p.unrealizedPnl()).doubleValue());
            total.append(p.totalPnl().doubleValue());
            value.append(nz(p.currentValue()).doubleValue());
        }
        return Table.create("PnL by position", title, outcome, status, event, realized, unrealized, total, value);
    }

    /** Current value by event (slug), with the number of positions and the share of the account's value; largest first. */
    public static Table exposureByEvent(List<Position> positions) {
        Map<String, BigDecimal> value = new HashMap<>();
        Map<String, Integer> count = new HashMap<>();
        for (Position p : positions) {
            if (nz(p.size()).signum() == 0) continue;
            String key = p.eventSlug() == null ? "(no event)" : p.eventSlug();
            value.merge(key, nz(p.currentValue()), BigDecimal::add);
            count.merge(key, 1, Integer::sum);
        }
        return exposure("exposure by event", "event_slug", value, count);
    }

    /**
     * Current value by event, named by the event's title (read from the markets host, 20 slugs a request), with the
     * number of positions, the share of the account's value and the event's slug; largest first.
     */
    static Table exposureByEvent(Transport transport, List<Position> positions) {
        Map<String, Event> events = eventsOf(transport, positions);
        Map<String, BigDecimal> value = new HashMap<>();
        Map<String, Integer> count = new HashMap<>();
        Map<String, String> slugOf = new HashMap<>();
        for (Position p : positions) {
            if (nz(p.size()).signum() == 0) continue;
            Event e = p.eventSlug() == null ? null : events.get(p.eventSlug());
            String key = e != null && e.title() != null ? e.title() : p.eventSlug() == null ? "(no event)" : p.eventSlug();
            value.merge(key, nz(p.currentValue()), BigDecimal::add);
            count.merge(key, 1, Integer::sum);
            slugOf.putIfAbsent(key, p.eventSlug());
        }
        Table t = exposure("exposure by event", "event", value, count);
        StringColumn slug = StringColumn.create("event_slug");
        for (String k : t.stringColumn("event")) slug.append(slugOf.get(k));
        return t.addColumns(slug);
    }

    /**
     * Current value by tag of each position's event (an event with several tags counts toward each, so shares add
     * to more than 1); the events' tags are read from the markets host, 20 slugs a request.
     */
    static Table exposureByTag(Transport transport, List<Position> positions) {
        Map<String, Event> events = eventsOf(transport, positions);
        Map<String, BigDecimal> value = new HashMap<>();
        Map<String, Integer> count = new HashMap<>();
        for (Position p : positions) {
            if (nz(p.size()).signum() == 0) continue;
            for (String tag : tagsOf(events.get(p.eventSlug()))) {
                value.merge(tag, nz(p.currentValue()), BigDecimal::add);
                count.merge(tag, 1, Integer::sum);
            }
        }
        return exposure("exposure by tag", "tag", value, count, total(positions));
    }

    private static List<String> tagsOf(Event e) {
        if (e == null || e.tags() == null) return List.of("(untagged)");
        List<String> labels = new ArrayList<>();
        for (Tag t : e.tags()) labels.add(t.label() != null ? t.label() : t.slug());
        return labels.isEmpty() ? List.of("(untagged)") : labels;
    }

    /** The events of the positions, by slug, read 20 slugs a request. */
    static Map<String, Event> eventsOf(Transport transport, List<Position> positions) {
        List<String> slugs = positions.stream().map(Position::eventSlug).filter(s -> s != null && !s.isBlank()).distinct().toList();
        Map<String, Event> out = new HashMap<>();
        MarketData md = new MarketData(transport);
        for (int i = 0; i < slugs.size(); i += 20) {
            List<String> part = slugs.subList(i, Math.min(slugs.size(), i + 20));
            for (Event e : md.events().slugs(part.toArray(String[]::new)).list()) out.put(e.slug(), e);
        }
        return out;
    }

    private static BigDecimal total(List<Position> positions) {
        BigDecimal t = BigDecimal.ZERO;
        for (Position p : positions) if (nz(p.size()).signum() != 0) t = t.add(nz(p.currentValue()));
        return t;
    }

    private static Table exposure(String name, String key, Map<String, BigDecimal> value, Map<String, Integer> count) {
        BigDecimal total = BigDecimal.ZERO;
        for (BigDecimal v : value.values()) total = total.add(v);
        return exposure(name, key, value, count, total);
    }

    private static Table exposure(String name, String key, Map<String, BigDecimal> value, Map<String, Integer> count, BigDecimal total) {
        List<Map.Entry<String, BigDecimal>> rows = new ArrayList<>(value.entrySet());
        rows.sort(Map.Entry.<String, BigDecimal>comparingByValue().reversed().thenComparing(Map.Entry.comparingByKey()));
        StringColumn k = StringColumn.create(key);
        DoubleColumn v = DoubleColumn.create("value"), share = DoubleColumn.create("share");
        IntColumn n = IntColumn.create("positions");
        for (Map.Entry<String, BigDecimal> e : rows) {
            k.append(e.getKey());
            v.append(e.getValue().doubleValue());
            share.append(total.signum() == 0 ? 0 : e.getValue().divide(total, MathContext.DECIMAL64).doubleValue());
            n.append(count.get(e.getKey()));
        }
        return Table.create(name, k, v, share, n);
    }

    /** The fee of one order-book trade for {@code address}: fee rate (bps) × price × the size it traded. */
    public static BigDecimal fee(ClobTrade t, String address) {
        BigDecimal bps = nz(t.feeRateBps());
        if ("MAKER".equals(t.traderSide())) {
            BigDecimal f = BigDecimal.ZERO;
            for (var m : t.makerOrders()) {
                if (m.makerAddress() != null && m.makerAddress().equalsIgnoreCase(address)) {
                    f = f.add(nz(m.feeRateBps()).multiply(nz(m.price())).multiply(nz(m.matchedAmount())).movePointLeft(4));
                }
            }
            return f;
        }
        return bps.multiply(nz(t.price())).multiply(nz(t.size())).movePointLeft(4);
    }

    /**
     * Fees by market of the account's order-book trades, most traded first: the market's question (when a read has
     * named it, else its shortened condition id), trades, notional, fees and the condition id; their totals as the
     * table's last row ("all markets").
     */
    public static Table fees(List<ClobTrade> trades, String address) {
        Map<String, BigDecimal> fee = new TreeMap<>(), notional = new TreeMap<>();
        Map<String, Integer> count = new TreeMap<>();
        Map<String, String> titles = new HashMap<>();
        BigDecimal totalFee = BigDecimal.ZERO, totalNotional = BigDecimal.ZERO;
        for (ClobTrade t : trades) {
            BigDecimal f = fee(t, address), n = nz(t.price()).multiply(t.accountSize(address));
            fee.merge(t.market(), f, BigDecimal::add);
            notional.merge(t.market(), n, BigDecimal::add);
            count.merge(t.market(), 1, Integer::sum);
            String q = org.marketlab.markets.TokenNames.question(t.market());
            if (q == null) q = org.marketlab.markets.TokenNames.question(t.assetId());
            if (q != null) titles.putIfAbsent(t.market(), q);
            totalFee = totalFee.add(f);
            totalNotional = totalNotional.add(n);
        }
        List<String> markets = new ArrayList<>(fee.keySet());
        markets.sort(Comparator.comparing((String m) -> notional.get(m)).reversed().thenComparing(Comparator.naturalOrder()));
        StringColumn title = StringColumn.create("title"), market = StringColumn.create("market");
        IntColumn n = IntColumn.create("trades");
        DoubleColumn notionalCol = DoubleColumn.create("notional"), fees = DoubleColumn.create("fees");
        for (String m : markets) {
            title.append(titles.getOrDefault(m, org.marketlab.tables.Ids.shorten(m)));
            market.append(m);
            n.append(count.get(m));
            notionalCol.append(notional.get(m).doubleValue());
            fees.append(fee.get(m).doubleValue());
        }
        title.append("all markets");
        market.append("");
        n.append(trades.size());
        notionalCol.append(totalNotional.doubleValue());
        fees.append(totalFee.doubleValue());
        return Table.create("fees by market", title, n, notionalCol, fees, market);
    }

    /** The equity curve: time, cash, holdings, pnl. */
    public static Table equityCurve(List<PnlPoint> series) {
        return RecordTable.of(PnlPoint.class).table("equity curve", series);
    }

    /** Winning resolved positions still held, worth more than zero: money not yet collected. */
    public static List<Anomaly> redeemableNotRedeemed(List<Position> positions) {
        List<Anomaly> out = new ArrayList<>();
        for (Position p : positions) {
            // A losing position is redeemable too, for nothing: only a winner's unredeemed shares are money left behind.
            if (Boolean.TRUE.equals(p.redeemable()) && nz(p.size()).signum() > 0 && nz(p.currentValue()).signum() > 0) {
                out.add(new Anomaly("REDEEMABLE_NOT_REDEEMED", null, p.title(), p.outcome(), p.tokenId(), nz(p.currentValue()),
                        Formats.money(p.size()) + " shares resolved at " + nz(p.currentPrice()).stripTrailingZeros().toPlainString()
                                + ", worth " + Formats.usdc(nz(p.currentValue())) + ", not redeemed (market ended " + p.endDate() + ")"));
            }
        }
        return out;
    }

    /** Positions holding more than {@code share} (0 to 1) of the account's current value. */
    public static List<Anomaly> concentration(List<Position> positions, BigDecimal share) {
        if (share == null || share.signum() <= 0 || share.compareTo(BigDecimal.ONE) > 0) {
            throw new IllegalArgumentException("share must be above 0 and at most 1, was " + share);
        }
        BigDecimal total = total(positions);
        List<Anomaly> out = new ArrayList<>();
        if (total.signum() == 0) return out;
        for (Position p : positions) {
            BigDecimal s = nz(p.currentValue()).divide(total, 4, RoundingMode.HALF_UP);
            if (nz(p.size()).signum() > 0 && s.compareTo(share) > 0) {
                out.add(new Anomaly("CONCENTRATION", null, p.title(), p.outcome(), p.tokenId(), s,
                        s.movePointRight(2).stripTrailingZeros().toPlainString() + "% of the account's value in one position"));
            }
        }
        return out;
    }

    /**
     * Trades whose price is more than {@code distance} from the token's price-history point nearest the trade's time
     * (hourly points, read once per token; a token without history is skipped).
     */
    static List<Anomaly> farFromMid(Transport transport, List<Trade> trades, BigDecimal distance) {
        if (distance == null || distance.signum() <= 0) throw new IllegalArgumentException("distance must be above 0, was " + distance);
        Map<String, List<Trade>> byToken = new LinkedHashMap<>();
        for (Trade t : trades) byToken.computeIfAbsent(t.tokenId(), k -> new ArrayList<>()).add(t);
        ClobData clob = new ClobData(transport);
        List<Anomaly> out = new ArrayList<>();
        for (Map.Entry<String, List<Trade>> e : byToken.entrySet()) {
            Instant first = e.getValue().stream().map(Trade::timestamp).min(Comparator.naturalOrder()).orElseThrow();
            Instant last = e.getValue().stream().map(Trade::timestamp).max(Comparator.naturalOrder()).orElseThrow();
            List<PricePoint> history;
            try {
                history = clob.history(e.getKey()).start(first.minus(Duration.ofHours(1))).end(last.plus(Duration.ofHours(1))).fidelity(60).list();
            } catch (ServiceException | IllegalArgumentException none) {
                continue;
            }
            if (history.isEmpty()) continue;
            for (Trade t : e.getValue()) {
                PricePoint near = nearest(history, t.timestamp());
                BigDecimal at = BigDecimal.valueOf(near.price());
                BigDecimal d = t.price().subtract(at).abs();
                if (d.compareTo(distance) > 0) {
                    out.add(new Anomaly("FAR_FROM_MID", t.timestamp(), t.title(), t.outcome(), t.tokenId(), d,
                            t.side() + " " + Formats.money(t.size()) + " shares at " + Formats.price(t.price())
                                    + " when the market was at " + Formats.price(at)));
                }
            }
        }
        return out;
    }

    private static PricePoint nearest(List<PricePoint> history, Instant t) {
        PricePoint best = history.get(0);
        for (PricePoint p : history) {
            if (Duration.between(p.time(), t).abs().compareTo(Duration.between(best.time(), t).abs()) < 0) best = p;
        }
        return best;
    }

    /**
     * Anomalies as a table, one row each. The record's {@code figure} is shown in a column of its own unit, so no
     * column mixes units: {@code value} (USDC, an unredeemed winner), {@code share} (of the account's value, a
     * concentration) and {@code priceDistance} (a trade's distance from the market's price), each empty on the other
     * kinds' rows.
     */
    public static Table table(List<Anomaly> anomalies) {
        Table t = RecordTable.of(Anomaly.class).table("anomalies", anomalies);
        int at = t.columnNames().indexOf("figure");
        DoubleColumn value = DoubleColumn.create("value"), share = DoubleColumn.create("share"),
                distance = DoubleColumn.create("priceDistance");
        for (Anomaly a : anomalies) {
            Double f = a.figure() == null ? null : a.figure().doubleValue();
            value.append("REDEEMABLE_NOT_REDEEMED".equals(a.kind()) ? f : null);
            share.append("CONCENTRATION".equals(a.kind()) ? f : null);
            distance.append("FAR_FROM_MID".equals(a.kind()) ? f : null);
        }
        t.removeColumns("figure");
        t.insertColumn(at, distance);
        t.insertColumn(at, share);
        t.insertColumn(at, value);
        return t;
    }
}
