package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * The simulated market behind the perpetuals accounts, and what it tells the real-time channel.
 *
 * <p>An account trades from its first subscription on the channel (before that its orders only change when its owner
 * changes them, so REST-only use stays still and repeatable). From then on a seeded fill process runs on it: every
 * {@linkplain #fillInterval(long) fill interval} the account's own random sequence (seeded by the world seed and the
 * address) moves the instruments' marks ({@link PerpsAccount#wander}) and decides whether a resting order fills,
 * which one and how much (a maker fill at the order's price, or at the mark when the mark has moved past it); and a
 * modification whose price crosses the instrument's mark fills at once at the mark (a taker fill). A fill changes
 * the order ({@code fill}, {@code rest}, status {@code partial} or {@code filled}, which leaves the open orders), the
 * position ({@code psz} and {@code pep} of the fill are the size and entry price before it) and the collateral
 * (realised profit less the fee: maker {@value #MAKER_FEE}, taker {@value #TAKER_FEE} of the notional), all kept by
 * {@link PerpsAccount}.
 *
 * <p>The channel is told, under the account's lock and so in the order things happened: {@code orders} for every
 * modification, cancellation and fill of an order, {@code fills} after each fill (the data an array of fills, as the
 * official client reads it), {@code portfolio} after every change (fills move positions and collateral, orders the
 * margin they hold) and every {@linkplain #portfolioInterval(long) portfolio interval}. The same fills, the orders that ended, the balances and the equity and profit points are served by the
 * account reads beyond the specification ({@code /v1/account/fills}, {@code orders}, {@code balances}, {@code equity},
 * {@code pnl}); {@code deposits} are the account's ({@link PerpsAccount#deposits()}).
 */
public final class PerpsMarket {

    static final String MAKER_FEE = "0.0002";
    static final String TAKER_FEE = "0.0005";
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    /** Where the market's news goes (the channel). */
    interface Sink {
        void push(String owner, String channel, JsonNode data);
    }

    private final long worldSeed;
    private final LongSupplier clock;
    private final Function<String, PerpsAccount> accounts;
    private final Sink sink;
    private final Builders builders;
    private final Map<String, Ledger> ledgers = new ConcurrentHashMap<>();
    private final Set<String> trading = ConcurrentHashMap.newKeySet();
    private final AtomicLong tradeIds = new AtomicLong(70_000_000);
    private static final String TIMER_THREAD = "sandbox-perps-market";
    private final ScheduledExecutorService timer;
    private volatile long fillIntervalMillis = 1_000;
    private volatile long portfolioIntervalMillis = 5_000;
    private ScheduledFuture<?> fillTask;
    private ScheduledFuture<?> portfolioTask;

    PerpsMarket(long worldSeed, LongSupplier clock, Function<String, PerpsAccount> accounts, Sink sink, Builders builders) {
        this.worldSeed = worldSeed;
        this.builders = builders;
        this.clock = clock;
        this.accounts = accounts;
        this.sink = sink;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, TIMER_THREAD);
            t.setDaemon(true);
            return t;
        });
        reschedule();
    }

    /** What the market keeps per account beyond {@link PerpsAccount}: its random sequence, fills, ended orders, points. */
    static final class Ledger {
        final SplittableRandom random;
        final List<ObjectNode> fills = new ArrayList<>();
        final List<ObjectNode> ended = new ArrayList<>();
        final List<JsonNode> equity = new ArrayList<>();
        final List<JsonNode> pnl = new ArrayList<>();

        Ledger(long seed) {
            this.random = new SplittableRandom(seed);
        }
    }

    // ---- controls ---------------------------------------------------------------------------------------------------

    /**
     * How often the fill process draws, per trading account (default 1000 ms; 0 stops it). Returns once a draw the
     * timer had under way has finished, so that from then on only the new interval (or {@link #tick()}) draws.
     */
    public synchronized PerpsMarket fillInterval(long millis) {
        fillIntervalMillis = interval("fill", millis);
        return rescheduled();
    }

    /** How often every trading account's portfolio is pushed (default 5000 ms; 0 stops it); returns as {@link #fillInterval} does. */
    public synchronized PerpsMarket portfolioInterval(long millis) {
        portfolioIntervalMillis = interval("portfolio", millis);
        return rescheduled();
    }

    private static long interval(String what, long millis) {
        if (millis < 0) throw new IllegalArgumentException(what + " interval must be 0 (off) or more ms, was " + millis);
        return millis;
    }

    /** The timers on the new intervals, once a draw the old timer had under way has finished. */
    private PerpsMarket rescheduled() {
        reschedule();
        awaitTimer();
        return this;
    }

    /** One draw of the fill process for every trading account now (for tests; the timer does the same). */
    public void tick() {
        for (String owner : trading) fillDraw(owner);
    }

    /**
     * Fills part of a resting order of {@code owner}'s account now (chosen by the account's random sequence), whether
     * or not the account trades yet. Returns the fill, or null when no order rests.
     */
    public JsonNode fillNow(String owner) {
        PerpsAccount a = accounts.apply(owner);
        Ledger l = ledger(a);
        synchronized (a) {
            List<ObjectNode> open = a.orderRows();
            if (open.isEmpty()) return null;
            ObjectNode order = open.get(l.random.nextInt(open.size()));
            return fill(a, l, order, portion(l.random, order), makerPrice(a, order), false).deepCopy();
        }
    }

    /** Pushes {@code owner}'s portfolio now. */
    public void pushPortfolio(String owner) {
        PerpsAccount a = accounts.apply(owner);
        synchronized (a) {
            portfolio(a, ledger(a));
        }
    }

    /** Whether the account of {@code owner} trades (has subscribed on the channel). */
    public boolean trading(String owner) {
        return trading.contains(owner.toLowerCase(java.util.Locale.ROOT));
    }

    void startTrading(String owner) {
        trading.add(owner);
    }

    void close() {
        timer.shutdownNow();
    }

    private synchronized void reschedule() {
        if (fillTask != null) fillTask.cancel(false);
        if (portfolioTask != null) portfolioTask.cancel(false);
        long f = fillIntervalMillis, p = portfolioIntervalMillis;
        fillTask = f > 0 ? timer.scheduleWithFixedDelay(this::tickQuietly, f, f, TimeUnit.MILLISECONDS) : null;
        portfolioTask = p > 0 ? timer.scheduleWithFixedDelay(() -> {
            for (String owner : trading) {
                try {
                    pushPortfolio(owner);
                } catch (RuntimeException ignored) {
                    // one account's trouble does not stop the others'
                }
            }
        }, p, p, TimeUnit.MILLISECONDS) : null;
    }

    /**
     * Waits for the task the timer runs now, if any (its one thread runs this no-op after it), unless called on the
     * timer's own thread or after {@link #close()}. A cancelled task does not stop mid-draw; this is what makes a
     * changed interval take effect at once.
     */
    private void awaitTimer() {
        if (Thread.currentThread().getName().equals(TIMER_THREAD) || timer.isShutdown()) return;
        try {
            timer.submit(() -> { }).get(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException | java.util.concurrent.RejectedExecutionException e) {
            // closed meanwhile, or a draw that takes this long: the interval is changed all the same
        }
    }

    private void tickQuietly() {
        try {
            tick();
        } catch (RuntimeException ignored) {
            // the timer must keep running
        }
    }

    // ---- what the channel and the trading operations tell the market ---------------------------------------------

    /** An order was modified or cancelled (under the account's lock): push it; a crossing modification fills. */
    void changed(PerpsAccount a, ObjectNode order, boolean modified) {
        Ledger l = ledger(a);
        if (!modified && order.has("tpsl")) {
            ((ObjectNode) order.get("tpsl")).put("st", "cancelled");
            l.ended.add(order.deepCopy());
            sink.push(a.owner(), "orders", order.deepCopy());
            tpsl(a, order, null);
            return; // an untriggered trigger held no margin
        }
        if (!modified) l.ended.add(order.deepCopy());
        sink.push(a.owner(), "orders", order.deepCopy());
        if (modified && trading.contains(a.owner())) {
            BigDecimal mark = a.mark(order.get("iid").asLong());
            BigDecimal p = new BigDecimal(order.get("p").asText());
            boolean buy = order.get("buy").asBoolean();
            if (buy ? p.compareTo(mark) >= 0 : p.compareTo(mark) <= 0) {
                fill(a, l, order, new BigDecimal(order.get("rest").asText()), mark, true);
                return; // the fill pushed the portfolio
            }
        }
        portfolio(a, l); // the margin the open orders hold has changed
    }

    /** An order was placed (under the account's lock): push it; one that crosses the mark fills there at once as a taker. */
    void created(PerpsAccount a, ObjectNode order, BigDecimal mark) {
        Ledger l = ledger(a);
        sink.push(a.owner(), "orders", order.deepCopy());
        BigDecimal p = new BigDecimal(order.get("p").asText());
        boolean buy = order.get("buy").asBoolean();
        if (buy ? p.compareTo(mark) >= 0 : p.compareTo(mark) <= 0) {
            fill(a, l, order, new BigDecimal(order.get("rest").asText()), mark, true);
        }
        String tif = order.get("tif").asText();
        if ((tif.equals("ioc") || tif.equals("fok")) && a.orderRows().contains(order)) {
            // Immediate-or-cancel: what did not fill at once is cancelled.
            a.cancel(order.get("oid").asLong());
            order.put("status", "cancelled");
            order.put("uts", clock.getAsLong());
            l.ended.add(order.deepCopy());
            sink.push(a.owner(), "orders", order.deepCopy());
        }
        portfolio(a, l);
    }

    /** A take-profit or stop-loss was armed (under the account's lock): push the order and its {@code tpsl} state. */
    void armed(PerpsAccount a, ObjectNode order) {
        sink.push(a.owner(), "orders", order.deepCopy());
        tpsl(a, order, null);
    }

    /** The trigger's lifecycle on the channel {@code tpsl::<instrument id>}: {@code {oid, st, reason?}}. */
    private void tpsl(PerpsAccount a, ObjectNode order, String reason) {
        ObjectNode data = JSON.objectNode().put("oid", order.get("oid").asLong()).put("st", order.get("tpsl").get("st").asText());
        if (reason != null) data.put("reason", reason);
        sink.push(a.owner(), "tpsl::" + order.get("iid").asLong(), data);
    }

    /**
     * The account's take-profit and stop-loss orders against its marks now (its lock held): a long's take-profit fires
     * once the mark is at or above its trigger price and its stop once at or below, a short's the other way round. A
     * fired trigger is activated and closes its quantity (the whole position for 0) at the mark as a taker, or rests at
     * its limit when the mark has not reached that. A trigger whose position has closed is cancelled.
     */
    private void fireTriggers(PerpsAccount a, Ledger l) {
        for (ObjectNode t : List.copyOf(a.triggerRows())) {
            long iid = t.get("iid").asLong();
            ObjectNode state = (ObjectNode) t.get("tpsl");
            BigDecimal size = a.positionSize(iid);
            boolean buy = t.get("buy").asBoolean();
            long now = clock.getAsLong();
            if (size.signum() == 0 || size.signum() > 0 == buy) {
                a.triggerRows().remove(t);
                t.put("status", "cancelled").put("uts", now);
                state.put("st", "cancelled");
                l.ended.add(t.deepCopy());
                sink.push(a.owner(), "orders", t.deepCopy());
                tpsl(a, t, "position closed");
                continue;
            }
            BigDecimal mark = a.mark(iid);
            BigDecimal trp = new BigDecimal(state.get("trp").asText());
            boolean above = size.signum() > 0 == state.get("kind").asText().equals("tp");
            if (above ? mark.compareTo(trp) < 0 : mark.compareTo(trp) > 0) continue;
            BigDecimal qty = new BigDecimal(t.get("qty").asText());
            BigDecimal close = qty.signum() == 0 ? size.abs() : qty.min(size.abs());
            a.triggerRows().remove(t);
            state.put("st", "activated");
            t.put("qty", close.toPlainString()).put("rest", close.toPlainString()).put("uts", now);
            tpsl(a, t, null);
            boolean market = t.get("tif").asText().equals("ioc");
            BigDecimal limit = new BigDecimal(t.get("p").asText());
            if (market || (buy ? limit.compareTo(mark) >= 0 : limit.compareTo(mark) <= 0)) {
                fill(a, l, t, close, mark, true);
            } else {
                a.orderRows().add(t); // a limit that the mark has not reached rests as a reduce-only order
                sink.push(a.owner(), "orders", t.deepCopy());
            }
        }
    }

    private void fillDraw(String owner) {
        PerpsAccount a = accounts.apply(owner);
        Ledger l = ledger(a);
        synchronized (a) {
            a.wander(l.random);
            fireTriggers(a, l);
            List<ObjectNode> open = a.orderRows();
            if (open.isEmpty() || l.random.nextInt(3) != 0) return; // a fill in one draw of three
            ObjectNode order = open.get(l.random.nextInt(open.size()));
            fill(a, l, order, portion(l.random, order), makerPrice(a, order), false);
        }
    }

    /** A resting order fills at its price, or at the mark when the mark has moved past it (a bid above the mark). */
    private static BigDecimal makerPrice(PerpsAccount a, ObjectNode order) {
        BigDecimal p = new BigDecimal(order.get("p").asText());
        BigDecimal mark = a.mark(order.get("iid").asLong());
        return order.get("buy").asBoolean() ? p.min(mark) : p.max(mark);
    }

    /** Part of an order's rest: 20 to 60 % (at least 0.001), all of what is left once that is 0.005 or less. */
    private static BigDecimal portion(SplittableRandom r, ObjectNode order) {
        BigDecimal rest = new BigDecimal(order.get("rest").asText());
        if (rest.compareTo(new BigDecimal("0.005")) <= 0) return rest;
        BigDecimal q = rest.multiply(BigDecimal.valueOf(0.2 + r.nextDouble() * 0.4)).setScale(3, RoundingMode.DOWN);
        return q.signum() <= 0 ? rest : q.min(rest);
    }

    /** Fills {@code qty} of {@code order} at {@code price} (the account's lock held); pushes orders, fills, portfolio. */
    private ObjectNode fill(PerpsAccount a, Ledger l, ObjectNode order, BigDecimal qty, BigDecimal price, boolean taker) {
        long now = clock.getAsLong();
        long iid = order.get("iid").asLong();
        boolean buy = order.get("buy").asBoolean();
        BigDecimal rest = new BigDecimal(order.get("rest").asText()).subtract(qty);
        order.put("fill", new BigDecimal(order.get("fill").asText()).add(qty).toPlainString());
        order.put("rest", rest.toPlainString());
        order.put("status", rest.signum() == 0 ? "filled" : "partial");
        order.put("uts", now);
        if (rest.signum() == 0) {
            a.orderRows().remove(order);
            l.ended.add(order.deepCopy());
        }

        BigDecimal notional = qty.multiply(price);
        BigDecimal fee = notional.multiply(new BigDecimal(taker ? TAKER_FEE : MAKER_FEE)).setScale(6, RoundingMode.HALF_UP);
        long tid = tradeIds.incrementAndGet();
        ObjectNode f = JSON.objectNode();
        f.put("tid", tid);
        f.put("oid", order.get("oid").asLong());
        f.put("iid", iid);
        f.put("side", buy ? "long" : "short");
        f.put("p", price.toPlainString());
        f.put("qty", qty.toPlainString());
        f.put("taker", taker);
        f.put("fee", fee.toPlainString());
        f.put("fea", "USDC");
        if (order.hasNonNull("coid")) f.put("coid", order.get("coid").asText());
        f.put("ts", now);
        // An order that carries a builder pays it too, at the rate the order was accepted with.
        ObjectNode receipt = order.hasNonNull("builder") ? builders.earn(a.owner(), order, f, notional, fee) : null;
        BigDecimal builderFee = receipt == null ? BigDecimal.ZERO : new BigDecimal(receipt.get("builder_fee").asText());
        PerpsAccount.Trade trade = a.fill(iid, buy, qty, price, fee.add(builderFee), now);
        f.put("psz", trade.previousSize().toPlainString());
        f.put("pep", trade.previousEntry().toPlainString());
        f.put("pnl", trade.pnl().toPlainString());
        f.put("liq", false);
        f.put("adl", false);
        if (receipt != null) {
            f.put("builder_fee", builderFee.toPlainString());
            f.set("builder", order.get("builder").deepCopy());
        }
        l.fills.add(f);
        if (receipt != null) sink.push(receipt.get("builder").asText(), "builderFills", JSON.arrayNode().add(Builders.shown(receipt)));

        sink.push(a.owner(), "orders", order.deepCopy());
        sink.push(a.owner(), "fills", JSON.arrayNode().add(f.deepCopy()));
        portfolio(a, l);
        return f;
    }

    private void portfolio(PerpsAccount a, Ledger l) {
        long now = clock.getAsLong();
        ObjectNode p = Portfolios.of(a, now);
        l.equity.add(JSON.arrayNode().add(now).add(p.get("margin").get("total_account_value").asText()));
        l.pnl.add(JSON.arrayNode().add(now).add(a.realised().toPlainString()));
        sink.push(a.owner(), "portfolio", p);
    }

    Ledger ledger(PerpsAccount a) {
        return ledgers.computeIfAbsent(a.owner(), o -> new Ledger(worldSeed * 0x632BE59BD9B4E019L ^ o.hashCode()));
    }

    // ---- the account reads beyond the specification --------------------------------------------------------------

    /** The account's fills in the official client's long names, oldest first (the caller pages them). */
    List<ObjectNode> fillRows(PerpsAccount a) {
        Ledger l = ledger(a);
        List<ObjectNode> out = new ArrayList<>();
        synchronized (a) {
            for (ObjectNode f : l.fills) {
                ObjectNode x = LongNames.of(f, LongNames.FILL);
                if (f.has("builder")) x.put("builder_fee", f.get("builder_fee").asText()).set("builder", f.get("builder").deepCopy());
                x.put("hash", "0x");
                out.add(x);
            }
        }
        return out;
    }

    /** The orders that ended (filled or cancelled) and the open ones, short names, oldest update first. */
    List<ObjectNode> orderHistory(PerpsAccount a) {
        Ledger l = ledger(a);
        List<ObjectNode> out = new ArrayList<>();
        synchronized (a) {
            for (ObjectNode o : l.ended) out.add(o.deepCopy());
            for (ObjectNode o : a.orderRows()) out.add(o.deepCopy());
        }
        return out;
    }

    ArrayNode balances(PerpsAccount a) {
        BigDecimal c = a.collateral();
        ArrayNode out = JSON.arrayNode();
        out.addObject().put("asset", "USDC").put("balance", c.toPlainString()).put("value", c.toPlainString());
        return out;
    }

    /** {@code [timestamp, value]} points of equity (or, with {@code pnl}, of realised profit), one per snapshot. */
    List<JsonNode> points(PerpsAccount a, boolean pnl) {
        Ledger l = ledger(a);
        synchronized (a) {
            return new ArrayList<>(pnl ? l.pnl : l.equity);
        }
    }
}
