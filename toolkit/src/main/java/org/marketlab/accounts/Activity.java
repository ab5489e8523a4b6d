package org.marketlab.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One on-chain activity of a wallet (Data API {@code /v2/activity} or v1 {@code /activity}): a trade, split, merge,
 * redeem, reward, conversion, deposit, withdrawal, yield or rebate, with its shares ({@code size}) and its cash
 * ({@code usdcSize}), exact. Rows that are not trades carry no token, side or outcome (empty on the wire: null here).
 */
public record Activity(String proxyWallet, Instant timestamp, String conditionId, String type, BigDecimal size, BigDecimal usdcSize,
                       String transactionHash, BigDecimal price, String tokenId, String side, Integer outcomeIndex, String title,
                       String slug, String icon, String eventSlug, String outcome) {

    /** The activity types the Data API knows. */
    public static final java.util.List<String> TYPES = java.util.List.of("TRADE", "SPLIT", "MERGE", "REDEEM", "REWARD", "CONVERSION",
            "DEPOSIT", "WITHDRAWAL", "YIELD", "MAKER_REBATE", "TAKER_REBATE", "REFERRAL_REWARD");

    /** The rows of a saved page: a v2 {@code {data: [...]}} document or a v1 array. */
    static java.util.List<Activity> readPage(Document d) {
        java.util.List<Activity> out = new java.util.ArrayList<>();
        for (JsonNode n : Pages.rows(d)) out.add(read(d, n));
        return out;
    }

    static Activity read(Document d, JsonNode n) {
        Integer index = JsonFields.integer(d, n, "outcome_index", "outcomeIndex");
        return new Activity(JsonFields.text(n, "proxy_wallet", "proxyWallet"), JsonFields.instant(d, n, "timestamp"),
                JsonFields.text(n, "condition_id", "conditionId"), JsonFields.text(n, "type"), JsonFields.decimal(d, n, "size"),
                JsonFields.decimal(d, n, "usdc_size", "usdcSize"), JsonFields.text(n, "transaction_hash", "transactionHash"),
                JsonFields.decimal(d, n, "price"), blank(JsonFields.text(n, "token_id", "asset")), blank(JsonFields.text(n, "side")),
                index != null && index == 999 ? null : index, JsonFields.text(n, "title"), JsonFields.text(n, "slug"),
                JsonFields.text(n, "icon"), JsonFields.text(n, "event_slug", "eventSlug"), blank(JsonFields.text(n, "outcome")));
    }

    private static String blank(String s) {
        return s == null || s.isEmpty() ? null : s;
    }
}
