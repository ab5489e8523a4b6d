package org.marketlab;

import org.marketlab.perps.CollateralAsset;
import org.marketlab.perps.FundingRate;
import org.marketlab.perps.Instrument;
import org.marketlab.perps.Kline;
import org.marketlab.perps.PerpsBook;
import org.marketlab.perps.PublicTrade;
import org.marketlab.perps.Ticker;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;
import org.marketlab.perps.PerpsSession;
import org.marketlab.perps.PerpsPublic;
import org.marketlab.perps.PublicPortfolio;
import org.marketlab.signing.Wallet;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * The perpetuals exchange: account sessions, and the public reads.
 *
 * <pre>{@code
 * var s = Perps.session(Wallet.fromEnv("OWNER_PRIVATE_KEY"));   // registers (or resumes) a proxy signer
 * s.funding().table();  s.withdrawals().status("pending").table();  s.portfolio();
 * Perps.publicPortfolio("0x…");  Perps.assets();
 * Perps.tickers();  Perps.book("BTC-USD").table();
 * Charts.candles(Perps.klines("BTC-USD", "1h", Duration.ofDays(3)));  Perps.fundingHistory("ETH-USD", Duration.ofDays(7));
 * }</pre>
 *
 * Every request is paced by the weights of the specification against a budget of 120 per 10 s per account (and
 * one for the public reads): a conservative assumption, as the service does not publish the size.
 */
public final class Perps {

    private Perps() {
    }

    /**
     * A session for the account of {@code owner} with the default options: a proxy valid for one week, labelled
     * {@code marketlab}, its credentials kept owner-only under {@code ~/.marketlab/credentials/<profile>/}.
     */
    public static PerpsSession session(Wallet owner) {
        return PerpsSession.open(MarketLab.transport(), owner, PerpsSession.Options.defaults());
    }

    /** A session with other options: {@code Perps.session(w, PerpsSession.Options.defaults().lifetime(Duration.ofDays(1)))}. */
    public static PerpsSession session(Wallet owner, PerpsSession.Options options) {
        return PerpsSession.open(MarketLab.transport(), owner, options);
    }

    /** The public portfolio of any address: positions and equity. */
    public static PublicPortfolio publicPortfolio(String address) {
        return new PerpsPublic(MarketLab.transport()).portfolio(address);
    }

    /** The assets accepted as collateral. */
    public static List<CollateralAsset> assets() {
        return new PerpsPublic(MarketLab.transport()).assets();
    }

    /** Every listed instrument, as a table: id, symbol, category, assets, decimals, leverage, order limits. */
    public static Table instruments() {
        return RecordTable.of(Instrument.class).table("instruments", market().instruments());
    }

    /** Every instrument's prices now, as a table: index, mark, last, mid, open interest, funding rate, next funding. */
    public static Table tickers() {
        return RecordTable.of(Ticker.class).table("tickers", market().tickers());
    }

    /** The order book of an instrument ({@code "BTC-USD"}, {@code "BTC"} or its id), 100 levels a side at most. */
    public static PerpsBook book(String symbol) {
        return market().book(symbol, 100);
    }

    /**
     * Candles of an instrument's mark over the last {@code span} to now, as a table {@code Charts.candles} draws: time,
     * open, high, low, close, volume, trades. {@code interval}: {@code 1s 1m 5m 15m 1h 4h 1d 1w}.
     */
    public static Table klines(String symbol, String interval, Duration span) {
        Instant now = Instant.now();
        return klines(symbol, interval, now.minus(span), now);
    }

    /** Candles of an instrument's mark from {@code from} to {@code to}, as a table (see {@link #klines(String, String, Duration)}). */
    public static Table klines(String symbol, String interval, Instant from, Instant to) {
        return RecordTable.of(Kline.class).table(symbol + " " + interval, market().klines(symbol, interval, from, to));
    }

    /** The funding rates of an instrument's periods over the last {@code span}, newest first: timestamp, funding_rate. */
    public static Table fundingHistory(String symbol, Duration span) {
        Instant now = Instant.now();
        return RecordTable.of(FundingRate.class).table(symbol + " funding", market().fundingHistory(symbol, now.minus(span), now));
    }

    /** An instrument's public trades over the last {@code span}, newest first: id, side, price, quantity, time. */
    public static Table trades(String symbol, Duration span) {
        Instant now = Instant.now();
        return RecordTable.of(PublicTrade.class).table(symbol + " trades", market().trades(symbol, now.minus(span), now));
    }

    /** The public market data as records rather than tables. */
    public static PerpsPublic market() {
        return new PerpsPublic(MarketLab.transport());
    }
}
