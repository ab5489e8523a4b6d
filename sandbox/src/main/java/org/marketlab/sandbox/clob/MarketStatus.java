package org.marketlab.sandbox.clob;

import org.marketlab.sandbox.world.TickQuotes;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What happens to the world's markets while the sandbox runs, on request: a market's tick size changes (as the order
 * book changes it when a price nears the ends), and a market resolves (its books close, its resting orders are
 * cancelled). The order book's routes, its trading and its channels all read them here.
 */
final class MarketStatus {

    /** The tick sizes the order book uses. */
    static final java.util.List<String> TICKS = java.util.List.of("0.1", "0.01", "0.001", "0.0001");

    private final Map<String, BigDecimal> ticks = new ConcurrentHashMap<>();
    /** Resolved markets' condition ids, to the winning token id. */
    private final Map<String, String> resolved = new ConcurrentHashMap<>();

    /** The token's tick size: the world's, or the one its market was changed to. */
    BigDecimal tick(World.Token t) {
        BigDecimal changed = ticks.get(t.conditionId());
        return changed != null ? changed : TickQuotes.tick(t);
    }

    /** Changes the market's tick size; the previous one. */
    BigDecimal tick(World.Token t, BigDecimal tick) {
        BigDecimal old = tick(t);
        ticks.put(t.conditionId(), tick);
        return old;
    }

    boolean resolved(World.Token t) {
        return resolved.containsKey(t.conditionId());
    }

    /** Marks the market resolved with {@code winner} (a token id); false when it already was. */
    boolean resolve(World.Token t, String winner) {
        return resolved.putIfAbsent(t.conditionId(), winner) == null;
    }
}
