package org.marketlab.clob;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * One message of the order book's market channel, typed by its {@code event_type}: what {@link MarketFeed#parse} reads
 * from a frame and what the feed's listeners receive. Prices and sizes are exact; a field the frame does not carry is
 * null (an empty string, which the service writes for an absent best price, is null too).
 */
public sealed interface MarketMessage {

    /** The message's {@code event_type} as sent. */
    String eventType();

    /** The service's time of the message (null when the frame carries none). */
    Instant timestamp();

    /** {@code book}: the whole book of one token, as {@code /book} serves it (bids and asks best last). */
    record BookSnapshot(Book book) implements MarketMessage {
        @Override
        public String eventType() {
            return "book";
        }

        @Override
        public Instant timestamp() {
            return book.timestamp();
        }
    }

    /** {@code price_change}: the new size of some levels (zero: the level is gone), each with the book's state after it. */
    record PriceChange(String market, Instant timestamp, List<LevelChange> changes) implements MarketMessage {
        public PriceChange {
            changes = List.copyOf(changes);
        }

        @Override
        public String eventType() {
            return "price_change";
        }
    }

    /**
     * One entry of a {@code price_change}.
     *
     * @param side    {@code BUY} (a bid level) or {@code SELL} (an ask level)
     * @param size    the level's new size; zero removes it
     * @param hash    the hash of the book after the change
     * @param bestBid the best bid after the change (null: none)
     * @param bestAsk the best ask after the change (null: none)
     */
    record LevelChange(String assetId, BigDecimal price, BigDecimal size, Side side, String hash, BigDecimal bestBid, BigDecimal bestAsk) {
    }

    /** {@code last_trade_price}: a trade on the token, the taker's side, its size and fee rate. */
    record LastTrade(String market, String assetId, BigDecimal price, BigDecimal size, Side side, BigDecimal feeRateBps, Instant timestamp,
                     String transactionHash) implements MarketMessage {
        @Override
        public String eventType() {
            return "last_trade_price";
        }
    }

    /** {@code tick_size_change}: the market's smallest price step changed. */
    record TickSizeChange(String market, String assetId, BigDecimal oldTickSize, BigDecimal newTickSize, Instant timestamp) implements MarketMessage {
        @Override
        public String eventType() {
            return "tick_size_change";
        }
    }

    /** {@code best_bid_ask} (with custom features): the token's best prices and spread. */
    record BestBidAsk(String market, String assetId, BigDecimal bestBid, BigDecimal bestAsk, BigDecimal spread, Instant timestamp) implements MarketMessage {
        @Override
        public String eventType() {
            return "best_bid_ask";
        }
    }

    /** {@code new_market} (with custom features): a market opened, with its tokens and outcomes. */
    record NewMarket(String id, String market, String question, String slug, String description, List<String> assetIds, List<String> outcomes,
                     BigDecimal tickSize, List<String> tags, Boolean active, Instant timestamp) implements MarketMessage {
        public NewMarket {
            assetIds = assetIds == null ? List.of() : List.copyOf(assetIds);
            outcomes = outcomes == null ? List.of() : List.copyOf(outcomes);
            tags = tags == null ? List.of() : List.copyOf(tags);
        }

        @Override
        public String eventType() {
            return "new_market";
        }
    }

    /** {@code market_resolved} (with custom features): the market's winning token and outcome; its books are closed. */
    record MarketResolved(String id, String market, List<String> assetIds, String winningAssetId, String winningOutcome, List<String> tags,
                          Instant timestamp) implements MarketMessage {
        public MarketResolved {
            assetIds = assetIds == null ? List.of() : List.copyOf(assetIds);
            tags = tags == null ? List.of() : List.copyOf(tags);
        }

        @Override
        public String eventType() {
            return "market_resolved";
        }
    }

    /** A message of a type this version does not know, kept as its JSON text, with the service's time when it carries one. */
    record Unknown(String eventType, String json, Instant timestamp) implements MarketMessage {
    }
}
