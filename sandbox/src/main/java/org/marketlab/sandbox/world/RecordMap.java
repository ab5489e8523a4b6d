package org.marketlab.sandbox.world;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * The children of one world record ({@code ObjectNode}) whose fields are a known list: one array slot per
 * field instead of a hash entry per field. The world holds about 1.5 million fields; as {@code LinkedHashMap}
 * entries they took half its memory and most of the time it took to generate.
 *
 * <p>It behaves as an insertion-ordered map for the way records are built: the fields of the list in the
 * list's order, then any other field in the order it was added. (Removing a listed field and adding it again
 * puts it back in its listed place, not at the end.)
 */
final class RecordMap extends AbstractMap<String, JsonNode> {

    /** A field list, shared by every record of one kind. */
    static final class Schema {
        private final String[] names;
        private final Map<String, Integer> slots = new HashMap<>();

        Schema(String[] names) {
            this.names = names.clone();
            for (int i = 0; i < names.length; i++) {
                if (slots.put(names[i], i) != null) throw new IllegalArgumentException("field listed twice: " + names[i]);
            }
        }

        int size() {
            return names.length;
        }
    }

    private final Schema schema;
    private final JsonNode[] values;
    private int present;
    private LinkedHashMap<String, JsonNode> extra;

    RecordMap(Schema schema) {
        this.schema = schema;
        this.values = new JsonNode[schema.names.length];
    }

    @Override
    public int size() {
        return present + (extra == null ? 0 : extra.size());
    }

    @Override
    public boolean containsKey(Object key) {
        Integer slot = schema.slots.get(key);
        if (slot != null) return values[slot] != null;
        return extra != null && extra.containsKey(key);
    }

    @Override
    public JsonNode get(Object key) {
        Integer slot = schema.slots.get(key);
        if (slot != null) return values[slot];
        return extra == null ? null : extra.get(key);
    }

    @Override
    public JsonNode put(String key, JsonNode value) {
        if (value == null) value = NullNode.instance; // Jackson never stores Java null; keep it so
        Integer slot = schema.slots.get(key);
        if (slot == null) {
            if (extra == null) extra = new LinkedHashMap<>(4);
            return extra.put(key, value);
        }
        JsonNode old = values[slot];
        if (old == null) present++;
        values[slot] = value;
        return old;
    }

    /** Sets a listed field, by its place in the list, to JSON null. */
    void putNull(int slot) {
        if (values[slot] == null) present++;
        values[slot] = NullNode.instance;
    }

    @Override
    public JsonNode remove(Object key) {
        Integer slot = schema.slots.get(key);
        if (slot == null) return extra == null ? null : extra.remove(key);
        JsonNode old = values[slot];
        if (old != null) {
            values[slot] = null;
            present--;
        }
        return old;
    }

    @Override
    public void clear() {
        java.util.Arrays.fill(values, null);
        present = 0;
        extra = null;
    }

    @Override
    public Set<Entry<String, JsonNode>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public int size() {
                return RecordMap.this.size();
            }

            @Override
            public Iterator<Entry<String, JsonNode>> iterator() {
                return new Entries();
            }
        };
    }

    /** Listed fields in order, then the others; supports {@code remove} and {@code setValue}. */
    private final class Entries implements Iterator<Entry<String, JsonNode>> {
        private int next = advance(0);
        private int last = -1;
        private Iterator<Entry<String, JsonNode>> others;

        private int advance(int from) {
            int i = from;
            while (i < values.length && values[i] == null) i++;
            return i;
        }

        @Override
        public boolean hasNext() {
            if (next < values.length) return true;
            if (others == null) others = extra == null ? java.util.Collections.emptyIterator() : extra.entrySet().iterator();
            return others.hasNext();
        }

        @Override
        public Entry<String, JsonNode> next() {
            if (next < values.length) {
                last = next;
                next = advance(next + 1);
                return new Slot(last);
            }
            if (!hasNext()) throw new NoSuchElementException();
            last = -2;
            return others.next();
        }

        @Override
        public void remove() {
            if (last == -2) {
                others.remove();
            } else if (last >= 0 && values[last] != null) {
                values[last] = null;
                present--;
            } else {
                throw new IllegalStateException();
            }
            last = -1;
        }
    }

    private final class Slot implements Entry<String, JsonNode> {
        private final int slot;

        Slot(int slot) {
            this.slot = slot;
        }

        @Override
        public String getKey() {
            return schema.names[slot];
        }

        @Override
        public JsonNode getValue() {
            return values[slot];
        }

        @Override
        public JsonNode setValue(JsonNode value) {
            JsonNode old = values[slot];
            values[slot] = value == null ? NullNode.instance : value;
            return old;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Entry<?, ?> e && getKey().equals(e.getKey()) && java.util.Objects.equals(getValue(), e.getValue());
        }

        @Override
        public int hashCode() {
            return getKey().hashCode() ^ java.util.Objects.hashCode(getValue());
        }

        @Override
        public String toString() {
            return getKey() + "=" + getValue();
        }
    }
}
