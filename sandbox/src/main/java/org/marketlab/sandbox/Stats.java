package org.marketlab.sandbox;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** What the sandbox has served: requests per service and path, and the 429s it answered. */
public final class Stats {

    private final Map<String, AtomicLong> requests = new ConcurrentHashMap<>();
    private final AtomicLong rateLimited = new AtomicLong();

    void request(String service, String path) {
        requests.computeIfAbsent(service + " " + path, k -> new AtomicLong()).incrementAndGet();
    }

    void rateLimited() {
        rateLimited.incrementAndGet();
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

    public void reset() {
        requests.clear();
        rateLimited.set(0);
    }
}
