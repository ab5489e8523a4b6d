package org.marketlab.perps;

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

import java.io.IOException;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * An authenticated perpetuals session: a proxy signer registered by the account owner (EIP-712
 * {@code CreateProxy}), or resumed from stored credentials while they are unexpired. Private reads carry the
 * proxy headers; trading operations are signed by the proxy key ({@code Op} over the keccak of the
 * MessagePack of the compact operation). Requests are paced by weight. {@link #close()} does not revoke the
 * proxy; {@link #revoke()} does.
 */
public final class PerpsSession implements AutoCloseable {

    private static final Pattern COID = Pattern.compile("^[0-9a-f]{32}$");
    private static final SecureRandom RANDOM = new SecureRandom();

    /** Session options: lifetime (default one week), label, credential store (default files under the home folder). */
    public record Options(Duration lifetime, String label, CredentialStore store, WeightBudget budget) {
        public Options {
            if (lifetime == null || lifetime.isNegative() || lifetime.isZero()) throw new IllegalArgumentException("lifetime must be positive");
        }

        public static Options defaults() {
            return new Options(Duration.ofDays(7), "marketlab", null, null);
        }

        public Options lifetime(Duration d) {
            return new Options(d, label, store, budget);
        }

        public Options label(String l) {
            return new Options(lifetime, l, store, budget);
        }

        public Options store(CredentialStore s) {
            return new Options(lifetime, label, s, budget);
        }

        public Options budget(WeightBudget b) {
            return new Options(lifetime, label, store, b);
        }
    }

    private final Transport transport;
    private final Wallet owner;
    private final CredentialStore store;
    private final WeightBudget budget;
    private final ProxyCredentials credentials;
    private final Wallet proxyKey;
    private final boolean resumed;

    private PerpsSession(Transport transport, Wallet owner, CredentialStore store, WeightBudget budget, ProxyCredentials credentials,
                         boolean resumed) {
        this.transport = transport;
        this.owner = owner;
        this.store = store;
        this.budget = budget;
        this.credentials = credentials;
        this.proxyKey = Wallet.fromPrivateKey(credentials.privateKey());
        this.resumed = resumed;
    }

    /** Resumes stored unexpired credentials, or registers a new proxy signer. */
    public static PerpsSession open(Transport t, Wallet owner, Options o) {
        Objects.requireNonNull(owner, "owner wallet");
        CredentialStore store = o.store() != null ? o.store() : CredentialStore.files();
        WeightBudget budget = o.budget() != null ? o.budget() : WeightBudget.conservative(t.pacer().clock());
        String profile = t.profile().name();
        var stored = store.load(owner.address(), profile);
        if (stored.isPresent() && !stored.get().expired(Instant.now().plusSeconds(60))) {
            PerpsSession s = new PerpsSession(t, owner, store, budget, stored.get(), true);
            try {
                s.checkRegistered();
                return s;
            } catch (AuthenticationException unknownToTheService) {
                // The service no longer knows the proxy (revoked elsewhere, or a new sandbox): register anew.
            }
        }
        PerpsSession s = new PerpsSession(t, owner, store, budget, register(t, owner, o, budget), false);
        s.store.save(s.credentials);
        s.checkRegistered();
        return s;
    }

    private static ProxyCredentials register(Transport t, Wallet owner, Options o, WeightBudget budget) {
        Wallet proxy = Wallet.random();
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
        JsonNode reply = send(t, budget, "POST", "/v1/account/proxy", body, 1);
        String secret = reply.path("secret").asText(null);
        if (secret == null || secret.isEmpty()) throw new IllegalStateException("the service registered no proxy: no secret in its answer");
        return new ProxyCredentials(owner.address(), proxy.address(), proxy.exportPrivateKey(), secret, Instant.ofEpochMilli(expiry),
                o.label(), t.profile().name());
    }

    /** Asks the service which proxies the account has, as the official client does after registering. */
    private void checkRegistered() {
        Call call = Call.get(Service.PERPS, "/v1/account/credentials", Query.empty());
        JsonNode n = transport.parse(call, read(call, 1));
        for (JsonNode k : n.path("keys")) {
            if (k.path("proxy").asText().equalsIgnoreCase(credentials.proxy()) && k.path("expiry").asLong() > System.currentTimeMillis()) return;
        }
        throw new AuthenticationException(401, "proxy not listed", call.toString(), null,
                "the service does not list the proxy " + credentials.proxy() + " among the account's credentials", null);
    }

    // ---- reads --------------------------------------------------------------------------------------------------

    public HistoryQuery<Withdrawal> withdrawals() {
        return new HistoryQuery<>(this, "/v1/account/withdrawals", Withdrawal.class, Withdrawal::pagingTime, Withdrawal::withdrawId,
                Query.empty(), null, null);
    }

    public HistoryQuery<InternalTransfer> internalTransfers() {
        return new HistoryQuery<>(this, "/v1/account/internal-transfers", InternalTransfer.class, InternalTransfer::createdAt,
                InternalTransfer::transferId, Query.empty(), null, null);
    }

    public HistoryQuery<FundingCharge> funding() {
        return new HistoryQuery<>(this, "/v1/account/funding", FundingCharge.class, FundingCharge::timestamp, FundingCharge::id,
                Query.empty(), null, null);
    }

    public Portfolio portfolio() {
        Call call = Call.get(Service.PERPS, "/v1/account/portfolio", Query.empty());
        Response r = read(call, 5);
        return as(call, r, Portfolio.class);
    }

    /**
     * Open orders. The sandbox answers {@code GET /v1/account/orders}; the specification shows no such read of the
     * live service, where this path may not exist.
     */
    public List<Order> openOrders() {
        Call call = Call.get(Service.PERPS, "/v1/account/orders", Query.empty());
        return List.of(as(call, read(call, 2), Order[].class));
    }

    /** The account's primary invite code (created on first call, the same after). */
    public Invite invite() {
        JsonNode n = sendPrivate("POST", "/v1/account/invite", JsonNodeFactory.instance.objectNode(), 1);
        return transport.json().convertValue(n, Invite.class);
    }

    // ---- trading operations -----------------------------------------------------------------------------------------

    /** Changes price and total quantity of orders by client order id; one result per entry. */
    public List<OpResult> modifyOrders(Map<String, Modification> byCoid) {
        return modifyOrders(byCoid, null);
    }

    /** As {@link #modifyOrders(Map)}, valid only until {@code expiresIn} from now (must lie in the future). */
    public List<OpResult> modifyOrders(Map<String, Modification> byCoid, Duration expiresIn) {
        if (byCoid == null || byCoid.isEmpty()) throw new IllegalArgumentException("no orders to modify");
        List<String> coids = new ArrayList<>(byCoid.keySet());
        for (String c : coids) {
            if (c == null || !COID.matcher(c).matches()) {
                throw new IllegalArgumentException("client order id '" + c + "' must match ^[0-9a-f]{32}$ (32 lower-case hex characters)");
            }
        }
        ArrayNode args = JsonNodeFactory.instance.arrayNode();
        List<String[]> entries = new ArrayList<>();
        for (String c : coids) {
            Modification m = byCoid.get(c);
            String p = m.price().toPlainString(), q = m.quantity().toPlainString();
            args.addObject().put("coid", c).put("p", p).put("qty", q);
            entries.add(new String[]{c, p, q});
        }
        int n = coids.size();
        JsonNode reply = signedOp("PATCH", "/v1/trade/orders-coid", "modifyOrdersCOID", args, OperationSigning.modifyOrders(entries), expiresIn, 1 + n / 20 + n);
        List<OpResult> out = new ArrayList<>();
        for (int i = 0; i < reply.size(); i++) {
            JsonNode e = reply.get(i);
            boolean ok = "ok".equals(e.path("status").asText());
            Order order = ok && e.hasNonNull("order") ? transport.json().convertValue(e.get("order"), Order.class) : null;
            out.add(new OpResult(i < n ? coids.get(i) : null, ok, ok ? null : e.path("error").asText(), order, null));
        }
        return out;
    }

    /** Cancels orders by order id; one result per id. */
    public List<OpResult> cancelOrders(List<Long> oids) {
        return cancelOrders(oids, null);
    }

    public List<OpResult> cancelOrders(List<Long> oids, Duration expiresIn) {
        if (oids == null || oids.isEmpty()) throw new IllegalArgumentException("no order ids to cancel");
        ArrayNode args = JsonNodeFactory.instance.arrayNode();
        for (Long id : oids) {
            if (id == null || id < 0) throw new IllegalArgumentException("order ids are non-negative integers, was " + id);
            args.add(id);
        }
        JsonNode reply = signedOp("DELETE", "/v1/trade/orders", "cancelOrders", args, OperationSigning.cancelOrders(oids), expiresIn, 1 + oids.size());
        List<OpResult> out = new ArrayList<>();
        for (int i = 0; i < reply.size(); i++) {
            JsonNode e = reply.get(i);
            boolean ok = "ok".equals(e.path("status").asText());
            out.add(new OpResult(ok ? e.path("oid").asText() : String.valueOf(oids.get(i)), ok, ok ? null : e.path("error").asText(), null,
                    ok ? Instant.ofEpochMilli(e.path("ts").asLong()) : null));
        }
        return out;
    }

    private JsonNode signedOp(String method, String path, String type, ArrayNode args, byte[] msgpack, Duration expiresIn, long weight) {
        long ts = System.currentTimeMillis();
        long salt = RANDOM.nextInt() & 0xffffffffL;
        byte[] digest = OperationSigning.op(transport.profile().names().perpsDomainName(), transport.profile().names().chainId(), msgpack, salt, ts);
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.putObject("op").put("type", type).set("args", args);
        body.put("sig", proxyKey.sign(digest)).put("salt", salt).put("ts", ts);
        if (expiresIn != null) {
            if (expiresIn.isNegative() || expiresIn.isZero()) throw new IllegalArgumentException("exp must lie in the future: expiresIn must be positive, was " + expiresIn);
            body.put("exp", ts + expiresIn.toMillis());
        }
        JsonNode reply = send(transport, budget, method, path, body, weight);
        if (!reply.isArray()) throw new IllegalStateException(path + " answered no per-entry results: " + reply);
        return reply;
    }

    /** Revokes the proxy (owner-signed {@code DELETE /v1/account/proxy}) and forgets the stored credentials. */
    public void revoke() {
        long ts = System.currentTimeMillis();
        long salt = RANDOM.nextInt() & 0xffffffffL;
        byte[] digest = OperationSigning.deleteProxy(transport.profile().names().perpsDomainName(), transport.profile().names().chainId(),
                credentials.proxy(), salt, ts);
        ObjectNode body = JsonNodeFactory.instance.objectNode();
        body.putObject("op").put("type", "deleteProxy").putObject("args").put("proxy", credentials.proxy().toLowerCase(Locale.ROOT));
        body.put("salt", salt).put("sig", owner.sign(digest)).put("ts", ts);
        send(transport, budget, "DELETE", "/v1/account/proxy", body, 1);
        store.delete(owner.address(), transport.profile().name());
    }

    /** Ends the session without revoking the proxy (stored credentials stay usable until they expire). */
    @Override
    public void close() {
        // Nothing is held open: reads are plain requests.
    }

    // ---- plumbing -----------------------------------------------------------------------------------------------------

    Transport transport() {
        return transport;
    }

    Response read(Call call, long weight) {
        pace(budget, weight, call);
        return transport.send(call.withHeaders(headers()));
    }

    private Map<String, String> headers() {
        return Map.of(transport.profile().names().proxyHeader(), credentials.proxy(), transport.profile().names().secretHeader(), credentials.secret());
    }

    private JsonNode sendPrivate(String method, String path, JsonNode body, long weight) {
        try {
            Call call = new Call(Service.PERPS, method, path, Query.empty(), headers(), transport.json().writeValueAsBytes(body), Call.Safety.UNSAFE);
            pace(budget, weight, call);
            return transport.parse(call, transport.send(call));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static JsonNode send(Transport t, WeightBudget budget, String method, String path, JsonNode body, long weight) {
        try {
            Call call = new Call(Service.PERPS, method, path, Query.empty(), Map.of(), t.json().writeValueAsBytes(body), Call.Safety.UNSAFE);
            pace(budget, weight, call);
            return t.parse(call, t.send(call));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
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
        } catch (IOException e) {
            throw transport.malformed(call, r, "could not be read as " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }

    public ProxyCredentials credentials() {
        return credentials;
    }

    /** Whether stored credentials were resumed (no new registration). */
    public boolean resumed() {
        return resumed;
    }

    public String owner() {
        return owner.address();
    }

    @Override
    public String toString() {
        return "PerpsSession[owner=" + owner.address() + ", proxy=" + credentials.proxy() + ", expires " + credentials.expiresAt()
                + (resumed ? ", resumed" : ", registered") + "]";
    }
}
