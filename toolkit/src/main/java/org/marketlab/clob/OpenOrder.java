package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * One of the account's open orders ({@code GET /data/orders}, {@code GET /data/order/{id}}): every field the order
 * book sends, sizes and prices exact. {@code remaining()} is what is still resting.
 *
 * @param expiration {@code null} for an order that does not expire (GTC)
 */
public record OpenOrder(String id, String status, String market, String assetId, String outcome, String side, BigDecimal price,
                        BigDecimal originalSize, BigDecimal sizeMatched, String makerAddress, String owner, String orderType,
                        Instant expiration, Instant createdAt, List<String> associateTrades) {

    public OpenOrder {
        associateTrades = associateTrades == null ? List.of() : List.copyOf(associateTrades);
    }

    /** Original size less what has matched. */
    public BigDecimal remaining() {
        return originalSize == null ? null : originalSize.subtract(sizeMatched == null ? BigDecimal.ZERO : sizeMatched);
    }

    /** The rows of a saved page ({@code {data: [...], next_cursor}}). */
    static List<OpenOrder> readPage(Document doc) {
        return SavedPages.rows(doc, OpenOrder::read);
    }

    static OpenOrder read(Document doc, JsonNode n) {
        List<String> trades = new ArrayList<>();
        for (JsonNode t : n.path("associate_trades")) trades.add(t.asText());
        String exp = JsonFields.text(n, "expiration");
        Instant expiration = exp == null || exp.equals("0") ? null : JsonFields.instant(doc, n, "expiration");
        return new OpenOrder(JsonFields.text(n, "id"), JsonFields.text(n, "status"), JsonFields.text(n, "market"),
                JsonFields.text(n, "asset_id"), JsonFields.text(n, "outcome"), JsonFields.text(n, "side"),
                JsonFields.decimal(doc, n, "price"), JsonFields.decimal(doc, n, "original_size"), JsonFields.decimal(doc, n, "size_matched"),
                JsonFields.text(n, "maker_address"), JsonFields.text(n, "owner"), JsonFields.text(n, "order_type"),
                expiration, JsonFields.instant(doc, n, "created_at"), trades);
    }

    /** A saved {@code GET /data/order/{id}} document. */
    static OpenOrder read(Document doc) {
        JsonNode n = doc.tree();
        if (!n.isObject() || n.get("id") == null) throw doc.malformed("an order is an object with an id", null);
        return read(doc, n);
    }
}
