package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonAlias;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A fill (an execution of one of the account's orders), with the service's abbreviated names: {@code tid} trade id,
 * {@code oid} order id, {@code iid} instrument id, {@code side} ({@code long} or {@code short}), {@code p} price,
 * {@code qty} quantity, {@code taker}, {@code fee} and {@code fea} its asset, {@code psz}/{@code pep} the position's
 * size and entry price before the fill, {@code pnl} realised, {@code liq} liquidation, {@code adl} auto-deleveraging,
 * {@code ts} time, {@code coid} the order's client id when it has one. The long names of the fills history
 * ({@code trade_id}, {@code price}, ...) read into the same fields.
 */
public record Fill(@JsonAlias("trade_id") long tid, @JsonAlias("order_id") long oid, @JsonAlias("instrument_id") long iid, String side,
                   @JsonAlias("price") BigDecimal p, @JsonAlias("quantity") BigDecimal qty, Boolean taker, BigDecimal fee,
                   @JsonAlias("fee_asset") String fea, @JsonAlias("previous_size") BigDecimal psz,
                   @JsonAlias("previous_entry_price") BigDecimal pep, BigDecimal pnl, @JsonAlias("liquidation") Boolean liq, Boolean adl,
                   @JsonAlias("timestamp") Instant ts, @JsonAlias("client_order_id") String coid) {
}
