package org.marketlab.http;

import java.util.Locale;

/** The exchange's modes: normal; cancel-only (no new orders); post-only (only post-only orders); disabled (nothing, not even cancels). */
public enum ExchangeMode {
    NORMAL, CANCEL_ONLY, POST_ONLY, DISABLED;

    /**
     * The mode an exchange-mode refusal names ({@code code} of the body when given, else its message). Codes are read
     * with {@code _} as {@code -} and an optional {@code -mode} suffix: the specification's {@code post_only_mode},
     * and {@code post-only}, {@code cancel-only}, {@code disabled}.
     */
    public static ExchangeMode of(String code, String message) {
        String c = code == null ? "" : code.toLowerCase(Locale.ROOT).replace('_', '-');
        if (c.endsWith("-mode")) c = c.substring(0, c.length() - "-mode".length());
        String m = message == null ? "" : message.toLowerCase(Locale.ROOT);
        if (c.equals("cancel-only") || m.contains("cancel-only")) return CANCEL_ONLY;
        if (c.equals("post-only") || m.contains("post-only")) return POST_ONLY;
        if (c.equals("disabled") || m.contains("disabled") || m.contains("paused")) return DISABLED;
        return NORMAL;
    }
}
