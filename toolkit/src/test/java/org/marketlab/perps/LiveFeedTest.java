package org.marketlab.perps;

import org.marketlab.sandbox.route.SocketFaults.Fault;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.http.AuthenticationException;
import org.marketlab.pacing.VirtualClock;
import org.marketlab.sandbox.perps.PerpsChannel;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.util.List;
import tech.tablesaw.api.Table;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The real-time channel against the sandbox on loopback: typed frames, auth, staleness, gaps, duplicates, reconnects. */
class LiveFeedTest {

    private static final PerpsChannel CHANNEL = PerpsSandboxFixture.perps().channel();

    @BeforeAll
    static void onlyTheTestsFill() {
        PerpsSandboxFixture.perps().market().fillInterval(0); // fills come from fillNow and crossing modifications only
    }

    @AfterEach
    void goodDay() {
        CHANNEL.faults().clear();
    }

    @Test
    void everyFrameKindArrivesTypedAfterTheActionThatCausesIt() throws Exception {
        Wallet owner = Wallet.random();
        PerpsSession s = PerpsSandboxFixture.session(owner);
        BlockingQueue<Order> orders = new LinkedBlockingQueue<>();
        BlockingQueue<Fill> fills = new LinkedBlockingQueue<>();
        BlockingQueue<Portfolio> portfolios = new LinkedBlockingQueue<>();
        try (LiveFeed feed = s.live()) {
            feed.onOrder(orders::add).onFill(fills::add).onPortfolio(portfolios::add);
            assertEquals(LiveFeed.State.AUTHENTICATED, feed.state());
            assertEquals(s.openOrders().size(), feed.orders().size(), "the open orders were read before the first frame");
            assertNotNull(feed.portfolio(), "and the portfolio");

            Order first = s.openOrders().get(0);
            String passive = passive(first);
            modify(s, first, passive);
            Order modified = next(orders, o -> o.oid() == first.oid() && o.p().compareTo(new BigDecimal(passive)) == 0);
            assertEquals(first.coid(), modified.coid());
            assertNotNull(modified.uts());
            assertNotNull(modified.rest());

            Order second = s.openOrders().get(1);
            assertTrue(s.cancelOrders(List.of(second.oid())).get(0).ok());
            Order cancelled = next(orders, o -> o.oid() == second.oid());
            assertEquals("cancelled", cancelled.status());
            feed.settle();
            assertFalse(feed.orders().stream().anyMatch(o -> o.oid() == second.oid()), "a cancelled order leaves the live orders");

            JsonNode made = PerpsSandboxFixture.perps().market().fillNow(owner.address());
            long tid = made.get("tid").asLong();
            Fill fill = next(fills, f -> f.tid() == tid);
            assertEquals(made.get("oid").asLong(), fill.oid());
            assertEquals(new BigDecimal(made.get("qty").asText()), fill.qty());
            assertEquals(new BigDecimal(made.get("p").asText()), fill.p());
            assertNotNull(fill.ts());
            assertNotNull(fill.fee());
            assertNotNull(fill.psz());
            assertTrue(fill.side().equals("long") || fill.side().equals("short"));
            Order filled = next(orders, o -> o.oid() == fill.oid() && o.fill().signum() > 0);
            assertTrue(filled.status().equals("partial") || filled.status().equals("filled"), filled.status());
            Portfolio p = next(portfolios, x -> !x.timestamp().isBefore(fill.ts()));
            assertNotNull(p.margin().totalAccountValue());

            // A modification across the mark fills at once, as taker.
            Order third = s.openOrders().get(2);
            modify(s, third, across(third));
            Fill taken = next(fills, f -> f.oid() == third.oid());
            assertTrue(taken.taker());
            assertEquals("filled", next(orders, o -> o.oid() == third.oid() && "filled".equals(o.status())).status());

            // What the feed holds is what the REST reads say.
            feed.settle();
            assertSameAsRest(s, feed);

            // The views read as words, the instrument's symbol before its id, in a width that fits the page; every column
            // one call away; the records keep the wire's fields.
            tech.tablesaw.api.Table shown = feed.fillsTable().now();
            assertEquals(List.of("time", "symbol", "side", "role", "price", "quantity", "fee", "realized_pnl", "flags"), shown.columnNames());
            assertEquals(feed.fills().size(), shown.rowCount());
            tech.tablesaw.api.Table every = feed.fillsTableAllColumns().now();
            assertEquals(List.of("time", "symbol", "side", "price", "quantity", "fee", "realized_pnl", "position_before_fill",
                    "entry_price_before_fill", "role", "flags", "order_id", "trade_id", "client_order_id"), every.columnNames());
            assertEquals(feed.fills().size(), every.rowCount());
            Fill newest = feed.fills().get(feed.fills().size() - 1);
            assertEquals(newest.tid(), every.longColumn("trade_id").get(0), "newest first");
            assertEquals(newest.psz().doubleValue(), every.doubleColumn("position_before_fill").get(0), 1e-12);
            assertEquals(newest.p().doubleValue(), shown.doubleColumn("price").get(0), 1e-12);
            assertEquals(newest.side().equals("long") ? "buy" : "sell", shown.stringColumn("side").get(0), "a long fill is a buy, as the orders say");
            assertEquals(newest.taker() ? "taker" : "maker", shown.stringColumn("role").get(0));
            java.util.Map<Long, String> symbols = new java.util.HashMap<>();
            for (var pos : feed.portfolio().positions()) symbols.put(pos.instrumentId(), pos.symbol());
            assertEquals(symbols.getOrDefault(newest.iid(), "instrument " + newest.iid()), shown.stringColumn("symbol").get(0));
            tech.tablesaw.api.Table openShown = feed.ordersTable().now();
            assertEquals(List.of("created", "symbol", "side", "price", "quantity", "filled_quantity", "status", "flags", "order_id"), openShown.columnNames());
            assertEquals(feed.orders().size(), openShown.rowCount());
            assertTrue(openShown.stringColumn("side").asSet().stream().allMatch(x -> x.equals("buy") || x.equals("sell")));
            tech.tablesaw.api.Table openEvery = feed.ordersTableAllColumns().now();
            assertEquals(List.of("created", "symbol", "side", "price", "quantity", "filled_quantity", "resting_quantity", "status",
                    "time_in_force", "flags", "updated", "order_id", "client_order_id"), openEvery.columnNames());
            assertEquals(feed.orders().size(), openEvery.rowCount());
            assertEquals(feed.orders().get(0).oid(), openEvery.longColumn("order_id").get(0));
            for (var t : List.of(shown, every, openShown, openEvery)) org.marketlab.charts.ThemeChecks.assertReadable(t);
            org.marketlab.charts.ThemeChecks.assertFitsThePage(shown);
            org.marketlab.charts.ThemeChecks.assertFitsThePage(openShown);
            assertThrows(AssertionError.class, () -> org.marketlab.charts.ThemeChecks.assertFitsThePage(openEvery), "every column is wider than the page");
            org.marketlab.charts.ThemeChecks.assertThemed(feed.equityChart().now());
            assertTrue(s.fills().list().stream().anyMatch(f -> f.tid() == tid), "the fills history has the pushed fill");
        }
    }

