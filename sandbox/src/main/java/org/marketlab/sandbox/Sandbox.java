package org.marketlab.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.Javalin;
import io.javalin.http.Context;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.eclipse.jetty.util.thread.ScheduledExecutorScheduler;
import org.marketlab.sandbox.clob.ClobAccountsApi;
import org.marketlab.sandbox.clob.ClobApi;
import org.marketlab.sandbox.clob.ClobChannels;
import org.marketlab.sandbox.clob.ClobMarketsApi;
import org.marketlab.sandbox.clob.RewardsApi;
import org.marketlab.sandbox.clob.RfqApi;
import org.marketlab.sandbox.clob.RfqQuoters;
import org.marketlab.sandbox.clob.SessionApi;
import org.marketlab.sandbox.contracts.Chain;
import org.marketlab.sandbox.contracts.Combos;
import org.marketlab.sandbox.chain.CollateralReturnApi;
import org.marketlab.sandbox.chain.RelayerApi;
import org.marketlab.sandbox.chain.RelayerKeys;
import org.marketlab.sandbox.chain.RpcApi;
import org.marketlab.sandbox.contracts.CollateralReturn;
import org.marketlab.sandbox.contracts.Relayer;
import org.marketlab.sandbox.data.ApprovalsApi;
import org.marketlab.sandbox.data.CombosApi;
import org.marketlab.sandbox.data.DataApi;
import org.marketlab.sandbox.data.InsightsApi;
import org.marketlab.sandbox.markets.CatalogApi;
import org.marketlab.sandbox.markets.DiscoveryApi;
import org.marketlab.sandbox.markets.LiveData;
import org.marketlab.sandbox.markets.EventsApi;
import org.marketlab.sandbox.perps.PerpsSandbox;
import org.marketlab.sandbox.route.Health;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.route.Trace;
import org.marketlab.sandbox.wallets.Wallets;
import org.marketlab.sandbox.world.Bias;
import org.marketlab.sandbox.world.World;
import org.marketlab.spi.EmbeddedService;
import org.marketlab.spi.IpLimit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.channels.ServerSocketChannel;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.ServerConnector;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.function.LongSupplier;

/**
 * The embedded sandbox: the whole service simulated on loopback from a seeded world, one HTTP server per
 * interface (their paths collide: {@code /ok}, {@code /trades}), each enforcing the published IP limits per
 * client address and able to show faults on request.
 *
 * <pre>{@code
 * try (Sandbox s = Sandbox.builder().seed(7).now(Instant.parse("2026-11-01T00:00:00Z")).build()) {
 *     Map<String, URI> urls = s.start();           // markets, clob, clob_ws, data, perps, perps_ws, bridge, chain
 *     List<World.EventFacts> events = s.world().events();
 *     s.faults().errors(503, 2);                   // the next two answers, on any server
 *     assert s.stats().throttledCount() == 0;      // no request held over a limit
 * }
 * }</pre>
 *
 * <p>Every request on every server (except the control path {@code /__sandbox/faults}) counts against each
 * row of {@link IpLimit#published()} it matches, per client address, in exact sliding windows. As the
 * specification says of the IP limits ("throttled, not rejected"), a request over a limit is by default held
 * until its windows admit it, then served (counted in {@link Stats#throttledCount()}). With
 * {@link #rejectOverLimit(boolean) rejectOverLimit(true)} it is instead answered 429
 * {@code {"error":"Too Many Requests"}} with {@code Retry-After} (whole seconds, rounded up, at least 1) for when
 * the oldest request of the blocking window leaves it, and is not counted: for tests of a client's 429 handling.
 */
public final class Sandbox implements EmbeddedService {

