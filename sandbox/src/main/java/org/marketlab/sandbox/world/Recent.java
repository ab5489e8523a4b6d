package org.marketlab.sandbox.world;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The sandbox's bounded caches of parts made again on demand (event models, price paths, counted positions): a map in
 * access order that drops its least recently used entry past {@code max}. Not thread-safe, as a {@link LinkedHashMap};
 * its owner guards it.
 */
public final class Recent {

    private Recent() {
    }

    /** An empty map that keeps at most {@code max} (1 or more) entries, the most recently used. */
    public static <K, V> Map<K, V> of(int max) {
        if (max < 1) throw new IllegalArgumentException("max must be 1 or more, was " + max);
        return new LinkedHashMap<>(Math.min(max, 64), 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
                return size() > max;
            }
        };
    }
}
