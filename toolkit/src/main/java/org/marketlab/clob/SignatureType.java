package org.marketlab.clob;

/**
 * Who signs an account's orders: the wallet itself ({@code EOA}), or its key for a proxy wallet that holds the
 * funds ({@code POLY_PROXY}, the app's e-mail and social log-ins; {@code GNOSIS_SAFE}, browser-wallet log-ins). With a
 * proxy type the positions and trades sit under the funder (proxy) address, not under the signer's.
 */
public enum SignatureType {
    EOA(0), POLY_PROXY(1), GNOSIS_SAFE(2);

    private final int code;

    SignatureType(int code) {
        this.code = code;
    }

    /** The number the order book and the order structs use. */
    public int code() {
        return code;
    }
}
