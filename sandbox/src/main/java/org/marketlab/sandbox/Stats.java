package org.marketlab.sandbox;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** What the sandbox has served: requests per service and path, the requests it held over a limit, and the 429s it answered. */
public final class Stats {

    private final Map<String, AtomicLong> requests = new ConcurrentHashMap<>();
    private final AtomicLong rateLimited = new AtomicLong();
    private final AtomicLong throttled = new AtomicLong();
    private final AtomicLong throttledNanos = new AtomicLong();

    void request(String service, String path) {
        requests.computeIfAbsent(service + " " + path, k -> new AtomicLong()).incrementAndGet();
    }

    void rateLimited() {
        rateLimited.incrementAndGet();
    }

    void throttled(long nanos) {
        throttled.incrementAndGet();
        throttledNanos.addAndGet(nanos);
    }

    /** Requests per {@code "<service> <path>"}, including refused ones. */
    public Map<String, Long> requests() {
        Map<String, Long> out = new TreeMap<>();
        requests.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }

    public long requests(String service, String path) {
        AtomicLong v = requests.get(service + " " + path);
        return v == null ? 0 : v.get();
    }

    public long total() {
        return requests.values().stream().mapToLong(AtomicLong::get).sum();
    }

    /** 429 answers given. */
    public long rateLimitedCount() {
        return rateLimited.get();
    }

    /** Requests held over an IP limit until their windows admitted them (then served). */
    public long throttledCount() {
        return throttled.get();
    }

    /** How long the held requests waited in all. */
    public java.time.Duration throttledTime() {
        return java.time.Duration.ofNanos(throttledNanos.get());
    }

    public void reset() {
        requests.clear();
        rateLimited.set(0);
        throttled.set(0);
        throttledNanos.set(0);
    }
}
