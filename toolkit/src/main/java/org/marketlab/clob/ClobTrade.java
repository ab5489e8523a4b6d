package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One order-book trade as the account sees it ({@code GET /data/trades}): {@code traderSide} {@code TAKER} when the
 * account's order took, {@code MAKER} when it rested and was hit (then the row is the taker's report and the account's
 * order is among {@link #makerOrders()}). {@code side}, {@code price}, {@code size} are the taker's.
 */
public record ClobTrade(String id, String takerOrderId, String market, String assetId, String outcome, String side, BigDecimal price,
                        BigDecimal size, BigDecimal feeRateBps, String status, Instant matchTime, Instant lastUpdate,
                        Integer bucketIndex, String owner, String makerAddress, String transactionHash, String traderSide,
                        List<MakerOrder> makerOrders) {

    public ClobTrade {
        makerOrders = makerOrders == null ? List.of() : List.copyOf(makerOrders);
    }

    /**
     * The account's own side of this trade: the taker's side when it took; when it made, the side of its maker order
     * (of {@code address}), or the opposite of the taker's.
     */
    public String accountSide(String address) {
        if (!"MAKER".equals(traderSide)) return side;
        for (MakerOrder m : makerOrders) {
            if (m.makerAddress() != null && m.makerAddress().equalsIgnoreCase(address) && m.side() != null) return m.side();
        }
        return "BUY".equals(side) ? "SELL" : "BUY";
    }

    /** The size the account traded: the whole size as taker, its maker orders' matched amounts as maker. */
    public BigDecimal accountSize(String address) {
        if (!"MAKER".equals(traderSide)) return size;
        BigDecimal s = BigDecimal.ZERO;
        for (MakerOrder m : makerOrders) {
            if (m.makerAddress() != null && m.makerAddress().toLowerCase(Locale.ROOT).equals(address.toLowerCase(Locale.ROOT))) {
                s = s.add(m.matchedAmount());
            }
        }
        return s;
    }

    /** The rows of a saved page ({@code {data: [...], next_cursor}}). */
    static List<ClobTrade> readPage(Document doc) {
        return SavedPages.rows(doc, ClobTrade::read);
    }

    static ClobTrade read(Document doc, JsonNode n) {
        List<MakerOrder> makers = new ArrayList<>();
        for (JsonNode m : n.path("maker_orders")) makers.add(MakerOrder.read(doc, m));
        return new ClobTrade(JsonFields.text(n, "id"), JsonFields.text(n, "taker_order_id"), JsonFields.text(n, "market"),
                JsonFields.text(n, "asset_id"), JsonFields.text(n, "outcome"), JsonFields.text(n, "side"),
                JsonFields.decimal(doc, n, "price"), JsonFields.decimal(doc, n, "size"), JsonFields.decimal(doc, n, "fee_rate_bps"),
                JsonFields.text(n, "status"), JsonFields.instant(doc, n, "match_time"), JsonFields.instant(doc, n, "last_update"),
                JsonFields.integer(doc, n, "bucket_index"), JsonFields.text(n, "owner"), JsonFields.text(n, "maker_address"),
                JsonFields.text(n, "transaction_hash"), JsonFields.text(n, "trader_side"), makers);
    }

    /** A saved trade document (one trade object). */
    static ClobTrade read(Document doc) {
        JsonNode n = doc.tree();
        if (!n.isObject() || n.get("id") == null) throw doc.malformed("a trade is an object with an id", null);
        return read(doc, n);
    }
}
