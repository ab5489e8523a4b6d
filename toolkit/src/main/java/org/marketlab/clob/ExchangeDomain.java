package org.marketlab.clob;

import org.marketlab.signing.Eip712;

import java.util.Locale;

/**
 * The EIP-712 domain an order is signed in: {@code {name: "Polymarket CTF Exchange", version, chainId,
 * verifyingContract}}, the exchange contract or the neg-risk exchange contract of the chain (Polygon 137, Amoy
 * 80002), version {@code "2"} for the current orders and {@code "1"} for the legacy ones.
 */
public record ExchangeDomain(String name, String version, long chainId, String verifyingContract) {

    static final String NAME = "Polymarket CTF Exchange";
    static final String V2_EXCHANGE = "0xE111180000d2663C0091e4f400237545B87B996B";
    static final String V2_NEG_RISK_EXCHANGE = "0xe2222d279d744050d28e00520010520000310F59";
    static final String V1_EXCHANGE_POLYGON = "0x4bFb41d5B3570DeFd03C39a9A4D8dE6Bd8B8982E";
    static final String V1_EXCHANGE_AMOY = "0xdFE02Eb6733538f8Ea35D585af8DE5958AD99E40";
    static final String V1_NEG_RISK_EXCHANGE = "0xC5d563A36AE78145C45a50134d48A1215220f80a";

    public ExchangeDomain {
        if (name == null || name.isBlank()) throw new IllegalArgumentException("domain name is empty");
        if (version == null || version.isBlank()) throw new IllegalArgumentException("domain version is empty");
        verifyingContract = ClobSession.address(verifyingContract, "verifyingContract");
    }

    /** The current (V2) domain of {@code chainId}'s exchange, or of its neg-risk exchange. */
    public static ExchangeDomain v2(long chainId, boolean negRisk) {
        return v2(NAME, chainId, negRisk);
    }

    static ExchangeDomain v2(String name, long chainId, boolean negRisk) {
        chain(chainId);
        return new ExchangeDomain(name, "2", chainId, negRisk ? V2_NEG_RISK_EXCHANGE : V2_EXCHANGE);
    }

    /** The legacy (V1) domain of {@code chainId}'s exchange, or of its neg-risk exchange. */
    public static ExchangeDomain v1(long chainId, boolean negRisk) {
        chain(chainId);
        return new ExchangeDomain(NAME, "1", chainId, negRisk ? V1_NEG_RISK_EXCHANGE : chainId == 137 ? V1_EXCHANGE_POLYGON : V1_EXCHANGE_AMOY);
    }

    private static void chain(long chainId) {
        if (chainId != 137 && chainId != 80002) {
            throw new IllegalArgumentException("chain id " + chainId + " has no order-book exchange: 137 (Polygon) or 80002 (Amoy)");
        }
    }

    /** Whether this is the neg-risk exchange's domain. */
    public boolean negRisk() {
        String c = verifyingContract.toLowerCase(Locale.ROOT);
        return c.equals(V2_NEG_RISK_EXCHANGE.toLowerCase(Locale.ROOT)) || c.equals(V1_NEG_RISK_EXCHANGE.toLowerCase(Locale.ROOT));
    }

    /** The domain separator. */
    public byte[] separator() {
        return Eip712.domainSeparator(name, version, chainId, verifyingContract);
    }
}
