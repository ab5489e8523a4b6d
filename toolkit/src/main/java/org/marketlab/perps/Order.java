package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonAlias;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A perpetuals order, with the service's abbreviated names: {@code iid} instrument id, {@code p} price, {@code qty}
 * total quantity, {@code tif} time in force, {@code po} post-only, {@code ro} reduce-only, {@code rest} remaining
 * and {@code fill} filled quantity, {@code cts}/{@code uts} creation and update time, {@code coid} client order id.
 * The long names of the open-orders listing ({@code order_id}, {@code price}, ...) read into the same fields.
 */
public record Order(@JsonAlias("order_id") long oid, @JsonAlias("instrument_id") long iid, boolean buy,
                    @JsonAlias("price") BigDecimal p, @JsonAlias("quantity") BigDecimal qty, String tif,
                    @JsonAlias("post_only") Boolean po, Boolean ro, String status,
                    @JsonAlias("resting_quantity") BigDecimal rest, @JsonAlias("filled_quantity") BigDecimal fill,
                    @JsonAlias("created_timestamp") Instant cts, @JsonAlias("updated_timestamp") Instant uts,
                    @JsonAlias("client_order_id") String coid) {
}
