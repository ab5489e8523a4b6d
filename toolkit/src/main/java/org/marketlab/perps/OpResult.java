package org.marketlab.perps;

import java.time.Instant;

/**
 * One entry's result of a modify or cancel: {@code ok}, or the service's {@code error} (e.g. {@code insufficient_margin}).
 *
 * @param key   the client order id (modify) or order id (cancel) the entry named
 * @param order the order after a successful modification, else null
 * @param at    the exchange's decision time of a successful cancel, else null
 */
public record OpResult(String key, boolean ok, String error, Order order, Instant at) {
}
