package org.marketlab.sandbox;

import org.marketlab.spi.IpLimit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The sandbox's enforcement of the published IP limits: per client address and scope, the arrival times
 * of the requests in the window. A request is refused when any matching scope already holds its limit in
 * the window {@code (now - window, now]}; refused requests are not counted. Written apart from the
 * toolkit's pacer, so that a pacing mistake there shows here as a 429.
 */
final class IpWindows {

    private final List<IpLimit> limits;
    private final LongSupplier nanos;
    private final Map<String, Map<String, ArrayDeque<Long>>> byAddress = new HashMap<>();

    IpWindows(List<IpLimit> limits, LongSupplier nanos) {
        this.limits = List.copyOf(limits);
        this.nanos = nanos;
    }

    /**
     * Counts the request if every matching scope admits it.
     *
     * @return 0 when admitted, else the nanoseconds until the blocking scope admits one more
     */
    synchronized long admit(String address, String service, String method, String path) {
        long now = nanos.getAsLong();
        Map<String, ArrayDeque<Long>> scopes = byAddress.computeIfAbsent(address, a -> new HashMap<>());
        List<ArrayDeque<Long>> matched = new ArrayList<>();
        long wait = 0;
        for (IpLimit l : limits) {
            if (!l.matches(service, method, path)) continue;
            ArrayDeque<Long> q = scopes.computeIfAbsent(l.scope(), s -> new ArrayDeque<>());
            long window = l.window().toNanos();
            while (!q.isEmpty() && q.peekFirst() <= now - window) q.pollFirst();
            if (q.size() >= l.limit()) {
                // The oldest arrival that must leave for one more to fit.
                long leaves = q.stream().skip(q.size() - l.limit()).findFirst().orElse(now) + window;
                wait = Math.max(wait, leaves - now);
            }
            matched.add(q);
        }
        if (wait > 0) return wait;
        for (ArrayDeque<Long> q : matched) q.addLast(now);
        return 0;
    }
}
