package org.marketlab.accounts;

import java.math.BigDecimal;

/** What a wallet's positions are worth now ({@code /v2/value}), exact. */
public record AccountValue(String user, BigDecimal value) {
}
