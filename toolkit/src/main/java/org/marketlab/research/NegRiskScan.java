package org.marketlab.research;

import org.marketlab.internal.Args;
import org.marketlab.markets.Event;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * The neg-risk scan: one {@link Basket} per event, the open events flagged neg-risk unless {@link #events} names
 * others, best edge first. Immutable: each setter returns a new scan; nothing is read before {@link #list()} or
 * {@link #table()}.
 *
 * <pre>{@code
 * Research.negRiskScan().table();                                  // every open neg-risk event
 * Research.negRiskScan().limit(20).takerFee(0.02).table();        // the first 20, after a 2 % taker fee rate
 * Research.negRiskScan().events(Markets.events().ids("12").list()).list();
 * }</pre>
 */
public final class NegRiskScan {

    private final BookScans scans;
    private final List<Event> events;
    private final List<String> ids;
    private final int limit;
    private final BigDecimal takerFee;

    NegRiskScan(BookScans scans, List<Event> events, List<String> ids, int limit, BigDecimal takerFee) {
        this.scans = scans;
        this.events = events;
        this.ids = ids;
        this.limit = limit;
        this.takerFee = takerFee;
    }

    /** These events instead of the open neg-risk ones; each must be neg-risk (its outcomes exclusive). */
    public NegRiskScan events(Collection<Event> events) {
        Args.notNull(events, "events");
        if (events.isEmpty()) throw new IllegalArgumentException("events is empty; give neg-risk events (Markets.events()...list())");
        List<Event> out = new ArrayList<>();
        for (Event e : events) {
            if (e == null) throw new IllegalArgumentException("events holds a null; give Event records");
            negRisk(e);
            out.add(e);
        }
        return new NegRiskScan(scans, List.copyOf(out), null, limit, takerFee);
    }

    /** The events of these ids (read when the scan runs), each neg-risk. */
    public NegRiskScan events(String... ids) {
        if (ids == null || ids.length == 0) throw new IllegalArgumentException("give one or more event ids");
        List<String> out = new ArrayList<>();
        for (String id : ids) out.add(Args.id(id, "event id"));
        return new NegRiskScan(scans, null, List.copyOf(out), limit, takerFee);
    }

    /** At most this many events (1 or more; by default every one). */
    public NegRiskScan limit(int events) {
        if (events < 1) throw new IllegalArgumentException("limit is a number of events, 1 or more, was " + events);
        return new NegRiskScan(scans, this.events, ids, events, takerFee);
    }

    /**
     * The taker fee rate the walk pays on each share: {@code rate × p × (1 − p)} at price {@code p} (0 by default; a
     * market's rate is its fee schedule's, such as 0.02). Between 0 and 1.
     */
    public NegRiskScan takerFee(double rate) {
        if (!(rate >= 0 && rate <= 1)) throw new IllegalArgumentException("takerFee is a rate between 0 and 1 (0.02 is 2 %), was " + rate);
        return new NegRiskScan(scans, events, ids, limit, BigDecimal.valueOf(rate));
    }

    /** The baskets, best edge first. */
    public List<Basket> list() {
        List<Event> chosen = events != null ? events : ids != null ? scans.events(ids) : scans.openNegRiskEvents(limit);
        if (ids != null) chosen.forEach(NegRiskScan::negRisk);
        if (chosen.size() > limit) chosen = chosen.subList(0, limit);
        return scans.baskets(chosen, takerFee);
    }

    /**
     * One row per event: {@code eventId}, {@code title}, {@code markets}, {@code sumAsk}, {@code sumBid},
     * {@code sumMid}, {@code deviation}, {@code side}, {@code edge}, {@code chargeAtTouch}, {@code sizeAtTouch}, {@code sizeWithEdge},
     * {@code profit} (see {@link Basket}), best edge first.
     */
    public Table table() {
        List<Basket> rows = list();
        String fee = takerFee.signum() == 0 ? "" : String.format(Locale.ROOT, ", after a %s taker fee rate", takerFee.stripTrailingZeros().toPlainString());
        return BookScans.basketsTable(rows, "neg-risk baskets of " + rows.size() + " event" + (rows.size() == 1 ? "" : "s") + fee + ", best edge first");
    }

    private static void negRisk(Event e) {
        if (!Boolean.TRUE.equals(e.negRisk())) {
            throw new IllegalArgumentException("event " + e.id() + " (" + e.title() + ") is not neg-risk: its outcomes are not exclusive,"
                    + " so their prices need not sum to 1; the scan takes events whose negRisk() is true");
        }
    }

    @Override
    public String toString() {
        String which = events != null ? events.size() + " events given" : ids != null ? "events " + String.join(", ", ids) : "the open neg-risk events";
        return "NegRiskScan[" + which + (limit == Integer.MAX_VALUE ? "" : ", limit " + limit)
                + (takerFee.signum() == 0 ? "" : ", taker fee rate " + takerFee.toPlainString()) + "]";
    }
}
