package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.marketlab.auth.Credential;
import org.marketlab.auth.CredentialStore;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Signer;
import org.marketlab.config.Connection;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.WeightBudget;
import org.marketlab.signing.Wallet;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * An authenticated perpetuals session for one account.
 *
 * <pre>{@code
 * var s = Perps.session(Wallet.fromEnv("OWNER_PRIVATE_KEY"));
 * s.funding().instrument(1).from(Instant.now().minus(Duration.ofDays(30))).table();
 * s.modifyOrders(Map.of(coid, Modification.of("101.5", "0.25")));
 * s.revoke();   // or close(), which keeps the proxy for the next run
 * }</pre>
 *
 * <p>Opening resumes or registers a proxy signer ({@link ProxyRegistration}); the owner's key is used for that and
 * for {@link #revoke()} only. Private reads carry the proxy headers (named by the profile); trading operations are
 * signed by the proxy key on the attempt that is sent. Every request is paced against the account's weight budget
 * (see {@link Weights}), which hears the service's rate-limit headers.
 */
public final class PerpsSession implements AutoCloseable {

    private static final Pattern COID = Pattern.compile("^[0-9a-f]{32}$");

    /**
     * Session options, immutable: {@code Options.defaults().lifetime(Duration.ofDays(1)).label("desk")}.
     *
     * @param lifetime how long a newly registered proxy stays valid (default one week)
     * @param label    the proxy's label, shown by the service (default {@code marketlab})
     * @param store    where credentials are kept (default {@link CredentialStore#files()}, owner-only files)
     * @param budget   the account's weight budget (default the shared {@link WeightBudget#conservative} one)
     */
    public record Options(Duration lifetime, String label, CredentialStore store, WeightBudget budget) {
        public Options {
            if (lifetime == null || lifetime.isNegative() || lifetime.isZero()) {
                throw new IllegalArgumentException("lifetime must be a positive duration, was " + lifetime);
            }
            if (label != null && label.isBlank()) label = null;
        }

        public static Options defaults() {
            return new Options(Duration.ofDays(7), "marketlab", null, null);
        }

        public Options lifetime(Duration lifetime) {
            return new Options(lifetime, label, store, budget);
        }

        public Options label(String label) {
            return new Options(lifetime, label, store, budget);
        }

        public Options store(CredentialStore store) {
            return new Options(lifetime, label, store, budget);
        }

        public Options budget(WeightBudget budget) {
            return new Options(lifetime, label, store, budget);
        }
    }

    private final Transport transport;
    private final Wallet owner;
    private final CredentialStore store;
    private final ProxyCredentials credentials;
    private final Wallet proxyKey;
    private final boolean resumed;
    private final AtomicLong weightUsed = new AtomicLong();
    private final java.util.Set<LiveFeed> feeds = java.util.concurrent.ConcurrentHashMap.newKeySet();
    private final PerpsRequests requests;

    PerpsSession(Transport transport, Wallet owner, CredentialStore store, WeightBudget budget, ProxyCredentials credentials,
                 Wallet proxyKey, boolean resumed) {
        this.transport = transport;
        this.owner = owner;
        this.store = store;
        this.credentials = credentials;
        this.proxyKey = proxyKey;
        this.resumed = resumed;
        Map<String, String> headers = Map.of(transport.profile().names().proxyHeader(), credentials.proxy(),
                transport.profile().names().secretHeader(), credentials.secret());
        Signer proxyHeaders = (call, now) -> call.withHeaders(headers);
        this.requests = new PerpsRequests(transport, budget, weightUsed, proxyHeaders);
    }

    /** Resumes stored valid credentials of {@code owner} on {@code transport}'s profile, or registers a new proxy. */
    public static PerpsSession open(Connection connection, Wallet owner, Options options) {
        Transport transport = Transport.of(connection);
        return ProxyRegistration.open(transport, owner, options);
    }

    PerpsRequests requests() {
        return requests;
    }

    /** The transport this session's requests go through (the live feed opens its socket on its resources). */
    Transport transport() {
        return transport;
    }

    void spent(long weight) {
        weightUsed.addAndGet(weight);
    }

    // ---- reads --------------------------------------------------------------------------------------------------

    /** Withdrawals (filters: status, hash, from, to). */
    public WithdrawalsQuery withdrawals() {
        return new WithdrawalsQuery(this, HistoryQuery.read(this, WithdrawalsQuery.ENDPOINT));
    }

    /** Internal transfers (filters: direction, from, to). */
    public InternalTransfersQuery internalTransfers() {
        return new InternalTransfersQuery(this, HistoryQuery.read(this, InternalTransfersQuery.ENDPOINT));
    }

    /** Funding charges (filters: instrument, from, to). */
    public FundingQuery funding() {
        return new FundingQuery(this, HistoryQuery.read(this, FundingQuery.ENDPOINT));
    }

    /** The account's positions, margin and withdrawable balance. */
    public Portfolio portfolio() {
        return requests.read("/v1/account/portfolio", Query.empty(), Weights.PRIVATE_PORTFOLIO).read(Portfolio.class);
    }

    /** The account's fills, newest first ({@code GET /v1/account/fills}: the official client's read). */
    public FillsQuery fills() {
        return new FillsQuery(this, HistoryQuery.read(this, FillsQuery.ENDPOINT));
    }

    /** The account's orders, open and ended ({@code GET /v1/account/orders}: the official client's read). */
    public OrderHistoryQuery orderHistory() {
        return new OrderHistoryQuery(this, Query.empty());
    }

    /** The account's deposits, newest first ({@code GET /v1/account/deposits}: the official client's read). */
    public DepositsQuery deposits() {
        return new DepositsQuery(this, HistoryQuery.read(this, DepositsQuery.ENDPOINT));
    }

    /** Balances per asset ({@code GET /v1/account/balances}: the official client's read). */
    public List<Balance> balances() {
        return List.of(requests.read("/v1/account/balances", Query.empty(), Weights.BALANCES).read(Balance[].class));
    }

    /** {@link #balances()} as a table: asset, balance, value. */
    public tech.tablesaw.api.Table balancesTable() {
        return org.marketlab.tables.RecordTable.of(Balance.class).table("balances", balances());
    }

    /** Total account value over time ({@code GET /v1/account/equity}, {@code [timestamp, value]} points). */
    public List<AccountPoint> equityHistory() {
        return points("/v1/account/equity");
    }

    /** Realised profit over time ({@code GET /v1/account/pnl}). */
    public List<AccountPoint> pnlHistory() {
        return points("/v1/account/pnl");
    }

    /** {@link #equityHistory()} or {@link #pnlHistory()} as a table: timestamp, value. */
    public tech.tablesaw.api.Table historyTable(List<AccountPoint> points) {
        return org.marketlab.tables.RecordTable.of(AccountPoint.class).table("history", points);
    }

    private List<AccountPoint> points(String path) {
        Document r = requests.read(path, Query.empty(), Weights.HISTORY_PAGE);
        com.fasterxml.jackson.databind.JsonNode body = r.tree();
        if (!body.path("data").isArray()) throw r.malformed("expected {\"data\": [[timestamp, value], ...], \"more\": ...}", null);
        List<AccountPoint> out = new java.util.ArrayList<>();
        for (com.fasterxml.jackson.databind.JsonNode p : body.get("data")) {
            if (!p.isArray() || p.size() < 2) throw r.malformed("expected [timestamp, value] points", null);
            out.add(new AccountPoint(Instant.ofEpochMilli(p.get(0).asLong()), new java.math.BigDecimal(p.get(1).asText())));
        }
        return out;
    }

    // ---- the real-time channel ----------------------------------------------------------------------------------

    /** Opens the account's real-time channel (see {@link LiveFeed}); closing the session closes it. */
    public LiveFeed live() {
        return live(LiveFeed.Options.defaults());
    }

    public LiveFeed live(LiveFeed.Options options) {
        LiveFeed f = LiveFeed.open(this, options);
        feeds.add(f);
        return f;
    }

    void forget(LiveFeed feed) {
        feeds.remove(feed);
    }

    /**
     * The open orders, from {@code GET /v1/account/open-orders}: the official client's read, which the
     * specification does not list (the sandbox answers it).
     */
    public List<Order> openOrders() {
        return List.of(requests.read("/v1/account/open-orders", Query.empty(), Weights.OPEN_ORDERS).read(Order[].class));
    }

    /** The account's primary invite code: created on the first call, the same one after. */
    public Invite invite() {
        return requests.write("POST", "/v1/account/invite", now -> JsonNodeFactory.instance.objectNode(), Weights.INVITE).read(Invite.class);
    }

    // ---- trading operations -------------------------------------------------------------------------------------

    /**
     * Changes the price and total quantity of orders named by client order id ({@code ^[0-9a-f]{32}$}); one result
     * per entry, in the map's order.
     */
    public List<ModifyResult> modifyOrders(Map<String, Modification> byCoid) {
        return modify(byCoid, null);
    }

    /** As {@link #modifyOrders(Map)}, the command valid only until {@code expiresIn} from now. */
    public List<ModifyResult> modifyOrders(Map<String, Modification> byCoid, Duration expiresIn) {
        return modify(byCoid, expiresIn(expiresIn));
    }

    /** As {@link #modifyOrders(Map)}, the command valid only until {@code expiresAt}, which must lie in the future. */
    public List<ModifyResult> modifyOrders(Map<String, Modification> byCoid, Instant expiresAt) {
        return modify(byCoid, expiresAt(expiresAt));
    }

    /** Cancels orders by order id; one result per id, in order. */
    public List<CancelResult> cancelOrders(List<Long> oids) {
        return cancel(oids, null);
    }

    public List<CancelResult> cancelOrders(List<Long> oids, Duration expiresIn) {
        return cancel(oids, expiresIn(expiresIn));
    }

    public List<CancelResult> cancelOrders(List<Long> oids, Instant expiresAt) {
        return cancel(oids, expiresAt(expiresAt));
    }

    /**
     * Places orders ({@code createOrders}), signed by the proxy like {@link #modifyOrders} and {@link #cancelOrders}, on
     * the account's real-time channel, where the exchange takes new orders: a connection of its own, authenticated
     * with the proxy, one command, its acknowledgements, closed. One result per order, in order; a refused order
     * (post-only that would cross, not enough margin, an unknown instrument) is answered on its own.
     */
    public List<PlaceResult> placeOrders(List<NewOrder> orders) {
        if (orders == null || orders.isEmpty()) throw new IllegalArgumentException("no orders to place: give at least one NewOrder");
        for (NewOrder o : orders) if (o == null) throw new IllegalArgumentException("an order of the list is null");
        ArrayNode args = JsonNodeFactory.instance.arrayNode();
        for (NewOrder o : orders) {
            com.fasterxml.jackson.databind.node.ObjectNode a = args.addObject();
            a.put("iid", o.instrumentId()).put("buy", o.buy());
            if (o.price() != null) a.put("p", o.price().toPlainString());
            a.put("qty", o.quantity().toPlainString());
            if (o.timeInForce() != null) a.put("tif", o.timeInForce());
            a.put("po", o.postOnly());
            if (o.reduceOnly()) a.put("ro", true);
            if (o.clientOrderId() != null) a.put("c", o.clientOrderId());
        }
        byte[] msgpack = OperationSigning.createOrders(orders);
        try {
            requests.weight(Weights.batch(orders.size())).acquire(null);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the weight budget", e);
        }
        JsonNode reply = ChannelCommand.run(transport().resources(), credentials(), channel -> {
            long now = transport().resources().clock().currentTimeMillis(), salt = PerpsRequests.salt();
            byte[] digest = OperationSigning.op(transport().profile().names().perpsDomainName(), transport().profile().names().chainId(), msgpack, salt, now);
            com.fasterxml.jackson.databind.node.ObjectNode frame = JsonNodeFactory.instance.objectNode();
            frame.put("req", "post").putObject("op").put("type", "createOrders").set("args", args);
            frame.put("sig", proxyKey.sign(digest)).put("salt", salt).put("ts", now);
            return channel.ask(frame);
        });
        if (!reply.isArray() || reply.size() != orders.size()) {
            String why = reply.path("error").asText(reply.toString());
            throw new org.marketlab.http.OperationRefusedException(200, why, ChannelCommand.url(transport().resources()).toString(), null,
                    "the exchange refused the orders", null);
        }
        List<PlaceResult> out = new ArrayList<>();
        for (JsonNode e : reply) {
            boolean ok = "ok".equals(e.path("status").asText());
            out.add(new PlaceResult(ok, ok && e.hasNonNull("oid") ? e.get("oid").asLong() : null, e.hasNonNull("coid") ? e.get("coid").asText() : null,
                    ok ? null : e.path("error").asText("(no reason given)")));
        }
        return out;
    }

    private List<ModifyResult> modify(Map<String, Modification> byCoid, Function<Long, Map<String, Long>> exp) {
        if (byCoid == null || byCoid.isEmpty()) throw new IllegalArgumentException("no orders to modify: give at least one client order id");
        List<String> coids = new ArrayList<>(byCoid.keySet());
        ArrayNode args = JsonNodeFactory.instance.arrayNode();
        List<String[]> entries = new ArrayList<>();
        for (String c : coids) {
            if (c == null || !COID.matcher(c).matches()) {
                throw new IllegalArgumentException("client order id '" + org.marketlab.internal.Args.shown(c) + "' must match ^[0-9a-f]{32}$ (32 lower-case hex characters)");
            }
            Modification m = byCoid.get(c);
            if (m == null) throw new IllegalArgumentException("the modification for " + c + " is null");
            String p = m.price().toPlainString(), q = m.quantity().toPlainString();
            args.addObject().put("coid", c).put("p", p).put("qty", q);
            entries.add(new String[]{c, p, q});
        }
        JsonNode reply = operation("PATCH", "/v1/trade/orders-coid", "modifyOrdersCOID", args, OperationSigning.modifyOrders(entries), exp,
                Weights.batch(coids.size()), coids.size());
        return results(reply, coids, (coid, ok, error, e) ->
                new ModifyResult(coid, ok, error, ok && e.hasNonNull("order") ? orderOf(e.get("order")) : null));
    }

    private List<CancelResult> cancel(List<Long> oids, Function<Long, Map<String, Long>> exp) {
        if (oids == null || oids.isEmpty()) throw new IllegalArgumentException("no order ids to cancel");
        ArrayNode args = JsonNodeFactory.instance.arrayNode();
        for (Long id : oids) {
            if (id == null || id < 0) throw new IllegalArgumentException("order ids are non-negative integers, was " + id);
            args.add(id);
        }
        JsonNode reply = operation("DELETE", "/v1/trade/orders", "cancelOrders", args, OperationSigning.cancelOrders(oids), exp,
                Weights.batch(oids.size()), oids.size());
        return results(reply, oids, (oid, ok, error, e) ->
                new CancelResult(oid, ok, error, ok && e.path("ts").canConvertToLong() ? Instant.ofEpochMilli(e.get("ts").asLong()) : null));
    }

    /** A result made from one entry of a batch reply: the request's key, whether it succeeded, its error if not, the entry. */
    private interface EntryResult<K, R> {
        R of(K key, boolean ok, String error, JsonNode entry);
    }

    /** One result per key, in the request's order, from the batch reply's entry at the same place. */
    private static <K, R> List<R> results(JsonNode reply, List<K> keys, EntryResult<K, R> result) {
        List<R> out = new ArrayList<>(keys.size());
        for (int i = 0; i < keys.size(); i++) {
            JsonNode e = reply.get(i);
            boolean ok = "ok".equals(e.path("status").asText());
            out.add(result.of(keys.get(i), ok, ok ? null : e.path("error").asText(null), e));
        }
        return out;
    }

    /** {@code exp} that far after each attempt's time: a held-back retry still gets the whole window. */
    private static Function<Long, Map<String, Long>> expiresIn(Duration expiresIn) {
        if (expiresIn == null || expiresIn.isNegative() || expiresIn.isZero()) {
            throw new IllegalArgumentException("exp must lie in the future: expiresIn must be a positive duration, was " + expiresIn);
        }
        return now -> Map.of("exp", now + expiresIn.toMillis());
    }

    /** {@code exp} fixed at {@code expiresAt}. */
    private Function<Long, Map<String, Long>> expiresAt(Instant expiresAt) {
        Instant now = Instant.ofEpochMilli(transport.resources().clock().currentTimeMillis());
        if (expiresAt == null || !expiresAt.isAfter(now)) {
            throw new IllegalArgumentException("exp must lie in the future, was " + expiresAt + " (now " + now + ")");
        }
        return at -> Map.of("exp", expiresAt.toEpochMilli());
    }

    /** Sends a signed operation and requires one result per entry. */
    /** An order inside an operation's result, or a malformed-response error naming what was wrong. */
    private Order orderOf(JsonNode n) {
        try {
            return transport.resources().json().treeToValue(n, Order.class);
        } catch (com.fasterxml.jackson.core.JsonProcessingException | IllegalArgumentException e) {
            throw new org.marketlab.http.MalformedResponseException(200, null, "PATCH perps/v1/trade/orders-coid", null,
                    "an order in the result could not be read: " + e.getMessage(), e);
        }
    }

    private JsonNode operation(String method, String path, String type, ArrayNode args, byte[] msgpack,
                               Function<Long, Map<String, Long>> exp, long weight, int entries) {
        Document r = requests.operation(method, path, type, args, msgpack, proxyKey, exp, weight);
        JsonNode reply = r.tree();
        if (!reply.isArray() || reply.size() != entries) {
            throw r.malformed("expected an array of one result per entry (" + entries + ")", null);
        }
        return reply;
    }

    /**
     * Deletes the proxy (the owner signs {@code Op} over {@code ["deleteProxy",[proxy]]}) and forgets the stored
     * credentials. The service refuses the proxy from then on.
     */
    public void revoke() {
        String proxy = credentials.proxy().toLowerCase(Locale.ROOT);
        JsonNode args = JsonNodeFactory.instance.objectNode().put("proxy", proxy);
        requests.operation("DELETE", "/v1/account/proxy", "deleteProxy", args, OperationSigning.deleteProxy(proxy), owner, null,
                Weights.DELETE_PROXY).tree();
        store.delete(Credential.Kind.PERPS_PROXY, transport.profile().name(), owner.address());
    }

    /** Ends the session and keeps the proxy: stored credentials are resumed by the next session until they expire. */
    @Override
    public void close() {
        // Only the live feeds are held open; the proxy stays registered.
        for (LiveFeed f : List.copyOf(feeds)) f.close();
    }

    /** The proxy's credentials (their {@code toString} hides the key and the secret). */
    public ProxyCredentials credentials() {
        return credentials;
    }

    /** Whether stored credentials were resumed rather than a new proxy registered. */
    public boolean resumed() {
        return resumed;
    }

    /** The account owner's address. */
    public String owner() {
        return owner.address();
    }

    /** Request weight this session has spent (its share of the account's budget). */
    public long weightUsed() {
        return weightUsed.get();
    }

    @Override
    public String toString() {
        return "PerpsSession[owner=" + owner.address() + ", proxy=" + credentials.proxy() + ", expires " + credentials.expiresAt()
                + (resumed ? ", resumed" : ", registered") + "]";
    }
}