    @Test
    void aRefusedAuthIsAClearErrorWithoutTheSecret() {
        PerpsSession s = PerpsSandboxFixture.session(Wallet.random());
        s.revoke();
        AuthenticationException e = assertThrows(AuthenticationException.class, s::live);
        assertTrue(e.getMessage().contains("refused the proxy"), e.getMessage());
        assertTrue(e.getMessage().contains("invalid proxy credentials"), "the service's reason: " + e.getMessage());
        assertFalse(e.getMessage().contains(s.credentials().secret()), "never the secret");
    }

    @Test
    void sixtyFiveSecondsOfSilenceOnAVirtualClockLeadToOneReconnect() throws Exception {
        VirtualClock clock = new VirtualClock();
        PerpsSession s = PerpsSandboxFixture.session(Wallet.random());
        try (LiveFeed feed = s.live(LiveFeed.Options.defaults().clock(clock))) {
            assertTrue(CHANNEL.faults().silence() >= 1);
            clock.advance(Duration.ofSeconds(64));
            Thread.sleep(400); // the watchdog looks every 50 ms
            assertEquals(0, feed.status().reconnects(), "64 s is not yet stale");
            assertEquals(LiveFeed.State.AUTHENTICATED, feed.state());
            clock.advance(Duration.ofSeconds(1));
            await(() -> feed.status().reconnects() == 1 && feed.state() == LiveFeed.State.AUTHENTICATED, "one reconnect");
            Thread.sleep(600);
            assertEquals(1, feed.status().reconnects(), "one, not more: the new connection is fresh");
            assertEquals(LiveFeed.State.AUTHENTICATED, feed.state());
            assertTrue(feed.status().lastError().contains("stale"), feed.status().lastError());
        }
    }

