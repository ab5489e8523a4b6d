package org.marketlab.config;

/**
 * A profile's connection to the service: its HTTP client, its pacer, its retries. Every facade call goes through
 * the current profile's ({@code MarketLab.connection()}); a service object ({@code MarketData}, {@code ClobData},
 * {@code ClobSession}, {@code PerpsSession}, {@code Account}) is bound to one. The toolkit makes connections; there is
 * nothing to implement.
 */
public interface Connection {

    /** The profile this connection serves. */
    Profile profile();
}
