package org.marketlab.perps;

/**
 * The outcome of one entry of {@link PerpsSession#modifyOrders}: {@code ok} with the order as it now is, or the
 * service's {@code error} for that entry (for example {@code insufficient_margin}).
 */
public record ModifyResult(String coid, boolean ok, String error, Order order) {
}
