package org.marketlab;

import org.marketlab.markets.Market;
import org.marketlab.research.BookScans;
import org.marketlab.research.Calibration;
import org.marketlab.research.EventStudies;
import org.marketlab.research.NegRiskScan;
import org.marketlab.research.PriceMoves;
import org.marketlab.research.ResolvedQuery;
import org.marketlab.research.Tapes;
import tech.tablesaw.api.Table;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;

/**
 * Research across markets and time, in a few lines each. Every read is paced as every call is; ids are checked
 * before anything is sent.
 *
 * <pre>{@code
 * var resolved = Research.resolved().category("Sports").table();       // resolved markets, prices 1, 7, 30 days out
 * var cal = Research.calibration(resolved, Duration.ofDays(7));          // reliability, Brier, log loss, slope
 * Charts.calibration(cal);
 * var tape = Markets.trades(market).table();  Research.tapeByHour(tape);  Charts.tape(tape);
 * Research.negRiskScan().limit(20).table();                       // Σ of each neg-risk event's outcomes against 1
 * Research.parity(Markets.markets().closed(false).limit(50).list());
 * var h = Clob.pricesHistory(token).interval("1w").fidelity(1).table();
 * var jumps = Research.jumps(h, 0.05);
 * Research.eventStudy(List.of(token), jumps.instantColumn("time").asList(), Duration.ofHours(2), Duration.ofHours(6));
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

    // ---- baskets, parity, event studies and moves ---------------------------------------------------------------------

    /**
     * The open neg-risk events, one row per event: its markets, Σ best ask, Σ best bid, Σ midpoint, the deviation
     * from 1, the better side's edge and the baskets executable at it walking the books. {@code .events(...)} picks
     * events, {@code .limit(n)} stops after n, {@code .takerFee(rate)} charges the walk a taker fee.
     */
    public static NegRiskScan negRiskScan() {
        return new BookScans(MarketLab.connection()).negRiskScan();
    }

    /**
     * YES ask + NO ask and YES bid + NO bid of each open binary market against 1, with the sizes at the touch; books
     * read in batches. Markets that are closed or not binary are left out and counted in the table's name.
     */
    public static Table parity(Collection<Market> markets) {
        return new BookScans(MarketLab.connection()).parity(markets);
    }

    /**
     * How prices moved around events: for each event (a token and an instant; one token serves every instant) the
     * change from the last price before it, at each minute from {@code before} ahead to {@code after}; one row per
     * step: {@code minute} (relative to the event), {@code events}, {@code mean}, {@code q25}, {@code median},
     * {@code q75} (price units). One {@code /prices-history} read per event, at the finest fidelity that keeps the
     * window within 2,000 points.
     */
    public static Table eventStudy(List<String> tokenIds, List<Instant> times, Duration before, Duration after) {
        return new EventStudies(MarketLab.connection()).study(tokenIds, times, before, after, null);
    }

    /** {@link #eventStudy(List, List, Duration, Duration)} at steps of {@code step} (1, 5, 15, 30, 60, 240, 720 or 1,440 minutes). */
    public static Table eventStudy(List<String> tokenIds, List<Instant> times, Duration before, Duration after, Duration step) {
        return new EventStudies(MarketLab.connection()).study(tokenIds, times, before, after, step);
    }

    /**
     * The points of a (time, price) history where the price moved by {@code threshold} (price units, 0.05 = five
     * cents) or more since the point before: {@code time}, {@code before}, {@code price}, {@code change}.
     */
    public static Table jumps(Table history, double threshold) {
        return PriceMoves.jumps(history, threshold);
    }

    /**
     * One row per (time, price) history, its hourly moves: {@code outcome}, {@code steps}, {@code first_price},
     * {@code last_price}, {@code change_cents}, {@code sd_cents}, {@code largest_cents}.
     */
    public static Table moves(Collection<Table> histories) {
        return PriceMoves.moves(histories, Duration.ofHours(1));
    }

    /** {@link #moves(Collection)} of one history. */
    public static Table moves(Table history) {
        return PriceMoves.moves(history == null ? null : List.of(history), Duration.ofHours(1));
    }

    /** {@link #moves(Collection)} over steps of {@code step} ({@code Duration.ofDays(1)}: daily moves). */
    public static Table moves(Collection<Table> histories, Duration step) {
        return PriceMoves.moves(histories, step);
    }

    // ---- recorded books ---------------------------------------------------------------------------------------------

    /**
     * A book recorded from the market channel ({@code feed.record(path)}, JSON lines or Parquet) as snapshots over
     * time: at the end of each {@code every} of recorded time, the token's best bid and ask, mid and spread, the size
     * within {@code ticks} ticks of each best price, the imbalance and the frames in the interval. The same as
     * {@code MarketFeed.bookSnapshots(recording, tokenId, every, ticks)}; see docs/live-order-books.md.
     */
    public static Table bookSnapshots(java.nio.file.Path recording, String tokenId, Duration every, int ticks) {
        return org.marketlab.clob.MarketFeed.bookSnapshots(recording, tokenId, every, ticks);
    }
}
