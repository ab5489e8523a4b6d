package org.marketlab.perps;

/**
 * The exchange's answer to one order of {@link PerpsSession#placeOrders}: accepted with its order id and client order
 * id, or refused with the exchange's reason (the other orders of the batch are answered on their own).
 */
public record PlaceResult(boolean ok, Long oid, String coid, String error) {
}
