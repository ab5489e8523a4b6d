package org.marketlab.perps;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * An instrument's order book ({@code GET /v1/info/book}): bids best (highest) first, asks best (lowest) first, each
 * level a price and the quantity resting there; the book's time and sequence number.
 */
public record PerpsBook(@JsonProperty("instrument_id") long instrumentId, List<Level> bids, List<Level> asks, Instant timestamp, long sequence) {

    public PerpsBook {
        bids = bids == null ? List.of() : List.copyOf(bids);
        asks = asks == null ? List.of() : List.copyOf(asks);
    }

    /** One price level, {@code [price, quantity]} on the wire. */
    @JsonFormat(shape = JsonFormat.Shape.ARRAY)
    @JsonPropertyOrder({"price", "quantity"})
    public record Level(BigDecimal price, BigDecimal quantity) {
    }

    /** The best bid, or null on an empty side. */
    public BigDecimal bestBid() {
        return bids.isEmpty() ? null : bids.get(0).price();
    }

    /** The best ask, or null on an empty side. */
    public BigDecimal bestAsk() {
        return asks.isEmpty() ? null : asks.get(0).price();
    }

    /** Both sides as one table: side, price, quantity, and the cumulative quantity from the best price out. */
    public Table table() {
        record Row(String side, BigDecimal price, BigDecimal quantity, BigDecimal cumulative) {
        }
        List<Row> rows = new ArrayList<>();
        BigDecimal sum = BigDecimal.ZERO;
        for (Level l : bids) rows.add(new Row("bid", l.price(), l.quantity(), sum = sum.add(l.quantity())));
        sum = BigDecimal.ZERO;
        for (Level l : asks) rows.add(new Row("ask", l.price(), l.quantity(), sum = sum.add(l.quantity())));
        return RecordTable.<Row>columns().column("side", String.class, Row::side).column("price", BigDecimal.class, Row::price)
                .column("quantity", BigDecimal.class, Row::quantity).column("cumulative", BigDecimal.class, Row::cumulative)
                .table("book of instrument " + instrumentId, rows);
    }
}
