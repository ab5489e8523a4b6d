package org.marketlab.sandbox.accounts;

import org.marketlab.sandbox.wallets.Wallets;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.spi.Documents;
import org.marketlab.spi.IpLimit;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Data API over HTTP: v1 and v2 routes read field by field against the documents in the live shapes, every filter and
 * cursor walk (each row once, no gap), the documented refusals and misses, and the figures agreeing with each other:
 * a position's size is its net traded (and redeemed) size, total PnL is the sum of the rows and equals the cash the
 * trades moved plus what is still held, value is the sum of current values.
 */
class DataApiWireTest {

    static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static Sandbox sandbox;
    private static Http data;
    private static String demo1;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(7).now(NOW).build().enforceLimits(false);
        data = new Http(sandbox.start().get("data"));
        demo1 = Wallets.demoAddress(1);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    /** A document in the live shapes (see org.marketlab.spi.Documents). */
    static JsonNode fixture(String name) throws Exception {
        return Http.JSON.readTree(Documents.read(name));
    }

    static Set<String> keys(JsonNode n) {
        Set<String> out = new LinkedHashSet<>();
        n.fieldNames().forEachRemaining(out::add);
        return out;
    }

    /** Every row of a v2 route, following next_cursor with the same filters. */
    static List<JsonNode> walk(String pathAndQuery, int[] pages) {
        List<JsonNode> rows = new ArrayList<>();
        String cursor = null;
        for (int i = 0; i < 10_000; i++) {
            JsonNode page = data.ok(pathAndQuery + (cursor == null ? "" : "&cursor=" + cursor));
            page.get("data").forEach(rows::add);
            if (pages != null) pages[0]++;
            JsonNode p = page.get("pagination");
            assertEquals(p.get("has_more").asBoolean(), !p.get("next_cursor").isNull(), "has_more is exact");
            if (!p.get("has_more").asBoolean()) return rows;
            cursor = p.get("next_cursor").asText();
        }
        throw new AssertionError("no end");
    }

    @Test
    void v2PositionsHaveTheCapturedShapeAndEveryStatus() throws Exception {
        JsonNode captured = fixture("data-v2-positions.json");
        // The captured row's fields, and after status the ones the official Python client's Position model requires.
        Set<String> rowKeys = new java.util.LinkedHashSet<>();
        for (String k : keys(captured.get("data").get(0))) {
            rowKeys.add(k);
            if (k.equals("status")) rowKeys.addAll(List.of("entry_fees_usdc", "total_cost_usdc", "total_pnl", "percent_realized_pnl", "archived", "verified"));
        }
        assertEquals(keys(captured.get("pagination")), keys(data.ok("/v2/positions?user=" + demo1).get("pagination")));
        for (String status : List.of("OPEN", "REDEEMABLE", "CLOSED")) {
            List<JsonNode> rows = walk("/v2/positions?user=" + demo1 + "&status=" + status + "&limit=7", null);
            assertFalse(rows.isEmpty(), "demo 1 has " + status + " positions");
            for (JsonNode r : rows) {
                assertEquals(rowKeys, keys(r), "the captured v2 position's fields and the official model's, in order");
                for (String f : List.of("current_size", "avg_price", "entry_cost_usdc", "current_value", "unrealized_pnl", "percent_pnl",
                        "total_size", "realized_pnl", "current_price")) {
                    assertEquals(captured.get("data").get(0).get(f).getNodeType(), r.get(f).getNodeType(), f + " is a number");
                }
                assertEquals(demo1, r.get("proxy_wallet").asText());
                if (!status.equals("OPEN")) assertEquals(status, r.get("status").asText());
                assertEquals(r.get("status").asText().equals("REDEEMABLE"), r.get("redeemable").asBoolean());
                assertTrue(r.get("token_id").asText().matches("[0-9]+") && r.get("condition_id").asText().matches("0x[0-9a-f]{64}"));
            }
        }
        // OPEN is the superset of held positions: open ones and the redeemable ones.
        Set<String> open = tokens(walk("/v2/positions?user=" + demo1 + "&limit=500", null));
        assertTrue(open.containsAll(tokens(walk("/v2/positions?user=" + demo1 + "&status=REDEEMABLE", null))));
        assertTrue(data.ok("/v2/positions?user=" + demo1 + "&status=CLOSED").get("data").get(0).get("current_size").decimalValue().signum() == 0);
    }

