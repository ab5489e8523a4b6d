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
 */
public final class Engine {

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
        Book book = books.computeIfAbsent(o.tokenId(), t -> new Book());
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
        boolean rests = left.signum() > 0 && (o.type().equals("GTC") || o.type().equals("GTD"));
        if (rests) {
            Entry e = new Entry(o);
            e.remaining = left;
            (o.buy() ? book.bids : book.asks).computeIfAbsent(o.price(), p -> new ArrayDeque<>()).addLast(e);
            byId.put(o.id(), e);
        }
        return new Result(o, List.copyOf(fills), left, rests);
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
