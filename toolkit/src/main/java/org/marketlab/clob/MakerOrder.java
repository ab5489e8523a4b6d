package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;

import java.math.BigDecimal;

/** One maker order a trade matched: its order, owner, price, the amount matched and its fee rate in basis points. */
public record MakerOrder(String orderId, String makerAddress, String owner, String assetId, String outcome, String side,
                         BigDecimal price, BigDecimal matchedAmount, BigDecimal feeRateBps) {

    static MakerOrder read(Document doc, JsonNode n) {
        return new MakerOrder(JsonFields.text(n, "order_id"), JsonFields.text(n, "maker_address"), JsonFields.text(n, "owner"),
                JsonFields.text(n, "asset_id"), JsonFields.text(n, "outcome"), JsonFields.text(n, "side"),
                JsonFields.decimal(doc, n, "price"), JsonFields.decimal(doc, n, "matched_amount"), JsonFields.decimal(doc, n, "fee_rate_bps"));
    }
}
