package org.marketlab.clob;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The local book's hash against one made another way: the ten-field summary written by Jackson from {@link BigDecimal}s
 * without trailing zeros, hashed by the JDK's SHA-1, for books whose prices and sizes take every shape a number can
 * (whole, a millionth, trailing zeros inside, large sizes).
 */
class LocalBookHashTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void theHashIsTheSummaryWrittenWithoutTrailingZeros() throws Exception {
        Random r = new Random(29);
        long[] shapes = {1, 10, 100_000, 1_000_000, 1_000_001, 10_500_000, 3_149_725_720_000L, 999_999, 120_000_000, 50_000};
        for (int round = 0; round < 200; round++) {
            LocalBook b = new LocalBook("7132104567925221259462638553270691275033272857194253228963137931245558399256" + (round % 10));
            b.market = "0x" + "ab".repeat(32);
            b.minOrderSize = "5";
            b.tickSize = "0.001";
            b.negRisk = round % 2 == 0;
            b.lastTradePrice = "0.507";
            int levels = 1 + r.nextInt(40);
            for (int i = 0; i < levels; i++) {
                long size = r.nextBoolean() ? shapes[r.nextInt(shapes.length)] : 1 + (long) (r.nextDouble() * 5e12);
                b.set(r.nextBoolean(), 1 + r.nextInt(999_999), size);
            }
            String stamp = Long.toString(1_795_000_000_000L + round);
            assertEquals(expected(b, stamp), b.hash(stamp), "round " + round);
        }
    }

    @Test
    void oneBookChangedManyTimesHashesAsIfWrittenAfresh() throws Exception {
        // The side text is kept between hashes and rewritten from the first level changed: every kind of change (a new
        // best, a level inside, the outermost, a removal, a first level, the book cleared) must come out as written anew.
        Random r = new Random(7);
        LocalBook b = new LocalBook("71321045679252212594626385532706912750332728571942532289631379312455583992563");
        b.market = "0x" + "cd".repeat(32);
        b.minOrderSize = "5";
        b.tickSize = "0.01";
        b.negRisk = false;
        b.lastTradePrice = "0.5";
        for (int step = 0; step < 3000; step++) {
            if (step % 700 == 699) b.clear();
            int changes = 1 + r.nextInt(3);
            for (int c = 0; c < changes; c++) {
                boolean bid = r.nextBoolean();
                long price = (bid ? 1 + r.nextInt(60) : 40 + r.nextInt(59)) * 10_000L;
                long size = r.nextInt(4) == 0 ? 0 : 1 + (long) (r.nextDouble() * 5e9);
                b.set(bid, price, size);
            }
            String stamp = Long.toString(1_795_000_000_000L + step);
            assertEquals(expected(b, stamp), b.hash(stamp), "step " + step);
        }
    }

    private static String expected(LocalBook b, String stamp) throws Exception {
        Book book = b.toBook();
        ObjectNode o = JSON.createObjectNode();
        o.put("market", b.market);
        o.put("asset_id", b.assetId);
        o.put("timestamp", stamp);
        o.put("hash", "");
        ArrayNode bids = o.putArray("bids");
        for (Level l : book.bids()) bids.addObject().put("price", plain(l.price())).put("size", plain(l.size()));
        ArrayNode asks = o.putArray("asks");
        for (Level l : book.asks()) asks.addObject().put("price", plain(l.price())).put("size", plain(l.size()));
        o.put("min_order_size", b.minOrderSize);
        o.put("tick_size", b.tickSize);
        o.put("neg_risk", b.negRisk);
        o.put("last_trade_price", b.lastTradePrice);
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1").digest(JSON.writeValueAsBytes(o)));
    }

    private static String plain(BigDecimal v) {
        return v.signum() == 0 ? "0" : v.stripTrailingZeros().toPlainString();
    }
}
