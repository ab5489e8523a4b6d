package org.marketlab.config;

import java.util.Locale;

/** The interfaces of the service, each at its own base URL. */
public enum Service {
    /** Public market data (events, markets, tags): the specification's {@code base_url}. */
    MARKETS,
    /** Central limit order book. */
    CLOB,
    /** The order book's market and user channels (WebSocket: {@code /ws/market}, {@code /ws/user}). */
    CLOB_WS,
    /** Data interface (v1 and v2 families). */
    DATA,
    /** Perpetuals REST. */
    PERPS,
    /** Perpetuals real-time channel (WebSocket). */
    PERPS_WS,
    /** Bridge. */
    BRIDGE,
    /**
     * A Polygon JSON-RPC node (chain id 137): the chain the order book settles on. The toolkit does not call it; the
     * sandbox simulates one for the official clients' on-chain calls, and this names its URL.
     */
    CHAIN;

    private final String id = name().toLowerCase(Locale.ROOT);

    /** The lower-case name used by the pacing table and the embedded service, e.g. {@code perps_ws}: the enum's name in lower case. */
    public String id() {
        return id;
    }

    /** Whether the interface is a WebSocket one ({@code ws://} or {@code wss://}). */
    public boolean webSocket() {
        return name().endsWith("_WS");
    }

    /** The environment variable that overrides this service's URL, e.g. {@code MARKETLAB_CLOB_URL}. */
    public String envName() {
        return "MARKETLAB_" + name() + "_URL";
    }

    /** Looks a service up by its {@link #id()} (its enum name in any case). */
    public static Service of(String name) {
        for (Service s : values()) {
            if (s.name().equalsIgnoreCase(name)) return s;
        }
        throw new IllegalArgumentException("unknown service '" + name + "'; known: markets, clob, clob_ws, data, perps, perps_ws, bridge, chain");
    }
}
