package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * A market as the order book describes it ({@code GET /markets/{condition_id}}): its outcome tokens with their
 * prices and, once resolved, the winner; tick and minimum order sizes; neg-risk; whether it takes orders.
 * Fields the order book sends that are not listed here are ignored.
 */
public record ClobMarket(String conditionId, String questionId, String question, String marketSlug, Boolean active, Boolean closed,
                         Boolean acceptingOrders, Boolean enableOrderBook, BigDecimal minimumOrderSize, BigDecimal minimumTickSize,
                         Boolean negRisk, String endDateIso, List<Token> tokens) {

    /** One outcome of the market. */
    public record Token(String tokenId, String outcome, BigDecimal price, Boolean winner) {
    }

    public ClobMarket {
        tokens = tokens == null ? List.of() : List.copyOf(tokens);
    }

    static ClobMarket read(Document doc) {
        JsonNode n = doc.tree();
        if (!n.isObject() || JsonFields.text(n, "condition_id") == null) throw doc.malformed("a market has a condition_id", null);
        List<Token> tokens = new ArrayList<>();
        for (JsonNode t : n.path("tokens")) {
            tokens.add(new Token(JsonFields.text(t, "token_id"), JsonFields.text(t, "outcome"), JsonFields.decimal(doc, t, "price"),
                    JsonFields.bool(t, "winner")));
        }
        return new ClobMarket(JsonFields.text(n, "condition_id"), JsonFields.text(n, "question_id"), JsonFields.text(n, "question"),
                JsonFields.text(n, "market_slug"), JsonFields.bool(n, "active"), JsonFields.bool(n, "closed"),
                JsonFields.bool(n, "accepting_orders"), JsonFields.bool(n, "enable_order_book"),
                JsonFields.decimal(doc, n, "minimum_order_size"), JsonFields.decimal(doc, n, "minimum_tick_size"),
                JsonFields.bool(n, "neg_risk"), JsonFields.text(n, "end_date_iso"), tokens);
    }
}
