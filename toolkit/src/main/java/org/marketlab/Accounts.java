package org.marketlab;

import org.marketlab.accounts.Account;

/**
 * Prediction-market wallets on the public Data API, no key needed: positions (open, redeemable, closed) with PnL,
 * trades, activity, value and a PnL series, each paged to the end.
 *
 * <pre>{@code
 * var a = Accounts.of(Wallet.demo(1).address());
 * a.positions().table();  a.positions().status(PositionsQuery.Status.CLOSED).table();
 * a.trades().from(Instant.now().minus(Duration.ofDays(30))).table();
 * a.activity().types("REDEEM", "REWARD").table();  a.value();  a.pnl().table();
 * }</pre>
 *
 * An account made in the app keeps its shares under its proxy (funder) wallet: give that address, not the signer's;
 * an empty read says so.
 */
public final class Accounts {

    private Accounts() {
    }

    /** The wallet at {@code address} ({@code 0x} and 40 hex digits) on the current profile. */
    public static Account of(String address) {
        return new Account(MarketLab.transport(), address);
    }
}
