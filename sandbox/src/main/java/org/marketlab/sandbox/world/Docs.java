package org.marketlab.sandbox.world;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.SplittableRandom;

/** How the world's documents are written: records with every field of their kind, the live service's text forms. */
final class Docs {

    private Docs() {
    }

    static final RecordMap.Schema EVENT = new RecordMap.Schema(Fields.EVENT);
    static final RecordMap.Schema MARKET = new RecordMap.Schema(Fields.MARKET);
    static final RecordMap.Schema TAG = new RecordMap.Schema(Fields.TAG);
    static final RecordMap.Schema IMAGE = new RecordMap.Schema(Fields.IMAGE);
    /** The live service's database form of a timestamp. */
    static final DateTimeFormatter DB_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS'+00'").withZone(ZoneOffset.UTC);

    /** A record with every field of its kind, all null. */
    static ObjectNode object(RecordMap.Schema schema) {
        RecordMap fields = new RecordMap(schema);
        for (int i = 0; i < schema.size(); i++) fields.putNull(i);
        return new ObjectNode(World.JSON, fields);
    }

    /** A copy of a flat record of one kind (its values are immutable nodes, so they are shared). */
    static ObjectNode copy(ObjectNode flat, RecordMap.Schema schema) {
        ObjectNode o = new ObjectNode(World.JSON, new RecordMap(schema));
        flat.fields().forEachRemaining(f -> o.set(f.getKey(), f.getValue()));
        return o;
    }

    static String iso(Instant t) {
        return millis(t).toString();
    }

    /** The instant as served: timestamps carry milliseconds. */
    static Instant millis(Instant t) {
        return t.truncatedTo(ChronoUnit.MILLIS);
    }

    static String jsonInString(List<String> values) {
        StringBuilder b = new StringBuilder("[");
        for (int i = 0; i < values.size(); i++) {
            if (i > 0) b.append(", ");
            b.append('"').append(values.get(i).replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        }
        return b.append(']').toString();
    }

    /** Lower-case letters and digits, every other run of characters one dash, none at either end. */
    static String slug(String s) {
        StringBuilder b = new StringBuilder(s.length());
        boolean dash = false;
        for (int i = 0; i < s.length(); i++) {
            char c = Character.toLowerCase(s.charAt(i));
            if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
                if (dash && b.length() > 0) b.append('-');
                b.append(c);
                dash = false;
            } else {
                dash = true;
            }
        }
        return b.length() == 0 ? "x" : b.toString();
    }

    /** A 77-digit decimal token id. */
    static String bigId(SplittableRandom r) {
        StringBuilder b = new StringBuilder(77);
        b.append(1 + r.nextInt(9));
        for (int i = 0; i < 76; i++) b.append(r.nextInt(10));
        return b.toString();
    }

    /** A short outcome name: the last word (a team's name, a surname), or the first letter of Over and Under. */
    static String shortName(String outcome) {
        return outcome.equals("Over") || outcome.equals("Under") ? outcome.substring(0, 1) : outcome.substring(outcome.lastIndexOf(' ') + 1);
    }

    static double round2(double v) {
        return Math.round(v * 100.0) / 100.0;
    }

    static double round4(double v) {
        return Math.round(v * 1e4) / 1e4;
    }

    static double round6(double v) {
        return Math.round(v * 1e6) / 1e6;
    }
}
