package org.marketlab.accounts;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One point of a wallet's PnL series, after one activity row: the cash the wallet's trading has moved so far
 * ({@code cash}: sells, redeems, merges and rewards in, buys and splits out; deposits and withdrawals are not PnL),
 * what its holdings are worth ({@code holdings}: shares at their last traded price, complete sets at 1, and at the
 * last point the positions' current prices), and {@code pnl = cash + holdings}.
 */
public record PnlPoint(Instant time, String type, String title, BigDecimal cash, BigDecimal holdings, BigDecimal pnl) {
}
