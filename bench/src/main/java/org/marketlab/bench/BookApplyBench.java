package org.marketlab.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.clob.MarketFeed;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * A local book applying price changes, parsing included, through the path a notebook takes: a recording of the market
 * channel ({@code feed.record(path)}) replayed as fast as it goes ({@code MarketFeed.replay(path, options).playToEnd()}), on one core
 * (the replay's one thread). The recording is made here: one token, a book of 30 levels a side, {@code updates} price
 * changes near the top of the book, each frame one message of two entries (as the channel groups a change), with the
 * hashes and best prices the sandbox would send, so every check runs. Printed: updates per second with every hash
 * checked and with best prices only, and, measured in the same run on the same file, what a straightforward client
 * does (Jackson's tree per frame, a {@code TreeMap} of {@code BigDecimal}s), and the ratio.
 *
 * <p>Run: {@code scripts/bench bookApply [updates, default 2000000] [rounds, default 3]}.
 */
public final class BookApplyBench {

    private static final ObjectMapper JSON = new ObjectMapper();
    static final String MARKET = "0x" + "7c".repeat(32);
    static final String TOKEN = "71321045679252212594626385532706912750332728571942532289631379312455583992563";

    public static void main(String[] args) throws Exception {
        int updates = args.length > 0 ? Integer.parseInt(args[0]) : 2_000_000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path file = Files.createTempFile("book-apply", ".jsonl");
        try {
            long t0 = System.nanoTime();
            write(file, updates);
            System.out.printf(Locale.ROOT, "recording: %,d price changes in %,d frames, %.1f MB, made in %.1f s%n", updates, updates / 2,
                    Files.size(file) / 1e6, (System.nanoTime() - t0) / 1e9);
            double hashed = 0, best = 0, tree = 0;
            for (int r = 0; r < rounds; r++) {
                hashed = Math.max(hashed, replay(file, true, updates));
                best = Math.max(best, replay(file, false, updates));
                tree = Math.max(tree, naive(file, updates));
            }
            System.out.printf(Locale.ROOT, "MarketFeed replay, every hash checked   %,12.0f updates/s%n", hashed);
            System.out.printf(Locale.ROOT, "MarketFeed replay, best prices checked  %,12.0f updates/s%n", best);
            System.out.printf(Locale.ROOT, "Jackson tree + TreeMap<BigDecimal>       %,12.0f updates/s (no checks)%n", tree);
            // Like for like: both parse every frame and apply every change; the feed also checks each message's best
            // prices, the tree client nothing. A hash check is a SHA-1 over the whole book's summary per message.
            System.out.printf(Locale.ROOT, "RATIO MarketFeed (best prices) / tree client  %.2f%n", best / tree);
            System.out.printf(Locale.ROOT, "RATIO MarketFeed (every hash) / tree client   %.2f%n", hashed / tree);
            System.out.printf(Locale.ROOT, "target 1,000,000 updates/s on one core: %s%n", hashed >= 1_000_000 ? "met" : best >= 1_000_000 ? "met with best-price checks only" : "NOT met");
        } finally {
            Files.deleteIfExists(file);
        }
    }

    /** The best of one replay: updates per second of the whole replay, file reading and parsing included. */
    static double replay(Path file, boolean hashes, int updates) {
        try (MarketFeed feed = MarketFeed.replay(file, MarketFeed.Options.defaults().verifyHashes(hashes))) {
            long t0 = System.nanoTime();
            feed.playToEnd();
            double s = (System.nanoTime() - t0) / 1e9;
            MarketFeed.Status st = feed.status();
            if (st.priceChanges() != updates || st.hashMismatches() + st.bestPriceMismatches() != 0) {
                throw new IllegalStateException("the replay did not apply every change cleanly: " + st);
            }
            if (hashes && st.unverifiedTokens() != 0) throw new IllegalStateException("hashes were not checked: " + st);
            return updates / s;
        }
    }

    /** The same file read as a straightforward client would: a tree per line and per frame, a TreeMap per side. */
    static double naive(Path file, int updates) throws Exception {
        long t0 = System.nanoTime();
        TreeMap<BigDecimal, BigDecimal> bids = new TreeMap<>(), asks = new TreeMap<>();
        long applied = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                JsonNode frame = JSON.readTree(line).get("frame");
                if (frame.path("event_type").asText().equals("book")) {
                    bids.clear();
                    asks.clear();
                    for (JsonNode l : frame.get("bids")) bids.put(new BigDecimal(l.get("price").asText()), new BigDecimal(l.get("size").asText()));
                    for (JsonNode l : frame.get("asks")) asks.put(new BigDecimal(l.get("price").asText()), new BigDecimal(l.get("size").asText()));
                    continue;
                }
                for (JsonNode c : frame.get("price_changes")) {
                    TreeMap<BigDecimal, BigDecimal> side = c.get("side").asText().equals("BUY") ? bids : asks;
                    BigDecimal price = new BigDecimal(c.get("price").asText()), size = new BigDecimal(c.get("size").asText());
                    if (size.signum() == 0) side.remove(price);
                    else side.put(price, size);
                    applied++;
                }
            }
        }
        if (applied != updates) throw new IllegalStateException("applied " + applied);
        return updates / ((System.nanoTime() - t0) / 1e9);
    }

    /** A book, then {@code updates} changes near its top, two a frame, each with the hash and best prices after it. */
    static void write(Path file, int updates) throws Exception {
        Random random = new Random(29);
        TreeMap<Integer, Integer> bids = new TreeMap<>(), asks = new TreeMap<>(); // cents, hundredths of a share
        for (int k = 0; k < 30; k++) {
            bids.put(48 - k, 1000 + random.nextInt(500_000));
            asks.put(52 + k, 1000 + random.nextInt(500_000));
        }
        MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
        long ts = 1_795_000_000_000L;
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            ObjectNode book = summary(bids, asks, ts, sha1);
            book.put("event_type", "book");
            out.write("{\"t\":" + ts + ",\"frame\":" + JSON.writeValueAsString(book) + "}\n");
            for (int i = 0; i < updates; i += 2) {
                ts++;
                ObjectNode m = JSON.createObjectNode();
                m.put("market", MARKET);
                ArrayNode changes = m.putArray("price_changes");
                for (int e = 0; e < 2; e++) {
                    boolean bid = random.nextBoolean();
                    TreeMap<Integer, Integer> side = bid ? bids : asks;
                    int best = bid ? bids.lastKey() : asks.firstKey();
                    int price = bid ? best - random.nextInt(6) + 1 : best + random.nextInt(6) - 1;
                    if (bid && price >= asks.firstKey()) price = asks.firstKey() - 1;
                    if (!bid && price <= bids.lastKey()) price = bids.lastKey() + 1;
                    price = Math.max(1, Math.min(99, price));
                    int size = side.containsKey(price) && random.nextInt(4) == 0 && side.size() > 5 ? 0 : 100 + random.nextInt(200_000);
                    if (size == 0) side.remove(price);
                    else side.put(price, size);
                    ObjectNode c = changes.addObject();
                    c.put("asset_id", TOKEN);
                    c.put("price", cents(price));
                    c.put("size", hundredths(size));
                    c.put("side", bid ? "BUY" : "SELL");
                    c.put("hash", summary(bids, asks, ts, sha1).get("hash").asText());
                    c.put("best_bid", bids.isEmpty() ? "" : cents(bids.lastKey()));
                    c.put("best_ask", asks.isEmpty() ? "" : cents(asks.firstKey()));
                }
                m.put("timestamp", Long.toString(ts));
                m.put("event_type", "price_change");
                out.write("{\"t\":" + ts + ",\"frame\":" + JSON.writeValueAsString(m) + "}\n");
            }
        }
    }

    /** The book's ten-field summary and its hash, as the service writes them (best price last on both sides). */
    static ObjectNode summary(TreeMap<Integer, Integer> bids, TreeMap<Integer, Integer> asks, long ts, MessageDigest sha1) throws Exception {
        ObjectNode b = JSON.createObjectNode();
        b.put("market", MARKET);
        b.put("asset_id", TOKEN);
        b.put("timestamp", Long.toString(ts));
        b.put("hash", "");
        ArrayNode bs = b.putArray("bids");
        for (Map.Entry<Integer, Integer> e : bids.entrySet()) bs.addObject().put("price", cents(e.getKey())).put("size", hundredths(e.getValue()));
        ArrayNode as = b.putArray("asks");
        for (Map.Entry<Integer, Integer> e : asks.descendingMap().entrySet()) as.addObject().put("price", cents(e.getKey())).put("size", hundredths(e.getValue()));
        b.put("min_order_size", "5");
        b.put("tick_size", "0.01");
        b.put("neg_risk", false);
        b.put("last_trade_price", "0.5");
        b.put("hash", HexFormat.of().formatHex(sha1.digest(JSON.writeValueAsBytes(b))));
        return b;
    }

    static String cents(int c) {
        return BigDecimal.valueOf(c, 2).stripTrailingZeros().toPlainString();
    }

    static String hundredths(int h) {
        return h == 0 ? "0" : BigDecimal.valueOf(h, 2).stripTrailingZeros().toPlainString();
    }

}
