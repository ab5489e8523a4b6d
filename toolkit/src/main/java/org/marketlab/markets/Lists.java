package org.marketlab.markets;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Immutable copies for record components: absent lists become empty, never null. */
final class Lists {

    private Lists() {
    }

    static <T> List<T> copy(List<T> list) {
        if (list == null || list.isEmpty()) return List.of();
        // Elements may be null in a list the server sent (List.copyOf would refuse them).
        return Collections.unmodifiableList(new ArrayList<>(list));
    }

    static List<Map<String, Object>> copyMaps(List<Map<String, Object>> list) {
        if (list == null || list.isEmpty()) return List.of();
        List<Map<String, Object>> out = new ArrayList<>(list.size());
        for (Map<String, Object> m : list) out.add(m == null ? null : Collections.unmodifiableMap(new LinkedHashMap<>(m)));
        return Collections.unmodifiableList(out);
    }
}