    private final long seed;
    private final double longshotBias;
    private final Instant now;
    private final LongSupplier clock;
    /** How far histories, candles, books and account histories reach (ms). */
    private final LongSupplier present;
    private volatile boolean enforceLimits = true;
    private volatile boolean rejectOverLimit;
    private final List<IpLimit> limits;
    /** The clock the IP windows are measured on (ns). */
    private final LongSupplier windowClock;
    private final Faults faults = new Faults();
    private final Stats stats = new Stats();
    private final Map<String, Javalin> servers = Collections.synchronizedMap(new LinkedHashMap<>());
    private Map<String, URI> urls;
    /** Per server: opens once its routes are in place (a request that comes before waits for them). */
    private volatile Map<String, CountDownLatch> gates = Map.of();
    /** Opens once every server of a start runs with its routes (or the start failed). */
    private volatile CountDownLatch started = new CountDownLatch(0);
    /** Why the servers after the first failed to start, if they did. */
    private volatile RuntimeException startFailure;
    private volatile World world;
    private IpWindows windows;
    private volatile List<RouteModule> modules = List.of();

    /** For {@link java.util.ServiceLoader}: the default options, with the seed given to {@link #start(long)}. */
    public Sandbox() {
        this(new Builder());
    }

    private Sandbox(Builder b) {
        this.seed = b.seed;
        this.longshotBias = b.longshotBias;
        this.now = b.now;
        this.clock = b.clock;
        Instant fixed = b.present != null ? b.present : b.now;
        this.present = fixed != null ? fixed::toEpochMilli : b.clock;
        this.limits = b.limits;
        this.windowClock = b.windowClock;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Options of a sandbox. */
    public static final class Builder {
        private long seed = 7;
        private double longshotBias = Bias.DEFAULT;
        private Instant now;
        private LongSupplier clock = System::currentTimeMillis;
        private Instant present;
        private List<IpLimit> limits = IpLimit.published();
        private LongSupplier windowClock = System::nanoTime;

        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /**
         * The favourite-longshot bias of the world's prices (default {@value Bias#DEFAULT}): an outcome priced
         * {@code p} comes true with probability {@code logistic((1 + x) · logit(p))}, so cheap outcomes win a little
         * less often than their price says and dear ones a little more. 0 makes a perfectly calibrated world; at most
         * {@value Bias#MAX}. See {@link Bias} for the literature the default comes from.
         */
        public Builder longshotBias(double x) {
            new Bias(x); // checks the range
            this.longshotBias = x;
            return this;
        }

        /**
         * The world's anchor, and (unless {@link #present} is given) a present fixed at it: the world, its price
         * histories, candles, books and account histories are then all as of this instant, the same bytes on every
         * run. The default anchor is the start of the wall clock's UTC day, so a day's sessions share one world,
         * while histories run on to the wall clock's present.
         */
        public Builder now(Instant now) {
            this.now = Objects.requireNonNull(now);
            return this;
        }

        /**
         * The sandbox's wall clock in ms (default the system's): what signed requests' timestamps, {@code /time}
         * and expiries are judged by. Tests on a virtual clock give the same clock to the toolkit.
         */
        public Builder clock(LongSupplier millis) {
            this.clock = Objects.requireNonNull(millis);
            return this;
        }

        /**
         * A present fixed at {@code present}: how far price histories, candles, books and account histories reach
         * (the default: the anchor given to {@link #now}, else the wall clock, so that they run to the moment).
         * Signatures are still judged by the wall clock.
         */
        public Builder present(Instant present) {
            this.present = Objects.requireNonNull(present);
            return this;
        }

        /** Another limits table (the published one is the default). */
        public Builder limits(List<IpLimit> limits) {
            this.limits = List.copyOf(limits);
            return this;
        }

        /**
         * The clock the IP windows are measured on, in ns (default {@link System#nanoTime()}). Tests of a window step it,
         * or give it the virtual clock their client paces on, so that what a window admits does not depend on how fast a
         * loaded machine sends. A request held over a limit sleeps in real time for what this clock says is left, so a
         * clock that moves only when told goes with {@link Sandbox#rejectOverLimit(boolean) rejectOverLimit(true)}.
         */
        public Builder windowClock(LongSupplier nanos) {
            this.windowClock = Objects.requireNonNull(nanos);
            return this;
        }

        public Sandbox build() {
            return new Sandbox(this);
        }
    }

    @Override
    public synchronized Map<String, URI> start(long seed) {
        if (urls != null) return urls;
        return startWith(seed);
    }

    /**
     * {@link #start(long)} in steps, {@code betweenSteps} run before each: the world's frame, the market-data server's
     * routes, its start, and the events made ahead for a first page (on their own thread).
     */
    @Override
    public synchronized Map<String, URI> start(long seed, Runnable betweenSteps) {
        if (urls != null) return urls;
        return startOn(seed, 0, Objects.requireNonNull(betweenSteps));
    }

    /** Starts with the builder's seed. */
    public synchronized Map<String, URI> start() {
        if (urls != null) return urls;
        return startWith(seed);
    }

    private Map<String, URI> startWith(long worldSeed) {
        return startOn(worldSeed, 0);
    }

    /**
     * Starts every server; with {@code firstPort > 0} on consecutive ports from it, else on free ports. Every port is
     * bound first, so that every URL is known at once; the world's frame (tags, the events' ids and random streams) is
     * drawn (its events are made on first use, see {@link World#eventsAsRead()}, but for a first page's, made ahead on
     * a thread of their own); then the market-data server starts
     * with its routes, and this returns. The other servers start on a thread of their own once they are needed: when
     * a client connects to one of their ports (the connection waits in the backlog, then for the routes), when their
     * parts are asked for ({@link #wallets()}, {@link #orderBook()}, {@link #perps()} wait for them), or once the
     * sandbox has had no request for {@link #REST_AFTER_QUIET_MS}. A first page of events so waits for one server's
     * start, not five, and does not share the cores with the other four's.
     */
    synchronized Map<String, URI> startOn(long worldSeed, int firstPort) {
        return startOn(worldSeed, firstPort, NO_PAUSE);
    }

    private static final Runnable NO_PAUSE = () -> { };

    private synchronized Map<String, URI> startOn(long worldSeed, int firstPort, Runnable betweenSteps) {
        if (urls != null) return urls;
        Trace.mark("sandbox starting");
        Instant anchor = now != null ? now : World.defaultNow(present());
        String[] http = {"markets", "clob", "data", "perps", "bridge", "chain"};
        Map<String, CountDownLatch> g = new LinkedHashMap<>();
        for (String service : http) g.put(service, new CountDownLatch(1));
        gates = Collections.unmodifiableMap(g);
        CountDownLatch all = new CountDownLatch(1);
        started = all;
        startFailure = null;
        windows = new IpWindows(limits, windowClock);
        Map<String, ServerSocketChannel> channels = new LinkedHashMap<>();
        List<RouteModule> first;
        try {
            for (int i = 0; i < http.length; i++) channels.put(http[i], bind(firstPort > 0 ? firstPort + i : 0));
            betweenSteps.run();
            world = World.generate(worldSeed, anchor, longshotBias);
            Trace.mark("sandbox world frame");
            betweenSteps.run();
            DiscoveryApi discovery = new DiscoveryApi(world);
            first = List.of(new EventsApi(world, faults::nullProbability), discovery, new CatalogApi(world, discovery, Wallets::proxiedSigners),
                    new LiveData(world, discovery, clock));
            startServer("markets", channels.get("markets"), first, betweenSteps);
            modules = first;
        } catch (RuntimeException | Error e) { // an Error too (a library missing): the gates open and the ports close
            for (ServerSocketChannel c : channels.values()) closeQuietly(c);
            g.values().forEach(CountDownLatch::countDown);
            all.countDown();
            close();
            throw e;
        }
        Map<String, URI> out = new LinkedHashMap<>();
        // In the order of EmbeddedService.SERVICES, so that listings read the same every time.
        for (String service : EmbeddedService.SERVICES) {
            // A WebSocket interface is served by its host's server: clob_ws by the order book's, perps_ws by the perpetuals'.
            boolean ws = service.endsWith("_ws");
            int port = channels.get(ws ? service.substring(0, service.length() - 3) : service).socket().getLocalPort();
            out.put(service, URI.create((ws ? "ws" : "http") + "://127.0.0.1:" + port));
        }
        urls = Collections.unmodifiableMap(out);
        restWanted = false;
        closing = false;
        lastActivity = System.nanoTime();
        List<ServerSocketChannel> later = new ArrayList<>();
        for (Map.Entry<String, ServerSocketChannel> c : channels.entrySet()) if (!c.getKey().equals("markets")) later.add(c.getValue());
        Thread rest = new Thread(() -> {
            if (awaitNeedForRest(later)) {
                startRest(channels, first, g, all);
            } else { // closed before they were needed: their ports close unused
                later.forEach(Sandbox::closeQuietly);
                g.values().forEach(CountDownLatch::countDown);
                all.countDown();
            }
        }, "sandbox-start");
        rest.setDaemon(true);
        rest.start();
        // The events of a first unordered page (the first listing's batch), made while the client gets ready to ask.
        World w = world;
        Thread firstPage = new Thread(() -> {
            betweenSteps.run();
            w.makeFirst(FIRST_PAGE_EVENTS);
        }, "sandbox-first-page");
        firstPage.setDaemon(true);
        firstPage.start();
        return urls;
    }

    /** How many events the start makes ahead for a first page: the batch a first unordered listing makes. */
    static final int FIRST_PAGE_EVENTS = 16;

    /**
     * How long the sandbox must have had no request before the servers after the first start unasked: a first page
     * (the kernel's first table) has the cores to itself.
     */
    static final long REST_AFTER_QUIET_MS = 1_000;
    /** Set when the parts of the servers after the first are asked for ({@link #wallets()} and the like). */
    private volatile boolean restWanted;
    /** Set by {@link #close()}: the servers not yet started never start. */
    private volatile boolean closing;
    /** When a request last came to, or left, one of the servers ({@link System#nanoTime()}). */
    private volatile long lastActivity;
    /** Wakes the wait of {@link #awaitNeedForRest} (null when none waits). */
    private volatile java.nio.channels.Selector restWatch;

    /**
     * Waits, on the start's own thread, until the servers after the first are needed: a client connects to one of
     * their ports (its connection waits in the backlog meanwhile), their parts are asked for, or the sandbox has been
     * quiet for {@link #REST_AFTER_QUIET_MS}. False when the sandbox closed first. Their channels are watched in
     * non-blocking mode and handed back in blocking mode, as bound.
     */
    private boolean awaitNeedForRest(List<ServerSocketChannel> others) {
        try {
            try (java.nio.channels.Selector watch = java.nio.channels.Selector.open()) {
                for (ServerSocketChannel c : others) {
                    c.configureBlocking(false);
                    c.register(watch, java.nio.channels.SelectionKey.OP_ACCEPT);
                }
                restWatch = watch;
                while (!restWanted && !closing) {
                    if (watch.select(REST_AFTER_QUIET_MS / 5) > 0) break; // a client is at one of their doors
                    if (System.nanoTime() - lastActivity >= REST_AFTER_QUIET_MS * 1_000_000) break;
                }
                restWatch = null;
            } // closing the selector deregisters the channels
            for (ServerSocketChannel c : others) c.configureBlocking(true);
        } catch (IOException e) {
            Trace.mark("sandbox: watching the ports failed (" + e + "), starting the servers at once");
        }
        if (closing) return false;
        Trace.mark("sandbox servers after the first wanted");
        return true;
    }

    /** Asks for the servers after the first now, if they have not started. */
    private void wantRest() {
        restWanted = true;
        java.nio.channels.Selector w = restWatch;
        if (w != null) w.wakeup();
    }

    /** The servers after the first, with their routes; on failure their ports are closed (connections refused). */
    private void startRest(Map<String, ServerSocketChannel> channels, List<RouteModule> first,
                           Map<String, CountDownLatch> g, CountDownLatch all) {
        try {
            List<RouteModule> rest = modules(world);
            for (RouteModule m : rest) {
                if (!channels.containsKey(m.service())) throw new IllegalStateException("no server for the module of " + m.service());
            }
            for (Map.Entry<String, ServerSocketChannel> c : channels.entrySet()) {
                if (c.getKey().equals("markets")) continue;
                List<RouteModule> own = rest.stream().filter(m -> m.service().equals(c.getKey())).toList();
                startServer(c.getKey(), c.getValue(), own, NO_PAUSE);
            }
            List<RouteModule> everything = new ArrayList<>(first);
            everything.addAll(rest);
            modules = List.copyOf(everything);
            Trace.mark("sandbox routes in place");
        } catch (RuntimeException | Error e) {
            startFailure = new IllegalStateException("the sandbox's servers failed to start: " + e, e);
            for (ServerSocketChannel c : channels.values()) closeQuietly(c);
        } finally {
            g.values().forEach(CountDownLatch::countDown);
            all.countDown();
        }
    }

    /**
     * Starts one interface's server on its bound port with its modules' routes (added before the start: Javalin
     * answers 404 for a path it has no route for before any before-handler runs), then lets its requests in;
     * {@code betweenSteps} runs between the routes and the start.
     */
    private void startServer(String service, ServerSocketChannel channel, List<RouteModule> own, Runnable betweenSteps) {
        Javalin app = server(service, channel);
        for (RouteModule m : own) m.register(app);
        servers.put(service, app);
        Trace.mark("sandbox server " + service + " routes added");
        betweenSteps.run();
        app.start();
        gates.get(service).countDown();
        Trace.mark("sandbox server " + service + " started");
    }

    private static ServerSocketChannel bind(int port) {
        try {
            ServerSocketChannel c = ServerSocketChannel.open();
            c.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 128);
            return c;
        } catch (IOException e) {
            throw new UncheckedIOException("could not listen on 127.0.0.1" + (port > 0 ? " port " + port : "") + ": " + e.getMessage(), e);
        }
    }

