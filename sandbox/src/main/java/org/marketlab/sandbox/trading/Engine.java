package org.marketlab.sandbox.trading;

import java.math.BigDecimal;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The sandbox's matching engine: one book per outcome token, price-time priority, fills at the resting (maker)
 * order's price. GTC rests until cancelled, GTD until its expiration on the sandbox clock (expired orders leave
 * the book when it is next touched), FOK fills whole or is refused, FAK fills what crosses and drops the rest,
 * post-only is refused when it would cross. Orders of one owner never match each other (the taker's would-be match
 * with its own resting order is skipped). Thread-safe (one lock).
 *
 * <p><b>Seeded books.</b> Given the seeded levels of the world's books (what {@code GET /book} serves before anyone
 * trades), a token's book starts from them on first touch: each level is a resting order of the seeded market maker
 * ({@link #SEEDED_MAKER}), first in time at its price. An order that crosses them fills against them, and
 * {@link #levels} then shows the levels consumed and the resting orders added, for {@code /book} and the prices
 * read from it.
 */
public final class Engine {

    /** The owner of the seeded levels: the world's market maker, which keeps no ledger. */
    public static final String SEEDED_MAKER = "0x5eed00000000000000000000000000000000b00c";

    /** One price level: the size resting at a price. */
    public record Level(BigDecimal price, BigDecimal size) {
    }

    /** A token's book as seeded, or as it stands: bids best first, asks best first. */
    public record Levels(List<Level> bids, List<Level> asks) {
    }

    /** The last fill on a token: its price and the taker's side. */
    public record LastFill(BigDecimal price, boolean takerBought) {
    }

    private final java.util.function.Function<String, Levels> seeds;
    private final Map<String, LastFill> lastFills = new HashMap<>();

    /** An engine whose books start empty. */
    public Engine() {
        this(null);
    }

    /** An engine whose books start from {@code seeds} (a token id to its seeded levels; null or empty for none). */
    public Engine(java.util.function.Function<String, Levels> seeds) {
        this.seeds = seeds;
    }

    /** An order as accepted: {@code size} in shares, {@code price} the limit. {@code expiration} epoch seconds or null. */
    public record Order(String id, String owner, String apiKey, String tokenId, boolean buy, BigDecimal price, BigDecimal size, String type,
                        Long expiration, long createdAt) {
    }

    /** One match: the taker's order against one resting maker order, {@code size} shares at the maker's price. */
    public record Fill(Order taker, Order maker, BigDecimal price, BigDecimal size) {
    }

    /** A resting order and what is left of it. */
    public record Resting(Order order, BigDecimal remaining) {
        public BigDecimal matched() {
            return order.size().subtract(remaining);
        }
    }

    /** What happened to a submitted order: its fills, and whether what is left rests ({@code live}). */
    public record Result(Order order, List<Fill> fills, BigDecimal remaining, boolean live) {
        public BigDecimal filled() {
            return order.size().subtract(remaining);
        }
    }

    /** A refusal with the order book's message. */
    public static final class Refused extends RuntimeException {
        public Refused(String message) {
            super(message);
        }
    }

    private static final class Entry {
        final Order order;
        BigDecimal remaining;

        Entry(Order order) {
            this.order = order;
            this.remaining = order.size();
        }
    }

    private static final class Book {
        final TreeMap<BigDecimal, ArrayDeque<Entry>> bids = new TreeMap<>(Comparator.reverseOrder());
        final TreeMap<BigDecimal, ArrayDeque<Entry>> asks = new TreeMap<>();
    }

    private final Map<String, Book> books = new HashMap<>();
    private final Map<String, Entry> byId = new HashMap<>();

    /**
     * Matches {@code o} against its token's book at {@code nowSeconds} and rests what is left (GTC, GTD), or refuses it
     * with the order book's message ({@link Refused}).
     */
    public synchronized Result submit(Order o, boolean postOnly, long nowSeconds) {
        if (byId.containsKey(o.id())) throw new Refused("order " + o.id() + " is invalid. Duplicated.");
        Book book = book(o.tokenId());
        expire(book, nowSeconds);
        TreeMap<BigDecimal, ArrayDeque<Entry>> opposite = o.buy() ? book.asks : book.bids;
        BigDecimal crossable = BigDecimal.ZERO;
        for (Map.Entry<BigDecimal, ArrayDeque<Entry>> level : opposite.entrySet()) {
            if (!crosses(o, level.getKey())) break;
            for (Entry e : level.getValue()) if (!e.order.owner().equals(o.owner())) crossable = crossable.add(e.remaining);
        }
        if (postOnly && crossable.signum() > 0) throw new Refused("invalid post-only order: order crosses book");
        if (o.type().equals("FOK") && crossable.compareTo(o.size()) < 0) {
            throw new Refused("order couldn't be fully filled. FOK orders are fully filled or killed.");
        }
        if (o.type().equals("FAK") && crossable.signum() == 0) {
            throw new Refused("no orders found to match with FAK order. FAK orders are partially filled or killed if no match is found.");
        }
        List<Fill> fills = new ArrayList<>();
        BigDecimal left = o.size();
        Iterator<Map.Entry<BigDecimal, ArrayDeque<Entry>>> levels = opposite.entrySet().iterator();
        while (left.signum() > 0 && levels.hasNext()) {
            Map.Entry<BigDecimal, ArrayDeque<Entry>> level = levels.next();
            if (!crosses(o, level.getKey())) break;
            Iterator<Entry> it = level.getValue().iterator();
            while (left.signum() > 0 && it.hasNext()) {
                Entry e = it.next();
                if (e.order.owner().equals(o.owner())) continue;
                BigDecimal q = e.remaining.min(left);
                fills.add(new Fill(o, e.order, level.getKey(), q));
                e.remaining = e.remaining.subtract(q);
                left = left.subtract(q);
                if (e.remaining.signum() == 0) {
                    it.remove();
                    byId.remove(e.order.id());
                }
            }
            if (level.getValue().isEmpty()) levels.remove();
        }
        if (!fills.isEmpty()) lastFills.put(o.tokenId(), new LastFill(fills.get(fills.size() - 1).price(), o.buy()));
        boolean rests = left.signum() > 0 && (o.type().equals("GTC") || o.type().equals("GTD"));
        if (rests) {
            Entry e = new Entry(o);
            e.remaining = left;
            (o.buy() ? book.bids : book.asks).computeIfAbsent(o.price(), p -> new ArrayDeque<>()).addLast(e);
            byId.put(o.id(), e);
        }
        return new Result(o, List.copyOf(fills), left, rests);
    }

    /** The token's book, made on first touch from its seeded levels. */
    private Book book(String tokenId) {
        Book b = books.get(tokenId);
        if (b != null) return b;
        b = new Book();
        books.put(tokenId, b);
        Levels seeded = seeds == null ? null : seeds.apply(tokenId);
        if (seeded != null) {
            for (boolean buy : new boolean[]{true, false}) {
                for (Level l : buy ? seeded.bids() : seeded.asks()) {
                    if (l.size().signum() <= 0) continue;
                    String id = "seed:" + tokenId + ":" + (buy ? "bid:" : "ask:") + l.price().toPlainString();
                    Order seed = new Order(id, SEEDED_MAKER, "", tokenId, buy, l.price(), l.size(), "GTC", null, Long.MIN_VALUE);
                    Entry e = new Entry(seed);
                    (buy ? b.bids : b.asks).computeIfAbsent(l.price(), p -> new ArrayDeque<>()).addLast(e);
                    byId.put(id, e);
                }
            }
        }
        return b;
    }

    /** Whether the token's book has been touched (an order submitted to it): until then it is the seeded book. */
    public synchronized boolean touched(String tokenId) {
        return books.containsKey(tokenId);
    }

    /**
     * The token's book as it stands at {@code nowSeconds} (expired orders removed): the size at each price, seeded levels
     * and resting orders together, best first on both sides; null while the book is untouched.
     */
    public synchronized Levels levels(String tokenId, long nowSeconds) {
        Book b = books.get(tokenId);
        if (b == null) return null;
        expire(b, nowSeconds);
        return new Levels(aggregate(b.bids), aggregate(b.asks));
    }

    private static List<Level> aggregate(TreeMap<BigDecimal, ArrayDeque<Entry>> side) {
        List<Level> out = new ArrayList<>();
        for (Map.Entry<BigDecimal, ArrayDeque<Entry>> level : side.entrySet()) {
            BigDecimal size = BigDecimal.ZERO;
            for (Entry e : level.getValue()) size = size.add(e.remaining);
            if (size.signum() > 0) out.add(new Level(level.getKey(), size));
        }
        return out;
    }

    /** The last fill on the token, or null when none happened here. */
    public synchronized LastFill lastFill(String tokenId) {
        return lastFills.get(tokenId);
    }

    private static boolean crosses(Order o, BigDecimal restingPrice) {
        return o.buy() ? restingPrice.compareTo(o.price()) <= 0 : restingPrice.compareTo(o.price()) >= 0;
    }

    private void expire(Book book, long nowSeconds) {
        for (TreeMap<BigDecimal, ArrayDeque<Entry>> side : List.of(book.bids, book.asks)) {
            Iterator<ArrayDeque<Entry>> levels = side.values().iterator();
            while (levels.hasNext()) {
                ArrayDeque<Entry> q = levels.next();
                q.removeIf(e -> {
                    boolean gone = e.order.expiration() != null && e.order.expiration() <= nowSeconds;
                    if (gone) byId.remove(e.order.id());
                    return gone;
                });
                if (q.isEmpty()) levels.remove();
            }
        }
    }

    /** Removes the order {@code id} of {@code owner}; null when it is not resting (unknown, filled, cancelled or another's). */
    public synchronized Resting cancel(String owner, String id) {
        Entry e = byId.get(id);
        if (e == null || !e.order.owner().equals(owner)) return null;
        remove(e);
        return new Resting(e.order, e.remaining);
    }

    /** Removes every resting order of {@code owner} that {@code which} selects, in time order. */
    public synchronized List<Resting> cancelAll(String owner, Predicate<Order> which) {
        List<Entry> mine = byId.values().stream().filter(e -> e.order.owner().equals(owner) && which.test(e.order))
                .sorted(Comparator.comparingLong((Entry e) -> e.order.createdAt()).thenComparing(e -> e.order.id())).toList();
        List<Resting> out = new ArrayList<>();
        for (Entry e : mine) {
            remove(e);
            out.add(new Resting(e.order, e.remaining));
        }
        return out;
    }

    private void remove(Entry e) {
        byId.remove(e.order.id());
        Book book = books.get(e.order.tokenId());
        TreeMap<BigDecimal, ArrayDeque<Entry>> side = e.order.buy() ? book.bids : book.asks;
        ArrayDeque<Entry> q = side.get(e.order.price());
        if (q != null) {
            q.remove(e);
            if (q.isEmpty()) side.remove(e.order.price());
        }
    }

    /** The resting orders of {@code owner} at {@code nowSeconds} (expired ones removed first), oldest first. */
    public synchronized List<Resting> open(String owner, long nowSeconds) {
        for (Book b : books.values()) expire(b, nowSeconds);
        List<Resting> out = new ArrayList<>();
        for (Entry e : byId.values()) if (e.order.owner().equals(owner)) out.add(new Resting(e.order, e.remaining));
        out.sort(Comparator.comparingLong((Resting r) -> r.order().createdAt()).thenComparing(r -> r.order().id()));
        return Collections.unmodifiableList(out);
    }

    /** Whether an order of this id is resting. */
    public synchronized boolean resting(String id) {
        return byId.containsKey(id);
    }
}
