package org.marketlab.tables;

import tech.tablesaw.columns.Column;

import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Identifiers on display: addresses, hashes, token ids and client ids are shortened to their first and last
 * characters ({@code 0xAe50…4E03}, {@code 4854…1627}), the full value kept for a tooltip. The data keeps the
 * full value; only what is drawn is shorter.
 */
public final class Ids {

    /** Text at least this long that is all hex or digits is an identifier to shorten. */
    public static final int SHORTEN_FROM = 20;

    private static final Pattern HEX0X = Pattern.compile("0x[0-9a-fA-F]{8,}");
    private static final Pattern DIGITS = Pattern.compile("[0-9]{" + SHORTEN_FROM + ",}");
    private static final Pattern HEX = Pattern.compile("[0-9a-fA-F]{24,}");

    private Ids() {
    }

    /** Whether {@code s} is an identifier: 0x-prefixed hex, 20 or more digits, or 24 or more hex digits. */
    public static boolean looksLikeId(String s) {
        if (s == null) return false;
        String t = s.strip();
        return HEX0X.matcher(t).matches() || DIGITS.matcher(t).matches() || (HEX.matcher(t).matches() && t.chars().anyMatch(Character::isDigit));
    }

    /**
     * {@code s} shortened for display when it is a long identifier ({@code 0xAe50…4E03} keeps "0x" and 4 hex digits
     * each side, other ids 4 characters each side); anything else as it is.
     */
    public static String shorten(String s) {
        if (s == null || s.length() < SHORTEN_FROM || !looksLikeId(s)) return s;
        String t = s.strip();
        return t.startsWith("0x") || t.startsWith("0X") ? t.substring(0, 6) + "…" + t.substring(t.length() - 4)
                : t.substring(0, 4) + "…" + t.substring(t.length() - 4);
    }

    /** Whether a text column holds identifiers: by its name (…id, hash, address, wallet…) or because every value is one. */
    static boolean column(Column<?> c) {
        if (byName(c.name())) return true;
        int seen = 0;
        for (int i = 0; i < c.size() && seen < 50; i++) {
            if (c.isMissing(i)) continue;
            String v = String.valueOf(c.get(i));
            if (v.isEmpty()) continue;
            if (!looksLikeId(v)) return false;
            seen++;
        }
        return seen > 0;
    }

    /** Whether a name says the values are identifiers or addresses. */
    public static boolean byName(String name) {
        String raw = name.toLowerCase(Locale.ROOT);
        String n = ColumnKind.squash(name);
        if (n.endsWith("bid") || n.endsWith("mid") || n.endsWith("paid") || n.endsWith("valid")) return false;
        return n.endsWith("id") || n.endsWith("ids") || n.endsWith("hash") || n.endsWith("address") || n.endsWith("wallet")
                || n.endsWith("signer") || n.endsWith("owner") || n.endsWith("counterparty") || n.equals("coid") || n.equals("to")
                || n.equals("from") || n.equals("user") || n.equals("asset") || n.equals("nonce") || n.equals("signature")
                || raw.equals("tid") || raw.equals("oid") || raw.equals("iid");
    }
}
