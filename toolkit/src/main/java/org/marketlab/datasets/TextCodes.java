package org.marketlab.datasets;

import it.unimi.dsi.fastutil.bytes.Byte2IntOpenHashMap;
import it.unimi.dsi.fastutil.bytes.Byte2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2IntOpenHashMap;
import it.unimi.dsi.fastutil.ints.Int2ObjectOpenHashMap;
import it.unimi.dsi.fastutil.objects.Object2ByteOpenHashMap;
import it.unimi.dsi.fastutil.objects.Object2IntOpenHashMap;
import it.unimi.dsi.fastutil.objects.Object2ShortOpenHashMap;
import it.unimi.dsi.fastutil.shorts.Short2IntOpenHashMap;
import it.unimi.dsi.fastutil.shorts.Short2ObjectOpenHashMap;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.columns.strings.ByteDictionaryMap;
import tech.tablesaw.columns.strings.DictionaryMap;
import tech.tablesaw.columns.strings.IntDictionaryMap;
import tech.tablesaw.columns.strings.ShortDictionaryMap;

import java.util.Arrays;
import java.util.concurrent.ForkJoinTask;

/**
 * A string column built from codes rather than appended text by text: rows come in order, a run at a time, as codes
 * into that run's texts ({@code -1}: missing), and each row's code is replaced by its key in the column. Keys are
 * given in order of first appearance, "" and null are missing, and a count is kept per key, as Tablesaw's own
 * dictionary maps hold them, so the column equals the one appended value by value. Each distinct text is hashed once,
 * into the map that becomes the column's own when keys are 32-bit; one text in several runs (each Parquet row group's
 * own dictionary) gets one key.
 */
final class TextCodes {

    private static final int MISSING = -1;
    /** Text to key, stored as the 32-bit dictionary map stores it ({@code Integer.MIN_VALUE + 1 + key}). */
    private final Object2IntOpenHashMap<String> keyOf;
    private String[] order;
    private int[] count;
    private int distinct;
    private int missing;

    /** For about {@code expected} distinct texts (the maps grow past it). */
    TextCodes(int expected) {
        keyOf = new Object2IntOpenHashMap<>(Math.max(expected, 16));
        keyOf.defaultReturnValue(Integer.MIN_VALUE);
        order = new String[Math.max(expected, 16)];
        count = new int[order.length];
    }

    /** Rows {@code [from, from + rows)} of {@code codes}, codes into {@code texts}, replaced by their keys in the column. */
    TextCodes add(String[] texts, int[] codes, int from, int rows) {
        return add(texts, unknown(texts.length), codes, from, rows);
    }

    /** A cache of {@code n} texts' keys, none known yet, for {@link #add(String[], int[], int[], int, int)}. */
    static int[] unknown(int n) {
        int[] key = new int[n];
        Arrays.fill(key, Integer.MIN_VALUE);
        return key;
    }

    /** As {@link #add(String[], int[], int, int)}, with {@code key} caching each text's key across calls over the same texts. */
    TextCodes add(String[] texts, int[] key, int[] codes, int from, int rows) {
        for (int r = from, end = from + rows; r < end; r++) {
            int k = codes[r];
            if (k < 0) {
                missing++;
                codes[r] = MISSING;
                continue;
            }
            int d = key[k];
            if (d == Integer.MIN_VALUE) {
                String s = texts[k];
                if (s == null || s.isEmpty()) d = MISSING;
                else {
                    d = keyOf.putIfAbsent(s, Integer.MIN_VALUE + 1 + distinct);
                    if (d == Integer.MIN_VALUE) {
                        if (distinct == order.length) {
                            order = Arrays.copyOf(order, distinct * 2);
                            count = Arrays.copyOf(count, distinct * 2);
                        }
                        order[distinct] = s;
                        d = distinct++;
                    } else {
                        d -= Integer.MIN_VALUE + 1;
                    }
                }
                key[k] = d;
            }
            if (d == MISSING) missing++;
            else count[d]++;
            codes[r] = d;
        }
        return this;
    }

    /** How many distinct texts so far. */
    int distinct() {
        return distinct;
    }

    /** The text of a key {@link #add} gave (null for missing). */
    String text(int key) {
        return key == MISSING ? null : order[key];
    }

    /** The column of the first {@code rows} keys (as {@link #add} left them), with the narrowest key that fits. */
    StringColumn column(String name, int[] keys, int rows) {
        return column(name, new Keys(rows, distinct).put(keys, 0, 0, rows, distinct));
    }

    /**
     * A column's keys as Tablesaw's dictionary maps store them, in the narrowest array that holds the distinct texts
     * so far (a byte each up to 254, a short up to 65,534, else an int; missing as the type's largest value), widened
     * as more come: a column of few texts holds a byte a row while it is built rather than an int.
     */
    static final class Keys {
        byte[] bytes;
        short[] shorts;
        int[] ints;

        /** For {@code rows} rows and at least {@code distinct} texts. */
        Keys(int rows, int distinct) {
            if (distinct <= 254) bytes = new byte[rows];
            else if (distinct <= 65534) shorts = new short[rows];
            else ints = new int[rows];
        }

