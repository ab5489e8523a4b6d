package org.marketlab.perps;

import java.math.BigDecimal;

/** One asset's balance and its value ({@code GET /v1/account/balances}, the official client's read). */
public record Balance(String asset, BigDecimal balance, BigDecimal value) {
}
