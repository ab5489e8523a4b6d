package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.util.ArrayList;
import java.util.List;

/**
 * What the order book answered to one order: accepted ({@code success}) with its id, status ({@code live},
 * {@code matched}, {@code unmatched}, {@code delayed}) and the amounts matched at once, or refused with the server's
 * {@code errorMsg} (a batch's refused entries; a single order's refusal is an exception instead). {@code warning}
 * is set when the order book answered {@code Svc-RateLimit-Warning: true}: in warning mode the request was processed,
 * but it would have been refused for rate under live enforcement.
 */
public record OrderResult(String orderId, boolean success, String errorMsg, String status, String makingAmount, String takingAmount,
                          List<String> transactionHashes, List<String> tradeIds, boolean warning) {

    public OrderResult {
        transactionHashes = transactionHashes == null ? List.of() : List.copyOf(transactionHashes);
        tradeIds = tradeIds == null ? List.of() : List.copyOf(tradeIds);
    }

    /** Whether the order was accepted and nothing refused it (a post-only-mode entry is {@code success} with an errorMsg). */
    public boolean accepted() {
        return success && (errorMsg == null || errorMsg.isEmpty());
    }

    /**
     * The order book's 500 rows (its matching engine, and {@code order timed out}): a batch entry refused with one of
     * these is a {@code ServerException} in {@link #failure()}, as the same refusal of a single order is.
     */
    static final java.util.Set<String> SERVER_ROWS = java.util.Set.of("order timed out", "there are no matching orders",
            "FOK orders are filled or killed", "the trade contains rounding issues",
            "the price of the taker's order has a discrepancy greater than allowed with the worst maker order");

    /**
     * What refused this order, typed as the same refusal of a single order ({@code POST /order}) would be: empty when it was
     * accepted; an {@code ExchangeModeException} for a mode's message (a post-only-mode entry of a batch), a
     * {@code ServerException} (500) for the matching engine's rows and {@code order timed out}, else an
     * {@code InvalidRequestException} (400), each with the order book's message. A batch element carries no status of its
     * own; the statuses are the specification's for these messages.
     */
    public java.util.Optional<org.marketlab.http.ServiceException> failure() {
        if (accepted()) return java.util.Optional.empty();
        String m = errorMsg == null || errorMsg.isEmpty() ? "refused without a message" : errorMsg;
        String where = "POST clob/orders (entry " + (orderId == null || orderId.isEmpty() ? "without an id" : orderId) + ")";
        String l = m.toLowerCase(java.util.Locale.ROOT);
        if (l.contains("trading is currently") || l.contains("post-only mode") || l.contains("cancel-only")) {
            return java.util.Optional.of(new org.marketlab.http.ExchangeModeException(503, m, where, null, null, null));
        }
        if (SERVER_ROWS.contains(m)) return java.util.Optional.of(new org.marketlab.http.ServerException(500, m, where, null, null, null));
        if (l.contains("not found")) return java.util.Optional.of(new org.marketlab.http.NotFoundException(404, m, where, null, null, null));
        return java.util.Optional.of(new org.marketlab.http.InvalidRequestException(400, m, where, null, null, null));
    }

    /** Whether the order book refused this entry with {@code order timed out}: rejected before the book, safe to resubmit. */
    boolean timedOut() {
        return !success && "order timed out".equals(errorMsg);
    }

    static OrderResult read(JsonNode n, boolean warning) {
        List<String> txs = new ArrayList<>();
        n.path("transactionsHashes").forEach(t -> txs.add(t.asText()));
        List<String> trades = new ArrayList<>();
        n.path("tradeIDs").forEach(t -> trades.add(t.asText()));
        return new OrderResult(text(n, "orderID"), n.path("success").asBoolean(false), text(n, "errorMsg"), text(n, "status"),
                text(n, "makingAmount"), text(n, "takingAmount"), txs, trades, warning);
    }

    private static String text(JsonNode n, String f) {
        JsonNode v = n.get(f);
        return v == null || v.isNull() ? null : v.asText();
    }

    /** One row per result, in order. */
    public static Table table(List<OrderResult> results) {
        Table t = Table.create("order results");
        StringColumn id = StringColumn.create("order_id"), status = StringColumn.create("status"), error = StringColumn.create("error"),
                making = StringColumn.create("making"), taking = StringColumn.create("taking");
        BooleanColumn ok = BooleanColumn.create("accepted");
        for (OrderResult r : results) {
            id.append(r.orderId() == null ? "" : r.orderId());
            ok.append(r.accepted());
            status.append(r.status() == null ? "" : r.status());
            making.append(r.makingAmount() == null ? "" : r.makingAmount());
            taking.append(r.takingAmount() == null ? "" : r.takingAmount());
            error.append(r.errorMsg() == null ? "" : r.errorMsg());
        }
        return t.addColumns(id, ok, status, making, taking, error);
    }
}