        /** Rows {@code [row, row + n)} from the keys {@link #add} left in {@code keys[from, from + n)}, of {@code distinct} texts so far. */
        Keys put(int[] keys, int from, int row, int n, int distinct) {
            if (bytes != null && distinct > 254) {
                shorts = new short[bytes.length];
                for (int r = 0; r < bytes.length; r++) shorts[r] = bytes[r] == Byte.MAX_VALUE ? Short.MAX_VALUE : (short) (bytes[r] - Byte.MIN_VALUE + Short.MIN_VALUE);
                bytes = null;
            }
            if (shorts != null && distinct > 65534) {
                ints = new int[shorts.length];
                for (int r = 0; r < shorts.length; r++) ints[r] = shorts[r] == Short.MAX_VALUE ? Integer.MAX_VALUE : shorts[r] - Short.MIN_VALUE + Integer.MIN_VALUE;
                shorts = null;
            }
            if (bytes != null) for (int i = 0; i < n; i++) bytes[row + i] = keys[from + i] == MISSING ? Byte.MAX_VALUE : (byte) (Byte.MIN_VALUE + 1 + keys[from + i]);
            else if (shorts != null) for (int i = 0; i < n; i++) shorts[row + i] = keys[from + i] == MISSING ? Short.MAX_VALUE : (short) (Short.MIN_VALUE + 1 + keys[from + i]);
            else for (int i = 0; i < n; i++) ints[row + i] = keys[from + i] == MISSING ? Integer.MAX_VALUE : Integer.MIN_VALUE + 1 + keys[from + i];
            return this;
        }

        /** Row {@code r}'s key as {@link #add} gives it ({@code -1}: missing). */
        int key(int r) {
            if (bytes != null) return bytes[r] == Byte.MAX_VALUE ? MISSING : bytes[r] - Byte.MIN_VALUE - 1;
            if (shorts != null) return shorts[r] == Short.MAX_VALUE ? MISSING : shorts[r] - Short.MIN_VALUE - 1;
            return ints[r] == Integer.MAX_VALUE ? MISSING : ints[r] - Integer.MIN_VALUE - 1;
        }
    }

    /** The column of {@code keys} (every row put), its texts the ones {@link #add} keyed. */
    StringColumn column(String name, Keys keys) {
        String missingText = "";
        if (keys.bytes != null) {
            Byte2ObjectOpenHashMap<String> keyToValue = new Byte2ObjectOpenHashMap<>(distinct + 1);
            Object2ByteOpenHashMap<String> valueToKey = new Object2ByteOpenHashMap<>(distinct + 1);
            valueToKey.defaultReturnValue(Byte.MIN_VALUE);
            Byte2IntOpenHashMap keyToCount = new Byte2IntOpenHashMap(distinct + 1);
            for (int d = 0; d < distinct; d++) {
                byte b = (byte) (Byte.MIN_VALUE + 1 + d);
                keyToValue.put(b, order[d]);
                valueToKey.put(order[d], b);
                keyToCount.put(b, count[d]);
            }
            if (missing > 0) {
                keyToValue.put(Byte.MAX_VALUE, missingText);
                valueToKey.put(missingText, Byte.MAX_VALUE);
                keyToCount.put(Byte.MAX_VALUE, missing);
            }
            DictionaryMap m = new ByteDictionaryMap.ByteDictionaryBuilder().setNextIndex(Byte.MIN_VALUE + distinct).setKeyToValue(keyToValue)
                    .setValueToKey(valueToKey).setKeyToCount(keyToCount).setValues(keys.bytes).build();
            return StringColumn.createInternal(name, m);
        }
        if (keys.shorts != null) {
            Short2ObjectOpenHashMap<String> keyToValue = new Short2ObjectOpenHashMap<>(distinct + 1);
            Object2ShortOpenHashMap<String> valueToKey = new Object2ShortOpenHashMap<>(distinct + 1);
            valueToKey.defaultReturnValue(Short.MIN_VALUE);
            Short2IntOpenHashMap keyToCount = new Short2IntOpenHashMap(distinct + 1);
            for (int d = 0; d < distinct; d++) {
                short s = (short) (Short.MIN_VALUE + 1 + d);
                keyToValue.put(s, order[d]);
                valueToKey.put(order[d], s);
                keyToCount.put(s, count[d]);
            }
            if (missing > 0) {
                keyToValue.put(Short.MAX_VALUE, missingText);
                valueToKey.put(missingText, Short.MAX_VALUE);
                keyToCount.put(Short.MAX_VALUE, missing);
            }
            DictionaryMap m = new ShortDictionaryMap.ShortDictionaryBuilder().setNextIndex(Short.MIN_VALUE + distinct).setKeyToValue(keyToValue)
                    .setValueToKey(valueToKey).setKeyToCount(keyToCount).setValues(keys.shorts).build();
            return StringColumn.createInternal(name, m);
        }
        // Many keys: the key-to-text map is built on another core (a forked task) while this one counts.
        ForkJoinTask<Int2ObjectOpenHashMap<String>> texts = ForkJoinTask.adapt(() -> {
            Int2ObjectOpenHashMap<String> keyToValue = new Int2ObjectOpenHashMap<>(distinct + 1);
            for (int d = 0; d < distinct; d++) keyToValue.put(Integer.MIN_VALUE + 1 + d, order[d]);
            if (missing > 0) keyToValue.put(Integer.MAX_VALUE, missingText);
            return keyToValue;
        }).fork();
        Int2IntOpenHashMap keyToCount = new Int2IntOpenHashMap(distinct + 1);
        for (int d = 0; d < distinct; d++) keyToCount.put(Integer.MIN_VALUE + 1 + d, count[d]);
        if (missing > 0) {
            keyOf.put(missingText, Integer.MAX_VALUE);
            keyToCount.put(Integer.MAX_VALUE, missing);
        }
        DictionaryMap m = new IntDictionaryMap.IntDictionaryBuilder().setNextIndex(Integer.MIN_VALUE + distinct).setKeyToValue(texts.join())
                .setValueToKey(keyOf).setKeyToCount(keyToCount).setValues(keys.ints).build();
        return StringColumn.createInternal(name, m);
    }
}
