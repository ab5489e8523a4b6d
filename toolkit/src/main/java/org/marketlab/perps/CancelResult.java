package org.marketlab.perps;

import java.time.Instant;

/**
 * The outcome of one order of {@link PerpsSession#cancelOrders}: {@code ok} with the time the exchange decided it
 * ({@code at}, not the request's timestamp), or the service's {@code error} for that order.
 */
public record CancelResult(long oid, boolean ok, String error, Instant at) {
}
