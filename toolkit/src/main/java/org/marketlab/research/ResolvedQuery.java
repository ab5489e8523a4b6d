package org.marketlab.research;

import org.marketlab.clob.ClobData;
import org.marketlab.clob.PricePoint;
import org.marketlab.config.Connection;
import org.marketlab.config.Progress;
import org.marketlab.datasets.Harvest;
import org.marketlab.datasets.HarvestReport;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.http.NotFoundException;
import org.marketlab.markets.Event;
import org.marketlab.markets.EventsQuery;
import org.marketlab.markets.Market;
import org.marketlab.markets.MarketData;
import org.marketlab.markets.Tag;
import tech.tablesaw.api.BooleanColumn;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;
import tech.tablesaw.columns.Column;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Resolved binary markets with their first outcome's price at horizons before the end: the query behind
 * {@code Research.resolved()}. Immutable; each setter returns a new query, and nothing is sent until
 * {@link #list()}, {@link #table()} or {@link #toParquet(Path)}.
 *
 * <p>How it reads: the closed events, a page at a time ({@code GET /events}, keyset), and for each resolved binary
 * market among them the {@code GET /prices-history} of its first outcome's token around each horizon, at
 * {@link #fidelity} minutes: horizons within 15 days of each other (the service's longest window) share a request,
 * so the default horizons take two requests a market, one for a market younger than 30 days. Histories are asked
 * for {@value #PARALLEL} at a time, so the pacer, not the round trip,
 * sets the pace: the published window of {@code /prices-history} (1,000 requests in 10 s) is the limit. The first
 * events page is short ({@value #FIRST_EVENTS} events) so that the first histories go out early, the order book's
 * connection is opened while it is read, and later pages are read ahead of the histories ({@value #AHEAD} markets), so
 * that the window never finds the read without a request to send. Each history is read into points, not a table: the
 * read needs Tablesaw only for its result. Progress goes
 * to {@link #onProgress} (in a notebook, a bar). A resolved market whose history at that fidelity is empty (the live
 * service serves resolved markets' histories at 12 hours or coarser) is asked again at 12 hours, and says so in its
 * notes. {@link #toParquet(Path)} is resumable: it checkpoints every page of events.
 */
public final class ResolvedQuery {

    /** Histories in flight at once. */
    public static final int PARALLEL = 16;
    /** The fidelity the live service serves resolved markets' histories at, in minutes (12 hours). */
    public static final int RESOLVED_FIDELITY = 720;

    private final Connection connection;
    private final String tag;
    private final String category;
    private final Instant from, to;
    private final Double minVolume;
    private final Integer limit;
    private final List<Duration> horizons;
    private final int fidelity;
    private final Progress.Listener progress;

    ResolvedQuery(Connection connection) {
        this(connection, null, null, null, null, null, null, Horizons.DEFAULT, 60, null);
    }

    private ResolvedQuery(Connection connection, String tag, String category, Instant from, Instant to, Double minVolume,
                          Integer limit, List<Duration> horizons, int fidelity, Progress.Listener progress) {
        this.connection = Objects.requireNonNull(connection, "connection");
        this.tag = tag;
        this.category = category;
        this.from = from;
        this.to = to;
        this.minVolume = minVolume;
        this.limit = limit;
        this.horizons = List.copyOf(horizons);
        this.fidelity = fidelity;
        this.progress = progress;
    }

    /** The resolved markets of the current connection's service: what {@code Research.resolved()} returns. */
    public static ResolvedQuery of(Connection connection) {
        return new ResolvedQuery(connection);
    }

    private ResolvedQuery copy(String tag, String category, Instant from, Instant to, Double minVolume, Integer limit,
                               List<Duration> horizons, int fidelity, Progress.Listener progress) {
        return new ResolvedQuery(connection, tag, category, from, to, minVolume, limit, horizons, fidelity, progress);
    }

    // ---- filters ------------------------------------------------------------------------------------------------

    /** Only events carrying this tag: its slug ({@code crypto}) or its id (digits). */
    public ResolvedQuery tag(String slugOrId) {
        if (slugOrId == null || slugOrId.isBlank()) throw new IllegalArgumentException("tag: give a tag's slug (such as crypto) or its id");
        return copy(slugOrId.trim(), category, from, to, minVolume, limit, horizons, fidelity, progress);
    }

    /** Only events of this category ({@code Politics}, {@code Sports}, ...; compared without case). */
    public ResolvedQuery category(String category) {
        if (category == null || category.isBlank()) throw new IllegalArgumentException("category: give a category such as Politics");
        return copy(tag, category.trim(), from, to, minVolume, limit, horizons, fidelity, progress);
    }

    /** Only markets whose trading ended between {@code from} and {@code to} (both included). */
    public ResolvedQuery closedBetween(Instant from, Instant to) {
        if (from == null || to == null) throw new IllegalArgumentException("closedBetween: give both instants, from and to");
        if (from.isAfter(to)) throw new IllegalArgumentException("closedBetween: from (" + from + ") is after to (" + to + ")");
        return copy(tag, category, from, to, minVolume, limit, horizons, fidelity, progress);
    }

    /** Only markets that traded at least this much (USDC). */
    public ResolvedQuery minVolume(double usdc) {
        if (!(usdc >= 0) || Double.isInfinite(usdc)) throw new IllegalArgumentException("minVolume is in USDC, a finite number 0 or more, was " + usdc);
        return copy(tag, category, from, to, usdc, limit, horizons, fidelity, progress);
    }

    /** At most this many markets (1 or more); without it, every resolved market that matches. */
    public ResolvedQuery limit(int markets) {
        if (markets < 1) throw new IllegalArgumentException("limit is a number of markets, 1 or more, was " + markets);
        return copy(tag, category, from, to, minVolume, markets, horizons, fidelity, progress);
    }

    /**
     * The horizons before the end at which to read the price (default 1, 7 and 30 days): whole minutes, from 1 minute
     * to 366 days, none twice. Each gives a column {@code price_<label>} ({@code price_7d}, {@code price_6h}).
     */
    public ResolvedQuery horizons(Duration... horizons) {
        return copy(tag, category, from, to, minVolume, limit, Horizons.checked(horizons), fidelity, progress);
    }

    /** Minutes between the history's points (default 60): a horizon's price is the last point at or before it. */
    public ResolvedQuery fidelity(int minutes) {
        if (minutes < 1 || minutes > 1440) throw new IllegalArgumentException("fidelity is in minutes, 1 to 1440, was " + minutes);
        return copy(tag, category, from, to, minVolume, limit, horizons, minutes, progress);
    }

    /** Where progress goes (markets read, requests sent); by default the notebook's bar. */
    public ResolvedQuery onProgress(Progress.Listener listener) {
        return copy(tag, category, from, to, minVolume, limit, horizons, fidelity, listener);
    }

    /** The horizons, shortest first. */
    public List<Duration> horizons() {
        return horizons;
    }

    // ---- reading ------------------------------------------------------------------------------------------------

    private EventsQuery events() {
        EventsQuery q = new MarketData(connection).events().closed(true);
        if (tag != null) q = tag.matches("[0-9]+") ? q.tagId(Long.parseLong(tag)) : q.tagSlug(tag);
        // An event ends with its last market, so a market's window bounds its event's end from below only.
        if (from != null) q = q.endDateMin(from);
        if (minVolume != null) q = q.volumeMin(minVolume);
        return q;
    }

    /** The state of one read: counts for progress, the markets still wanted. */
    private final class Run {
        final AtomicLong markets = new AtomicLong();
        final AtomicInteger requests = new AtomicInteger();
        final Progress.Listener listener = progress != null ? progress : Progress.defaultListener();
        final ClobData clob = new ClobData(connection);

        /**
         * Counts a history request. Once a window's worth has gone (the {@code /prices-history} window holds 1,000), the
         * rest wait for the window, and Tablesaw's initialisation (the final table needs it; outside the kernel, a scan of
         * the class path) starts then, in that wait, rather than sharing the cores with the first window's answers.
         */
        void sent() {
            if (requests.incrementAndGet() >= WINDOW_REQUESTS) org.marketlab.tables.TablesawStart.inBackground();
        }

        /** The order book's health check ({@code GET /ok}, its own limit); any failure is left to the histories. */
        void openOrderBook() {
            try {
                clob.ok();
            } catch (RuntimeException ignored) {
                // the histories meet the same failure and say so
            }
        }

        void report(boolean finished) {
            listener.onProgress(new Progress("resolved markets", markets.get(), limit == null ? -1 : limit, "markets", requests.get(), finished));
        }
    }

    /** One page of events as resolved markets, at most {@code wanted} (-1: all); the next page's position. */
    private Harvest.Page<Resolved> page(Harvest.Source<Event> events, Object position, int wanted, Run run, ExecutorService pool) {
        Submitted page = submit(events, position, -1, wanted, run, pool);
        return new Harvest.Page<>(collect(page.futures()), page.next());
    }

    /** An events page's markets submitted to the pool: their histories' futures, in order, and the next page's position. */
    private record Submitted(List<Future<Resolved>> futures, Object next) {
    }

    /**
     * Reads the events page at {@code position} ({@code eventsOnPage} events, or a full page if negative) and submits its
     * candidate markets (at most {@code wanted}, or all if negative) to {@code pool} without waiting for them; the next
     * position is null once {@code wanted} are taken.
     */
    private Submitted submit(Harvest.Source<Event> events, Object position, int eventsOnPage, int wanted, Run run, ExecutorService pool) {
        Harvest.Page<Event> page = events.page(position, eventsOnPage);
        run.requests.incrementAndGet();
        List<Candidate> chosen = new ArrayList<>();
        for (Event e : page.items()) {
            if (category != null && !category.equalsIgnoreCase(categoryOf(e, null))) continue;
            if (e.markets() == null) continue;
            for (Market m : e.markets()) {
                if (wanted >= 0 && chosen.size() >= wanted) break;
                Candidate c = candidate(e, m);
                if (c != null) chosen.add(c);
            }
        }
        List<Future<Resolved>> futures = new ArrayList<>(chosen.size());
        for (Candidate c : chosen) futures.add(pool.submit(() -> resolve(c, run)));
        boolean full = wanted >= 0 && futures.size() >= wanted;
        return new Submitted(futures, full ? null : page.next());
    }

    /** The results of {@code futures}, in order; the first failure cancels the rest and is thrown. */
    private static List<Resolved> collect(List<Future<Resolved>> futures) {
        List<Resolved> out = new ArrayList<>(futures.size());
        for (Future<Resolved> f : futures) out.add(collect(f, futures));
        return out;
    }

    private record Candidate(Event event, Market market, Instant end, String yesToken, boolean yesWon, String winner) {
    }

    /** The market as a candidate, or {@code null}: not binary, not resolved, or outside the filters. */
    private Candidate candidate(Event e, Market m) {
        if (!Boolean.TRUE.equals(m.closed())) return null;
        if (m.outcomes() == null || m.outcomes().size() != 2 || m.clobTokenIds() == null || m.clobTokenIds().size() != 2) return null;
        if (m.outcomePrices() == null || m.outcomePrices().size() != 2) return null;
        BigDecimal first = m.outcomePrices().get(0), second = m.outcomePrices().get(1);
        if (first == null || second == null) return null;
        boolean yes = first.compareTo(BigDecimal.ONE) == 0 && second.signum() == 0;
        boolean no = second.compareTo(BigDecimal.ONE) == 0 && first.signum() == 0;
        if (!yes && !no) return null; // not resolved to one side (still resolving, or split)
        Instant end = endOf(m);
        if (end == null) return null;
        if (from != null && end.isBefore(from) || to != null && end.isAfter(to)) return null;
        if (minVolume != null && volumeOf(m).doubleValue() < minVolume) return null;
        return new Candidate(e, m, end, m.clobTokenIds().get(0), yes, m.outcomes().get(yes ? 0 : 1));
    }

    private static final DateTimeFormatter CLOSED_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss[.SSSSSS][.SSS]x", Locale.ROOT);

    /** When trading ended: {@code closedTime} (the service's {@code 2026-07-25 14:00:06+00}) where readable, else the end date. */
    static Instant endOf(Market m) {
        if (m.closedTime() != null && !m.closedTime().isBlank()) {
            try {
                return java.time.OffsetDateTime.parse(m.closedTime().trim(), CLOSED_TIME).toInstant();
            } catch (DateTimeParseException ignored) {
                try {
                    return Instant.parse(m.closedTime().trim());
                } catch (DateTimeParseException alsoIgnored) {
                    // fall back on the end date
                }
            }
        }
        return m.endDate();
    }

    private static BigDecimal volumeOf(Market m) {
        try {
            return m.volume() == null || m.volume().isBlank() ? BigDecimal.ZERO : new BigDecimal(m.volume().trim());
        } catch (NumberFormatException ex) {
            return BigDecimal.ZERO;
        }
    }

    private static String categoryOf(Event e, Market m) {
        if (e.category() != null && !e.category().isBlank()) return e.category();
        return m == null ? null : m.category();
    }

    /** Reads one market's history around its horizons and its prices there. */
    private Resolved resolve(Candidate c, Run run) {
        List<Duration> hs = horizons;
        Instant opened = c.market().startDate();
        List<Instant> wanted = new ArrayList<>(hs.size());
        for (Duration h : hs) {
            Instant at = c.end().minus(h);
            if (opened == null || !at.isBefore(opened)) wanted.add(at);
        }
        List<PricePoint> history;
        String how = null;
        try {
            history = read(c.yesToken(), wanted, fidelity, run);
            if (history.isEmpty() && fidelity < RESOLVED_FIDELITY && !wanted.isEmpty()) {
                history = read(c.yesToken(), wanted, RESOLVED_FIDELITY, run);
                how = "read at 12h (no points at " + fidelity + "m)";
            }
        } catch (NotFoundException | InvalidRequestException ex) {
            run.requests.incrementAndGet();
            history = null;
            how = "no history: " + ex.getMessage();
        }
        List<Resolved.HorizonPrice> prices = new ArrayList<>(hs.size());
        for (Duration h : hs) {
            Instant at = c.end().minus(h);
            Double price = null;
            String note = how;
            if (history != null) {
                if (opened != null && at.isBefore(opened)) {
                    note = "the market opened " + opened + ", less than " + Horizons.label(h) + " before its end";
                } else {
                    price = lastAtOrBefore(history, at);
                    if (price == null) note = history.isEmpty() ? "the history is empty" : "no price at or before " + at;
                }
            }
            prices.add(new Resolved.HorizonPrice(h, at, price, note));
        }
        Event e = c.event();
        List<String> tags = e.tags() == null ? List.of() : e.tags().stream().map(Tag::label).filter(Objects::nonNull).toList();
        Resolved r = new Resolved(c.market().id(), c.market().conditionId(), c.market().question(), e.id(), e.title(),
                categoryOf(e, c.market()), tags, c.winner(), c.yesWon(), c.end(), volumeOf(c.market()), c.yesToken(), prices);
        long done = run.markets.incrementAndGet();
        if (done % 50 == 0) run.report(false);
        return r;
    }

    /**
     * The history a market's horizons need, at {@code minutes} fidelity: for each instant, the points from two
     * fidelity steps before it up to it, so that its last point at or before is there. Instants within one window of
     * the service (15 days) share a request, so the default horizons of a long-lived market take two requests (1 and
     * 7 days in one, 30 days in the other) and a market younger than its longest horizon one.
     */
    private List<PricePoint> read(String token, List<Instant> instants, int minutes, Run run) {
        List<Instant[]> windows = windows(instants, Duration.ofMinutes(2L * minutes));
        List<PricePoint> out = new ArrayList<>();
        for (Instant[] w : windows) {
            out.addAll(run.clob.history(token).start(w[0]).end(w[1]).fidelity(minutes).list());
            run.sent();
        }
        return out;
    }

    /**
     * The fewest windows of at most {@link #WINDOW} that cover every instant with {@code lead} before it: from the
     * earliest instant's lead, as many later instants as fit, then again from the next. Windows are in time order and
     * do not overlap.
     */
    static List<Instant[]> windows(List<Instant> instants, Duration lead) {
        List<Instant> sorted = new ArrayList<>(instants);
        sorted.sort(null);
        List<Instant[]> out = new ArrayList<>();
        Instant start = null, last = null;
        for (Instant at : sorted) {
            if (start != null && !at.isAfter(start.plus(WINDOW))) {
                last = at;
                continue;
            }
            if (start != null) out.add(new Instant[]{start, last});
            start = at.minus(lead);
            if (!out.isEmpty() && !start.isAfter(out.get(out.size() - 1)[1])) start = out.get(out.size() - 1)[1].plusSeconds(1);
            last = at;
        }
        if (start != null) out.add(new Instant[]{start, last});
        return out;
    }

    /** The longest window one {@code /prices-history} request answers. */
    static final Duration WINDOW = Duration.ofDays(15);

    /** The last price at or before {@code at} in a history ordered by time, or {@code null}. */
    private static Double lastAtOrBefore(List<PricePoint> history, Instant at) {
        Double found = null;
        for (PricePoint p : history) {
            if (p.time().isAfter(at)) break;
            found = p.price();
        }
        return found;
    }

    /** Every page; returns the markets read, in the order the events listing gives them. */
    private List<Resolved> readAll() {
        Run run = new Run();
        Harvest.Source<Event> events = events().pages();
        ExecutorService pool = pool();
        // The order book's connection is opened by its health check while the first events page is read, so that the
        // first histories find it open (and the embedded sandbox's order book started); a failure is the histories' to
        // report.
        pool.submit(run::openOrderBook);
        // The markets whose histories are asked for or queued, in listing order. Events pages are read ahead until
        // AHEAD markets wait, so that whenever the window lets requests go, there are requests to send: the
        // window's memory carries any gap in one window's sends into every later window. The first page is small,
        // so that the first histories go out as soon as a few markets are known.
        java.util.ArrayDeque<Future<Resolved>> queued = new java.util.ArrayDeque<>();
        List<Resolved> out = new ArrayList<>();
        int submitted = 0;
        try {
            Object position = null;
            boolean more = true;
            while (true) {
                while (more && queued.size() < AHEAD && (limit == null || submitted < limit)) {
                    int wanted = limit == null ? -1 : limit - submitted;
                    Submitted page = submit(events, position, submitted == 0 && position == null ? FIRST_EVENTS : -1, wanted, run, pool);
                    queued.addAll(page.futures());
                    submitted += page.futures().size();
                    position = page.next();
                    more = position != null;
                    if (!more) org.marketlab.tables.TablesawStart.inBackground(); // the last page: see Run.sent
                }
                if (queued.isEmpty()) break;
                out.add(collect(queued.poll(), queued));
            }
        } finally {
            pool.shutdownNow();
        }
        run.report(true);
        return out;
    }

    /** The requests one {@code /prices-history} window holds (1,000 in 10 s). */
    static final int WINDOW_REQUESTS = 1000;
    /** Markets queued ahead of the one being collected: more than one window of {@code /prices-history} (1,000 requests). */
    static final int AHEAD = 1000;
    /** Events on the first page: enough markets to start the histories, few enough to be listed and read quickly. */
    static final int FIRST_EVENTS = 25;

    /** The result of {@code future}; a failure cancels {@code rest} and is thrown. */
    private static Resolved collect(Future<Resolved> future, java.util.Collection<Future<Resolved>> rest) {
        try {
            return future.get();
        } catch (InterruptedException ex) {
            rest.forEach(f -> f.cancel(true));
            Thread.currentThread().interrupt();
            throw new IllegalStateException("the read of resolved markets was interrupted", ex);
        } catch (ExecutionException ex) {
            rest.forEach(f -> f.cancel(true));
            if (ex.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(ex.getCause());
        }
    }

    private static ExecutorService pool() {
        AtomicInteger n = new AtomicInteger();
        return Executors.newFixedThreadPool(PARALLEL, r -> {
            Thread t = new Thread(r, "marketlab-resolved-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
    }

    /** Every matching resolved binary market, in the order the events listing gives them. */
    public List<Resolved> list() {
        return readAll();
    }

    /**
     * One row per resolved binary market: market_id, question, event, category, tags, outcome (the winner), yes_won,
     * end_time, volume, a {@code price_<label>} column per horizon (the first outcome's price that long before the
     * end; missing where the market was younger, with a note), notes, condition_id, event_id and yes_token.
     */
    public Table table() {
        return table(list(), horizons);
    }

    /** The table of {@code rows} with a price column per horizon, as {@link #table()} makes it. */
    public static Table table(List<Resolved> rows, List<Duration> horizons) {
        StringColumn id = StringColumn.create("market_id"), question = StringColumn.create("question"), event = StringColumn.create("event");
        StringColumn category = StringColumn.create("category"), tags = StringColumn.create("tags"), outcome = StringColumn.create("outcome");
        BooleanColumn yesWon = BooleanColumn.create("yes_won");
        InstantColumn end = InstantColumn.create("end_time");
        DoubleColumn volume = DoubleColumn.create("volume");
        List<DoubleColumn> prices = new ArrayList<>();
        for (Duration h : horizons) prices.add(DoubleColumn.create(Horizons.column(h)));
        StringColumn notes = StringColumn.create("notes"), condition = StringColumn.create("condition_id");
        StringColumn eventId = StringColumn.create("event_id"), token = StringColumn.create("yes_token");
        for (Resolved r : rows) {
            id.append(r.marketId());
            question.append(r.question());
            event.append(r.event());
            category.append(r.category());
            tags.append(String.join(", ", r.tags()));
            outcome.append(r.outcome());
            yesWon.append(r.yesWon());
            end.append(r.endTime());
            volume.append(r.volume() == null ? Double.NaN : r.volume().doubleValue());
            for (int i = 0; i < horizons.size(); i++) {
                Double p = r.price(horizons.get(i));
                if (p == null) prices.get(i).appendMissing();
                else prices.get(i).append(p);
            }
            notes.append(r.notes());
            condition.append(r.conditionId());
            eventId.append(r.eventId());
            token.append(r.yesToken());
        }
        List<Column<?>> cols = new ArrayList<>(List.of(id, question, event, category, tags, outcome, yesWon, end, volume));
        cols.addAll(prices);
        cols.addAll(List.of(notes, condition, eventId, token));
        return Table.create("resolved markets (" + rows.size() + ")", cols.toArray(Column[]::new));
    }

    // ---- harvest ------------------------------------------------------------------------------------------------

    /**
     * Harvests the resolved markets into {@code dir} as Parquet, resumable a page of events at a time: one row per
     * market and horizon ({@link ResolvedPrice}), partitioned by the UTC day each market ended. A harvest killed and run
     * again into the same folder continues from the last page it checkpointed.
     */
    public HarvestReport toParquet(Path dir) {
        return harvest().to(dir);
    }

    /** The harvest {@link #toParquet} runs, to adjust first. */
    public Harvest<ResolvedPrice> harvest() {
        org.marketlab.tables.TablesawStart.inBackground(); // as in readAll: overlaps the first events page
        Harvest.Source<Event> events = events().pages();
        int per = horizons.size();
        Run run = new Run(); // one count of markets and requests over the harvest's pages
        Harvest.Source<ResolvedPrice> source = (position, wanted) -> {
            ExecutorService pool = pool();
            try {
                int markets = wanted < 0 ? -1 : (wanted + per - 1) / per;
                Harvest.Page<Resolved> page = page(events, position, markets, run, pool);
                if (page.next() == null) run.report(true);
                List<ResolvedPrice> rows = new ArrayList<>(page.items().size() * per);
                for (Resolved r : page.items()) rows.addAll(longForm(r));
                return new Harvest.Page<>(rows, page.next());
            } finally {
                pool.shutdownNow();
            }
        };
        return Harvest.of("resolved markets", ResolvedPrice.class, source).query(toString())
                .partitionByDay("day", ResolvedPrice::end_time).chunkRows(Math.max(1, 100 * per))
                .limit(limit == null ? null : (long) limit * per).onProgress(p -> { }); // the pages report markets, not rows
    }

    /** A market's rows in long form, one per horizon. */
    public static List<ResolvedPrice> longForm(Resolved r) {
        List<ResolvedPrice> out = new ArrayList<>(r.prices().size());
        for (Resolved.HorizonPrice p : r.prices()) {
            out.add(new ResolvedPrice(r.marketId(), r.conditionId(), r.question(), r.eventId(), r.event(), r.category(),
                    String.join(", ", r.tags()), r.outcome(), r.yesWon(), r.endTime(), r.volume(), r.yesToken(), p.label(), p.at(),
                    p.price(), p.note()));
        }
        return out;
    }

    /** What is asked: the filters, the horizons and the fidelity (a harvest folder records it as its query). */
    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("resolved markets");
        if (tag != null) b.append(" tag=").append(tag);
        if (category != null) b.append(" category=").append(category);
        if (from != null) b.append(" closed=").append(from).append("..").append(to);
        if (minVolume != null) b.append(" minVolume=").append(minVolume);
        if (limit != null) b.append(" limit=").append(limit);
        b.append(" horizons=").append(String.join(",", horizons.stream().map(Horizons::label).toList()));
        b.append(" fidelity=").append(fidelity).append('m');
        return b.toString();
    }
}
