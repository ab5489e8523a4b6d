package org.marketlab.sandbox.wallets;

import java.math.BigDecimal;
import java.util.AbstractList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * A synthetic trade tape for benchmarks of harvests to disk: with the system property
 * {@code marketlab.sandbox.tapeRows} set to N, the Data API's {@code /v2/trades?user=}{@link #ADDRESS} pages through
 * N trades across the world's open markets, each made from its index when asked (nothing is stored, so the tape can
 * be far bigger than the sandbox's memory): a price in ticks of 0.0001, a size to the cent, one trade every second
 * back from the world's anchor. The route's other filters do not apply to it.
 */
public final class SyntheticTape {

    /** The tape's wallet. */
    public static final String ADDRESS = "0x7a9e000000000000000000000000000000000001";

    private SyntheticTape() {
    }

    public static long rows() {
        return Long.getLong("marketlab.sandbox.tapeRows", 0L);
    }

    public static boolean holds(String user) {
        return user != null && user.equalsIgnoreCase(ADDRESS) && rows() > 0;
    }

    /** The tape, newest first ({@code descending}) or oldest first; each element made when read. */
    public static List<Ledger.Fill> fills(MarketIndex markets, long anchorSecond, boolean descending) {
        int n = (int) Math.min(Integer.MAX_VALUE - 8, rows());
        List<MarketIndex.Market> open = markets.open();
        return new AbstractList<>() {
            @Override
            public Ledger.Fill get(int at) {
                int i = descending ? n - 1 - at : at;
                SplittableRandom r = new SplittableRandom(0x7a9eL * 1_000_003L + i);
                MarketIndex.Market m = open.get(r.nextInt(open.size()));
                var token = m.tokens()[r.nextInt(2)];
                BigDecimal price = BigDecimal.valueOf(100 + r.nextInt(9800), 4);
                BigDecimal size = BigDecimal.valueOf(100 + r.nextLong(5_000_000L), 2);
                long time = anchorSecond - (n - 1 - i);
                String tx = "0x" + String.format("%016x%016x%016x%016x", r.nextLong(), r.nextLong(), r.nextLong(), (long) i);
                return new Ledger.Fill(ADDRESS, i, "tape-" + i, m, token, r.nextBoolean() ? "BUY" : "SELL", price, size, time, tx,
                        false, null, null, null, null, false, -1);
            }

            @Override
            public int size() {
                return n;
            }
        };
    }
}