    /**
     * 150 s in 25 s steps of the feed's clock: each step sends one ping (the channel counts it) whose answer reaches the
     * feed before the next step, and the quiet connection is never stale: no reconnect.
     */
    @Test
    void pingsGoOutOnTheClockAndAnsweredPingsKeepTheConnection() throws Exception {
        VirtualClock clock = new VirtualClock();
        PerpsSession s = PerpsSandboxFixture.session(Wallet.random());
        try (LiveFeed feed = s.live(LiveFeed.Options.defaults().clock(clock))) {
            String owner = feed.status().owner();
            long pings = CHANNEL.pings(owner);
            for (int i = 1; i <= 6; i++) {
                clock.advance(Duration.ofSeconds(25));
                long sent = pings + i;
                await(() -> CHANNEL.pings(owner) >= sent && feed.status().lastMessageAge().compareTo(Duration.ofSeconds(25)) < 0,
                        "the ping of step " + i + " sent on the clock and its answer received: " + feed.status());
            }
            assertEquals(pings + 6, CHANNEL.pings(owner), "one ping a step");
            assertEquals(0, feed.status().reconnects(), "answered pings keep a quiet connection alive: " + feed.status());
            assertEquals(LiveFeed.State.AUTHENTICATED, feed.state());
        }
    }

    @Test
    void gapsAndDuplicatesAndLostConnectionsHealFromRest() throws Exception {
        Wallet owner = Wallet.random();
        PerpsSession s = PerpsSandboxFixture.session(owner);
        BlockingQueue<Order> orders = new LinkedBlockingQueue<>();
        try (LiveFeed feed = s.live(LiveFeed.Options.defaults().backoff(Duration.ofMillis(20), Duration.ofMillis(200)))) {
            feed.onOrder(orders::add);
            List<Order> open = s.openOrders();
            // A dropped frame: the next one on its channel shows the gap, and a resync fills it.
            CHANNEL.faults().next(Fault.DROP, 1);
            modify(s, open.get(0), passive(open.get(0)));
            modify(s, open.get(1), passive(open.get(1)));
            await(() -> feed.status().gapsHealed() >= 1, "the gap healed");
            await(() -> sameOrders(s, feed), "orders whole again");
            Order healed = feed.orders().stream().filter(o -> o.oid() == open.get(0).oid()).findFirst().orElseThrow();
            assertEquals(0, new BigDecimal(passive(open.get(0))).compareTo(healed.p()), "the dropped change is there");

            // A duplicated frame is dropped by its sq.
            CHANNEL.faults().next(Fault.DUPLICATE, 1);
            modify(s, open.get(2), passive(open.get(2)));
            await(() -> feed.status().duplicates() >= 1, "the duplicate dropped");

            // A connection closed without a reason: a new one, authenticated again, and a resync.
            long auths = CHANNEL.authentications();
            assertTrue(CHANNEL.faults().closeConnections() >= 1);
            await(() -> feed.status().reconnects() >= 1 && feed.state() == LiveFeed.State.AUTHENTICATED, "reconnected");
            assertTrue(CHANNEL.authentications() > auths, "authenticated again");
            orders.clear();
            modify(s, open.get(3), passive(open.get(3)));
            next(orders, o -> o.oid() == open.get(3).oid() && o.p().compareTo(new BigDecimal(passive(open.get(3)))) == 0);
            feed.settle();
            assertSameAsRest(s, feed);
        }
    }

    @Test
    void delayedFramesArriveLateInOrderWithoutAGap() throws Exception {
        PerpsSession s = PerpsSandboxFixture.session(Wallet.random());
        BlockingQueue<Order> orders = new LinkedBlockingQueue<>();
        try (LiveFeed feed = s.live()) {
            feed.onOrder(orders::add);
            CHANNEL.faults().delayMessages(300);
            List<Order> open = s.openOrders();
            long sent = System.nanoTime();
            modify(s, open.get(0), passive(open.get(0)));
            modify(s, open.get(1), passive(open.get(1)));
            assertEquals(open.get(0).oid(), next(orders, o -> true).oid(), "in the order they happened");
            assertTrue(System.nanoTime() - sent >= TimeUnit.MILLISECONDS.toNanos(300), "and no sooner than the delay");
            assertEquals(open.get(1).oid(), next(orders, o -> true).oid());
            CHANNEL.faults().delayMessages(0);
            feed.settle();
            assertEquals(0, feed.status().gapsHealed());
            assertEquals(0, feed.status().reconnects());
        }
    }

