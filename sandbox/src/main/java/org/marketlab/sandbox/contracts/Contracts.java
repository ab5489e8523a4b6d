package org.marketlab.sandbox.contracts;

import java.util.List;

/**
 * The Polygon (chain id 137) contracts the order book settles on, at their published addresses (the official clients'
 * production configuration; the exchanges as the public facts give them), lower case. The sandbox's node answers for
 * these alone: any other address has no code.
 */
public final class Contracts {

    private Contracts() {
    }

    public static final long CHAIN_ID = 137;

    /** The collateral: an ERC-20 of 6 decimals (Polymarket USD). */
    public static final String COLLATERAL = "0xc011a7e12a19f7b1f670d46f03b03f3342e82dfb";
    /** The conditional-token framework: the outcome tokens (ERC-1155) of the standard markets. */
    public static final String CONDITIONAL_TOKENS = "0x4d97dcd97ec945f40cf65f87097ace5ea0476045";
    /** The negative-risk adapter: the ERC-1155 view of the negative-risk markets' outcome tokens. */
    public static final String NEG_RISK_ADAPTER = "0xd91e80cf2e7be2e162c6513ced06f1dd0da35296";
    /** Splits, merges and redemptions of standard markets in the collateral. */
    public static final String COLLATERAL_ADAPTER = "0xada100db00ca00073811820692005400218fce1f";
    /** Splits, merges and redemptions of negative-risk markets in the collateral. */
    public static final String NEG_RISK_COLLATERAL_ADAPTER = "0xada2005600dec949baf300f4c6120000bdb6eaab";
    public static final String EXCHANGE = "0xe111180000d2663c0091e4f400237545b87b996b";
    public static final String NEG_RISK_EXCHANGE = "0xe2222d279d744050d28e00520010520000310f59";
    /** The V1 exchange of the public facts (legacy orders). */
    public static final String LEGACY_EXCHANGE = "0x4bfb41d5b3570defd03c39a9a4d8de6bd8b8982e";
    public static final String AUTO_REDEEM_OPERATOR = "0xa1200000d0002264c9a1698e001292d00e1b00af";
    public static final String PROTOCOL_V2_ROUTER = "0x12121212006e4cd160d18e3f00711da5c3372600";
    public static final String EXCHANGE_V3 = "0xe3333700ca9d93003f00f0f71f8515005f6c00aa";
    public static final String BINARY_MODULE = "0x1000008dd9001b968442c1000017eae6e0da00ba";
    public static final String NEG_RISK_MODULE = "0x200000900045e3b6259600682756002200028933";
    /** The V2 positions' ERC-1155 (combinations): the sandbox's world has none, so every balance there is 0. */
    public static final String POSITION_MANAGER = "0x006f54f7f9a22e0000cc2ab60031000000ae9fef";
    /** The perpetuals' deposit contract. */
    public static final String PERPS_DEPOSIT = "0xdca4af75705dbb50f62437045aff9921947917d2";

    /** One approval trading needs: {@code spender} of {@code token} (ERC-20) or operator of it (ERC-1155). */
    public record Approval(String token, String spender, boolean erc20) {
    }

    /** The approvals a wallet gives to trade, split, merge, redeem and deposit to the perpetuals. */
    public static final List<Approval> TRADING = List.of(
            new Approval(COLLATERAL, EXCHANGE, true), new Approval(COLLATERAL, NEG_RISK_EXCHANGE, true),
            new Approval(COLLATERAL, COLLATERAL_ADAPTER, true), new Approval(COLLATERAL, NEG_RISK_COLLATERAL_ADAPTER, true),
            new Approval(COLLATERAL, PROTOCOL_V2_ROUTER, true), new Approval(COLLATERAL, EXCHANGE_V3, true),
            new Approval(COLLATERAL, PERPS_DEPOSIT, true), new Approval(COLLATERAL, LEGACY_EXCHANGE, true),
            new Approval(CONDITIONAL_TOKENS, EXCHANGE, false), new Approval(CONDITIONAL_TOKENS, NEG_RISK_EXCHANGE, false),
            new Approval(CONDITIONAL_TOKENS, COLLATERAL_ADAPTER, false), new Approval(CONDITIONAL_TOKENS, NEG_RISK_COLLATERAL_ADAPTER, false),
            new Approval(CONDITIONAL_TOKENS, AUTO_REDEEM_OPERATOR, false), new Approval(CONDITIONAL_TOKENS, BINARY_MODULE, false),
            new Approval(CONDITIONAL_TOKENS, NEG_RISK_MODULE, false), new Approval(CONDITIONAL_TOKENS, LEGACY_EXCHANGE, false),
            new Approval(POSITION_MANAGER, PROTOCOL_V2_ROUTER, false), new Approval(POSITION_MANAGER, EXCHANGE_V3, false),
            new Approval(POSITION_MANAGER, AUTO_REDEEM_OPERATOR, false));

    /** Whether {@code address} holds outcome tokens as an ERC-1155 (the framework, the adapter, the V2 position manager). */
    static boolean erc1155(String address) {
        return address.equals(CONDITIONAL_TOKENS) || address.equals(NEG_RISK_ADAPTER) || address.equals(POSITION_MANAGER);
    }

    /** Whether {@code address} splits, merges and redeems positions (the framework itself, or one of its adapters). */
    static boolean positions(String address) {
        return address.equals(CONDITIONAL_TOKENS) || address.equals(NEG_RISK_ADAPTER) || address.equals(COLLATERAL_ADAPTER)
                || address.equals(NEG_RISK_COLLATERAL_ADAPTER);
    }

    /** Whether the node has code at {@code address}. */
    public static boolean known(String address) {
        return address.equals(COLLATERAL) || erc1155(address) || positions(address) || address.equals(PERPS_DEPOSIT)
                || TRADING.stream().anyMatch(a -> a.spender().equals(address));
    }
}
