package org.marketlab.pacing;

import java.util.List;

/** Told of every admitted request (for charts of requests over time against the limit). */
@FunctionalInterface
public interface PacingListener {

    /**
     * @param epochMillis when the request was admitted, wall clock
     * @param nanoTime    when the request was admitted, on the pacer's monotonic clock
     * @param service     service id
     * @param path        request path
     * @param scopes      ids of the scopes it counted against, the tightest (lowest rate) first
     * @param waitedNanos how long it waited
     */
    void admitted(long epochMillis, long nanoTime, String service, String path, List<String> scopes, long waitedNanos);
}
