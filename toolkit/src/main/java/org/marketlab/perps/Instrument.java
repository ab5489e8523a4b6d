package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.math.BigDecimal;
import java.time.Instant;

/**
 * A listed perpetual contract ({@code GET /v1/info/instruments}): its id and symbol, category, assets, the decimals of
 * its prices and quantities, its order limits (price bounds about the mark, notional bounds, the most open orders),
 * the liquidation fee, the greatest leverage of its first risk tier, and whether it trades isolated margin only or is
 * closing only.
 */
public record Instrument(@JsonProperty("instrument_id") long instrumentId, String symbol, String category,
                         @JsonProperty("display_symbol") String displaySymbol, @JsonProperty("base_asset") String baseAsset,
                         @JsonProperty("quote_asset") String quoteAsset, @JsonProperty("funding_interval") String fundingInterval,
                         @JsonProperty("price_decimals") int priceDecimals, @JsonProperty("quantity_decimals") int quantityDecimals,
                         @JsonProperty("max_leverage") int maxLeverage, @JsonProperty("isolated_only") boolean isolatedOnly,
                         @JsonProperty("close_only") boolean closeOnly, @JsonProperty("price_bounds") BigDecimal priceBounds,
                         @JsonProperty("min_notional") BigDecimal minNotional, @JsonProperty("max_market_notional") BigDecimal maxMarketNotional,
                         @JsonProperty("max_limit_notional") BigDecimal maxLimitNotional, @JsonProperty("max_order_count") int maxOrderCount,
                         @JsonProperty("liquidation_fee") BigDecimal liquidationFee, @JsonProperty("ui_live_time") Instant liveSince) {
}
