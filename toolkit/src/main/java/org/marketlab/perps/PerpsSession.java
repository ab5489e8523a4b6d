package org.marketlab.perps;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.config.Service;
import org.marketlab.http.AuthenticationException;
import org.marketlab.http.Call;
import org.marketlab.http.ConnectionException;
import org.marketlab.http.Query;
import org.marketlab.http.Response;
import org.marketlab.http.Transport;
import org.marketlab.pacing.WeightBudget;
import org.marketlab.signing.Wallet;

import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
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
 * <p>Opening registers a proxy signer: a fresh key whose address the owner signs into an EIP-712
 * {@code CreateProxy} (the owner's key is used for that and for {@link #revoke()} only), answered with a secret.
 * The session then checks, as the official client does, that {@code GET /v1/account/credentials} lists the proxy
 * with a future expiry, and keeps the credentials in the {@link CredentialStore}. A later session of the same owner
 * and profile resumes stored credentials that are still valid (more than a minute left and listed by the service)
 * without registering again; expired, revoked or unknown ones are replaced by a new registration.
 *
 * <p>Private reads carry the proxy headers (named by the profile); trading operations are signed by the proxy key.
 * Every request is paced against the account's weight budget (see {@link Weights}).
 */
public final class PerpsSession implements AutoCloseable {

    private static final Pattern COID = Pattern.compile("^[0-9a-f]{32}$");
    private static final SecureRandom RANDOM = new SecureRandom();
    /** Stored credentials with less left than this are replaced rather than resumed. */
    private static final Duration RESUME_MARGIN = Duration.ofMinutes(1);

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
    private final WeightBudget budget;
    private final ProxyCredentials credentials;
    private final Wallet proxyKey;
    private final boolean resumed;
    private final AtomicLong weightUsed = new AtomicLong();
    private final java.util.Set<LiveFeed> feeds = java.util.concurrent.ConcurrentHashMap.newKeySet();

    private PerpsSession(Transport transport, Wallet owner, CredentialStore store, WeightBudget budget, ProxyCredentials credentials,
                         Wallet proxyKey, boolean resumed) {
        this.transport = transport;
        this.owner = owner;
        this.store = store;
        this.budget = budget;
        this.credentials = credentials;
        this.proxyKey = proxyKey;
        this.resumed = resumed;
    }

    /** Resumes stored valid credentials of {@code owner} on {@code transport}'s profile, or registers a new proxy. */
    public static PerpsSession open(Transport transport, Wallet owner, Options options) {
        Objects.requireNonNull(transport, "transport");
        Objects.requireNonNull(owner, "owner wallet");
        Objects.requireNonNull(options, "options");
        CredentialStore store = options.store() != null ? options.store() : CredentialStore.files();
        WeightBudget budget = Weights.account(transport, owner.address(), options.budget());
        String profile = transport.profile().name();

        Optional<ProxyCredentials> stored = store.load(owner.address(), profile);
        if (stored.isPresent() && !stored.get().expired(Instant.now().plus(RESUME_MARGIN))) {
            Wallet key = keyOf(stored.get());
            if (key != null) {
                PerpsSession s = new PerpsSession(transport, owner, store, budget, stored.get(), key, true);
                try {
                    s.checkListed();
                    return s;
                } catch (AuthenticationException unknownToTheService) {
                    // Revoked elsewhere, expired early, or another sandbox: a new registration replaces it.
                }
            }
        }
        Wallet proxy = Wallet.random();
        PerpsSession s = new PerpsSession(transport, owner, store, budget, register(transport, owner, proxy, options, budget), proxy, false);
        s.weightUsed.addAndGet(Weights.CREATE_PROXY);
        s.checkListed();
        store.save(s.credentials);
        return s;
    }

    /** The stored proxy key, if it is the key of the stored proxy address (else the credentials are unusable). */
    private static Wallet keyOf(ProxyCredentials c) {
        try {
            Wallet w = Wallet.fromPrivateKey(c.privateKey());
            return w.address().equalsIgnoreCase(c.proxy()) ? w : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static ProxyCredentials register(Transport t, Wallet owner, Wallet proxy, Options o, WeightBudget budget) {
        long ts = System.currentTimeMillis();
        long expiry = ts + o.lifetime().toMillis();
        long salt = RANDOM.nextInt() & 0xffffffffL;
        byte[] digest = OperationSigning.createProxy(t.profile().names().perpsDomainName(), t.profile().names().chainId(),
                proxy.address(), expiry, salt, ts);
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        ObjectNode op = body.putObject("op").put("type", "createProxy");
        op.putObject("args").put("expiry", expiry).put("owner", owner.address()).put("proxy", proxy.address().toLowerCase(Locale.ROOT));
        body.put("salt", salt).put("sig", owner.sign(digest)).put("ts", ts);
        if (o.label() != null) body.put("label", o.label());
        Call call = write(t, "POST", "/v1/account/proxy", body, Map.of());
        JsonNode reply = t.parse(call, send(t, budget, null, call, Weights.CREATE_PROXY));
        String secret = reply.path("secret").asText("");
        if (secret.isEmpty()) {
            throw new IllegalStateException("the service answered createProxy without a secret; status '" + reply.path("status").asText() + "'");
        }
        return new ProxyCredentials(owner.address(), proxy.address(), proxy.exportPrivateKey(), secret, Instant.ofEpochMilli(expiry),
                o.label(), t.profile().name());
    }

    /** Asks the service which proxies the account has, and requires this one among them, unexpired. */
    private void checkListed() {
        Call call = Call.get(Service.PERPS, "/v1/account/credentials", Query.empty());
        JsonNode n = transport.parse(call, read(call, Weights.CREDENTIALS));
        if (!owner.address().equalsIgnoreCase(n.path("address").asText())) {
            throw new AuthenticationException(401, null, call.toString(), null,
                    "the proxy " + credentials.proxy() + " belongs to another account (" + n.path("address").asText() + ")", null);
        }
        for (JsonNode k : n.path("keys")) {
            if (k.path("proxy").asText().equalsIgnoreCase(credentials.proxy()) && epochMillis(k.path("expiry").asLong()) > System.currentTimeMillis()) {
                return;
            }
        }
        throw new AuthenticationException(401, null, call.toString(), null,
                "the service does not list the proxy " + credentials.proxy() + " as a valid credential of " + owner.address(), null);
    }

    /** Expiries arrive in ms (the specification) or, from the live service today, in ns (as the official client notes). */
    private static long epochMillis(long v) {
        if (v > 100_000_000_000_000_000L) return v / 1_000_000;
        if (v > 100_000_000_000_000L) return v / 1_000;
        return v;
    }

    // ---- reads --------------------------------------------------------------------------------------------------

    /** Withdrawals (filters: status, hash, from, to). */
    public WithdrawalsQuery withdrawals() {
        return new WithdrawalsQuery(new History<>(this, WithdrawalsQuery.KIND));
    }

    /** Internal transfers (filters: direction, from, to). */
    public InternalTransfersQuery internalTransfers() {
        return new InternalTransfersQuery(new History<>(this, InternalTransfersQuery.KIND));
    }

    /** Funding charges (filters: instrument, from, to). */
    public FundingQuery funding() {
        return new FundingQuery(new History<>(this, FundingQuery.KIND));
    }

    /** The account's positions, margin and withdrawable balance. */
    public Portfolio portfolio() {
        Call call = Call.get(Service.PERPS, "/v1/account/portfolio", Query.empty());
        return as(call, read(call, Weights.PRIVATE_PORTFOLIO), Portfolio.class);
    }

    /**
     * The open orders, from {@code GET /v1/account/open-orders}: the official client's read, which the
     * specification does not list (the sandbox answers it).
     */
    public List<Order> openOrders() {
        Call call = Call.get(Service.PERPS, "/v1/account/open-orders", Query.empty());
        return List.of(as(call, read(call, Weights.OPEN_ORDERS), Order[].class));
    }

    /** The account's fills, newest first ({@code GET /v1/account/fills}: the official client's read). */
    public FillsQuery fills() {
        return new FillsQuery(new History<>(this, FillsQuery.KIND));
    }

    /** The account's orders, open and ended ({@code GET /v1/account/orders}: the official client's read). */
    public OrderHistoryQuery orderHistory() {
        return new OrderHistoryQuery(this, Query.empty());
    }

    /** The account's deposits, newest first ({@code GET /v1/account/deposits}: the official client's read). */
    public DepositsQuery deposits() {
        return new DepositsQuery(new History<>(this, DepositsQuery.KIND));
    }

    /** Balances per asset ({@code GET /v1/account/balances}: the official client's read). */
    public List<Balance> balances() {
        Call call = Call.get(Service.PERPS, "/v1/account/balances", Query.empty());
        return List.of(as(call, read(call, Weights.BALANCES), Balance[].class));
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
        Call call = Call.get(Service.PERPS, path, Query.empty());
        Response r = read(call, Weights.HISTORY_PAGE);
        JsonNode body = transport.parse(call, r);
        if (!body.path("data").isArray()) throw transport.malformed(call, r, "expected {\"data\": [[timestamp, value], ...], \"more\": ...}", null);
        List<AccountPoint> out = new ArrayList<>();
        for (JsonNode p : body.get("data")) {
            if (!p.isArray() || p.size() < 2) throw transport.malformed(call, r, "expected [timestamp, value] points", null);
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

    /** The account's primary invite code: created on the first call, the same one after. */
    public Invite invite() {
        Call call = write(transport, "POST", "/v1/account/invite", JsonNodeFactory.instance.objectNode(), headers());
        return as(call, send(transport, budget, weightUsed, call, Weights.INVITE), Invite.class);
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
        return modify(byCoid, expiryIn(expiresIn));
    }

    /** As {@link #modifyOrders(Map)}, the command valid only until {@code expiresAt}, which must lie in the future. */
    public List<ModifyResult> modifyOrders(Map<String, Modification> byCoid, Instant expiresAt) {
        return modify(byCoid, expiryAt(expiresAt));
    }

    /** Cancels orders by order id; one result per id, in order. */
    public List<CancelResult> cancelOrders(List<Long> oids) {
        return cancel(oids, null);
    }

    public List<CancelResult> cancelOrders(List<Long> oids, Duration expiresIn) {
        return cancel(oids, expiryIn(expiresIn));
    }

    public List<CancelResult> cancelOrders(List<Long> oids, Instant expiresAt) {
        return cancel(oids, expiryAt(expiresAt));
    }

    private List<ModifyResult> modify(Map<String, Modification> byCoid, Long exp) {
        if (byCoid == null || byCoid.isEmpty()) throw new IllegalArgumentException("no orders to modify: give at least one client order id");
        List<String> coids = new ArrayList<>(byCoid.keySet());
        ArrayNode args = JsonNodeFactory.instance.arrayNode();
        List<String[]> entries = new ArrayList<>();
        for (String c : coids) {
            if (c == null || !COID.matcher(c).matches()) {
                throw new IllegalArgumentException("client order id '" + c + "' must match ^[0-9a-f]{32}$ (32 lower-case hex characters)");
            }
            Modification m = Objects.requireNonNull(byCoid.get(c), () -> "no modification for " + c);
            String p = m.price().toPlainString(), q = m.quantity().toPlainString();
            args.addObject().put("coid", c).put("p", p).put("qty", q);
            entries.add(new String[]{c, p, q});
        }
        JsonNode reply = operation("PATCH", "/v1/trade/orders-coid", "modifyOrdersCOID", args, OperationSigning.modifyOrders(entries), exp,
                Weights.batch(coids.size()), coids.size());
        List<ModifyResult> out = new ArrayList<>();
        for (int i = 0; i < coids.size(); i++) {
            JsonNode e = reply.get(i);
            boolean ok = "ok".equals(e.path("status").asText());
            Order order = ok && e.hasNonNull("order") ? transport.json().convertValue(e.get("order"), Order.class) : null;
            out.add(new ModifyResult(coids.get(i), ok, ok ? null : e.path("error").asText(null), order));
        }
        return out;
    }

    private List<CancelResult> cancel(List<Long> oids, Long exp) {
        if (oids == null || oids.isEmpty()) throw new IllegalArgumentException("no order ids to cancel");
        ArrayNode args = JsonNodeFactory.instance.arrayNode();
        for (Long id : oids) {
            if (id == null || id < 0) throw new IllegalArgumentException("order ids are non-negative integers, was " + id);
            args.add(id);
        }
        JsonNode reply = operation("DELETE", "/v1/trade/orders", "cancelOrders", args, OperationSigning.cancelOrders(oids), exp,
                Weights.batch(oids.size()), oids.size());
        List<CancelResult> out = new ArrayList<>();
        for (int i = 0; i < oids.size(); i++) {
            JsonNode e = reply.get(i);
            boolean ok = "ok".equals(e.path("status").asText());
            Instant at = ok && e.path("ts").canConvertToLong() ? Instant.ofEpochMilli(e.get("ts").asLong()) : null;
            out.add(new CancelResult(oids.get(i), ok, ok ? null : e.path("error").asText(null), at));
        }
        return out;
    }

    private static Long expiryIn(Duration expiresIn) {
        if (expiresIn == null || expiresIn.isNegative() || expiresIn.isZero()) {
            throw new IllegalArgumentException("exp must lie in the future: expiresIn must be a positive duration, was " + expiresIn);
        }
        return System.currentTimeMillis() + expiresIn.toMillis();
    }

    private static Long expiryAt(Instant expiresAt) {
        if (expiresAt == null || !expiresAt.isAfter(Instant.now())) {
            throw new IllegalArgumentException("exp must lie in the future, was " + expiresAt + " (now " + Instant.now() + ")");
        }
        return expiresAt.toEpochMilli();
    }

    /** Signs {@code Op(keccak(msgpack), salt, ts)} with the proxy key, sends it, and requires one result per entry. */
    private JsonNode operation(String method, String path, String type, ArrayNode args, byte[] msgpack, Long exp, long weight, int entries) {
        long ts = System.currentTimeMillis();
        long salt = RANDOM.nextInt() & 0xffffffffL;
        byte[] digest = OperationSigning.op(transport.profile().names().perpsDomainName(), transport.profile().names().chainId(), msgpack, salt, ts);
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.putObject("op").put("type", type).set("args", args);
        body.put("sig", proxyKey.sign(digest)).put("salt", salt).put("ts", ts);
        if (exp != null) body.put("exp", exp);
        Call call = write(transport, method, path, body, Map.of());
        Response r = send(transport, budget, weightUsed, call, weight);
        JsonNode reply = transport.parse(call, r);
        if (!reply.isArray() || reply.size() != entries) {
            throw transport.malformed(call, r, "expected an array of one result per entry (" + entries + ")", null);
        }
        return reply;
    }

    /**
     * Deletes the proxy (the owner signs {@code Op} over {@code ["deleteProxy",[proxy]]}) and forgets the stored
     * credentials. The service refuses the proxy from then on.
     */
    public void revoke() {
        long ts = System.currentTimeMillis();
        long salt = RANDOM.nextInt() & 0xffffffffL;
        String proxy = credentials.proxy().toLowerCase(Locale.ROOT);
        byte[] digest = OperationSigning.op(transport.profile().names().perpsDomainName(), transport.profile().names().chainId(),
                OperationSigning.deleteProxy(proxy), salt, ts);
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.putObject("op").put("type", "deleteProxy").putObject("args").put("proxy", proxy);
        body.put("salt", salt).put("sig", owner.sign(digest)).put("ts", ts);
        Call call = write(transport, "DELETE", "/v1/account/proxy", body, Map.of());
        transport.parse(call, send(transport, budget, weightUsed, call, Weights.DELETE_PROXY));
        store.delete(owner.address(), transport.profile().name());
    }

    /** Ends the session and keeps the proxy: stored credentials are resumed by the next session until they expire. */
    @Override
    public void close() {
        // Only the live feeds are held open; the proxy stays registered.
        for (LiveFeed f : List.copyOf(feeds)) f.close();
    }

    // ---- plumbing -----------------------------------------------------------------------------------------------

    Transport transport() {
        return transport;
    }

    /** A private read: paced by weight, with the proxy headers. */
    Response read(Call call, long weight) {
        return send(transport, budget, weightUsed, call.withHeaders(headers()), weight);
    }

    private Map<String, String> headers() {
        return Map.of(transport.profile().names().proxyHeader(), credentials.proxy(), transport.profile().names().secretHeader(), credentials.secret());
    }

    /** A write: never retried once it may have reached the service. */
    private static Call write(Transport t, String method, String path, JsonNode body, Map<String, String> headers) {
        try {
            return new Call(Service.PERPS, method, path, Query.empty(), headers, t.json().writeValueAsBytes(body), Call.Safety.UNSAFE);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Waits for {@code weight} of the budget, counts it, sends. */
    private static Response send(Transport t, WeightBudget budget, AtomicLong used, Call call, long weight) {
        pace(budget, weight, call);
        if (used != null) used.addAndGet(weight);
        return t.send(call);
    }

    private static void pace(WeightBudget budget, long weight, Call call) {
        try {
            budget.acquire(weight);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectionException(0, null, call.toString(), null, "interrupted while waiting for the weight budget", e);
        }
    }

    private <T> T as(Call call, Response r, Class<T> type) {
        try {
            return transport.json().readValue(r.body(), type);
        } catch (java.io.IOException e) {
            throw transport.malformed(call, r, "could not be read as " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
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
