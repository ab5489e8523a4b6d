package org.marketlab.clob;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One of an order-book account's notifications ({@code GET /notifications}): what happened to one of its orders.
 * {@code type} is the service's code ({@code 1} an order cancelled, {@code 2} an order filled), {@code kind} its name;
 * the order's market, token, side, price, sizes (original, matched, remaining) and, for a fill, its trade and
 * settlement transaction.
 */
public record Notification(long id, int type, String kind, Instant time, @JsonProperty("order_id") String orderId,
                           String market, @JsonProperty("asset_id") String assetId, String side, BigDecimal price,
                           @JsonProperty("original_size") BigDecimal originalSize,
                           @JsonProperty("matched_size") BigDecimal matchedSize,
                           @JsonProperty("remaining_size") BigDecimal remainingSize, String outcome, String question,
                           @JsonProperty("trade_id") String tradeId,
                           @JsonProperty("transaction_hash") String transactionHash) {

    static Notification read(JsonNode n) {
        JsonNode p = n.path("payload");
        int type = n.path("type").asInt();
        String kind = switch (type) {
            case 1 -> "order cancelled";
            case 2 -> "order filled";
            default -> "type " + type;
        };
        return new Notification(n.path("id").asLong(), type, kind, time(n.path("timestamp").asLong()), text(p, "order_id"),
                text(p, "market"), text(p, "asset_id"), text(p, "side"), RewardShare.decimal(p.path("price"), null),
                RewardShare.decimal(p.path("original_size"), null), RewardShare.decimal(p.path("matched_size"), null),
                RewardShare.decimal(p.path("remaining_size"), null), text(p, "outcome"), text(p, "question"), text(p, "trade_id"),
                text(p, "transaction_hash"));
    }

    /** Milliseconds, or seconds where the number is too small to be milliseconds of this century. */
    private static Instant time(long t) {
        return t < 100_000_000_000L ? Instant.ofEpochSecond(t) : Instant.ofEpochMilli(t);
    }

    private static String text(JsonNode p, String name) {
        JsonNode v = p.path(name);
        return v.isMissingNode() || v.isNull() || v.asText().isEmpty() ? null : v.asText();
    }
}