    private static Set<String> tokens(List<JsonNode> rows) {
        Set<String> out = new HashSet<>();
        for (JsonNode r : rows) assertTrue(out.add(r.get("token_id").asText()), "each position once");
        return out;
    }

    @Test
    void v2TradesHaveTheCapturedShapeAndTheCursorWalkSeesEveryFillOnce() throws Exception {
        JsonNode captured = fixture("data-v2-trades.json");
        List<JsonNode> all = walk("/v2/trades?user=" + demo1 + "&taker_only=false&limit=97", null);
        assertTrue(all.size() >= 1000, "demo 1 has at least 1,000 trades: " + all.size());
        JsonNode v1 = data.ok("/trades?user=" + demo1 + "&takerOnly=false&limit=10000");
        assertEquals(v1.size(), all.size(), "v1 (one page of up to 10,000) and the v2 walk see the same fills");
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < all.size(); i++) {
            JsonNode r = all.get(i), w = v1.get(i);
            assertTrue(keys(r).containsAll(keys(captured.get("data").get(0))), "every captured field");
            assertTrue(seen.add(r.get("transaction_hash").asText() + r.get("token_id").asText()), "each fill once");
            assertEquals(w.get("transactionHash").asText(), r.get("transaction_hash").asText(), "same order, no gap");
            assertEquals(0, w.get("size").decimalValue().compareTo(r.get("size").decimalValue()));
            assertEquals(0, w.get("price").decimalValue().compareTo(r.get("price").decimalValue()));
            if (i > 0) assertTrue(all.get(i - 1).get("timestamp").asLong() >= r.get("timestamp").asLong(), "newest first");
        }
        // taker_only (the default) keeps the fills the wallet took.
        List<JsonNode> taker = walk("/v2/trades?user=" + demo1 + "&limit=1000", null);
        assertTrue(taker.size() < all.size() && taker.size() > all.size() / 3, taker.size() + " of " + all.size());
        // v1 rows carry the camelCase names of the official OpenAPI.
        assertEquals(Set.of("proxyWallet", "side", "asset", "conditionId", "size", "price", "timestamp", "title", "slug", "icon",
                "eventSlug", "outcome", "outcomeIndex", "name", "pseudonym", "bio", "profileImage", "profileImageOptimized",
                "transactionHash"), keys(v1.get(0)));
    }

    /**
     * A page that ends inside a second: the cursor carries the second and how many of its fills were listed, so a walk
     * of one fill a page, newest first and oldest first, lists each fill of a busy second once and in the same order
     * as one page of all.
     */
    @Test
    void aCursorThatEndsInsideASecondListsEachOfItsFillsOnce() {
        // A market's feed holds both sides of every match, so its busy seconds hold two fills or more.
        String feed = null;
        List<JsonNode> all = List.of();
        int busy = -1;
        for (String c : walk("/v2/trades?user=" + demo1 + "&taker_only=false&limit=1000", null).stream()
                .map(r -> r.get("condition_id").asText()).distinct().limit(20).toList()) {
            feed = "/v2/trades?taker_only=false&condition=" + c;
            all = walk(feed + "&limit=1000", null);
            for (int i = 11; i < all.size() - 10 && busy < 0; i++)
                if (all.get(i).get("timestamp").asLong() == all.get(i - 1).get("timestamp").asLong()) busy = i;
            if (busy > 0) break;
        }
        assertTrue(busy > 0, "a market of demo 1's has a second with two fills or more, with fills before and after it");
        // About twenty fills around it, newest first: pages end inside the busy second and go on past it.
        long from = all.get(busy + 10).get("timestamp").asLong(), to = all.get(busy - 11).get("timestamp").asLong();
        List<String> expected = all.stream().filter(r -> r.get("timestamp").asLong() >= from && r.get("timestamp").asLong() <= to)
                .map(DataApiWireTest::fill).toList();
        String window = feed + "&limit=1&start=" + from + "&end=" + to;
        assertEquals(expected, walk(window, null).stream().map(DataApiWireTest::fill).toList(), "one a page, newest first");
        List<String> reversed = new ArrayList<>(expected);
        java.util.Collections.reverse(reversed);
        assertEquals(reversed, walk(window + "&sort_direction=ASC", null).stream().map(DataApiWireTest::fill).toList(), "one a page, oldest first");
    }

    private static String fill(JsonNode r) {
        return r.get("transaction_hash").asText() + "/" + r.get("token_id").asText() + "/" + r.get("proxy_wallet").asText() + "/" + r.get("side").asText();
    }

    @Test
    void tradeFiltersSelectExactlyTheirRows() {
        List<JsonNode> all = walk("/v2/trades?user=" + demo1 + "&taker_only=false&limit=1000", null);
        List<String> conditions = all.stream().map(r -> r.get("condition_id").asText()).distinct().limit(2).toList();
        String c = String.join(",", conditions);
        List<JsonNode> some = walk("/v2/trades?user=" + demo1 + "&taker_only=false&condition=" + c + "&limit=13", null);
        assertEquals(all.stream().filter(r -> conditions.contains(r.get("condition_id").asText())).count(), some.size());
        assertEquals(some.size(), data.ok("/trades?user=" + demo1 + "&takerOnly=false&limit=10000&market=" + c).size());
        assertEquals(some.size(), walk("/v2/trades?user=" + demo1 + "&taker_only=false&conditionId=" + c, null).size(), "camelCase alias");
        List<JsonNode> sells = walk("/v2/trades?user=" + demo1 + "&taker_only=false&side=SELL&limit=1000", null);
        assertEquals(all.stream().filter(r -> r.get("side").asText().equals("SELL")).count(), sells.size());
        long mid = all.get(all.size() / 2).get("timestamp").asLong();
        List<JsonNode> window = walk("/v2/trades?user=" + demo1 + "&taker_only=false&start=" + (mid - 86_400 * 30) + "&end=" + mid, null);
        assertEquals(all.stream().filter(r -> r.get("timestamp").asLong() <= mid && r.get("timestamp").asLong() >= mid - 86_400 * 30).count(),
                window.size());
        List<JsonNode> ascending = walk("/v2/trades?user=" + demo1 + "&taker_only=false&sort_direction=ASC&limit=1000", null);
        assertEquals(all.get(all.size() - 1).get("transaction_hash"), ascending.get(0).get("transaction_hash"));
        // The market feed (no user) holds every seeded wallet's fills in the market, demo 1's among them.
        List<JsonNode> market = walk("/v2/trades?taker_only=false&condition=" + conditions.get(0), null);
        assertTrue(market.size() >= some.stream().filter(r -> r.get("condition_id").asText().equals(conditions.get(0))).count());
        assertTrue(market.stream().anyMatch(r -> r.get("proxy_wallet").asText().equals(demo1)));
    }

    @Test
    void activityHasEveryKindAndItsFilters() {
        List<JsonNode> all = walk("/v2/activity?user=" + demo1 + "&limit=1000", null);
        Map<String, Integer> kinds = new HashMap<>();
        for (JsonNode a : all) kinds.merge(a.get("type").asText(), 1, Integer::sum);
        for (String k : List.of("TRADE", "SPLIT", "MERGE", "REDEEM", "REWARD")) assertTrue(kinds.containsKey(k), k + " in " + kinds);
        assertEquals(kinds.get("SPLIT"), kinds.get("MERGE"));
        JsonNode v1 = data.ok("/activity?user=" + demo1 + "&type=REDEEM,REWARD&limit=500");
        assertEquals(kinds.get("REDEEM") + kinds.get("REWARD"), v1.size());
        assertEquals(kinds.get("REWARD").intValue(), walk("/v2/activity?user=" + demo1 + "&type=REWARD", null).size());
        for (JsonNode a : v1) {
            if (a.get("type").asText().equals("REWARD")) {
                assertEquals("", a.get("asset").asText());
                assertEquals(999, a.get("outcomeIndex").asInt());
            }
        }
        // v1 pages with offset: two pages join to the first 200 of the feed.
        JsonNode p1 = data.ok("/activity?user=" + demo1 + "&limit=100"), p2 = data.ok("/activity?user=" + demo1 + "&limit=100&offset=100");
        for (int i = 0; i < 100; i++) {
            assertEquals(all.get(i).get("transaction_hash").asText(), p1.get(i).get("transactionHash").asText());
            assertEquals(all.get(100 + i).get("transaction_hash").asText(), p2.get(i).get("transactionHash").asText());
        }
        assertEquals(500, data.ok("/activity?user=" + demo1 + "&limit=800").size(), "v1 activity clamps the limit to 500");
    }

    /**
     * For every token: size = bought - sold - redeemed; the PnL of every row (realised + unrealised) sums to the cash
     * the trades and redemptions moved plus the value still held; /value is the sum of current values.
     */
    @Test
    void theFiguresAgree() {
        for (String user : sandbox.wallets().seeded().subList(0, 5)) {
            int n = sandbox.wallets().seeded().indexOf(user) + 1;
            Map<String, BigDecimal> net = new HashMap<>();
            BigDecimal cash = BigDecimal.ZERO;
            for (JsonNode a : walk("/v2/activity?user=" + user + "&type=TRADE,REDEEM&limit=1000", null)) {
                BigDecimal size = a.get("size").decimalValue(), usdc = a.get("usdc_size").decimalValue();
                boolean in = a.get("type").asText().equals("TRADE") && a.get("side").asText().equals("BUY");
                net.merge(a.get("token_id").asText(), in ? size : size.negate(), BigDecimal::add);
                cash = cash.add(in ? usdc.negate() : usdc);
            }
            BigDecimal pnl = BigDecimal.ZERO, value = BigDecimal.ZERO;
            int rows = 0;
            for (String status : List.of("OPEN", "CLOSED")) {
                for (JsonNode p : walk("/v2/positions?user=" + user + "&status=" + status + "&limit=500", null)) {
                    rows++;
                    BigDecimal size = p.get("current_size").decimalValue();
                    assertEquals(0, net.getOrDefault(p.get("token_id").asText(), BigDecimal.ZERO).compareTo(size),
                            "position size = net traded size: " + p);
                    pnl = pnl.add(p.get("realized_pnl").decimalValue()).add(p.get("unrealized_pnl").decimalValue());
                    value = value.add(p.get("current_value").decimalValue());
                    assertEquals(0, p.get("current_value").decimalValue().compareTo(size.multiply(p.get("current_price").decimalValue())));
                    assertEquals(0, p.get("unrealized_pnl").decimalValue().compareTo(
                            p.get("current_value").decimalValue().subtract(p.get("entry_cost_usdc").decimalValue())));
                }
            }
            assertEquals(net.size(), rows, "a row for every token traded");
            assertEquals(0, cash.add(value).compareTo(pnl), "total PnL = sum of rows = cash moved + value held, wallet " + n);
            assertEquals(0, value.compareTo(data.ok("/value?user=" + user).get(0).get("value").decimalValue()));
            assertEquals(0, value.compareTo(data.ok("/v2/value?user=" + user).get("data").get("value").decimalValue()));
            // v1 splits the lifecycle: /positions (held, size threshold 0) and /closed-positions.
            BigDecimal v1 = BigDecimal.ZERO;
            for (JsonNode p : data.ok("/positions?user=" + user + "&sizeThreshold=0&limit=500")) v1 = v1.add(p.get("currentValue").decimalValue());
            assertEquals(0, value.compareTo(v1));
        }
    }

    @Test
    void holdersAndOpenInterestCountTheSeededWallets() {
        JsonNode p = data.ok("/v2/positions?user=" + demo1 + "&limit=1").get("data").get(0);
        String c = p.get("condition_id").asText();
        JsonNode v1 = data.ok("/holders?market=" + c + "&minBalance=0&limit=500");
        assertEquals(2, v1.size(), "one group per outcome token");
        JsonNode mine = null;
        for (JsonNode g : v1) {
            BigDecimal last = null;
            for (JsonNode h : g.get("holders")) {
                assertEquals(g.get("token").asText(), h.get("asset").asText());
                if (last != null) assertTrue(last.compareTo(h.get("amount").decimalValue()) >= 0, "largest first");
                last = h.get("amount").decimalValue();
                if (h.get("proxyWallet").asText().equals(demo1)) mine = h;
            }
        }
        assertTrue(mine != null && mine.get("amount").decimalValue().compareTo(p.get("current_size").decimalValue()) == 0);
        JsonNode v2 = data.ok("/v2/holders?condition=" + c + "&limit=1000");
        assertEquals(v1.get(0).get("holders").size(), v2.get("data").get(0).get("holders").size());
        BigDecimal oi1 = data.ok("/oi?market=" + c).get(0).get("value").decimalValue();
        JsonNode oi2 = data.ok("/v2/oi?condition=" + c).get("data").get(0);
        assertEquals(c, oi2.get("condition_id").asText());
        assertEquals(0, oi1.compareTo(oi2.get("value").decimalValue()));
        assertTrue(oi1.compareTo(p.get("current_value").decimalValue()) >= 0);
        assertEquals("GLOBAL", data.ok("/oi").get(0).get("market").asText());
        assertEquals(0, data.ok("/v2/oi?condition=0x" + "0".repeat(64)).get("data").size(), "an unknown market is left out");
        data.refused(400, "/holders");
    }

    /**
     * {@code /v1/market-positions}: per outcome token, the open positions are {@code /holders}' rows (the same wallets,
     * sizes and order); a seeded wallet's row carries its own position's figures; {@code CLOSED} lists sold-out seeded
     * positions only; {@code user} narrows and the sort applies.
     */
    @Test
    void marketPositionsV1AreTheHoldersWithTheirFigures() {
        JsonNode p = data.ok("/v2/positions?user=" + demo1 + "&limit=1").get("data").get(0);
        String c = p.get("condition_id").asText();
        JsonNode positions = data.ok("/v1/market-positions?market=" + c + "&limit=500");
        JsonNode holders = data.ok("/holders?market=" + c + "&minBalance=0&limit=500");
        assertEquals(holders.size(), positions.size(), "one group per outcome token");
        for (int i = 0; i < holders.size(); i++) {
            JsonNode rows = positions.get(i).get("positions"), hs = holders.get(i).get("holders");
            assertEquals(holders.get(i).get("token").asText(), positions.get(i).get("token").asText());
            assertEquals(hs.size(), rows.size());
            for (int j = 0; j < hs.size(); j++) {
                assertEquals(hs.get(j).get("proxyWallet").asText(), rows.get(j).get("proxyWallet").asText());
                assertEquals(0, hs.get(j).get("amount").decimalValue().compareTo(rows.get(j).get("size").decimalValue()));
                BigDecimal total = rows.get(j).get("realizedPnl").decimalValue().add(rows.get(j).get("cashPnl").decimalValue());
                assertEquals(0, total.compareTo(rows.get(j).get("totalPnl").decimalValue()));
            }
        }
        JsonNode mine = data.ok("/v1/market-positions?market=" + c + "&user=" + demo1);
        JsonNode row = null;
        for (JsonNode g : mine) for (JsonNode r : g.get("positions")) row = r;
        assertTrue(row != null && row.get("proxyWallet").asText().equals(demo1), mine.toString());
        assertEquals(0, row.get("size").decimalValue().compareTo(p.get("current_size").decimalValue()));
        assertEquals(p.get("token_id").asText(), row.get("asset").asText());
        for (JsonNode g : data.ok("/v1/market-positions?market=" + c + "&status=CLOSED&limit=500")) {
            for (JsonNode r : g.get("positions")) assertEquals(0, r.get("size").decimalValue().signum(), "closed: sold out");
        }
        JsonNode ascending = data.ok("/v1/market-positions?market=" + c + "&sortBy=TOTAL_PNL&sortDirection=ASC&limit=500").get(0).get("positions");
        for (int j = 1; j < ascending.size(); j++) {
            assertTrue(ascending.get(j - 1).get("totalPnl").decimalValue().compareTo(ascending.get(j).get("totalPnl").decimalValue()) <= 0);
        }
        assertTrue(data.refused(400, "/v1/market-positions").contains("market"));
        assertTrue(data.refused(400, "/v1/market-positions?market=" + c + "&sortBy=SIZE").contains("TOKENS"));
    }

    /** The v1 boards ({@code /v1/leaderboard}, {@code /v1/builders/leaderboard}, {@code /v1/builders/volume}) are the v2 boards in the v1 shapes. */
    @Test
    void theV1BoardsAreTheV2Boards() {
        for (String[] w : new String[][]{{"ALL", "all"}, {"WEEK", "week"}, {"DAY", "day"}}) {
            for (String[] order : new String[][]{{"PNL", "PNL"}, {"VOL", "VOLUME"}}) {
                JsonNode v1 = data.ok("/v1/leaderboard?timePeriod=" + w[0] + "&orderBy=" + order[0] + "&limit=50");
                JsonNode v2 = data.ok("/v2/leaderboard?time_period=" + w[1] + "&sort_by=" + order[1] + "&limit=50").get("data");
                assertEquals(v2.size(), v1.size());
                for (int i = 0; i < v1.size(); i++) {
                    assertEquals(String.valueOf(i + 1), v1.get(i).get("rank").asText());
                    assertEquals(v2.get(i).get("user_id").asText(), v1.get(i).get("proxyWallet").asText());
                    assertEquals(0, v2.get(i).get("pnl").decimalValue().compareTo(v1.get(i).get("pnl").decimalValue()));
                    assertEquals(0, v2.get(i).get("volume").decimalValue().compareTo(v1.get(i).get("vol").decimalValue()));
                }
            }
        }
        assertEquals(25, data.ok("/v1/leaderboard?timePeriod=ALL").size(), "the default page is 25 rows (the seeded wallets are more)");
        JsonNode me = data.ok("/v1/leaderboard?timePeriod=ALL&user=" + demo1);
        assertEquals(1, me.size());
        assertEquals(data.ok("/v2/leaderboard?time_period=all&user=" + demo1).get("data").get("rank_pnl").asText(), me.get(0).get("rank").asText());
        JsonNode builders = data.ok("/v1/builders/leaderboard?timePeriod=ALL");
        JsonNode builders2 = data.ok("/v2/builders/leaderboard?time_period=all").get("data");
        assertEquals(0, builders2.get(0).get("volume").decimalValue().compareTo(builders.get(0).get("volume").decimalValue()));
        assertEquals(builders2.get(0).get("active_users").asInt(), builders.get(0).get("activeUsers").asInt());
        JsonNode days = data.ok("/v1/builders/volume?timePeriod=MONTH");
        JsonNode days2 = data.ok("/v2/builders/volume?interval=month").get("data");
        assertEquals(days2.size(), days.size());
        for (int i = 0; i < days.size(); i++) {
            assertEquals(days2.get(i).get("date").asText() + "T00:00:00Z", days.get(i).get("dt").asText());
            assertEquals(0, days2.get(i).get("volume").decimalValue().compareTo(days.get(i).get("volume").decimalValue()));
        }
        assertTrue(data.refused(400, "/v1/leaderboard?timePeriod=YEAR").contains("DAY, WEEK, MONTH or ALL"));
        assertTrue(data.refused(400, "/v1/leaderboard?limit=51").contains("limit"));
    }

    @Test
    void refusalsAndMisses() {
        String nobody = "0x" + "1".repeat(40);
        JsonNode none = data.ok("/v2/positions?user=" + nobody);
        assertEquals(0, none.get("data").size());
        assertFalse(none.get("pagination").get("has_more").asBoolean());
        assertTrue(none.get("pagination").get("next_cursor").isNull());
        assertEquals(0, data.ok("/trades?user=" + nobody).size());
        assertEquals(0, data.ok("/v2/value?user=" + nobody).get("data").get("value").decimalValue().signum());

        assertTrue(data.refused(400, "/v2/positions?user=" + demo1 + "&offset=10").contains("cursor"));
        assertTrue(data.refused(400, "/v2/trades?user=" + demo1 + "&limit=1001").contains("1000"));
        assertTrue(data.refused(400, "/v2/positions?user=0x12").contains("user"));
        assertTrue(data.refused(400, "/v2/activity").contains("user"));
        assertTrue(data.refused(400, "/v2/positions?user=" + demo1 + "&condition=0xabc").contains("0xabc"));
        StringBuilder many = new StringBuilder();
        for (int i = 0; i < 21; i++) many.append(i == 0 ? "" : ",").append(String.format("0x%064x", i));
        assertTrue(data.refused(400, "/v2/trades?condition=" + many).contains("20"));
        assertTrue(data.refused(400, "/v2/positions?user=" + demo1 + "&status=GONE").contains("OPEN"));
        assertTrue(data.refused(400, "/v2/activity?user=" + demo1 + "&type=NOPE").contains("NOPE"));
        assertTrue(data.refused(400, "/trades?user=" + demo1 + "&offset=10001").contains("10000"));
        // A cursor binds its filters: re-sent with others, or on another route, it is refused.
        String cursor = data.ok("/v2/trades?user=" + demo1 + "&limit=5").get("pagination").get("next_cursor").asText();
        assertEquals(5, data.ok("/v2/trades?user=" + demo1 + "&cursor=" + cursor).get("data").size(), "the cursor's size wins");
        assertTrue(data.refused(400, "/v2/trades?user=" + demo1 + "&side=BUY&cursor=" + cursor).contains("filters"));
        data.refused(400, "/v2/activity?user=" + demo1 + "&cursor=" + cursor);
        data.refused(400, "/v2/trades?user=" + demo1 + "&cursor=garbage!");
    }

    @Test
    void theSameSeedAndAnchorGiveTheSameBytes() {
        try (Sandbox again = Sandbox.builder().seed(7).now(NOW).build().enforceLimits(false)) {
            Http other = new Http(again.start().get("data"));
            for (String q : List.of("/v2/positions?user=" + demo1 + "&limit=500", "/activity?user=" + demo1 + "&limit=500",
                    "/v2/trades?user=" + Wallets.demoAddress(3) + "&taker_only=false&limit=1000")) {
                assertEquals(data.get(q).text(), other.get(q).text(), q);
            }
        }
        try (Sandbox seed8 = Sandbox.builder().seed(8).now(NOW).build().enforceLimits(false)) {
            Http other = new Http(seed8.start().get("data"));
            String q = "/v2/trades?user=" + demo1 + "&limit=20";
            assertNotEquals(data.get(q).text(), other.get(q).text());
        }
    }

    /** The data host's rows of the published table apply to these routes (a tight copy of one, to see it refuse). */
    @Test
    void theDataWindowsApply() {
        IpLimit trades = IpLimit.published().stream().filter(l -> l.scope().equals("data.v2.trades")).findFirst().orElseThrow();
        assertTrue(trades.matches("data", "GET", "/v2/trades"));
        IpLimit tight = new IpLimit(trades.scope(), trades.service(), trades.endpoint(), trades.methods(), trades.paths(), 3, Duration.ofSeconds(10));
        try (Sandbox small = Sandbox.builder().seed(7).now(NOW).limits(List.of(tight)).build().rejectOverLimit(true)) {
            Http h = new Http(small.start().get("data"));
            for (int i = 0; i < 3; i++) h.ok("/v2/trades?user=" + demo1 + "&limit=1");
            assertEquals("Too Many Requests", h.refused(429, "/v2/trades?user=" + demo1 + "&limit=1"));
            h.ok("/v2/activity?user=" + demo1 + "&limit=1");
        }
        for (String path : List.of("/positions", "/closed-positions", "/trades", "/v2/positions", "/v2/activity")) {
            assertTrue(IpLimit.published().stream().anyMatch(l -> !l.scope().endsWith("general") && !l.scope().startsWith("general")
                    && !l.scope().equals("data.v2.all") && l.matches("data", "GET", path)), path + " has its own row");
        }
    }

    @Test
    void closedPositionsV1() {
        JsonNode closed = data.ok("/closed-positions?user=" + demo1 + "&limit=50");
        assertFalse(closed.isEmpty());
        assertEquals(Set.of("proxyWallet", "asset", "conditionId", "avgPrice", "totalBought", "realizedPnl", "curPrice", "timestamp", "title",
                "slug", "icon", "eventSlug", "outcome", "outcomeIndex", "oppositeOutcome", "oppositeAsset", "endDate"), keys(closed.get(0)));
        Iterator<JsonNode> it = closed.iterator();
        BigDecimal last = null;
        while (it.hasNext()) {
            BigDecimal r = it.next().get("realizedPnl").decimalValue();
            if (last != null) assertTrue(last.compareTo(r) >= 0, "REALIZEDPNL, descending by default");
            last = r;
        }
        assertEquals(walk("/v2/positions?user=" + demo1 + "&status=CLOSED", null).size(), data.ok("/closed-positions?user=" + demo1 + "&limit=50").size());
    }
}
