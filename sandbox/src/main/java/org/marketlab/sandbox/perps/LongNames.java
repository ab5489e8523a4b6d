package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * The official client's long names for the specification's abbreviated fields, in the order the reads answer them:
 * the account reads beyond the specification ({@code orders}, {@code open-orders}, {@code fills}) answer in these.
 */
final class LongNames {

    /** An order: abbreviated name, long name, in pairs. */
    static final String[] ORDER = {"oid", "order_id", "iid", "instrument_id", "buy", "buy", "p", "price", "qty", "quantity",
            "tif", "tif", "po", "post_only", "ro", "ro", "status", "status", "rest", "resting_quantity", "fill", "filled_quantity",
            "cts", "created_timestamp", "uts", "updated_timestamp", "coid", "client_order_id"};
    /** A fill: abbreviated name, long name, in pairs. */
    static final String[] FILL = {"tid", "trade_id", "oid", "order_id", "iid", "instrument_id", "side", "side", "p", "price",
            "qty", "quantity", "taker", "taker", "fee", "fee", "fea", "fee_asset", "psz", "previous_size", "pep", "previous_entry_price",
            "pnl", "pnl", "liq", "liquidation", "adl", "adl", "ts", "timestamp"};

    private LongNames() {
    }

    /** An order in the long names, with its take-profit or stop-loss fields ({@code tpsl}) when it is one. */
    static ObjectNode order(JsonNode o) {
        ObjectNode x = of(o, ORDER);
        if (o.has("tpsl")) x.set("tpsl", o.get("tpsl").deepCopy());
        if (o.has("builder")) x.set("builder", o.get("builder").deepCopy());
        return x;
    }

    /** A new object with {@code o}'s fields under their long names, in the order of {@code pairs}. */
    static ObjectNode of(JsonNode o, String[] pairs) {
        ObjectNode x = JsonNodeFactory.instance.objectNode();
        for (int i = 0; i < pairs.length; i += 2) x.set(pairs[i + 1], o.get(pairs[i]));
        return x;
    }
}
