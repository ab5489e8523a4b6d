package org.marketlab;

import org.marketlab.research.Calibration;
import org.marketlab.research.ResolvedQuery;
import org.marketlab.research.Tapes;
import tech.tablesaw.api.Table;

import java.time.Duration;

/**
 * Research across markets and time, in a few lines each.
 *
 * <pre>{@code
 * var resolved = Research.resolved().category("Sports").table();       // resolved markets, prices 1, 7, 30 days out
 * var cal = Research.calibration(resolved, Duration.ofDays(7));          // reliability, Brier, log loss, slope
 * Charts.calibration(cal);
 * var tape = Markets.trades(market).table();  Research.tapeByHour(tape);  Charts.tape(tape);
 * }</pre>
 */
public final class Research {

    private Research() {
    }

    // ---- resolved markets, calibration, the tape ----------------------------------------------------------------

    /**
     * A query of resolved binary markets with their first outcome's price at horizons before the end (1, 7 and 30 days
     * unless {@code .horizons(...)}): filter by {@code tag}, {@code category}, {@code closedBetween}, {@code minVolume},
     * {@code limit}; read with {@code .table()}, {@code .list()} or, resumable, {@code .toParquet(dir)}. Paced to the
     * published windows, with progress.
     */
    public static ResolvedQuery resolved() {
        return ResolvedQuery.of(MarketLab.connection());
    }

    /**
     * The calibration of resolved markets' prices {@code horizon} before the end, in 10 bins ({@code .bins(n)} for
     * others): a table per bin with Wilson intervals, Brier score, log loss, the least-squares slope and intercept,
     * and the logistic slope. An empty set of markets gives an empty calibration whose {@code message()} says why.
     */
    public static Calibration calibration(Table resolved, Duration horizon) {
        return Calibration.of(resolved, horizon);
    }

    /**
     * A tape ({@code Markets.trades(market).table()}) by UTC hour: trades, shares, notional, VWAP and the buy/sell
     * imbalance, all seen from the first outcome (a trade of the second at {@code p} counts at {@code 1 − p}).
     */
    public static Table tapeByHour(Table tape) {
        return Tapes.byHour(tape);
    }

    /** Every horizon of a resolved-markets table side by side: markets, Brier, log loss, slopes (one row each). */
    public static Table calibrationByHorizon(Table resolved) {
        return Calibration.byHorizon(resolved);
    }

    /**
     * A tape by taker wallet, most notional first: trades, shares, notional, share of the tape, net shares of the first
     * outcome bought, first and last trade; a wallet leads to {@code Accounts.of(wallet)}.
     */
    public static Table tapeByWallet(Table tape) {
        return Tapes.byWallet(tape);
    }
}
