package org.marketlab.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One trade of a wallet (Data API {@code /v2/trades} or v1 {@code /trades}): every field, price and size exact.
 * {@link #notional()} is {@code price × size}; {@link #signedSize()} is positive for a buy.
 */
public record Trade(String proxyWallet, String tokenId, String conditionId, String side, BigDecimal price, BigDecimal size,
                    Instant timestamp, String transactionHash, String title, String slug, String icon, String eventSlug,
                    String outcome, Integer outcomeIndex, String name, String pseudonym) {

    public BigDecimal notional() {
        return price == null || size == null ? null : price.multiply(size);
    }

    /** {@code +size} for a buy, {@code -size} for a sell. */
    public BigDecimal signedSize() {
        return "SELL".equals(side) ? size.negate() : size;
    }

    /** The rows of a saved page: a v2 {@code {data: [...]}} document or a v1 array. */
    static java.util.List<Trade> readPage(Document d) {
        java.util.List<Trade> out = new java.util.ArrayList<>();
        for (JsonNode n : Pages.rows(d)) out.add(read(d, n));
        return out;
    }

    static Trade read(Document d, JsonNode n) {
        return new Trade(JsonFields.text(n, "proxy_wallet", "proxyWallet"), JsonFields.text(n, "token_id", "asset"),
                JsonFields.text(n, "condition_id", "conditionId"), JsonFields.text(n, "side"), JsonFields.decimal(d, n, "price"),
                JsonFields.decimal(d, n, "size"), JsonFields.instant(d, n, "timestamp"), JsonFields.text(n, "transaction_hash", "transactionHash"),
                JsonFields.text(n, "title"), JsonFields.text(n, "slug"), JsonFields.text(n, "icon"), JsonFields.text(n, "event_slug", "eventSlug"),
                JsonFields.text(n, "outcome"), JsonFields.integer(d, n, "outcome_index", "outcomeIndex"), JsonFields.text(n, "name"),
                JsonFields.text(n, "pseudonym"));
    }
}
