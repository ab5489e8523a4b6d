package org.marketlab.markets;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import org.marketlab.internal.transport.Document;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;
import tech.tablesaw.columns.instant.PackedInstant;

import java.io.IOException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The one reader of {@code /events}: fills the events, markets and tags tables straight from the JSON stream, and
 * makes the {@link Event}, {@link Market} and {@link Tag} records from the same values when asked for
 * ({@link #forRecords}). Each field's value goes into its column as it is read, numbers parsed once, the JSON
 * documents inside strings read by one hand-written scanner. The tables are the ones {@link EventTables} builds from
 * the records, value for value: the columns are the records' scalar components, values that are not of the usual
 * JSON type are converted by the rules Jackson's binding applies (the decoding's own mapper does it), and a repeated
 * event (across pages) is dropped as the pager drops it. Components that are neither scalars nor the event's markets
 * and tags (image optimisation, maps, a market's own events and tags) are bound by that mapper, and only for records.
 */
final class EventColumns implements EventReader.Elements {

    private static final Layout EVENT = new Layout(Event.class);
    private static final Layout MARKET = new Layout(Market.class);
    private static final Layout TAG = new Layout(Tag.class);

    private final boolean markets, tags, dropRepeats;
    /** The records of the events read (repeats dropped as their rows are), when asked for; else null. */
    private final List<Event> records;
    private final Set<String> seen = new HashSet<>();
    private final Row events, marketRows, tagRows;
    private final ColumnBuffer.Numbers marketCount = new ColumnBuffer.Numbers("marketCount", ColumnBuffer.Numbers.Kind.INT);
    private final ColumnBuffer.Strings tagSlugs = new ColumnBuffer.Strings("tagSlugs");
    /** The tags' labels of each event, for the events view ({@link EventViews}): not a column of the records' tables. */
    private final ColumnBuffer.Strings tagLabels = new ColumnBuffer.Strings("tags");
    private final ColumnBuffer.Strings mEventId = new ColumnBuffer.Strings("eventId"),
            mEventSlug = new ColumnBuffer.Strings("eventSlug"), mEventTitle = new ColumnBuffer.Strings("eventTitle");
    private final ColumnBuffer.Strings tEventId = new ColumnBuffer.Strings("eventId"),
            tEventSlug = new ColumnBuffer.Strings("eventSlug");
    /** Per event row: where its markets and its tags begin in their tables. */
    private int[] marketStart = new int[16], tagStart = new int[16];
    /** The ids of the events kept from the page being read. */
    private final List<String> pageIds = new ArrayList<>();

    /** Which tables to fill besides the events table (whose derived columns are always filled); repeats dropped. */
    EventColumns(boolean markets, boolean tags) {
        this(markets, tags, true);
    }

    /**
     * Which tables to fill, and whether an event whose id an earlier one had is dropped (as the pager drops it) or
     * kept (as the records of one document keep it).
     */
    EventColumns(boolean markets, boolean tags, boolean dropRepeats) {
        this(markets, tags, dropRepeats, false);
    }

    private EventColumns(boolean markets, boolean tags, boolean dropRepeats, boolean records) {
        if (!records) org.marketlab.tables.TablesawStart.inBackground(); // while the stream is read
        this.markets = markets;
        this.tags = tags;
        this.dropRepeats = dropRepeats;
        this.records = records ? new ArrayList<>() : null;
        this.events = new Row(EVENT, records);
        this.marketRows = new Row(MARKET, records);
        this.tagRows = new Row(TAG, records);
    }

    /** A reader that also makes the records, keeping an event repeated within what it reads (as binding keeps it). */
    static EventColumns forRecords() {
        return new EventColumns(true, true, false, true);
    }

    /** The records of the events read ({@link #forRecords} only). */
    List<Event> records() {
        return records;
    }

    /** Reads one page into the columns: its items are the ids of the events kept (repeats of earlier ones are not). */
    EventReader.Page<String> readPage(Document r, boolean keyset) {
        pageIds.clear();
        int[] count = new int[1];
        String cursor = EventReader.read(r, keyset, this, count);
        return new EventReader.Page<>(new ArrayList<>(pageIds), count[0], cursor);
    }

    /** Keeps the first {@code n} events (and their markets and tags): those a pager delivered within its limit. */
    void keepEvents(int n) {
        if (n >= events.rows) return;
        int m = marketStart[n], t = tagStart[n];
        events.truncate(n);
        marketCount.truncate(n);
        tagSlugs.truncate(n);
        tagLabels.truncate(n);
        marketRows.truncate(m);
        tagRows.truncate(t);
        for (ColumnBuffer b : List.of(mEventId, mEventSlug, mEventTitle)) b.truncate(m);
        for (ColumnBuffer b : List.of(tEventId, tEventSlug)) b.truncate(t);
    }

    /**
     * Appends the events read by {@code later} (from the part of a document after this one's) with their markets
     * and tags; false, and nothing appended, if it holds an event this one has (the caller then reads the whole
     * document in one pass, which drops the repeat as the records path does).
     */
    boolean appendAll(EventColumns later) {
        if (dropRepeats) {
            for (String id : later.seen) if (seen.contains(id)) return false;
            seen.addAll(later.seen);
        }
        events.appendAll(later.events);
        marketRows.appendAll(later.marketRows);
        tagRows.appendAll(later.tagRows);
        for (ColumnBuffer[] pair : new ColumnBuffer[][]{{marketCount, later.marketCount}, {tagSlugs, later.tagSlugs},
                {tagLabels, later.tagLabels},
                {mEventId, later.mEventId}, {mEventSlug, later.mEventSlug}, {mEventTitle, later.mEventTitle},
                {tEventId, later.tEventId}, {tEventSlug, later.tEventSlug}}) {
            pair[0].appendAll(pair[1]);
        }
        return true;
    }

    Table eventsTable() {
        List<Column<?>> cols = events.columns();
        marketCount.pad(events.rows);
        tagSlugs.pad(events.rows);
        cols.add(marketCount.build());
        cols.add(tagSlugs.build());
        return Table.create("events", cols);
    }

    /** The events read (repeats dropped). */
    int rows() {
        return events.rows;
    }

    /** One row per event, the columns scanned first: {@link EventViews#events} of the same events, value for value. */
    Table eventsView() {
        tagLabels.pad(events.rows);
        return EventViews.eventsFrom(this::eventsColumn, tagLabels.build());
    }

    /** One row per market, the columns scanned first: {@link EventViews#markets} of the same events, value for value. */
    Table marketsView() {
        return EventViews.marketsFrom(this::marketsColumn);
    }

    /**
     * One column of {@link #eventsTable()}, built alone: a view takes a dozen of the table's columns, and building
     * the others (each text value put in a column's dictionary) would cost more than the view.
     */
    private Column<?> eventsColumn(String name) {
        for (ColumnBuffer b : List.of(marketCount, tagSlugs)) {
            if (b.name.equals(name)) {
                b.pad(events.rows);
                return b.build();
            }
        }
        return events.column(name);
    }

    /** One column of {@link #marketsTable()}, built alone (see {@link #eventsColumn}). */
    private Column<?> marketsColumn(String name) {
        for (ColumnBuffer b : List.of(mEventId, mEventSlug, mEventTitle)) {
            if (b.name.equals(name)) {
                b.pad(marketRows.rows);
                return b.build();
            }
        }
        return marketRows.column(name);
    }

    Table marketsTable() {
        List<Column<?>> cols = new ArrayList<>();
        for (ColumnBuffer b : List.of(mEventId, mEventSlug, mEventTitle)) {
            b.pad(marketRows.rows);
            cols.add(b.build());
        }
        cols.addAll(marketRows.columns());
        return Table.create("markets", cols);
    }

    Table tagsTable() {
        List<Column<?>> cols = new ArrayList<>();
        for (ColumnBuffer b : List.of(tEventId, tEventSlug)) {
            b.pad(tagRows.rows);
            cols.add(b.build());
        }
        cols.addAll(tagRows.columns());
        return Table.create("tags", cols);
    }

    /** Reads one event (the parser on its START_OBJECT) into the tables; false if it repeats an earlier one. */
    @Override
    public void read(JsonParser p, int index) throws IOException {
        int row = events.rows, mStart = marketRows.rows, tStart = tagRows.rows;
        int count = 0;
        String slugs = null, labels = null;
        List<Object> marketRecords = null, tagRecords = null;
        Object[] values = events.begin();
        JsonToken t;
        while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
            String name = p.currentName();
            JsonToken v = p.nextToken();
            if (name.equals("markets")) {
                marketRows.truncate(mStart);
                count = 0;
                marketRecords = null;
                if (v == JsonToken.START_ARRAY) {
                    if (records != null) marketRecords = new ArrayList<>();
                    while ((v = p.nextToken()) != JsonToken.END_ARRAY) {
                        count++;
                        if (v == JsonToken.VALUE_NULL) {
                            if (marketRecords != null) marketRecords.add(null);
                            continue;
                        }
                        if (v != JsonToken.START_OBJECT) throw new JsonParseException(p, "markets: element " + (count - 1) + " is not an object");
                        if (markets) {
                            marketRows.read(p);
                            if (marketRecords != null) marketRecords.add(marketRows.record);
                        } else {
                            p.skipChildren();
                        }
                    }
                } else if (v != JsonToken.VALUE_NULL) {
                    throw new JsonParseException(p, "markets: expected an array, found " + v);
                }
            } else if (name.equals("tags")) {
                tagRows.truncate(tStart);
                slugs = null;
                labels = null;
                tagRecords = null;
                if (v == JsonToken.START_ARRAY) {
                    if (records != null) tagRecords = new ArrayList<>();
                    StringBuilder b = null, l = null;
                    while ((v = p.nextToken()) != JsonToken.END_ARRAY) {
                        if (v == JsonToken.VALUE_NULL) throw new JsonParseException(p, "tags: an element is null");
                        if (v != JsonToken.START_OBJECT) throw new JsonParseException(p, "tags: an element is not an object");
                        int r = tagRows.read(p);
                        if (tagRecords != null) tagRecords.add(tagRows.record);
                        String slug = tagRows.string("slug", r), label = tagRows.string("label", r);
                        if (!tags) tagRows.truncate(r);
                        b = b == null ? new StringBuilder() : b.append(", ");
                        b.append(slug);
                        l = l == null ? new StringBuilder() : l.append(", ");
                        l.append(label);
                    }
                    slugs = b == null ? null : b.toString();
                    labels = l == null ? null : l.toString();
                } else if (v != JsonToken.VALUE_NULL) {
                    throw new JsonParseException(p, "tags: expected an array, found " + v);
                }
            } else {
                events.field(p, name, v, row);
            }
        }
        if (t != JsonToken.END_OBJECT) throw new JsonParseException(p, "event " + index + " is not a complete object");
        if (values != null) {
            values[EVENT.component.get("markets")] = marketRecords;
            values[EVENT.component.get("tags")] = tagRecords;
        }
        events.end(row);
        String id = events.string("id", row);
        if (id == null) throw new MissingId(index);
        if (dropRepeats && !seen.add(id)) {
            events.truncate(row);
            marketRows.truncate(mStart);
            tagRows.truncate(tStart);
            return;
        }
        pageIds.add(id);
        if (records != null) records.add((Event) events.record);
        if (row >= marketStart.length) {
            marketStart = java.util.Arrays.copyOf(marketStart, row * 2);
            tagStart = java.util.Arrays.copyOf(tagStart, row * 2);
        }
        marketStart[row] = mStart;
        tagStart[row] = tStart;
        marketCount.set(row, count);
        tagSlugs.set(row, slugs);
        tagLabels.set(row, labels);
        String slug = events.string("slug", row), title = events.string("title", row);
        for (int r = mStart; r < marketRows.rows; r++) {
            mEventId.set(r, id);
            mEventSlug.set(r, slug);
            mEventTitle.set(r, title);
        }
        for (int r = tStart; r < tagRows.rows; r++) {
            tEventId.set(r, id);
            tEventSlug.set(r, slug);
        }
    }

    /** An event without an id: the caller names the document. */
    static final class MissingId extends RuntimeException {
        final int index;

        MissingId(int index) {
            super("event " + index + " has no id", null, false, false);
            this.index = index;
        }
    }

    // ---- the columns of one record type --------------------------------------------------------------------------

    private enum Kind { STRING, INSTANT, BOOLEAN, INT, LONG, DOUBLE, STRINGS_IN_STRING, DECIMALS_IN_STRING, LIST, OTHER }

    /**
     * A record type's components under their wire names: the scalar ones are its table's columns, as
     * {@link org.marketlab.tables.RecordTable#of} makes them; every one is an argument of its canonical constructor.
     */
    private static final class Layout {
        /** The columns: names, kinds, and the component each one is. */
        final List<String> names = new ArrayList<>();
        final List<Kind> kinds = new ArrayList<>();
        final Map<String, Integer> byName = new HashMap<>();
        /** The components, in the constructor's order: wire name to index, kinds, generic types, column (or -1). */
        final Map<String, Integer> component = new HashMap<>();
        final Kind[] componentKinds;
        final java.lang.reflect.Type[] types;
        final int[] columnOf;
        final Class<?>[] classes;
        final java.lang.reflect.Constructor<?> constructor;

        Layout(Class<? extends Record> type) {
            RecordComponent[] cs = type.getRecordComponents();
            componentKinds = new Kind[cs.length];
            types = new java.lang.reflect.Type[cs.length];
            columnOf = new int[cs.length];
            classes = new Class<?>[cs.length];
            for (int i = 0; i < cs.length; i++) {
                RecordComponent c = cs[i];
                Kind k = kind(c);
                JsonProperty p = c.getAccessor().getAnnotation(JsonProperty.class);
                String name = p != null && !p.value().isEmpty() ? p.value() : c.getName();
                component.put(name, i);
                componentKinds[i] = k == null ? Kind.OTHER : k;
                types[i] = c.getGenericType();
                classes[i] = c.getType();
                columnOf[i] = k == null ? -1 : names.size();
                if (k == null) continue;
                byName.put(name, names.size());
                names.add(name);
                kinds.add(k);
            }
            try {
                constructor = type.getDeclaredConstructor(classes);
            } catch (NoSuchMethodException e) {
                throw new IllegalStateException(type + " has no canonical constructor", e);
            }
        }

        /** The record of {@code values}, one a component. */
        Object make(Object[] values) throws JsonParseException {
            try {
                return constructor.newInstance(values);
            } catch (java.lang.reflect.InvocationTargetException e) {
                throw new JsonParseException(null, constructor.getDeclaringClass().getSimpleName() + ": " + e.getCause().getMessage(), e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException(e);
            }
        }

        private static final Set<Class<?>> SCALARS = Set.of(String.class, Instant.class, Boolean.class, Integer.class,
                Long.class, Double.class, BigDecimal.class);

        private static Kind kind(RecordComponent c) {
            Class<?> t = c.getType();
            if (t == String.class) return Kind.STRING;
            if (t == Instant.class) return Kind.INSTANT;
            if (t == Boolean.class) return Kind.BOOLEAN;
            if (t == Integer.class) return Kind.INT;
            if (t == Long.class) return Kind.LONG;
            if (t == Double.class || t == BigDecimal.class) return Kind.DOUBLE;
            if (t != List.class || !(c.getGenericType() instanceof ParameterizedType pt)) return null;
            if (!(pt.getActualTypeArguments()[0] instanceof Class<?> e)) return null;
            if (!SCALARS.contains(e)) return null;
            JsonDeserialize d = c.getAccessor().getAnnotation(JsonDeserialize.class);
            if (d != null && d.using() == JsonInString.Strings.class) return Kind.STRINGS_IN_STRING;
            if (d != null && d.using() == JsonInString.Decimals.class) return Kind.DECIMALS_IN_STRING;
            return Kind.LIST;
        }
    }

    /** The column buffers of one table and the reading of one object's fields into them. */
    private static final class Row {
        final Layout layout;
        final ColumnBuffer[] buffers;
        final ObjectReader[] fallback;
        /** Whether records are made: the values of the object being read, and the record of the last one read. */
        private final boolean records;
        private Object[] values;
        Object record;
        int rows;

        Row(Layout layout, boolean records) {
            this.layout = layout;
            this.records = records;
            int n = layout.names.size();
            buffers = new ColumnBuffer[n];
            fallback = new ObjectReader[layout.types.length];
            for (int i = 0; i < n; i++) {
                String name = layout.names.get(i);
                buffers[i] = switch (layout.kinds.get(i)) {
                    case STRING, STRINGS_IN_STRING, DECIMALS_IN_STRING, LIST, OTHER -> new ColumnBuffer.Strings(name);
                    case INSTANT -> new ColumnBuffer.Numbers(name, ColumnBuffer.Numbers.Kind.INSTANT);
                    case LONG -> new ColumnBuffer.Numbers(name, ColumnBuffer.Numbers.Kind.LONG);
                    case BOOLEAN -> new ColumnBuffer.Numbers(name, ColumnBuffer.Numbers.Kind.BOOLEAN);
                    case INT -> new ColumnBuffer.Numbers(name, ColumnBuffer.Numbers.Kind.INT);
                    case DOUBLE -> new ColumnBuffer.Numbers(name, ColumnBuffer.Numbers.Kind.DOUBLE);
                };
            }
        }

        /** Begins an object: for records, its values (a component each, all null), else null. */
        Object[] begin() {
            return values = records ? new Object[layout.types.length] : null;
        }

        /** Reads an object (the parser on its START_OBJECT) as the next row, and its record when made; returns its index. */
        int read(JsonParser p) throws IOException {
            int row = rows;
            begin();
            JsonToken t;
            while ((t = p.nextToken()) == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                field(p, name, p.nextToken(), row);
            }
            if (t != JsonToken.END_OBJECT) throw new JsonParseException(p, "an object is not complete");
            end(row);
            return row;
        }

        /** Ends the object begun at {@code row}: its columns padded, its record made when asked for. */
        void end(int row) throws IOException {
            rows = row + 1;
            for (ColumnBuffer b : buffers) b.pad(rows);
            if (values != null) record = layout.make(values);
        }

        void truncate(int to) {
            rows = to;
            for (ColumnBuffer b : buffers) b.truncate(to);
        }

        void appendAll(Row later) {
            for (int i = 0; i < buffers.length; i++) {
                buffers[i].pad(rows);
                later.buffers[i].pad(later.rows);
                buffers[i].appendAll(later.buffers[i]);
            }
            rows += later.rows;
        }

        String string(String name, int row) {
            return ((ColumnBuffer.Strings) buffers[layout.byName.get(name)]).get(row);
        }

        /** The column named {@code name} alone, as {@link #columns()} builds it. */
        Column<?> column(String name) {
            Integer i = layout.byName.get(name);
            if (i == null) throw new IllegalArgumentException("no column " + name + " among " + layout.names);
            buffers[i].pad(rows);
            return buffers[i].build();
        }

        List<Column<?>> columns() {
            List<Column<?>> out = new ArrayList<>(buffers.length);
            for (ColumnBuffer b : buffers) {
                b.pad(rows);
                out.add(b.build());
            }
            return out;
        }

        /**
         * One field's value (the parser on it) into its column at {@code row}, and into the record's values when made;
         * fields of no component are skipped, and so are those of no column when no record is made.
         */
        void field(JsonParser p, String name, JsonToken v, int row) throws IOException {
            Integer at = layout.component.get(name);
            if (at == null) {
                p.skipChildren();
                return;
            }
            int c = at, i = layout.columnOf[c];
            if (i < 0) {
                if (values != null) values[c] = v == JsonToken.VALUE_NULL ? null : bind(p, c);
                else p.skipChildren();
                return;
            }
            ColumnBuffer b = buffers[i];
            if (v == JsonToken.VALUE_NULL) {
                b.setMissing(row);
                if (values != null) values[c] = null;
                return;
            }
            Object value = null;
            switch (layout.kinds.get(i)) {
                case STRING -> {
                    String text = v == JsonToken.VALUE_STRING ? p.getText() : (String) bind(p, c);
                    ((ColumnBuffer.Strings) b).set(row, text);
                    value = text;
                }
                case DOUBLE -> {
                    ColumnBuffer.Numbers n = (ColumnBuffer.Numbers) b;
                    if (v == JsonToken.VALUE_NUMBER_FLOAT || v == JsonToken.VALUE_NUMBER_INT) {
                        double d = p.getDoubleValue();
                        n.setDouble(row, d);
                        if (values != null) value = layout.classes[c] == BigDecimal.class ? p.getDecimalValue() : (Object) d;
                    } else if ((value = bind(p, c)) instanceof Number o) {
                        n.setDouble(row, o.doubleValue());
                    } else {
                        b.setMissing(row);
                    }
                }
                case INT, LONG -> {
                    ColumnBuffer.Numbers n = (ColumnBuffer.Numbers) b;
                    if (v == JsonToken.VALUE_NUMBER_INT) {
                        if (n.kind == ColumnBuffer.Numbers.Kind.INT) {
                            int k = p.getIntValue();
                            n.set(row, k);
                            value = k;
                        } else {
                            long k = p.getLongValue();
                            n.set(row, k);
                            value = k;
                        }
                    } else if ((value = bind(p, c)) instanceof Number o) {
                        n.set(row, o.longValue());
                    } else {
                        b.setMissing(row);
                    }
                }
                case BOOLEAN -> {
                    ColumnBuffer.Numbers n = (ColumnBuffer.Numbers) b;
                    if (v == JsonToken.VALUE_TRUE || v == JsonToken.VALUE_FALSE) {
                        n.setBoolean(row, v == JsonToken.VALUE_TRUE);
                        value = v == JsonToken.VALUE_TRUE;
                    } else if ((value = bind(p, c)) instanceof Boolean o) {
                        n.setBoolean(row, o);
                    } else {
                        b.setMissing(row);
                    }
                }
                case INSTANT -> {
                    Instant o;
                    if (v == JsonToken.VALUE_STRING) {
                        try {
                            o = FastInstants.parse(p.getText());
                        } catch (IllegalArgumentException e) {
                            throw new JsonParseException(p, name + ": " + e.getMessage(), e);
                        }
                    } else {
                        o = (Instant) bind(p, c);
                    }
                    if (o == null) b.setMissing(row);
                    else ((ColumnBuffer.Numbers) b).set(row, PackedInstant.pack(o));
                    value = o;
                }
                case STRINGS_IN_STRING -> {
                    List<String> texts = JsonInString.texts(p);
                    ((ColumnBuffer.Strings) b).set(row, join(texts, false));
                    value = texts;
                }
                case DECIMALS_IN_STRING -> {
                    List<String> texts = JsonInString.texts(p);
                    ((ColumnBuffer.Strings) b).set(row, join(texts, true));
                    if (values != null) value = JsonInString.decimals(p, texts);
                }
                default -> {
                    List<?> list = (List<?>) bind(p, c);
                    ((ColumnBuffer.Strings) b).set(row, RecordTableText.join(list));
                    value = list;
                }
            }
            if (values != null) values[c] = value;
        }

        /** A value of component {@code c} of an unusual JSON type, or not a scalar, converted by the mapper's rules. */
        private Object bind(JsonParser p, int c) throws IOException {
            ObjectReader r = fallback[c];
            if (r == null) {
                // The parser's own mapper (the document's decoding rules).
                ObjectMapper mapper = (ObjectMapper) p.getCodec();
                r = fallback[c] = mapper.readerFor(mapper.getTypeFactory().constructType(layout.types[c]));
            }
            return r.readValue(p);
        }

        /** The elements joined by ", " as the records' tables show them (decimals in plain notation). */
        private static String join(List<String> texts, boolean decimals) throws IOException {
            if (texts == null || texts.isEmpty()) return null;
            StringBuilder b = new StringBuilder();
            for (int k = 0; k < texts.size(); k++) {
                if (k > 0) b.append(", ");
                String s = texts.get(k);
                if (s == null) continue;
                if (!decimals) b.append(s);
                else if (!s.isBlank()) b.append(plainDecimal(s));
            }
            return b.toString();
        }

        /** {@code new BigDecimal(s.trim()).toPlainString()}, without the object for the usual plain forms. */
        private static String plainDecimal(String s) throws IOException {
            if (isPlain(s)) return s;
            try {
                return new BigDecimal(s.trim()).toPlainString();
            } catch (NumberFormatException e) {
                throw new com.fasterxml.jackson.core.JsonParseException(null, "'" + s + "' is not a decimal", e);
            }
        }

        /** Digits with at most one inner point, no sign, no leading zero but before the point: as BigDecimal writes it. */
        static boolean isPlain(String s) {
            int n = s.length();
            if (n == 0) return false;
            boolean point = false;
            for (int k = 0; k < n; k++) {
                char c = s.charAt(k);
                if (c == '.') {
                    if (point || k == 0 || k == n - 1) return false;
                    point = true;
                } else if (c < '0' || c > '9') {
                    return false;
                }
            }
            return !(s.charAt(0) == '0' && n > 1 && s.charAt(1) != '.');
        }
    }

    /** The text a list of scalars becomes in a records table. */
    private static final class RecordTableText {
        static String join(List<?> list) {
            if (list == null || list.isEmpty()) return null;
            StringBuilder b = new StringBuilder();
            for (int k = 0; k < list.size(); k++) {
                if (k > 0) b.append(", ");
                Object v = list.get(k);
                b.append(v instanceof BigDecimal d ? d.toPlainString() : Objects.toString(v, ""));
            }
            return b.toString();
        }
    }
}
