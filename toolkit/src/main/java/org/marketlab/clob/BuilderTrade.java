package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;

import java.math.BigDecimal;
import java.time.Instant;

/** A trade attributed to a builder code ({@code GET /builder/trades}), with its fees. */
public record BuilderTrade(String id, String tradeType, String takerOrderHash, String builder, String market, String assetId,
                           String side, BigDecimal size, BigDecimal sizeUsdc, BigDecimal price, String status, String outcome,
                           Integer outcomeIndex, String owner, String maker, String transactionHash, Instant matchTime,
                           Integer bucketIndex, BigDecimal fee, BigDecimal feeUsdc, BigDecimal builderFee, String builderCode,
                           String errMsg, Instant createdAt, Instant updatedAt) {

    static BuilderTrade read(Document doc, JsonNode n) {
        return new BuilderTrade(JsonFields.text(n, "id"), JsonFields.text(n, "tradeType"), JsonFields.text(n, "takerOrderHash"),
                JsonFields.text(n, "builder"), JsonFields.text(n, "market"), JsonFields.text(n, "assetId"), JsonFields.text(n, "side"),
                JsonFields.decimal(doc, n, "size"), JsonFields.decimal(doc, n, "sizeUsdc"), JsonFields.decimal(doc, n, "price"),
                JsonFields.text(n, "status"), JsonFields.text(n, "outcome"), JsonFields.integer(doc, n, "outcomeIndex"),
                JsonFields.text(n, "owner"), JsonFields.text(n, "maker"), JsonFields.text(n, "transactionHash"),
                JsonFields.instant(doc, n, "matchTime"), JsonFields.integer(doc, n, "bucketIndex"), JsonFields.decimal(doc, n, "fee"),
                JsonFields.decimal(doc, n, "feeUsdc"), JsonFields.decimal(doc, n, "builderFee"), JsonFields.text(n, "builderCode"),
                JsonFields.text(n, "err_msg"), JsonFields.instant(doc, n, "createdAt"), JsonFields.instant(doc, n, "updatedAt"));
    }
}
