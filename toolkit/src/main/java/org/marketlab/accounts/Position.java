package org.marketlab.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;

import java.math.BigDecimal;

/**
 * One position of a wallet (Data API {@code /v2/positions}, or v1 {@code /positions} and {@code /closed-positions}):
 * every field, money and sizes exact. v2 names are used; the v1 spelling of each is read as the same field
 * ({@code size} for {@code current_size}, {@code initialValue} for {@code entry_cost_usdc}, {@code cashPnl} for
 * {@code unrealized_pnl}, {@code totalBought} for {@code total_size}, ...).
 *
 * @param status          OPEN, REDEEMABLE or CLOSED (v1 rows: from the route and the {@code redeemable} flag)
 * @param size            shares held now
 * @param entryCost       what the shares held cost ({@code size × avgPrice})
 * @param unrealizedPnl   current value less entry cost
 * @param totalSize       shares bought in all
 * @param realizedPnl     PnL of the shares sold or redeemed
 * @param currentPrice    the price the current value is at (the midpoint, or the resolution)
 */
public record Position(String proxyWallet, String tokenId, String conditionId, BigDecimal size, BigDecimal avgPrice,
                       BigDecimal entryCost, BigDecimal currentValue, BigDecimal unrealizedPnl, BigDecimal percentPnl,
                       BigDecimal totalSize, BigDecimal realizedPnl, BigDecimal percentRealizedPnl, BigDecimal currentPrice,
                       String status, Boolean redeemable, Boolean mergeable, String title, String slug, String icon,
                       String eventSlug, String eventId, String outcome, Integer outcomeIndex, String oppositeOutcome,
                       String oppositeTokenId, String endDate, Boolean negativeRisk) {

    /** Realised plus unrealised PnL (a missing part counts as zero). */
    public BigDecimal totalPnl() {
        return nz(realizedPnl).add(nz(unrealizedPnl));
    }

    static BigDecimal nz(BigDecimal d) {
        return d == null ? BigDecimal.ZERO : d;
    }

    /** The rows of a saved page: a v2 {@code {data: [...]}} document or a v1 array. */
    static java.util.List<Position> readPage(Document d) {
        java.util.List<Position> out = new java.util.ArrayList<>();
        for (JsonNode n : Pages.rows(d)) out.add(read(d, n, null));
        return out;
    }

    /** One row of a page; {@code status} when the row has none (v1), else null to take the row's. */
    static Position read(Document d, JsonNode n, String status) {
        Boolean redeemable = JsonFields.bool(n, "redeemable");
        String st = JsonFields.text(n, "status");
        if (st == null) st = status != null ? status : Boolean.TRUE.equals(redeemable) ? "REDEEMABLE" : "OPEN";
        return new Position(JsonFields.text(n, "proxy_wallet", "proxyWallet"), JsonFields.text(n, "token_id", "asset"),
                JsonFields.text(n, "condition_id", "conditionId"), JsonFields.decimal(d, n, "current_size", "size"),
                JsonFields.decimal(d, n, "avg_price", "avgPrice"), JsonFields.decimal(d, n, "entry_cost_usdc", "initialValue"),
                JsonFields.decimal(d, n, "current_value", "currentValue"), JsonFields.decimal(d, n, "unrealized_pnl", "cashPnl"),
                JsonFields.decimal(d, n, "percent_pnl", "percentPnl"), JsonFields.decimal(d, n, "total_size", "totalBought"),
                JsonFields.decimal(d, n, "realized_pnl", "realizedPnl"), JsonFields.decimal(d, n, "percent_realized_pnl", "percentRealizedPnl"),
                JsonFields.decimal(d, n, "current_price", "curPrice"), st, redeemable, JsonFields.bool(n, "mergeable"),
                JsonFields.text(n, "title"), JsonFields.text(n, "slug"), JsonFields.text(n, "icon"),
                JsonFields.text(n, "event_slug", "eventSlug"), JsonFields.text(n, "event_id", "eventId"), JsonFields.text(n, "outcome"),
                JsonFields.integer(d, n, "outcome_index", "outcomeIndex"), JsonFields.text(n, "opposite_outcome", "oppositeOutcome"),
                JsonFields.text(n, "opposite_token_id", "oppositeAsset"), JsonFields.text(n, "end_date", "endDate"),
                JsonFields.bool(n, "negative_risk", "negativeRisk"));
    }
}
