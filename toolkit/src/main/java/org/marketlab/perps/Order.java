package org.marketlab.perps;

import java.math.BigDecimal;
import java.time.Instant;

/** A perpetuals order (abbreviated fields as the service names them: iid instrument, po post-only, ro reduce-only). */
public record Order(long oid, long iid, boolean buy, BigDecimal p, BigDecimal qty, String tif, Boolean po, Boolean ro,
                    String status, BigDecimal rest, BigDecimal fill, Instant cts, Instant uts, String coid) {
}
