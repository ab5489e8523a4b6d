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
import java.util.function.LongSupplier;
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
 *
 * <p><b>Changes.</b> A {@link Listener} hears every change to a book, under the engine's lock and so in order: the
 * levels whose size changed (before and after), the order that was matched and its fills, the orders cancelled or
 * expired, and the book as it stands after the change ({@link Snapshot}), stamped with the engine's clock. The order
 * book's channels are made from them. A book's {@link Snapshot#changedAt()} is the time of its last change, so that
 * {@code /book} and the channels stamp (and hash) the same book alike.
 */
public final class Engine {

    /** The owner of the seeded levels: the world's market maker, which keeps no ledger. */
    public static final String SEEDED_MAKER = "0x5eed00000000000000000000000000000000b00c";

    /** The addresses of the sandbox's other traders, whose seeded flow of orders moves watched books: this and two hex digits. */
    public static final String FLOW_PREFIX = "0x5eed0000000000000000000000000000000f10";

    /** Whether an owner is the house (the seeded book or the flow), which keeps no ledger. */
    public static boolean house(String owner) {
        return owner.equals(SEEDED_MAKER) || owner.startsWith(FLOW_PREFIX);
    }

    /** One price level: the size resting at a price. */
    public record Level(BigDecimal price, BigDecimal size) {
    }

    /** A token's book as seeded, or as it stands: bids best first, asks best first. */
    public record Levels(List<Level> bids, List<Level> asks) {
    }

    /** The last fill on a token: its price and the taker's side. */
    public record LastFill(BigDecimal price, boolean takerBought) {
    }

    /** What a token's book starts from: its seeded levels and the last trade before the engine's first. */
    public record Seed(Levels levels, LastFill last) {
    }

    /** A token's book as it stands: its levels, the time of its last change (engine clock, ms) and its last fill. */
    public record Snapshot(Levels levels, long changedAt, LastFill last) {
    }

    /** One level whose resting size changed: its side, price, and the size before and after (zero: no level). */
    public record LevelChange(boolean bid, BigDecimal price, BigDecimal before, BigDecimal after) {
    }

    /** Why a book changed. */
    public enum Cause { SEEDED, SUBMITTED, CANCELLED, EXPIRED }

    /**
     * One change to a token's book.
     *
     * @param levels  the levels whose size changed, in the order they changed (empty for a book made from its seed)
     * @param result  the submitted order's result (its fills, whether it rests), for {@code SUBMITTED}
     * @param removed the orders that left the book, for {@code CANCELLED} and {@code EXPIRED}
     * @param after   the book as it stands after the change
     */
    public record Change(String tokenId, Cause cause, long atMillis, List<LevelChange> levels, Result result, List<Resting> removed,
                         Snapshot after) {
    }

    /** Hears every change to a book, under the engine's lock (so it must only hand the change on). */
    public interface Listener {
        void changed(Change change);
    }

    private final java.util.function.Function<String, Seed> seeds;
    private volatile Listener listener;
    private volatile LongSupplier clock = System::currentTimeMillis;

    /** An engine whose books start empty. */
    public Engine() {
        this(null);
    }

    /** An engine whose books start from {@code seeds} (a token id to its seeded book; null for none). */
    public Engine(java.util.function.Function<String, Seed> seeds) {
        this.seeds = seeds;
    }

    /** Tells {@code listener} every change from now on, stamped by {@code clockMillis}. */
    public synchronized void listen(Listener listener, LongSupplier clockMillis) {
        this.listener = listener;
        this.clock = clockMillis;
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
        long changedAt;
        LastFill last;
    }

    /** The sizes of some levels before a change, to tell the listener what changed. */
    private static final class Touched {
        final Map<BigDecimal, BigDecimal> bids = new java.util.LinkedHashMap<>();
        final Map<BigDecimal, BigDecimal> asks = new java.util.LinkedHashMap<>();

        void note(Book b, boolean bid, BigDecimal price) {
            (bid ? bids : asks).computeIfAbsent(price, p -> size((bid ? b.bids : b.asks).get(p)));
        }

        List<LevelChange> changes(Book b) {
            List<LevelChange> out = new ArrayList<>();
            for (boolean bid : new boolean[]{true, false}) {
                for (Map.Entry<BigDecimal, BigDecimal> e : (bid ? bids : asks).entrySet()) {
                    BigDecimal after = size((bid ? b.bids : b.asks).get(e.getKey()));
                    if (after.compareTo(e.getValue()) != 0) out.add(new LevelChange(bid, e.getKey(), e.getValue(), after));
                }
            }
            return out;
        }
    }

    private static BigDecimal size(ArrayDeque<Entry> level) {
        BigDecimal size = BigDecimal.ZERO;
        if (level != null) for (Entry e : level) size = size.add(e.remaining);
        return size;
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
        expire(o.tokenId(), book, nowSeconds);
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
        Touched touched = new Touched();
        BigDecimal left = o.size();
        Iterator<Map.Entry<BigDecimal, ArrayDeque<Entry>>> levels = opposite.entrySet().iterator();
        while (left.signum() > 0 && levels.hasNext()) {
            Map.Entry<BigDecimal, ArrayDeque<Entry>> level = levels.next();
            if (!crosses(o, level.getKey())) break;
            touched.note(book, !o.buy(), level.getKey());
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
        if (!fills.isEmpty()) book.last = new LastFill(fills.get(fills.size() - 1).price(), o.buy());
        boolean rests = left.signum() > 0 && (o.type().equals("GTC") || o.type().equals("GTD"));
        if (rests) {
            touched.note(book, o.buy(), o.price());
            Entry e = new Entry(o);
            e.remaining = left;
            (o.buy() ? book.bids : book.asks).computeIfAbsent(o.price(), p -> new ArrayDeque<>()).addLast(e);
            byId.put(o.id(), e);
        }
        Result result = new Result(o, List.copyOf(fills), left, rests);
        List<LevelChange> changes = touched.changes(book);
        if (!changes.isEmpty() || !fills.isEmpty()) tell(o.tokenId(), book, Cause.SUBMITTED, changes, result, List.of());
        return result;
    }

    /** Stamps the book and tells the listener (under the lock). */
    private void tell(String tokenId, Book book, Cause cause, List<LevelChange> changes, Result result, List<Resting> removed) {
        long now = clock.getAsLong();
        book.changedAt = Math.max(now, book.changedAt);
        Listener l = listener;
        if (l != null) {
            l.changed(new Change(tokenId, cause, book.changedAt, List.copyOf(changes), result, List.copyOf(removed), snapshot(book)));
        }
    }

    private static Snapshot snapshot(Book b) {
        return new Snapshot(new Levels(aggregate(b.bids), aggregate(b.asks)), b.changedAt, b.last);
    }

    /** The token's book, made on first touch from its seeded levels. */
    private Book book(String tokenId) {
        Book b = books.get(tokenId);
        if (b != null) return b;
        b = new Book();
        books.put(tokenId, b);
        Seed start = seeds == null ? null : seeds.apply(tokenId);
        Levels seeded = start == null ? null : start.levels();
        if (start != null) b.last = start.last();
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
        tell(tokenId, b, Cause.SEEDED, List.of(), null, List.of());
        return b;
    }

    /** Makes the token's book from its seed now if it is untouched (a watched book), and returns it as it stands. */
    public synchronized Snapshot touch(String tokenId, long nowSeconds) {
        Book b = book(tokenId);
        expire(tokenId, b, nowSeconds);
        return snapshot(b);
    }

    /** The token's book as it stands at {@code nowSeconds}, with its time and last fill; null while untouched. */
    public synchronized Snapshot snapshot(String tokenId, long nowSeconds) {
        Book b = books.get(tokenId);
        if (b == null) return null;
        expire(tokenId, b, nowSeconds);
        return snapshot(b);
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
        expire(tokenId, b, nowSeconds);
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
        Book b = books.get(tokenId);
        return b == null ? null : b.last;
    }

    private static boolean crosses(Order o, BigDecimal restingPrice) {
        return o.buy() ? restingPrice.compareTo(o.price()) <= 0 : restingPrice.compareTo(o.price()) >= 0;
    }

    private void expire(String tokenId, Book book, long nowSeconds) {
        Touched touched = null;
        List<Resting> gone = new ArrayList<>();
        for (boolean bid : new boolean[]{true, false}) {
            Iterator<Map.Entry<BigDecimal, ArrayDeque<Entry>>> levels = (bid ? book.bids : book.asks).entrySet().iterator();
            while (levels.hasNext()) {
                Map.Entry<BigDecimal, ArrayDeque<Entry>> level = levels.next();
                ArrayDeque<Entry> q = level.getValue();
                for (Entry e : q) {
                    if (e.order.expiration() != null && e.order.expiration() <= nowSeconds) {
                        if (touched == null) touched = new Touched();
                        touched.note(book, bid, level.getKey());
                    }
                }
                q.removeIf(e -> {
                    boolean expired = e.order.expiration() != null && e.order.expiration() <= nowSeconds;
                    if (expired) {
                        byId.remove(e.order.id());
                        gone.add(new Resting(e.order, e.remaining));
                    }
                    return expired;
                });
                if (q.isEmpty()) levels.remove();
            }
        }
        if (touched != null) tell(tokenId, book, Cause.EXPIRED, touched.changes(book), null, gone);
    }

    /** Removes the order {@code id} of {@code owner}; null when it is not resting (unknown, filled, cancelled or another's). */
    public synchronized Resting cancel(String owner, String id) {
        Entry e = byId.get(id);
        if (e == null || !e.order.owner().equals(owner)) return null;
        Book book = books.get(e.order.tokenId());
        Touched touched = new Touched();
        touched.note(book, e.order.buy(), e.order.price());
        remove(e);
        Resting r = new Resting(e.order, e.remaining);
        tell(e.order.tokenId(), book, Cause.CANCELLED, touched.changes(book), null, List.of(r));
        return r;
    }

    /** Removes every resting order of {@code owner} that {@code which} selects, in time order. */
    public synchronized List<Resting> cancelAll(String owner, Predicate<Order> which) {
        List<Entry> mine = byId.values().stream().filter(e -> e.order.owner().equals(owner) && which.test(e.order))
                .sorted(Comparator.comparingLong((Entry e) -> e.order.createdAt()).thenComparing(e -> e.order.id())).toList();
        List<Resting> out = new ArrayList<>();
        Map<String, Touched> touched = new java.util.LinkedHashMap<>();
        Map<String, List<Resting>> removed = new java.util.LinkedHashMap<>();
        for (Entry e : mine) {
            touched.computeIfAbsent(e.order.tokenId(), t -> new Touched()).note(books.get(e.order.tokenId()), e.order.buy(), e.order.price());
            remove(e);
            Resting r = new Resting(e.order, e.remaining);
            out.add(r);
            removed.computeIfAbsent(e.order.tokenId(), t -> new ArrayList<>()).add(r);
        }
        for (Map.Entry<String, Touched> t : touched.entrySet()) {
            Book book = books.get(t.getKey());
            tell(t.getKey(), book, Cause.CANCELLED, t.getValue().changes(book), null, removed.get(t.getKey()));
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
        for (Map.Entry<String, Book> b : List.copyOf(books.entrySet())) expire(b.getKey(), b.getValue(), nowSeconds);
        List<Resting> out = new ArrayList<>();
        for (Entry e : byId.values()) if (e.order.owner().equals(owner)) out.add(new Resting(e.order, e.remaining));
        out.sort(Comparator.comparingLong((Resting r) -> r.order().createdAt()).thenComparing(r -> r.order().id()));
        return Collections.unmodifiableList(out);
    }

    /** What is left of the resting order {@code id}, or null when it is not resting. */
    public synchronized BigDecimal remaining(String id) {
        Entry e = byId.get(id);
        return e == null ? null : e.remaining;
    }

    /** Removes every resting order on the token, whoever placed it (a market that resolved); what was removed. */
    public synchronized List<Resting> close(String tokenId) {
        Book book = books.get(tokenId);
        if (book == null) return List.of();
        List<Resting> out = new ArrayList<>();
        for (TreeMap<BigDecimal, ArrayDeque<Entry>> side : List.of(book.bids, book.asks)) {
            for (ArrayDeque<Entry> q : side.values()) {
                for (Entry e : q) {
                    byId.remove(e.order.id());
                    out.add(new Resting(e.order, e.remaining));
                }
            }
            side.clear();
        }
        return out;
    }

    /** Whether an order of this id is resting. */
    public synchronized boolean resting(String id) {
        return byId.containsKey(id);
    }
}
