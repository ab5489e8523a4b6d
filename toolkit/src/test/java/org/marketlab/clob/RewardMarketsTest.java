package org.marketlab.clob;

import org.marketlab.pacing.RetryPolicy;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code Clob.rewardMarkets()} against the sandbox: every page of {@code GET /sampling-simplified-markets}, each
 * market as the order book wrote it (checked against the raw pages), with the rewards' terms.
 */
class RewardMarketsTest {

    private static Sandbox sandbox;
    private static Transport transport;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(11).now(Instant.parse("2026-11-01T00:00:00Z")).build();
        var urls = sandbox.start();
        transport = Transport.create(Profile.sandbox(11).withUrl(Service.CLOB, urls.get("clob").toString()),
                Clock.system(), RetryPolicy.DEFAULT);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    /** The markets of the raw pages, in order: the condition ids and the first token's price. */
    private static List<JsonNode> rawPages() {
        List<JsonNode> out = new ArrayList<>();
        String cursor = "MA==";
        while (cursor != null) {
            JsonNode page = transport.send(Call.get(Service.CLOB, "/sampling-simplified-markets", Query.empty().with("next_cursor", cursor))).tree();
            page.get("data").forEach(out::add);
            String next = page.path("next_cursor").asText();
            cursor = next.equals("LTE=") || next.isEmpty() ? null : next;
        }
        return out;
    }

    @Test
    void everyRewardMarketWithItsTerms() {
        List<RewardMarket> markets = new ClobData(transport).rewardMarkets().list();
        List<JsonNode> raw = rawPages();
        assertFalse(markets.isEmpty(), "the sandbox has markets with liquidity rewards");
        assertEquals(raw.size(), markets.size());
        for (int i = 0; i < raw.size(); i++) {
            RewardMarket m = markets.get(i);
            JsonNode r = raw.get(i);
            assertEquals(r.get("condition_id").asText(), m.conditionId());
            assertEquals(new BigDecimal(r.at("/tokens/0/price").asText()), m.tokens().get(0).price());
            assertEquals(new BigDecimal(r.at("/rewards/rates/0/rewards_daily_rate").asText()), m.rewardsDailyRate());
            assertEquals(Boolean.TRUE, m.acceptingOrders());
            assertEquals(Boolean.FALSE, m.closed());
            assertEquals(2, m.tokens().size());
            assertTrue(m.rewardsMinSize().signum() > 0, m.toString());
            assertTrue(Set.of(new BigDecimal("3.5"), new BigDecimal("1.5")).contains(m.rewardsMaxSpread()), m.toString());
        }
    }

    @Test
    void aLimitAndATable() {
        var query = new ClobData(transport).rewardMarkets();
        assertEquals(3, query.limit(3).list().size());
        Table t = query.limit(5).table();
        assertEquals(5, t.rowCount());
        assertTrue(t.columnNames().containsAll(List.of("conditionId", "rewardsDailyRate", "rewardsMinSize", "rewardsMaxSpread")), t.columnNames().toString());
        assertEquals("GET /sampling-simplified-markets", query.toString());
    }
}
