package org.marketlab.sandbox.trading;

import java.util.Locale;

/** The exchange's modes: normal; cancel-only (no new orders); post-only (only post-only orders); disabled (nothing, not even cancels). */
public enum ExchangeMode {
    NORMAL, CANCEL_ONLY, POST_ONLY, DISABLED;

    /** {@code normal}, {@code cancel-only}, {@code post-only} or {@code disabled}. */
    public String wire() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static ExchangeMode of(String s) {
        for (ExchangeMode m : values()) if (m.wire().equalsIgnoreCase(s == null ? "" : s.trim()) || m.name().equalsIgnoreCase(s)) return m;
        throw new IllegalArgumentException("exchange mode '" + s + "' is not normal, cancel-only, post-only or disabled");
    }
}