    @Test
    void closingTheSessionClosesItsFeedsAndKeepsTheCredential() {
        PerpsSession s = PerpsSandboxFixture.session(Wallet.random());
        LiveFeed feed = s.live();
        assertTrue(LiveFeed.statuses().stream().anyMatch(x -> x.owner().equals(s.owner())));
        Table table = LiveFeed.statusTable();
        assertTrue(table.stringColumn("name").contains(s.owner()), table.print());
        assertEquals(List.of("perps account"), table.stringColumn("kind").unique().asList(), "the perps account feeds only");
        s.close();
        assertEquals(LiveFeed.State.CLOSED, feed.state());
        assertTrue(PerpsSandboxFixture.perps().proxyExpiry(s.credentials().proxy()).isPresent(), "closing never revokes");
        assertFalse(LiveFeed.statuses().stream().anyMatch(x -> x.owner().equals(s.owner())));
        assertFalse(feed.toString().contains(s.credentials().secret()));
    }

    // ---- helpers ------------------------------------------------------------------------------------------------------

    /** A price that never crosses its instrument's mark: half a buy's price, twice a sell's (orders rest within 10 % of it). */
    static String passive(Order o) {
        BigDecimal p = o.buy() ? o.p().divide(BigDecimal.valueOf(2), o.p().scale(), RoundingMode.DOWN) : o.p().multiply(BigDecimal.valueOf(2));
        return p.stripTrailingZeros().toPlainString();
    }

    /** A price across its instrument's mark: a quarter above a buy's price, a quarter below a sell's. */
    static String across(Order o) {
        BigDecimal p = o.p().multiply(new BigDecimal(o.buy() ? "1.25" : "0.75")).setScale(o.p().scale(), RoundingMode.HALF_UP);
        return p.stripTrailingZeros().toPlainString();
    }

    /** A quantity beyond what the order has filled by about {@code dollars} at its price (a thousandth at least). */
    static String more(Order o, int dollars) {
        BigDecimal extra = BigDecimal.valueOf(dollars).divide(o.p(), 3, RoundingMode.DOWN).max(new BigDecimal("0.001"));
        return o.fill().add(extra).toPlainString();
    }

    private static void modify(PerpsSession s, Order o, String price) {
        assertTrue(s.modifyOrders(Map.of(o.coid(), Modification.of(price, more(o, 300)))).get(0).ok());
    }

    static void assertSameAsRest(PerpsSession s, LiveFeed feed) {
        assertEquals(byOid(s.openOrders()), byOid(feed.orders()), "orders");
        Portfolio rest = s.portfolio();
        Portfolio live = feed.portfolio();
        assertEquals(rest.positions(), live.positions(), "positions");
        assertEquals(rest.margin(), live.margin(), "margin");
        assertEquals(rest.withdrawable(), live.withdrawable(), "withdrawable");
        TreeMap<Long, Fill> restFills = new TreeMap<>();
        for (Fill f : s.fills().list()) restFills.put(f.tid(), f);
        TreeMap<Long, Fill> liveFills = new TreeMap<>();
        for (Fill f : feed.fills()) liveFills.put(f.tid(), withoutCoid(f));
        assertEquals(restFills, liveFills, "fills");
    }

    /** The fills history carries no client order id (the official client's schema has none); frames do. Both carry adl. */
    private static Fill withoutCoid(Fill f) {
        return new Fill(f.tid(), f.oid(), f.iid(), f.side(), f.p(), f.qty(), f.taker(), f.fee(), f.fea(), f.psz(), f.pep(), f.pnl(), f.liq(),
                f.adl(), f.ts(), null);
    }

    private static boolean sameOrders(PerpsSession s, LiveFeed feed) {
        return byOid(s.openOrders()).equals(byOid(feed.orders()));
    }

    private static Map<Long, Order> byOid(List<Order> orders) {
        Map<Long, Order> m = new TreeMap<>();
        for (Order o : orders) m.put(o.oid(), o);
        return m;
    }

    private static <T> T next(BlockingQueue<T> q, Predicate<T> wanted) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            T t = q.poll(100, TimeUnit.MILLISECONDS);
            if (t != null && wanted.test(t)) return t;
        }
        throw new AssertionError("no such frame within 10 s");
    }

    static void await(BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("not within 15 s: " + what);
            Thread.sleep(20);
        }
    }
}
