package org.marketlab.config;

import java.util.Locale;

/** The interfaces of the service, each at its own base URL. */
public enum Service {
    /** Public market data (events, markets, tags): the specification's {@code base_url}. */
    MARKETS("markets"),
    /** Central limit order book. */
    CLOB("clob"),
    /** The order book's market and user channels (WebSocket: {@code /ws/market}, {@code /ws/user}). */
    CLOB_WS("clob_ws"),
    /** Data interface (v1 and v2 families). */
    DATA("data"),
    /** Perpetuals REST. */
    PERPS("perps"),
    /** Perpetuals real-time channel (WebSocket). */
    PERPS_WS("perps_ws"),
    /** Bridge. */
    BRIDGE("bridge"),
    /**
     * A Polygon JSON-RPC node (chain id 137): the chain the order book settles on. The toolkit does not call it; the
     * sandbox simulates one for the official clients' on-chain calls, and this names its URL.
     */
    CHAIN("chain");

    private final String id;

    Service(String id) {
        this.id = id;
    }

    /** The lower-case name used by the pacing table and the embedded service, e.g. {@code perps_ws}. */
    public String id() {
        return id;
    }

    /** Whether the interface is a WebSocket one ({@code ws://} or {@code wss://}). */
    public boolean webSocket() {
        return id.endsWith("_ws");
    }

    /** The environment variable that overrides this service's URL, e.g. {@code MARKETLAB_CLOB_URL}. */
    public String envName() {
        return "MARKETLAB_" + id.toUpperCase(Locale.ROOT) + "_URL";
    }

    /** Looks a service up by its {@link #id()} or enum name, case-insensitively. */
    public static Service of(String name) {
        for (Service s : values()) {
            if (s.id.equalsIgnoreCase(name) || s.name().equalsIgnoreCase(name)) return s;
        }
        throw new IllegalArgumentException("unknown service '" + name + "'; known: markets, clob, clob_ws, data, perps, perps_ws, bridge, chain");
    }
}
