package org.marketlab.markets;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The wire names of Event's fields, for checking {@code order} before it is sent. */
final class EventFields {

    static final Set<String> ALL;
    static final List<String> SCALARS;

    static {
        Set<String> all = new LinkedHashSet<>();
        List<String> scalars = new ArrayList<>();
        for (RecordComponent c : Event.class.getRecordComponents()) {
            JsonProperty p = c.getAccessor().getAnnotation(JsonProperty.class);
            String name = p != null ? p.value() : c.getName();
            all.add(name);
            if (!java.util.Collection.class.isAssignableFrom(c.getType()) && c.getType() != ImageOptimization.class) {
                scalars.add(name);
            }
        }
        ALL = Set.copyOf(all);
        SCALARS = List.copyOf(scalars);
    }

    private EventFields() {
    }
}
