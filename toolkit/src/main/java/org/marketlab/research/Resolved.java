package org.marketlab.research;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.stream.Collectors;

/**
 * One resolved binary market, as {@code Research.resolved().list()} reads it: who won, and the price of its first
 * outcome ("YES"; for a two-sided question such as a game, the first side named) at each horizon before its end.
 *
 * @param marketId   the market's id on the market-data interface
 * @param conditionId the market's condition id (the order book's and the Data API's key)
 * @param question   the market's question
 * @param eventId    its event's id
 * @param event      its event's title
 * @param category   its event's category (the market's own when the event has none)
 * @param tags       its event's tag labels
 * @param outcome    the winning outcome's name
 * @param yesWon     whether the first outcome won
 * @param endTime    when trading ended: the market's closing time, else its end date
 * @param volume     the market's traded volume (USDC)
 * @param yesToken   the first outcome's token id (its prices were read from {@code /prices-history})
 * @param prices     the first outcome's price at each horizon asked for, shortest first
 */
public record Resolved(String marketId, String conditionId, String question, String eventId, String event, String category,
                       List<String> tags, String outcome, Boolean yesWon, Instant endTime, BigDecimal volume, String yesToken,
                       List<HorizonPrice> prices) {

    public Resolved {
        tags = tags == null ? List.of() : List.copyOf(tags);
        prices = prices == null ? List.of() : List.copyOf(prices);
    }

    /**
     * The first outcome's price {@code horizon} before the end, or {@code null}: the horizon was not asked for, or no
     * price was there (see {@link #notes()}).
     */
    public Double price(Duration horizon) {
        for (HorizonPrice p : prices) if (p.horizon().equals(horizon)) return p.price();
        return null;
    }

    /** Why a horizon's price is missing (or read at a coarser fidelity), one note per such horizon; empty when none. */
    public String notes() {
        return prices.stream().filter(p -> p.note() != null).map(p -> p.label() + ": " + p.note()).collect(Collectors.joining("; "));
    }

    /**
     * The first outcome's price at one horizon before a market's end.
     *
     * @param horizon how long before the end
     * @param at      the instant asked for ({@code end - horizon})
     * @param price   the last price at or before {@code at}, or {@code null}
     * @param note    why the price is missing or how it was read, or {@code null}
     */
    public record HorizonPrice(Duration horizon, Instant at, Double price, String note) {

        /** The horizon as a column suffix: {@code 1d}, {@code 7d}, {@code 6h}, {@code 90m}. */
        public String label() {
            return Horizons.label(horizon);
        }
    }
}
