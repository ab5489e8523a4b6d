package org.marketlab.sandbox.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The demo wallets' positions as the Data API's v1 routes give them add up, row by row: value is size at the current
 * price, cash PnL is value less the initial value, percent PnL that over the initial value, the average price the
 * initial value per share; realised PnL is what the token's sells and redemptions brought less what its buys cost,
 * plus the cost still held (average-cost accounting, whatever the order); an open position is priced at the order
 * book's midpoint, a settled one at its payout (1 for the winner, 0 for the loser), so a winner never shows a loss.
 */
class DemoWalletFiguresTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static Sandbox sandbox;
    private static Http data;
    private static Http clob;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(7).now(NOW).build().enforceLimits(false);
        Map<String, URI> urls = sandbox.start();
        data = new Http(urls.get("data"));
        clob = new Http(urls.get("clob"));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static BigDecimal dec(JsonNode n, String field) {
        return n.get(field).decimalValue();
    }

    @Test
    void everyDemoWalletsPositionsAddUp() {
        for (int n = 1; n <= 5; n++) {
            String user = sandbox.wallets().seeded().get(n - 1); // demo 3 holds through its proxy wallet
            // What each token's trades and redemptions moved: cash in, cash out.
            Map<String, BigDecimal> in = new HashMap<>(), out = new HashMap<>();
            String cursor = null;
            do {
                JsonNode page = data.ok("/v2/activity?user=" + user + "&type=TRADE,REDEEM&limit=500" + (cursor == null ? "" : "&cursor=" + cursor));
                for (JsonNode a : page.get("data")) {
                    boolean buy = a.get("type").asText().equals("TRADE") && a.get("side").asText().equals("BUY");
                    (buy ? out : in).merge(a.get("token_id").asText(), dec(a, "usdc_size"), BigDecimal::add);
                }
                cursor = page.get("pagination").get("next_cursor").isNull() ? null : page.get("pagination").get("next_cursor").asText();
            } while (cursor != null);

            List<JsonNode> held = new ArrayList<>();
            data.ok("/positions?user=" + user + "&sizeThreshold=0&limit=500").forEach(held::add);
            assertFalse(held.isEmpty(), "demo " + n + " holds positions");
            int open = 0, settled = 0;
            for (JsonNode p : held) {
                String what = "demo " + n + ": " + p;
                BigDecimal size = dec(p, "size"), price = dec(p, "curPrice"), initial = dec(p, "initialValue"), value = dec(p, "currentValue");
                BigDecimal cash = dec(p, "cashPnl");
                assertEquals(0, size.multiply(price).compareTo(value), "value = size × current price: " + what);
                assertEquals(0, value.subtract(initial).compareTo(cash), "cash PnL = value − initial value: " + what);
                if (initial.signum() > 0) {
                    assertEquals(0, cash.multiply(BigDecimal.valueOf(100)).divide(initial, 2, RoundingMode.HALF_UP).compareTo(dec(p, "percentPnl")),
                            "percent PnL = cash PnL / initial value: " + what);
                    BigDecimal percent = dec(p, "percentPnl");
                    assertTrue(percent.signum() == 0 || percent.signum() == cash.signum(), "percent PnL has the sign of cash PnL: " + what);
                }
                assertTrue(dec(p, "avgPrice").multiply(size).subtract(initial).abs().compareTo(size.multiply(new BigDecimal("0.0000005"))) <= 0,
                        "average price × size = initial value: " + what);
                String token = p.get("asset").asText();
                BigDecimal realised = in.getOrDefault(token, BigDecimal.ZERO).subtract(out.getOrDefault(token, BigDecimal.ZERO)).add(initial);
                assertEquals(0, realised.compareTo(dec(p, "realizedPnl")), "realised PnL = sells and redemptions − buys + cost held: " + what);
                if (p.get("redeemable").asBoolean()) {
                    settled++;
                    assertTrue(price.compareTo(BigDecimal.ONE) == 0 || price.signum() == 0, "a settled position sits at its payout: " + what);
                    if (price.compareTo(BigDecimal.ONE) == 0) assertTrue(cash.signum() >= 0, "a winner shows no loss: " + what);
                    else assertEquals(0, cash.compareTo(initial.negate()), "a loser loses what it cost: " + what);
                } else {
                    open++;
                    BigDecimal mid = new BigDecimal(clob.ok("/midpoint?token_id=" + token).get("mid").asText());
                    assertEquals(0, mid.compareTo(price), "an open position is priced at the book's midpoint " + mid + ": " + what);
                }
            }
            assertTrue(open > 0 && settled > 0, "demo " + n + ": " + open + " open, " + settled + " settled");

            // Closed positions: nothing held, so what was realised is what came in less what went out.
            for (int offset = 0; ; offset += 50) {
                JsonNode page = data.ok("/closed-positions?user=" + user + "&limit=50&offset=" + offset);
                for (JsonNode p : page) {
                    String token = p.get("asset").asText();
                    BigDecimal realised = in.getOrDefault(token, BigDecimal.ZERO).subtract(out.getOrDefault(token, BigDecimal.ZERO));
                    assertEquals(0, realised.compareTo(dec(p, "realizedPnl")), "demo " + n + " closed: " + p);
                }
                if (page.size() < 50) break;
            }
        }
    }
}
