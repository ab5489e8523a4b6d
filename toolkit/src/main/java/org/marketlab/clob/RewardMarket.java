package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A market that pays liquidity rewards, as the order book lists it ({@code GET /sampling-simplified-markets}): its
 * outcome tokens with their prices, its state, and the rewards' terms: what is paid a day, the smallest order that
 * earns, and the widest spread from the midpoint that does.
 *
 * @param rewardsDailyRate what the market's rewards pay a day, all reward assets added up ({@code null}: no rates)
 * @param rewardsMinSize   the smallest order size that earns rewards
 * @param rewardsMaxSpread the widest distance from the midpoint at which an order earns, in cents (3.5 is 0.035 in price)
 */
public record RewardMarket(String conditionId, Boolean active, Boolean closed, Boolean archived, Boolean acceptingOrders,
                           BigDecimal rewardsDailyRate, BigDecimal rewardsMinSize, BigDecimal rewardsMaxSpread,
                           List<ClobMarket.Token> tokens) {

    public RewardMarket {
        tokens = tokens == null ? List.of() : List.copyOf(tokens);
    }

    static RewardMarket read(Document doc, JsonNode n) {
        if (!n.isObject() || JsonFields.text(n, "condition_id") == null) throw doc.malformed("a market has a condition_id", null);
        List<ClobMarket.Token> tokens = new ArrayList<>();
        for (JsonNode t : n.path("tokens")) {
            tokens.add(new ClobMarket.Token(JsonFields.text(t, "token_id"), JsonFields.text(t, "outcome"), JsonFields.decimal(doc, t, "price"),
                    JsonFields.bool(t, "winner")));
        }
        JsonNode rewards = n.path("rewards");
        BigDecimal daily = null;
        for (JsonNode r : rewards.path("rates")) {
            BigDecimal rate = JsonFields.decimal(doc, r, "rewards_daily_rate");
            if (rate != null) daily = daily == null ? rate : daily.add(rate);
        }
        return new RewardMarket(JsonFields.text(n, "condition_id"), JsonFields.bool(n, "active"), JsonFields.bool(n, "closed"),
                JsonFields.bool(n, "archived"), JsonFields.bool(n, "accepting_orders"), daily,
                JsonFields.decimal(doc, rewards, "min_size"), JsonFields.decimal(doc, rewards, "max_spread"), tokens);
    }
}
