package org.marketlab.accounts;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Checks made before sending, with messages naming the parameter and what is allowed. */
final class Checks {

    static final int MAX_CONDITIONS = 20;

    private Checks() {
    }

    static List<String> conditions(String... ids) {
        if (ids == null || ids.length == 0) throw new IllegalArgumentException("condition: give one or more condition ids");
        if (ids.length > MAX_CONDITIONS) {
            throw new IllegalArgumentException("condition: at most " + MAX_CONDITIONS + " condition ids per read, " + ids.length + " given");
        }
        List<String> out = new ArrayList<>();
        for (String c : ids) {
            if (c == null || !c.trim().matches("0x[0-9a-fA-F]{64}")) {
                throw new IllegalArgumentException("condition id must be 0x followed by 64 hex digits (a market's conditionId), was '" + c + "'");
            }
            out.add(c.trim().toLowerCase(Locale.ROOT));
        }
        return out;
    }

    static BigDecimal decimal(String s, String name) {
        try {
            return new BigDecimal(s.trim());
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(name + " must be a number, was '" + s + "'");
        }
    }

    static long seconds(Instant t, String name) {
        if (t == null) throw new IllegalArgumentException(name + " is null; give an Instant");
        if (t.getEpochSecond() < 0) throw new IllegalArgumentException(name + " is before 1970: " + t);
        return t.getEpochSecond();
    }

    static String side(String side) {
        String s = side == null ? "" : side.trim().toUpperCase(Locale.ROOT);
        if (!s.equals("BUY") && !s.equals("SELL")) throw new IllegalArgumentException("side must be BUY or SELL, was '" + side + "'");
        return s;
    }
}
