package org.marketlab.research;

import org.marketlab.clob.Book;
import org.marketlab.clob.ClobData;
import org.marketlab.clob.Level;
import org.marketlab.config.Connection;
import org.marketlab.config.Progress;
import org.marketlab.http.NotFoundException;
import org.marketlab.internal.Args;
import org.marketlab.markets.Event;
import org.marketlab.markets.Market;
import org.marketlab.markets.MarketData;
import org.marketlab.markets.TokenNames;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * Reads of many books at once for one connection: the neg-risk scan and binary parity. Books are read in batches of
 * {@value ClobData#MAX_BATCH} ({@code POST /books}), paced as every call is; a batch the service refuses for a token
 * with no book (a market closed since it was listed) is split until the token is found, and that outcome is left out.
 */
public final class BookScans {

    private final Connection connection;

    public BookScans(Connection connection) {
        this.connection = Objects.requireNonNull(connection, "connection");
    }

    /** A scan of the open neg-risk events; {@code .events(...)} picks others. */
    public NegRiskScan negRiskScan() {
        return new NegRiskScan(this, null, null, Integer.MAX_VALUE, BigDecimal.ZERO);
    }

    // ---- reading --------------------------------------------------------------------------------------------------

    /** The open events flagged neg-risk, the pages read until {@code limit} are found. */
    List<Event> openNegRiskEvents(int limit) {
        // Closed when enough are found, so that the events read's progress ends there rather than part-way.
        try (Stream<Event> events = new MarketData(connection).events().active().closed(false).stream()) {
            return events.filter(e -> Boolean.TRUE.equals(e.negRisk())).limit(limit).toList();
        }
    }

    List<Event> events(List<String> ids) {
        List<Event> found = new MarketData(connection).events().ids(ids).list();
        Map<String, Event> byId = new LinkedHashMap<>();
        for (Event e : found) byId.put(e.id(), e);
        List<String> missing = ids.stream().filter(id -> !byId.containsKey(id)).toList();
        if (!missing.isEmpty()) throw new IllegalArgumentException("no event with id " + String.join(", ", missing)
                + " (give the ids of Markets.events() records, e.g. event.id())");
        return ids.stream().map(byId::get).toList();
    }

    /**
     * The books of {@code tokenIds} by token id, in batches. Tokens the service has no book for are left out: a batch
     * refused with 404 is halved until the refused token is alone.
     */
    Map<String, Book> books(List<String> tokenIds, String task) {
        List<String> ids = List.copyOf(new java.util.LinkedHashSet<>(tokenIds));
        Map<String, Book> out = new LinkedHashMap<>();
        int[] requests = {0};
        Progress.Listener progress = Progress.defaultListener();
        for (int i = 0; i < ids.size(); i += ClobData.MAX_BATCH) {
            read(ids.subList(i, Math.min(ids.size(), i + ClobData.MAX_BATCH)), out, requests);
            progress.onProgress(new Progress(task, Math.min(ids.size(), i + ClobData.MAX_BATCH), ids.size(), "books", requests[0], false));
        }
        progress.onProgress(new Progress(task, ids.size(), ids.size(), "books", requests[0], true));
        return out;
    }

    private void read(List<String> ids, Map<String, Book> out, int[] requests) {
        if (ids.isEmpty()) return;
        try {
            requests[0]++;
            for (Book b : new ClobData(connection).books(ids)) out.put(b.assetId(), b);
        } catch (NotFoundException e) {
            if (ids.size() == 1) return;
            int half = ids.size() / 2;
            read(ids.subList(0, half), out, requests);
            read(ids.subList(half, ids.size()), out, requests);
        }
    }

    // ---- neg-risk baskets -----------------------------------------------------------------------------------------

    /** The baskets of {@code events}: each event's open markets' first (YES) outcome, read in batches. */
    List<Basket> baskets(List<Event> events, BigDecimal takerFee) {
        Map<Event, List<String>> yes = new LinkedHashMap<>();
        List<String> all = new ArrayList<>();
        for (Event e : events) {
            List<String> tokens = new ArrayList<>();
            for (Market m : e.markets() == null ? List.<Market>of() : e.markets()) {
                if (Boolean.TRUE.equals(m.closed()) || m.clobTokenIds() == null || m.clobTokenIds().isEmpty()) continue;
                String token = m.clobTokenIds().get(0);
                TokenNames.remember(m);
                tokens.add(token);
            }
            yes.put(e, tokens);
            all.addAll(tokens);
        }
        Map<String, Book> books = all.isEmpty() ? Map.of() : books(all, "neg-risk scan");
        List<Basket> out = new ArrayList<>();
        for (Map.Entry<Event, List<String>> e : yes.entrySet()) {
            List<Book> legs = e.getValue().stream().map(books::get).filter(Objects::nonNull).toList();
            if (legs.size() < 2) continue;   // a basket needs two outcomes or more with books
            out.add(basket(e.getKey().id(), e.getKey().title(), legs, takerFee));
        }
        out.sort(Comparator.comparing(Basket::edge, Comparator.nullsLast(Comparator.reverseOrder())));
        return out;
    }

    /** One basket from its legs' books (public for tests of the arithmetic on saved books). */
    static Basket basket(String id, String title, List<Book> legs, BigDecimal takerFee) {
        BigDecimal sumAsk = sum(legs, Book::bestAsk), sumBid = sum(legs, Book::bestBid), sumMid = sum(legs, Book::midpoint);
        BigDecimal buyEdge = sumAsk == null ? null : BigDecimal.ONE.subtract(sumAsk);
        BigDecimal sellEdge = sumBid == null ? null : sumBid.subtract(BigDecimal.ONE);
        boolean buy = sellEdge == null || (buyEdge != null && buyEdge.compareTo(sellEdge) >= 0);
        BigDecimal edge = buy ? buyEdge : sellEdge;
        String side = edge == null ? null : buy ? "buy all" : "sell all";
        BigDecimal touch = null, fee = null;
        Walk walk = new Walk(BigDecimal.ZERO, BigDecimal.ZERO);
        if (edge != null) {
            List<List<Level>> sides = legs.stream().map(b -> Book.bestFirst(buy ? b.asks() : b.bids(), !buy)).toList();
            touch = sides.stream().map(l -> l.get(0).size()).min(BigDecimal::compareTo).orElse(BigDecimal.ZERO);
            fee = BigDecimal.ZERO;
            for (List<Level> l : sides) fee = fee.add(takerFee.multiply(l.get(0).price()).multiply(BigDecimal.ONE.subtract(l.get(0).price())));
            fee = fee.setScale(6, RoundingMode.HALF_EVEN).stripTrailingZeros();
            walk = walk(sides, buy, takerFee);
        }
        return new Basket(id, title, legs.size(), sumAsk, sumBid, sumMid, sumMid == null ? null : sumMid.subtract(BigDecimal.ONE),
                side, edge, fee, touch, walk.size(), walk.profit().setScale(4, RoundingMode.HALF_EVEN));
    }

    record Walk(BigDecimal size, BigDecimal profit) {
    }

    /**
     * Baskets taken level by level while the next one still earns more than nothing: at each step every leg's current
     * level gives the basket's price, the smallest remaining size the step's baskets. The taker fee of a share at
     * price {@code p} is {@code rate × p × (1 − p)}.
     */
    static Walk walk(List<List<Level>> sides, boolean buy, BigDecimal takerFee) {
        int n = sides.size();
        int[] at = new int[n];
        BigDecimal[] left = new BigDecimal[n];
        for (int k = 0; k < n; k++) left[k] = sides.get(k).get(0).size();
        BigDecimal size = BigDecimal.ZERO, profit = BigDecimal.ZERO;
        while (true) {
            BigDecimal price = BigDecimal.ZERO, fee = BigDecimal.ZERO, step = null;
            for (int k = 0; k < n; k++) {
                BigDecimal p = sides.get(k).get(at[k]).price();
                price = price.add(p);
                fee = fee.add(takerFee.multiply(p).multiply(BigDecimal.ONE.subtract(p)));
                step = step == null ? left[k] : step.min(left[k]);
            }
            BigDecimal each = (buy ? BigDecimal.ONE.subtract(price) : price.subtract(BigDecimal.ONE)).subtract(fee);
            if (each.signum() <= 0 || step.signum() <= 0) break;
            size = size.add(step);
            profit = profit.add(each.multiply(step));
            boolean exhausted = false;
            for (int k = 0; k < n; k++) {
                left[k] = left[k].subtract(step);
                if (left[k].signum() == 0) {
                    if (++at[k] >= sides.get(k).size()) exhausted = true;
                    else left[k] = sides.get(k).get(at[k]).size();
                }
            }
            if (exhausted) break;
        }
        return new Walk(size, profit);
    }

    private static BigDecimal sum(List<Book> books, java.util.function.Function<Book, BigDecimal> f) {
        BigDecimal s = BigDecimal.ZERO;
        for (Book b : books) {
            BigDecimal v = f.apply(b);
            if (v == null) return null;
            s = s.add(v);
        }
        return s.stripTrailingZeros();
    }

    static Table basketsTable(List<Basket> baskets, String name) {
        return RecordTable.of(Basket.class).table(name, baskets);
    }

    // ---- parity -----------------------------------------------------------------------------------------------------

    /** YES and NO books of each open binary market against 1; markets that are closed, not binary or have no books are counted in the name. */
    public Table parity(Collection<Market> markets) {
        Args.notNull(markets, "markets");
        if (markets.isEmpty()) throw new IllegalArgumentException("markets is empty; give binary markets, e.g. Markets.markets().closed(false).limit(50).list()");
        List<Market> binary = new ArrayList<>();
        int skipped = 0;
        List<String> tokens = new ArrayList<>();
        for (Market m : markets) {
            if (m == null) throw new IllegalArgumentException("markets holds a null; give Market records (Markets.markets()...list())");
            List<String> ids = m.clobTokenIds();
            if (Boolean.TRUE.equals(m.closed()) || ids == null || ids.size() != 2) {
                skipped++;
                continue;
            }
            for (String id : ids) tokens.add(token(id));
            TokenNames.remember(m);
            binary.add(m);
        }
        Map<String, Book> books = tokens.isEmpty() ? Map.of() : books(tokens, "parity");
        List<Parity> rows = new ArrayList<>();
        int noBook = 0;
        for (Market m : binary) {
            Book yes = books.get(m.clobTokenIds().get(0)), no = books.get(m.clobTokenIds().get(1));
            if (yes == null || no == null) {
                noBook++;
                continue;
            }
            rows.add(parity(m.id(), m.question(), yes, no));
        }
        rows.sort(Comparator.comparing(Parity::askGap, Comparator.nullsLast(Comparator.naturalOrder())));
        String name = "parity of " + rows.size() + " binary market" + (rows.size() == 1 ? "" : "s")
                + (skipped > 0 ? ", " + skipped + " closed or not binary left out" : "")
                + (noBook > 0 ? ", " + noBook + " without a book left out" : "");
        return RecordTable.of(Parity.class).table(name, rows);
    }

    static Parity parity(String id, String question, Book yes, Book no) {
        BigDecimal askSum = add(yes.bestAsk(), no.bestAsk()), bidSum = add(yes.bestBid(), no.bestBid());
        return new Parity(id, question, yes.bestBid(), yes.bestAsk(), no.bestBid(), no.bestAsk(), askSum, bidSum,
                askSum == null ? null : askSum.subtract(BigDecimal.ONE), bidSum == null ? null : BigDecimal.ONE.subtract(bidSum),
                touch(yes.asks(), no.asks(), false), touch(yes.bids(), no.bids(), true));
    }

    private static BigDecimal touch(List<Level> a, List<Level> b, boolean bids) {
        if (a.isEmpty() || b.isEmpty()) return null;
        return Book.bestFirst(a, bids).get(0).size().min(Book.bestFirst(b, bids).get(0).size());
    }

    /** A token id as the order book takes it, checked before anything is sent. */
    static String token(String id) {
        return Args.digits(id, "token id", Args.MAX_TOKEN_DIGITS,
                "outcome token ids are decimal digits (Market.clobTokenIds(), e.g. Clob.tokens(market)); a market's conditionId (0x…) is not one");
    }

    private static BigDecimal add(BigDecimal a, BigDecimal b) {
        return a == null || b == null ? null : a.add(b);
    }
}