    private static void closeQuietly(ServerSocketChannel c) {
        try {
            c.close();
        } catch (IOException ignored) {
            // closing is all that is left to do
        }
    }

    /**
     * The sandbox's parts after the market-data server's, in one place: each given what it needs of the world and the
     * clock, each adding its routes to the server of its host. The seeded wallets behind the Data API and the order
     * book's accounts are one set, priced by the order book's paths, so a trade reads the same from either host. The
     * bridge host is named by the specification only in its limits table, so it serves its health check alone, under
     * that limit; every other path there answers 404 {@code {"error"}}.
     */
    private List<RouteModule> modules(World world) {
        ClobApi clob = new ClobApi(world, clock, present);
        Wallets wallets = new Wallets(world, clob.quotes());
        Chain chain = new Chain(wallets, clock);
        PerpsSandbox perps = new PerpsSandbox(world.seed(), world.now(), clock, present);
        // Deposits mined on the chain credit the perpetuals' accounts; their withdrawals are paid on the chain.
        chain.perps((account, from, amount, hash) -> perps.account(account).depositFromChain(hash, from, amount));
        perps.payouts(chain::payOut);
        ClobAccountsApi accounts = new ClobAccountsApi(wallets, chain, clock);
        // The book's market data read the matching engine's books once orders touch them.
        clob.live(accounts.engine());
        ClobMarketsApi clobMarkets = new ClobMarketsApi(world, clob);
        ClobChannels channels = new ClobChannels(clob, accounts, wallets, clock, world.seed());
        Combos combos = new Combos(wallets);
        Relayer relayer = new Relayer(clock);
        // Gasless writes authenticate with a relayer API key or a builder key the order book issued.
        RelayerKeys relayerKeys = new RelayerKeys(clock);
        java.util.function.Function<io.javalin.http.Context, String> gasless = relayerKeys.orBuilders(accounts::builderOwner);
        RelayerApi relayerApi = new RelayerApi(relayer, gasless, chain);
        return List.of(clob, clobMarkets, accounts, channels, new RewardsApi(clobMarkets, accounts, clock), new SessionApi(accounts, clock),
                new RfqApi(accounts, combos, clock), new RfqQuoters(accounts, combos, clock),
                new org.marketlab.sandbox.clob.SessionSignersApi(accounts, relayer),
                new Health("clob"),
                new DataApi(wallets), new InsightsApi(wallets), new ApprovalsApi(chain), new CombosApi(combos), new Health("data"),
                perps, new Health("perps"),
                new Health("bridge"),
                new RpcApi(chain), relayerApi, relayerKeys, new CollateralReturnApi(new CollateralReturn(chain, wallets), relayerApi, gasless),
                new Health("chain"));
    }

