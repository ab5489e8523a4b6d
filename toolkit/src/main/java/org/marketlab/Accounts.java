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
 * a.activity().types("REDEEM", "REWARD").table();  a.value();  a.pnl().table();  a.stats();
 * Accounts.leaderboard("month", "volume", 20);
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

    /**
     * The leaderboard as a table (rank, user_id, pnl, volume, user_name, verified): {@code period} {@code day},
     * {@code week}, {@code month} or {@code all}; {@code by} {@code pnl} or {@code volume}; the first {@code limit}.
     */
    public static tech.tablesaw.api.Table leaderboard(String period, String by, int limit) {
        return org.marketlab.tables.RecordTable.of(org.marketlab.accounts.LeaderboardEntry.class)
                .table("leaderboard " + period + " by " + by, Account.leaderboard(MarketLab.transport(), period, by, limit));
    }

    /** The all-time leaderboard by profit and loss, the first 100. */
    public static tech.tablesaw.api.Table leaderboard() {
        return leaderboard("all", "pnl", 100);
    }
}
