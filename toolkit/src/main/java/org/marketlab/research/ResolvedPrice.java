package org.marketlab.research;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * One resolved market at one horizon: the row of a resolved-markets harvest ({@code Research.resolved().toParquet(dir)}),
 * in long form, so that any set of horizons fits one schema. {@code Research.calibration} reads such a table as it
 * reads the wide one. The fields are {@link Resolved}'s, with {@code horizon} as its label ({@code 7d}) and
 * {@code tags} joined by {@code ", "}.
 */
public record ResolvedPrice(String market_id, String condition_id, String question, String event_id, String event, String category,
                            String tags, String outcome, Boolean yes_won, Instant end_time, BigDecimal volume, String yes_token,
                            String horizon, Instant at, Double price, String note) {
}