    /** The started module of type {@code type}. */
    private <T extends RouteModule> T module(Class<T> type) {
        wantRest();
        awaitStarted();
        for (RouteModule m : modules) if (type.isInstance(m)) return type.cast(m);
        throw new IllegalStateException("the sandbox has not started (no " + type.getSimpleName() + " yet)");
    }

    /** The seeded wallets behind the Data API and the order book's account routes (after start). */
    public Wallets wallets() {
        return module(DataApi.class).wallets();
    }

    /** The order book's account and trading routes (after start): exchange modes and per-signer buckets switch here. */
    public ClobAccountsApi orderBook() {
        return module(ClobAccountsApi.class);
    }

    /** The order book's market and user channels (after start): the seeded flow, market events and faults on request. */
    public ClobChannels clobChannels() {
        return module(ClobChannels.class);
    }

    /** The perpetuals interface (after start): its accounts, proxies and weights, for tests. */
    public PerpsSandbox perps() {
        return module(PerpsSandbox.class);
    }

    /** Waits until every server of the start runs (uninterruptibly), and says so if they failed. */
    private void awaitStarted() {
        boolean interrupted = false;
        while (true) {
            try {
                started.await();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) Thread.currentThread().interrupt();
        RuntimeException failed = startFailure;
        if (failed != null) throw failed;
    }

    private Javalin server(String service, ServerSocketChannel channel) {
        Javalin app = Javalin.create(cfg -> {
            cfg.showJavalinBanner = false;
            cfg.startupWatcherEnabled = false;
            // On the port bound at start (Javalin adds no connector of its own when one is given). Every thread of the
            // server is a daemon (the pool below, and one scheduler for the connector and the session housekeeper,
            // which would each make a non-daemon one otherwise), so an embedding program ends when its own threads do.
            cfg.jetty.addConnector((server, httpConfig) -> {
                ScheduledExecutorScheduler scheduler = new ScheduledExecutorScheduler("sandbox-" + service + "-scheduler", true);
                try {
                    scheduler.start(); // started here, as the connector's shared scheduler must be; the server stops it
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
                server.addManaged(scheduler);
                ServerConnector connector = new ServerConnector(server, null, scheduler, null, -1, -1, new HttpConnectionFactory(httpConfig));
                try {
                    connector.open(channel);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return connector;
            });
            QueuedThreadPool pool = new QueuedThreadPool(32, 2, 30_000);
            pool.setName("sandbox-" + service);
            pool.setDaemon(true);
            cfg.jetty.threadPool = pool;
        });
        app.post("/__sandbox/faults", this::setFaults);
        app.before(ctx -> guard(service, ctx));
        app.after(ctx -> {
            lastActivity = System.nanoTime();
            if (ctx.path().startsWith("/__sandbox") || ctx.status().getCode() >= 300) return;
            Faults.Kind drawn = ctx.attribute(DRAWN);
            if (faults.takeMalformed() || drawn == Faults.Kind.TRUNCATED_BODY) {
                ctx.result("{\"events\": [{\"id\": \"1\", \"title\": \"trunc");
            } else if (drawn == Faults.Kind.WRONG_SHAPE_BODY) {
                ctx.result("{\"unexpected\": [1, 2, 3], \"data\": null}");
            }
        });
        // Every refusal, in the host's error shape. No framework pages: an unknown path (or method), a framework refusal
        // and an unexpected failure answer in that shape too.
        app.exception(Refusal.class, (e, ctx) -> e.answer(ctx, service));
        app.exception(io.javalin.router.EndpointNotFound.class,
                (e, ctx) -> Refusal.write(ctx, service, 404, ctx.method().name() + " " + ctx.path() + " not found"));
        app.exception(io.javalin.http.HttpResponseException.class, (e, ctx) -> Refusal.write(ctx, service, e.getStatus(), e.getMessage()));
        app.exception(Exception.class, (e, ctx) -> Refusal.write(ctx, service, 500, "Internal server error"));
        return app;
    }

    /** Limits and faults, before any route. */
    private void guard(String service, Context ctx) throws Exception {
        lastActivity = System.nanoTime();
        CountDownLatch gate = gates.get(service);
        if (gate != null) gate.await();
        RuntimeException failed = startFailure;
        if (failed != null && !ctx.path().startsWith("/__sandbox")) {
            ctx.status(503).json(Map.of("error", failed.getMessage()));
            ctx.skipRemainingHandlers();
            return;
        }
        if (ctx.path().startsWith("/__sandbox")) return;
        stats.request(service, ctx.path());
        long latency = faults.latencyMillis();
        if (latency > 0) Thread.sleep(latency);
        if (enforceLimits) {
            long held = 0;
            long wait;
            while ((wait = windows.admit(ctx.ip(), service, ctx.method().name(), ctx.path())) > 0) {
                if (rejectOverLimit) {
                    stats.rateLimited();
                    ctx.header("Retry-After", Long.toString(Math.max(1, (wait + 999_999_999L) / 1_000_000_000L)));
                    ctx.status(429).json(Map.of("error", "Too Many Requests"));
                    ctx.skipRemainingHandlers();
                    return;
                }
                long start = System.nanoTime();
                Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                held += System.nanoTime() - start;
            }
            if (held > 0) stats.throttled(held);
        }
        Faults.Kind drawn = faults.draw();
        if (drawn != null && randomFault(drawn, ctx)) return;
        if (faults.takeDrop()) {
            org.eclipse.jetty.server.Request base = org.eclipse.jetty.server.Request.getBaseRequest(ctx.req());
            base.getHttpChannel().getEndPoint().close();
            ctx.skipRemainingHandlers();
            return;
        }
        Long retryAfter = faults.takeRateLimit();
        if (retryAfter != null) {
            stats.rateLimited();
            if (retryAfter >= 0) ctx.header("Retry-After", Long.toString(retryAfter));
            ctx.status(429).json(Map.of("error", "Too Many Requests"));
            ctx.skipRemainingHandlers();
            return;
        }
        int error = faults.takeError();
        if (error > 0) {
            ctx.status(error);
            if (error != 425) ctx.json(Map.of("error", error == 500 ? "Internal server error" : "service unavailable"));
            ctx.skipRemainingHandlers();
        }
    }

    private static final String DRAWN = "sandbox.fault";

    /** Applies a fault drawn by {@link Faults#random}; true when the request is answered (or dropped) by it. */
    private boolean randomFault(Faults.Kind kind, Context ctx) throws Exception {
        switch (kind) {
            case DROP_BEFORE_ANSWER -> {
                org.eclipse.jetty.server.Request.getBaseRequest(ctx.req()).getHttpChannel().getEndPoint().close();
            }
            case DROP_MID_BODY -> {
                ctx.res().setStatus(200);
                ctx.res().setContentType("application/json");
                ctx.res().setContentLength(4096);
                var out = ctx.res().getOutputStream();
                out.write("{\"events\": [{\"id\": \"1\", ".getBytes(java.nio.charset.StandardCharsets.UTF_8));
                out.flush();
                org.eclipse.jetty.server.Request.getBaseRequest(ctx.req()).getHttpChannel().getEndPoint().close();
            }
            case ERROR_500 -> ctx.status(500).json(Map.of("error", "Internal server error"));
            case ERROR_503 -> ctx.status(503).json(Map.of("error", "service unavailable"));
            case TOO_EARLY_425 -> ctx.status(425);
            case RATE_LIMITED_RETRY_AFTER -> ctx.header("Retry-After", "1").status(429).json(Map.of("error", "Too Many Requests"));
            case RATE_LIMITED_NO_HEADERS -> ctx.status(429).json(Map.of("error", "Too Many Requests"));
            case DELAY -> {
                Thread.sleep(faults.delayMillis());
                return false;
            }
            case TRUNCATED_BODY, WRONG_SHAPE_BODY -> {
                ctx.attribute(DRAWN, kind);
                return false;
            }
        }
        ctx.skipRemainingHandlers();
        return true;
    }

    /**
     * {@code POST /__sandbox/faults} on any of the servers (never limited, never counted), a JSON object with
     * any of {@code nullFields} (probability), {@code malformed} (next N bodies), {@code errors} and
     * {@code errorStatus} (next N answers, default 500), {@code rateLimits} and {@code retryAfterSeconds} (next N
     * answers 429, with that {@code Retry-After} if given), {@code drops} (next N connections),
     * {@code latencyMillis}, {@code enforceLimits} and {@code rejectOverLimit} (booleans) and {@code clear} (true: a good
     * day first).
     * Answers {@code {"status":"ok"}}, or 400 with {@code {"error"}} for a body it cannot use.
     */
    private void setFaults(Context ctx) {
        JsonNode n;
        try {
            n = Json.MAPPER.readTree(ctx.body());
        } catch (IOException e) {
            n = null;
        }
        if (n == null || !n.isObject()) {
            ctx.status(400).json(Map.of("error", "expected a JSON object such as {\"errors\": 2, \"errorStatus\": 503}"));
            return;
        }
        try {
            if (n.path("clear").asBoolean()) faults.clear();
            if (n.has("nullFields")) faults.nullFields(n.get("nullFields").asDouble());
            if (n.has("malformed")) faults.malformedBodies(n.get("malformed").asInt());
            if (n.has("errors")) faults.errors(n.path("errorStatus").asInt(500), n.get("errors").asInt());
            if (n.has("drops")) faults.drops(n.get("drops").asInt());
            if (n.has("rateLimits")) faults.rateLimits(n.get("rateLimits").asInt(), n.path("retryAfterSeconds").asLong(-1));
            if (n.has("latencyMillis")) faults.latency(n.get("latencyMillis").asLong());
            if (n.has("enforceLimits")) enforceLimits(n.get("enforceLimits").asBoolean());
            if (n.has("rejectOverLimit")) rejectOverLimit(n.get("rejectOverLimit").asBoolean());
        } catch (IllegalArgumentException e) {
            ctx.status(400).json(Map.of("error", e.getMessage()));
            return;
        }
        ctx.json(Map.of("status", "ok"));
    }

    /**
     * Switches the IP limits on (the default) or off, before the start or while running (off: every request is
     * admitted and none counted).
     */
    public Sandbox enforceLimits(boolean enforce) {
        this.enforceLimits = enforce;
        return this;
    }

    /**
     * Over a limit: answer 429 with {@code Retry-After} (true) or hold the request until its windows admit it (false,
     * the default: the specification's IP limits throttle, they do not reject); before the start or while running.
     */
    public Sandbox rejectOverLimit(boolean reject) {
        this.rejectOverLimit = reject;
        return this;
    }

    /** The generated world (after start). */
    public World world() {
        World w = world;
        if (w == null) throw new IllegalStateException("the sandbox has not started, or has closed");
        return w;
    }

    /** The present the sandbox's histories, candles, books and account histories reach (see {@link Builder#present}). */
    public Instant present() {
        return Instant.ofEpochMilli(present.getAsLong());
    }

    public Faults faults() {
        return faults;
    }

    public Stats stats() {
        return stats;
    }

    /** The interfaces whose servers run now, in the order they started (for tests of the staged start). */
    List<String> runningServers() {
        synchronized (servers) {
            return List.copyOf(servers.keySet());
        }
    }

    /** The base URLs by service name (after start). */
    public Map<String, URI> urls() {
        if (urls == null) throw new IllegalStateException("the sandbox has not started");
        return urls;
    }

    @Override
    public synchronized void close() {
        // Servers not yet asked for never start; a start still under way finishes first, so that no server it starts
        // outlives the close.
        closing = true;
        java.nio.channels.Selector w = restWatch;
        if (w != null) w.wakeup();
        try {
            awaitStarted();
        } catch (RuntimeException ignored) {
            // failed servers closed their ports already; the others stop below
        }
        for (Javalin app : List.copyOf(servers.values())) {
            try {
                app.stop();
            } catch (RuntimeException ignored) {
                // stopping the rest matters more
            }
        }
        servers.clear();
        urls = null;
        // A closed sandbox keeps nothing of its world: a test class's static field, a notebook's variable or an
        // embedding program may hold the Sandbox object long after, and a world with its tapes, books and ledgers is
        // tens to hundreds of MB. A start after the close makes them again.
        world = null;
        modules = List.of();
    }
}
