package org.marketlab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.accounts.Position;
import org.marketlab.accounts.PositionsQuery;
import org.marketlab.clob.Book;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.signing.Wallet;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The helpers that take hand-built tables and sentences out of notebooks, on the embedded sandbox:
 * {@code Clob.booksTable} against the books the order book serves one by one, {@code positionsByStatus} against each
 * status's positions, and {@code Say}'s wording.
 */
class ReportHelpersTest {

    private static org.marketlab.sandbox.Sandbox sandbox;
    private static String clob;

    @BeforeAll
    static void sandbox() {
        sandbox = org.marketlab.sandbox.Sandbox.builder().seed(11).now(Instant.parse("2026-11-01T00:00:00Z")).build();
        var urls = sandbox.start();
        clob = urls.get("clob").toString().replaceAll("/$", "");
        MarketLab.use(Profile.sandbox(11).withUrl(Service.CLOB, clob).withUrl(Service.MARKETS, urls.get("markets").toString())
                .withUrl(Service.DATA, urls.get("data").toString()));
    }

    @org.junit.jupiter.api.AfterAll
    static void stop() {
        MarketLab.use(Profile.sandbox());
        sandbox.close();
    }

    @Test
    void booksTableIsEachBookAsTheOrderBookServesIt() throws Exception {
        List<String> tokens = new ArrayList<>();
        for (var m : Markets.markets().closed(false).limit(12).list()) tokens.add(m.clobTokenIds().get(0));
        Table t = Clob.booksTable(tokens, 5, 100);
        assertEquals(12, t.rowCount());
        assertEquals(List.of("outcome", "best_bid", "best_ask", "midpoint", "spread", "relative_spread_pct", "depth_near_mid", "imbalance",
                "slippage_buy_cents"), t.columnNames());
        HttpClient http = HttpClient.newHttpClient();
        for (int i = 0; i < tokens.size(); i++) {
            String body = http.send(HttpRequest.newBuilder(URI.create(clob + "/book?token_id=" + tokens.get(i))).build(),
                    HttpResponse.BodyHandlers.ofString()).body();
            JsonNode b = new ObjectMapper().readTree(body);
            double bid = 0, ask = 1;
            for (JsonNode l : b.get("bids")) bid = Math.max(bid, l.get("price").asDouble());
            for (JsonNode l : b.get("asks")) ask = Math.min(ask, l.get("price").asDouble());
            double mid = (bid + ask) / 2, near = 0;
            for (JsonNode l : b.get("bids")) if (mid - l.get("price").asDouble() <= 0.05 + 1e-9) near += l.get("size").asDouble();
            for (JsonNode l : b.get("asks")) if (l.get("price").asDouble() - mid <= 0.05 + 1e-9) near += l.get("size").asDouble();
            assertEquals(bid, t.doubleColumn("best_bid").get(i), 1e-9);
            assertEquals(ask, t.doubleColumn("best_ask").get(i), 1e-9);
            assertEquals(mid, t.doubleColumn("midpoint").get(i), 1e-6);
            assertEquals(ask - bid, t.doubleColumn("spread").get(i), 1e-9);
            assertEquals(100 * (ask - bid) / mid, t.doubleColumn("relative_spread_pct").get(i), 0.01);
            assertEquals(near, t.doubleColumn("depth_near_mid").get(i), 1e-6);
        }
        List<Book> books = Clob.books(tokens.subList(0, 3));
        assertEquals(3, Clob.booksTable(books).rowCount(), "books already read");
        assertTrue(Clob.booksTable(books).name().contains("within 5 cents, slippage of a 100-share buy"));
        assertThrows(IllegalArgumentException.class, () -> Clob.booksTable(List.of()));
        assertThrows(IllegalArgumentException.class, () -> Clob.booksTable(List.of(42)));
        var e = assertThrows(IllegalArgumentException.class, () -> Clob.booksTable(List.of("0xabc")));
        assertTrue(e.getMessage().contains("token id"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Clob.booksTable(tokens, -1, 100));
    }

    @Test
    void positionsByStatusTotalsEachStatussPositions() {
        var account = Accounts.of(Wallet.demo(1).address());
        Table t = account.positionsByStatus();
        assertEquals(List.of("OPEN", "REDEEMABLE", "CLOSED"), t.stringColumn("status").asList());
        assertEquals(List.of("status", "positions", "value", "cost", "realized_pnl", "unrealized_pnl", "total_pnl"), t.columnNames());
        int row = 0;
        for (PositionsQuery.Status s : PositionsQuery.Status.values()) {
            List<Position> p = account.positions().status(s).list();
            assertEquals(p.size(), t.intColumn("positions").get(row), s.name());
            BigDecimal value = BigDecimal.ZERO, realized = BigDecimal.ZERO, unrealized = BigDecimal.ZERO;
            for (Position x : p) {
                if (x.currentValue() != null) value = value.add(x.currentValue());
                if (x.realizedPnl() != null) realized = realized.add(x.realizedPnl());
                if (x.unrealizedPnl() != null) unrealized = unrealized.add(x.unrealizedPnl());
            }
            assertEquals(value.doubleValue(), t.doubleColumn("value").get(row), 1e-6, s.name());
            assertEquals(realized.add(unrealized).doubleValue(), t.doubleColumn("total_pnl").get(row), 1e-6, s.name());
            row++;
        }
        assertTrue(t.intColumn("positions").get(0) > 0 && t.intColumn("positions").get(2) > 0, "demo wallet 1 has open and closed positions");
        assertTrue(t.intColumn("positions").get(1) <= t.intColumn("positions").get(0), "the redeemable ones are among the open");
    }

    @Test
    void saySaysMoneyPercentagesAndCountsAsAReaderReadsThem() {
        assertEquals("1,234.50 USDC", Say.money(new BigDecimal("1234.5")));
        assertEquals("-3.20 USDC", Say.money(-3.2));
        assertEquals("0.00 USDC", Say.money(0.004));
        assertEquals("41.7 %", Say.percent(0.4166));
        assertEquals("42 %", Say.percent(0.4166, 0));
        assertEquals("3.5 cents", Say.cents(0.035));
        assertEquals("1 cent", Say.cents(0.01));
        assertEquals("-0.25 cents", Say.cents(-0.0025));
        assertEquals("0.535", Say.price(new BigDecimal("0.5350")));
        assertEquals("1", Say.price(1.0));
        assertEquals("1 trade", Say.count(1, "trade"));
        assertEquals("1,204 trades", Say.count(1204, "trade"));
        assertEquals("2026-11-23 14:05 UTC", Say.time(Instant.parse("2026-11-23T14:05:59Z")));
        assertEquals("2 h 5 min", Say.duration(Duration.ofMinutes(125)));
        assertEquals("3 d 4 h", Say.duration(Duration.ofHours(76)));
        assertEquals("45 s", Say.duration(Duration.ofSeconds(45)));
        assertEquals("12,400 rows in 3.25 s; 0.1235 of them, at 2026-11-23 14:05 UTC, none",
                Say.sentence("{} rows in {} s; {} of them, at {}, {}", 12_400, 3.25, 0.123456, Instant.parse("2026-11-23T14:05:00Z"), null));
        assertEquals("Value 1,234.50 USDC, 41.7 % in one.", Say.sentence("Value {}, {} in one.", Say.money(1234.5), Say.percent(0.4166)));
        var e = assertThrows(IllegalArgumentException.class, () -> Say.sentence("{} and {}", 1));
        assertTrue(e.getMessage().contains("more {} places than the 1 value(s)"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Say.sentence("{}", 1, 2));
        assertTrue(e.getMessage().contains("1 {} place(s) for 2 values"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Say.percent(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> Say.money(null));
    }
}
