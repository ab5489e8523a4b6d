package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.auth.Credential;
import org.marketlab.auth.CredentialStore;
import org.marketlab.config.Service;
import org.marketlab.http.AuthenticationException;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.internal.query.Endpoint;
import org.marketlab.internal.query.Read;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Signer;
import org.marketlab.config.Connection;
import org.marketlab.internal.transport.Transport;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * An order-book account: its API credentials (created or derived with an L1 signature of the wallet, kept
 * owner-only in the credential store and resumed on the next run, never printed), and the account's reads with L2
 * headers made per attempt: API keys, builder keys, open orders, order-book trades, builder trades, balances and
 * allowances.
 *
 * <pre>{@code
 * var s = Clob.session(Wallet.demo(1));                 // on the sandbox; Wallet.fromEnv("OWNER_PRIVATE_KEY") live
 * s.orders().table();  s.trades().from(Instant.now().minus(Duration.ofDays(7))).table();
 * s.balance(AssetType.COLLATERAL);  s.balance(AssetType.CONDITIONAL, tokenId);
 * }</pre>
 *
 * A refused signature or key is an {@link AuthenticationException} that says which headers were refused and what to
 * do; a stored key the order book no longer knows is derived again once, then the call is repeated.
 */
public final class ClobSession {

    /**
     * Session options, immutable.
     *
     * @param signatureType who signs orders: {@code EOA} (default), {@code POLY_PROXY} or {@code GNOSIS_SAFE}
     * @param funder        the proxy (funder) wallet holding the funds with a proxy signature type; {@code null} for EOA
     * @param nonce         the L1 nonce of the API key (default 0)
     * @param store         where credentials are kept (default {@link CredentialStore#files()})
     * @param builder       builder credentials to add builder headers to every request ({@code null}: the stored
     *                      builder key of this account, if any)
     */
    public record Options(SignatureType signatureType, String funder, long nonce, CredentialStore store, ApiCredentials builder) {
        public Options {
            signatureType = signatureType == null ? SignatureType.EOA : signatureType;
            if (funder != null) funder = address(funder, "funder");
            if (signatureType != SignatureType.EOA && funder == null) {
                throw new IllegalArgumentException("signature type " + signatureType + " needs the funder address: the proxy wallet that holds the funds"
                        + " (Options.defaults().signatureType(SignatureType." + signatureType + ", \"0x…\"))");
            }
            if (nonce < 0) throw new IllegalArgumentException("nonce must be 0 or more, was " + nonce);
        }

        public static Options defaults() {
            return new Options(SignatureType.EOA, null, 0, null, null);
        }

        /** A proxy signature type and the funder (proxy wallet) address it signs for. */
        public Options signatureType(SignatureType type, String funder) {
            return new Options(type, funder, nonce, store, builder);
        }

        public Options nonce(long nonce) {
            return new Options(signatureType, funder, nonce, store, builder);
        }

        public Options store(CredentialStore store) {
            return new Options(signatureType, funder, nonce, store, builder);
        }

        public Options builder(ApiCredentials builder) {
            return new Options(signatureType, funder, nonce, store, builder);
        }
    }

    private final Transport transport;
    private final Wallet wallet;
    private final Options options;
    private final CredentialStore store;
    private volatile ApiCredentials credentials;
    private volatile boolean resumed;
    private volatile ApiCredentials builder;

    private ClobSession(Transport transport, Wallet wallet, Options options) {
        this.transport = transport;
        this.wallet = wallet;
        this.options = options;
        this.store = options.store() != null ? options.store() : CredentialStore.files();
        this.builder = options.builder() != null ? options.builder()
                : store.load(Credential.Kind.BUILDER_KEY, profile(), wallet.address()).map(ApiCredentials::of).orElse(null);
    }

    /** Resumes the stored API credentials of {@code wallet} on the transport's profile, or creates (else derives) them. */
    public static ClobSession open(Connection connection, Wallet wallet, Options options) {
        Transport transport = Transport.of(connection);
        Objects.requireNonNull(wallet, "wallet");
        ClobSession s = new ClobSession(Objects.requireNonNull(transport, "transport"), wallet, options == null ? Options.defaults() : options);
        ApiCredentials stored = s.store.load(Credential.Kind.CLOB_API_KEY, s.profile(), wallet.address()).map(ApiCredentials::of).orElse(null);
        if (stored != null) {
            s.credentials = stored;
            s.resumed = true;
        } else {
            s.credentials = s.createOrDerive();
        }
        return s;
    }

    private String profile() {
        return transport.profile().name();
    }

    Transport transport() {
        return transport;
    }

    /** The whole credential, for the user channel's subscription (never shown). */
    ApiCredentials credentials() {
        return credentials;
    }

    private final java.util.Set<UserFeed> feeds = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /**
     * Your orders and trades live on the order book's user channel, in every market (see {@link UserFeed}); closing the
     * session closes it.
     */
    public UserFeed live() {
        return live(MarketFeed.Options.defaults(), List.of());
    }

    /** {@link #live()} for some markets only (condition ids). */
    public UserFeed live(String... conditionIds) {
        return live(MarketFeed.Options.defaults(), List.of(conditionIds));
    }

    /** {@link #live()} with other timing, for some markets (none: all). */
    public UserFeed live(MarketFeed.Options options, java.util.Collection<String> conditionIds) {
        UserFeed f = UserFeed.open(this, conditionIds, options == null ? MarketFeed.Options.defaults() : options);
        feeds.add(f);
        return f;
    }

    void forget(UserFeed feed) {
        feeds.remove(feed);
    }

    /** Closes the session's live feeds (its credentials stay valid and stored). */
    public void close() {
        for (UserFeed f : List.copyOf(feeds)) f.close();
    }

    /** The signer's address (lower case). */
    public String address() {
        return wallet.address();
    }

    /** The address whose positions and trades the Data API lists: the funder with a proxy signature type, else the signer. */
    public String dataAddress() {
        return options.funder() != null ? options.funder() : wallet.address();
    }

    public SignatureType signatureType() {
        return options.signatureType();
    }

    /** The funder (proxy wallet) address, or {@code null} for an EOA account. */
    public String funder() {
        return options.funder();
    }

    /** The API key in use (the key only: the secret and passphrase never leave the session and the store). */
    public String apiKey() {
        return credentials.apiKey();
    }

    /** Whether this session resumed stored credentials (rather than creating or deriving them now). */
    public boolean resumed() {
        return resumed;
    }

    // ---- L1: credentials -----------------------------------------------------------------------------------------

    /** {@code POST /auth/api-key}; when the key exists already ({@code Could not create api key}), {@code GET /auth/derive-api-key}. */
    private ApiCredentials createOrDerive() {
        ApiCredentials c;
        try {
            c = l1("POST", "/auth/api-key");
        } catch (InvalidRequestException exists) {
            try {
                c = l1("GET", "/auth/derive-api-key");
            } catch (InvalidRequestException none) {
                throw new InvalidRequestException(none.status(), none.serverMessage(), none.endpoint(), null,
                        "the order book would neither create nor derive an API key for " + wallet.address() + " with nonce " + options.nonce()
                                + " (" + exists.serverMessage() + "; " + none.serverMessage() + "): if the key was made with another nonce,"
                                + " give it with Options.nonce(n)", none);
            }
        }
        store.save(c.toCredential(Credential.Kind.CLOB_API_KEY, profile(), wallet.address(), Map.of("nonce", Long.toString(options.nonce()))));
        return c;
    }

    private ApiCredentials l1(String method, String path) {
        Call call = new Call(Service.CLOB, method, path, Query.empty(), Map.of(), null,
                method.equals("GET") ? Call.Safety.IDEMPOTENT : Call.Safety.UNSAFE)
                .signedBy(ClobAuth.l1(wallet, options.nonce(), transport.profile().names().clobAuthDomain(), transport.profile().names().chainId()));
        try {
            return ApiCredentials.read(transport.send(call));
        } catch (AuthenticationException e) {
            throw new AuthenticationException(e.status(), e.serverMessage(), e.endpoint(), null,
                    "the order book refused the L1 signature of " + wallet.address() + " (EIP-712 ClobAuth, nonce " + options.nonce()
                            + "): check that this machine's clock is right (a timestamp more than a few minutes off is refused) and that the"
                            + " wallet is the account's signer", e);
        }
    }

    // ---- L2 requests ---------------------------------------------------------------------------------------------

    private Signer l2() {
        ApiCredentials c = credentials;
        Signer s = ClobAuth.l2(wallet.address(), c);
        ApiCredentials b = builder;
        return b == null ? s : s.andThen(ClobAuth.builder(b));
    }

    /** Sends with this attempt's L2 headers; a resumed key the order book refuses is derived again once. */
    private Document send(Supplier<Call> call) {
        try {
            return transport.send(call.get().signedBy(l2()));
        } catch (AuthenticationException e) {
            if (resumed) {
                resumed = false;
                store.delete(Credential.Kind.CLOB_API_KEY, profile(), wallet.address());
                credentials = createOrDerive();
                try {
                    return transport.send(call.get().signedBy(l2()));
                } catch (AuthenticationException again) {
                    throw refused(again);
                }
            }
            throw refused(e);
        }
    }

    private AuthenticationException refused(AuthenticationException e) {
        return new AuthenticationException(e.status(), e.serverMessage(), e.endpoint(), null,
                "the order book refused the L2 headers (API key " + ClobSession.shortKey(credentials.apiKey()) + " of " + wallet.address()
                        + "): the key may have been deleted, belong to another address, or the clock be off; Clob.session(wallet) derives"
                        + " the key again after forget()", e);
    }

    private static String shortKey(String key) {
        return key.length() > 8 ? key.substring(0, 8) + "…" : key;
    }

    private Document get(String path, Query query) {
        return send(() -> Call.get(Service.CLOB, path, query));
    }

    /** The API keys of this address ({@code GET /auth/api-keys}). */
    public List<String> apiKeys() {
        Document doc = get("/auth/api-keys", Query.empty());
        JsonNode n = doc.tree();
        JsonNode keys = n.isArray() ? n : n.get("apiKeys");
        if (keys == null || !keys.isArray()) throw doc.malformed("the api keys answer has an apiKeys array", null);
        List<String> out = new ArrayList<>();
        for (JsonNode k : keys) out.add(k.isObject() ? JsonFields.text(k, "apiKey", "key") : k.asText());
        return out;
    }

    /**
     * Deletes the API key this session uses ({@code DELETE /auth/api-key}) and forgets it; the session cannot send
     * L2 requests afterwards (open a new one to create a key).
     */
    public void deleteApiKey() {
        send(() -> new Call(Service.CLOB, "DELETE", "/auth/api-key", Query.empty(), Map.of(), null, Call.Safety.UNSAFE));
        store.delete(Credential.Kind.CLOB_API_KEY, profile(), wallet.address());
    }

    /** Removes the stored credentials of this wallet (the key stays valid at the order book). */
    public void forget() {
        store.delete(Credential.Kind.CLOB_API_KEY, profile(), wallet.address());
    }

    // ---- builder keys ----------------------------------------------------------------------------------------------

    /** The builder keys of this account ({@code GET /auth/builder-api-key}), revoked ones with their time. */
    public List<BuilderKey> builderKeys() {
        Document doc = get("/auth/builder-api-key", Query.empty());
        JsonNode n = doc.tree();
        if (!n.isArray()) throw doc.malformed("the builder keys answer is an array", null);
        List<BuilderKey> out = new ArrayList<>();
        for (JsonNode k : n) {
            out.add(new BuilderKey(JsonFields.text(k, "key", "apiKey"), JsonFields.instant(doc, k, "createdAt", "created_at"),
                    JsonFields.instant(doc, k, "revokedAt", "revoked_at")));
        }
        return out;
    }

    /**
     * Creates a builder key ({@code POST /auth/builder-api-key}), stores it owner-only and adds builder headers to this
     * session's requests from now on. Returns the key (the secret stays in the store).
     */
    public String createBuilderKey() {
        ApiCredentials b = ApiCredentials.read(send(() -> new Call(Service.CLOB, "POST", "/auth/builder-api-key", Query.empty(), Map.of(),
                null, Call.Safety.UNSAFE)));
        store.save(b.toCredential(Credential.Kind.BUILDER_KEY, profile(), wallet.address(), Map.of()));
        builder = b;
        return b.apiKey();
    }

    /** Whether builder headers go with this session's requests. */
    public boolean builderHeaders() {
        return builder != null;
    }

    /**
     * Revokes a builder key ({@code DELETE /auth/builder-api-key}): the session's own with its builder headers, another
     * with L2 headers and {@code {"key"}}.
     */
    public void revokeBuilderKey(String key) {
        if (key == null || key.isBlank()) throw new IllegalArgumentException("builder key is empty; see builderKeys()");
        ApiCredentials own = builder;
        if (own != null && own.apiKey().equals(key.trim())) {
            transport.send(new Call(Service.CLOB, "DELETE", "/auth/builder-api-key", Query.empty(), Map.of(), null, Call.Safety.UNSAFE)
                    .signedBy(ClobAuth.builder(own)));
            store.delete(Credential.Kind.BUILDER_KEY, profile(), wallet.address());
            builder = null;
            return;
        }
        byte[] body = ("{\"key\":" + transport.resources().json().valueToTree(key.trim()) + "}").getBytes(StandardCharsets.UTF_8);
        ApiCredentials keep = builder;
        builder = null; // the order book takes either builder headers or the L2 body, not both
        try {
            send(() -> new Call(Service.CLOB, "DELETE", "/auth/builder-api-key", Query.empty(), Map.of(), body, Call.Safety.UNSAFE));
        } finally {
            builder = keep;
        }
    }

    // ---- orders, trades ------------------------------------------------------------------------------------------

    /** The account's open orders, every page ({@code GET /data/orders}). */
    public OrdersQuery orders() {
        return new OrdersQuery(read(Endpoints.ORDERS));
    }

    /** One order by id ({@code GET /data/order/{id}}); an unknown id is {@code InvalidRequestException: Invalid orderID}. */
    public OpenOrder order(String orderId) {
        String id = orderId(orderId);
        return OpenOrder.read(get("/data/order/" + id, Query.empty()));
    }

    /** The account's order-book trades, taker and maker sides, every page ({@code GET /data/trades}). */
    public TradesQuery trades() {
        return new TradesQuery(read(Endpoints.TRADES), wallet.address());
    }

    /** Trades attributed to {@code builderCode} ({@code GET /builder/trades}; {@code 0x} and 64 hex digits). */
    public BuilderTradesQuery builderTrades(String builderCode) {
        if (builderCode == null || !builderCode.matches("0x[0-9a-fA-F]{64}")) {
            throw new IllegalArgumentException("builder code must be 0x followed by 64 hex digits, was '" + builderCode + "'");
        }
        return new BuilderTradesQuery(read(Endpoints.BUILDER_TRADES).with("builder_code", builderCode));
    }

    /** A read of {@code endpoint} whose pages go through this session's L2 handling (a resumed key re-derived once when refused). */
    private <T> Read<T> read(Endpoint<T> endpoint) {
        return Read.of(endpoint, call -> send(() -> call), transport.resources().clock());
    }

    // ---- balances -----------------------------------------------------------------------------------------------

    /** The collateral's balance and allowance ({@code GET /balance-allowance?asset_type=COLLATERAL}). */
    public BalanceAllowance balance(AssetType type) {
        return balance(type, null);
    }

    /** A balance and its allowances: the collateral ({@code tokenId} null) or one outcome token ({@code CONDITIONAL}). */
    public BalanceAllowance balance(AssetType type, String tokenId) {
        return balanceRead("/balance-allowance", type, tokenId);
    }

    /** Asks the order book to refresh its view of the balance and allowances ({@code GET /balance-allowance/update}), and reads it. */
    public BalanceAllowance updateBalance(AssetType type, String tokenId) {
        return balanceRead("/balance-allowance/update", type, tokenId);
    }

    public BalanceAllowance updateBalance(AssetType type) {
        return updateBalance(type, null);
    }

    private BalanceAllowance balanceRead(String path, AssetType type, String tokenId) {
        Objects.requireNonNull(type, "asset type (COLLATERAL or CONDITIONAL)");
        if (type == AssetType.CONDITIONAL && tokenId == null) {
            throw new IllegalArgumentException("a CONDITIONAL balance needs the outcome token id: balance(AssetType.CONDITIONAL, tokenId)");
        }
        if (type == AssetType.COLLATERAL && tokenId != null) {
            throw new IllegalArgumentException("the COLLATERAL balance takes no token id; for an outcome token use AssetType.CONDITIONAL");
        }
        Query q = Query.empty().with("asset_type", type.name());
        if (tokenId != null) q = q.with("token_id", ClobData.token(tokenId));
        q = q.with("signature_type", Integer.toString(options.signatureType().code()));
        Query query = q;
        return BalanceAllowance.read(get(path, query), type, tokenId);
    }

    // ---- orders ----------------------------------------------------------------------------------------------------

    private final java.util.concurrent.ConcurrentHashMap<String, OrderMarket> markets = new java.util.concurrent.ConcurrentHashMap<>();
    private static final java.security.SecureRandom SALTS = new java.security.SecureRandom();

    /**
     * A limit order of {@code size} shares of {@code tokenId} at {@code price}: GTC unless changed, checked against the
     * tick grid and minimum size, rounded and signed by {@link LimitOrder#sign()}.
     */
    public LimitOrder limitOrder(String tokenId, Side side, BigDecimal price, BigDecimal size) {
        return new LimitOrder(this, tokenId, side, price, size, OrderType.GTC, null, false, null);
    }

    /** A market order: a BUY spends {@code amount} of collateral, a SELL sells {@code amount} shares; fill-or-kill unless changed. */
    public MarketOrder marketOrder(String tokenId, Side side, BigDecimal amount) {
        return new MarketOrder(this, tokenId, side, amount, null, OrderType.FOK, null);
    }

    /** The order domain of this session's profile: the exchange's, or the neg-risk exchange's. */
    public ExchangeDomain exchangeDomain(boolean negRisk) {
        return ExchangeDomain.v2(transport.profile().names().exchangeDomain(), transport.profile().names().chainId(), negRisk);
    }

    Book book(String tokenId) {
        return new ClobData(transport).book(tokenId);
    }

    /** {@code given} completed from the token's book (read once per token and session). */
    OrderMarket market(String tokenId, OrderMarket given) {
        if (given.complete()) return given;
        OrderMarket m = given.or(markets.computeIfAbsent(tokenId, t -> {
            Book b = book(t);
            return new OrderMarket(b.tickSize(), b.minOrderSize(), b.negRisk() != null && b.negRisk());
        }));
        if (m.tickSize() == null) throw new IllegalArgumentException("the book of token " + tokenId + " gives no tick size; give one with tickSize(...)");
        return m;
    }

    Instant now() {
        return Instant.ofEpochMilli(transport.resources().clock().currentTimeMillis());
    }

    /** Signs an order of this account: maker the funder (or the signer), signer the wallet, a fresh salt and timestamp. */
    SignedOrder signOrder(String tokenId, Side side, OrderAmounts amounts, long expirationSeconds, boolean negRisk) {
        long nowMillis = transport.resources().clock().currentTimeMillis();
        // As the official clients: Math.round(Math.random() * Date.now()).
        BigInteger salt = BigInteger.valueOf(Math.round(SALTS.nextDouble() * nowMillis));
        String maker = options.funder() != null ? org.web3j.crypto.Keys.toChecksumAddress(options.funder()) : wallet.address();
        ExchangeDomain domain = exchangeDomain(negRisk);
        SignedOrder unsigned = new SignedOrder(salt, maker, wallet.address(), tokenId, amounts.makerAmount(), amounts.takerAmount(), side,
                options.signatureType(), BigInteger.valueOf(nowMillis), BigInteger.valueOf(expirationSeconds), null, null, null, domain);
        String signature = wallet.sign(unsigned.digest());
        return new SignedOrder(salt, maker, wallet.address(), tokenId, amounts.makerAmount(), amounts.takerAmount(), side, options.signatureType(),
                unsigned.timestamp(), unsigned.expiration(), null, null, signature, domain);
    }

    // ---- placing and cancelling -------------------------------------------------------------------------------------

    /**
     * This signer's order and cancel buckets (Standard tier until the order book's headers name another): the
     * profile's, shared by every session of this signer, and shown by {@code MarketLab.pacing()}.
     */
    public org.marketlab.pacing.SignerBuckets buckets() {
        return transport.resources().pacer().signer(wallet.address());
    }

    /** The largest batch the order book takes in one {@code POST /orders}. */
    public static final int MAX_BATCH = 15;

    /** A limiter drawing {@code entries} tokens (1 for single requests) from this signer's bucket per attempt. */
    private org.marketlab.internal.transport.Limiter bucket(int entries) {
        org.marketlab.pacing.SignerBuckets b = buckets();
        return new org.marketlab.internal.transport.Limiter() {
            @Override
            public void acquire(Call call) throws InterruptedException {
                b.acquire(call.method(), call.path(), entries);
            }

            @Override
            public void onResponse(Call call, int status, java.util.function.Function<String, String> header) {
                b.onResponse(call.method(), call.path(), status, header);
            }
        };
    }

    private boolean warned(Document doc) {
        String w = doc.header(transport.profile().names().rateLimitPrefix() + "Warning");
        return w != null && w.trim().equalsIgnoreCase("true");
    }

    private Document write(String method, String path, byte[] body, int entries, Call.Safety safety) {
        return send(() -> new Call(Service.CLOB, method, path, Query.empty(), Map.of("Content-Type", "application/json"), body, safety)
                .limitedBy(bucket(entries)));
    }

    private byte[] bytes(JsonNode n) {
        try {
            return transport.resources().json().writeValueAsBytes(n);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Signs and places a limit order ({@code POST /order}, one order token). A refusal is a typed exception with the
     * order book's message ({@code InvalidRequestException}, {@code ExchangeModeException}); an {@code order timed out}
     * answer is resubmitted with the same signed order (the same salt), never a new one.
     */
    public OrderResult place(LimitOrder order) {
        return place(order.sign(), order.type(), order.isPostOnly());
    }

    /** Signs and places a market order (fill-or-kill or fill-and-kill). */
    public OrderResult place(MarketOrder order) {
        return place(order.sign(), order.type(), false);
    }

    /** Places an order signed already. */
    public OrderResult place(SignedOrder order, OrderType type, boolean postOnly) {
        byte[] body = bytes(order.body(credentials.apiKey(), type, postOnly));
        Document doc = write("POST", "/order", body, 1, Call.Safety.RESUBMITTABLE);
        return OrderResult.read(doc.tree(), warned(doc));
    }

    /** How many times a batch entry refused with {@code order timed out} is resubmitted (the same signed order each time). */
    static final int TIMED_OUT_RESUBMISSIONS = 2;

    /**
     * Signs and places limit orders in batches ({@code POST /orders}) of at most {@value #MAX_BATCH} and at most the
     * tier's order burst, each batch drawing its size from the order bucket; one result per order, in order (a
     * refused entry is a result with the order book's message, typed by {@link OrderResult#failure()}). Entries refused
     * with {@code order timed out} (rejected before the book) are resubmitted, the same signed orders, in a batch of
     * their own, up to {@value #TIMED_OUT_RESUBMISSIONS} times.
     */
    public List<OrderResult> placeAll(List<LimitOrder> orders) {
        Objects.requireNonNull(orders, "orders");
        List<JsonNode> bodies = new ArrayList<>();
        for (LimitOrder o : orders) bodies.add(o.sign().body(credentials.apiKey(), o.type(), o.isPostOnly()));
        int chunk = Math.max(1, Math.min(MAX_BATCH, buckets().tier().limits().orderBurst()));
        List<OrderResult> out = new ArrayList<>();
        for (int from = 0; from < bodies.size(); from += chunk) out.addAll(placeBatch(bodies.subList(from, Math.min(bodies.size(), from + chunk))));
        for (int round = 0; round < TIMED_OUT_RESUBMISSIONS; round++) {
            List<Integer> again = new ArrayList<>();
            for (int i = 0; i < out.size(); i++) if (out.get(i).timedOut()) again.add(i);
            if (again.isEmpty()) break;
            for (int from = 0; from < again.size(); from += chunk) {
                List<Integer> part = again.subList(from, Math.min(again.size(), from + chunk));
                List<OrderResult> results = placeBatch(part.stream().map(bodies::get).toList());
                for (int k = 0; k < part.size(); k++) out.set(part.get(k), results.get(k));
            }
        }
        return out;
    }

    /** One {@code POST /orders} of these entry bodies: one result per entry, in order. */
    private List<OrderResult> placeBatch(List<JsonNode> entries) {
        com.fasterxml.jackson.databind.node.ArrayNode batch = transport.resources().json().createArrayNode();
        entries.forEach(batch::add);
        Document doc = write("POST", "/orders", bytes(batch), entries.size(), Call.Safety.RESUBMITTABLE);
        JsonNode n = doc.tree();
        if (!n.isArray() || n.size() != entries.size()) throw doc.malformed("the batch answer has one element per order (" + entries.size() + ")", null);
        boolean w = warned(doc);
        List<OrderResult> out = new ArrayList<>();
        for (JsonNode e : n) out.add(OrderResult.read(e, w));
        return out;
    }

    /** The order book debits 1 cancel token per cancelled order; its Remaining header already counts them, else debit here. */
    private void debitUnlessReported(Document doc, Cancellation r) {
        if (doc.header(transport.profile().names().rateLimitPrefix() + "Remaining") == null) buckets().canceled(r.canceled().size());
    }

    /** Cancels one order ({@code DELETE /order}, one cancel token). */
    public Cancellation cancel(String orderId) {
        String id = orderId(orderId);
        byte[] body = bytes(transport.resources().json().createObjectNode().put("orderID", id));
        Document doc = write("DELETE", "/order", body, 1, Call.Safety.UNSAFE);
        return Cancellation.read(doc.tree(), warned(doc));
    }

    /** Cancels orders by id ({@code DELETE /orders}, one cancel token per id), in requests of at most the tier's cancel burst. */
    public Cancellation cancelAll(List<String> orderIds) {
        Objects.requireNonNull(orderIds, "order ids");
        List<String> ids = orderIds.stream().map(ClobSession::orderId).toList();
        if (ids.isEmpty()) return new Cancellation(List.of(), Map.of(), false);
        int chunk = Math.max(1, buckets().tier().limits().cancelBurst());
        List<Cancellation> parts = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += chunk) {
            List<String> part = ids.subList(from, Math.min(ids.size(), from + chunk));
            com.fasterxml.jackson.databind.node.ArrayNode a = transport.resources().json().createArrayNode();
            part.forEach(a::add);
            Document doc = write("DELETE", "/orders", bytes(a), part.size(), Call.Safety.UNSAFE);
            parts.add(Cancellation.read(doc.tree(), warned(doc)));
        }
        return Cancellation.merge(parts);
    }

    /** Cancels every open order of the account ({@code DELETE /cancel-all}: 1 cancel token, then 1 per order cancelled, into debt). */
    public Cancellation cancelEverything() {
        Document doc = write("DELETE", "/cancel-all", null, 1, Call.Safety.UNSAFE);
        Cancellation r = Cancellation.read(doc.tree(), warned(doc));
        debitUnlessReported(doc, r);
        return r;
    }

    /** Cancels the open orders of one market (a condition id) or one outcome token ({@code DELETE /cancel-market-orders}). */
    public Cancellation cancelMarket(String marketOrToken) {
        if (marketOrToken == null || marketOrToken.isBlank()) {
            throw new IllegalArgumentException("give a market's condition id (0x and 64 hex digits) or an outcome token id (decimal digits)");
        }
        String v = marketOrToken.trim();
        com.fasterxml.jackson.databind.node.ObjectNode b = transport.resources().json().createObjectNode();
        if (v.startsWith("0x")) b.put("market", condition(v, "market"));
        else b.put("asset_id", ClobData.token(v));
        Document doc = write("DELETE", "/cancel-market-orders", bytes(b), 1, Call.Safety.UNSAFE);
        Cancellation r = Cancellation.read(doc.tree(), warned(doc));
        debitUnlessReported(doc, r);
        return r;
    }

    // ---- checks ----------------------------------------------------------------------------------------------------

    static String condition(String conditionId, String name) {
        if (conditionId == null || !conditionId.trim().matches("0x[0-9a-fA-F]{64}")) {
            throw new IllegalArgumentException(name + " must be a condition id (0x followed by 64 hex digits), was '" + conditionId + "'");
        }
        return conditionId.trim().toLowerCase(Locale.ROOT);
    }

    static String orderId(String orderId) {
        if (orderId == null || !orderId.trim().matches("0x[0-9a-fA-F]{64}")) {
            throw new IllegalArgumentException("order id must be 0x followed by 64 hex digits, was '" + orderId + "'");
        }
        return orderId.trim();
    }

    static String address(String address, String name) {
        if (address == null || !address.trim().matches("0x[0-9a-fA-F]{40}")) {
            throw new IllegalArgumentException(name + " must be an address (0x followed by 40 hex digits), was '" + address + "'");
        }
        return address.trim().toLowerCase(Locale.ROOT);
    }

    static Long seconds(Instant t, String name) {
        if (t == null) throw new IllegalArgumentException(name + " is null; give an Instant");
        return t.getEpochSecond();
    }

    // ---- rewards, notifications, the dead-man switch ---------------------------------------------------------------

    /** The markets the account earns liquidity rewards in today (UTC): see {@link #rewards(java.time.LocalDate)}. */
    public List<RewardShare> rewards() {
        return rewards(java.time.LocalDate.now(java.time.ZoneOffset.UTC));
    }

    /**
     * The markets the account earned liquidity rewards in on {@code day} ({@code GET /rewards/user/markets}, every
     * page): its share of each market's pool, what it earned, the market's rate and scoring terms.
     */
    public List<RewardShare> rewards(java.time.LocalDate day) {
        List<RewardShare> out = new ArrayList<>();
        for (JsonNode n : pages("/rewards/user/markets", Query.empty().with("date", day(day)))) out.add(RewardShare.read(day, n));
        return out;
    }

    /** {@link #rewards(java.time.LocalDate)} as a table, largest earnings first. */
    public tech.tablesaw.api.Table rewardsTable(java.time.LocalDate day) {
        List<RewardShare> rows = new ArrayList<>(rewards(day));
        rows.sort(java.util.Comparator.comparing(RewardShare::earnings).reversed());
        return org.marketlab.tables.RecordTable.of(RewardShare.class).table("rewards " + day, rows);
    }

    /** What the account earned in liquidity rewards on {@code day}, market by market ({@code GET /rewards/user}, every page). */
    public List<RewardEarning> earnings(java.time.LocalDate day) {
        List<RewardEarning> out = new ArrayList<>();
        for (JsonNode n : pages("/rewards/user", Query.empty().with("date", day(day)))) out.add(RewardEarning.read(n));
        return out;
    }

    /**
     * The account's liquidity-reward earnings from {@code from} to {@code to} (both included), one row per day and
     * market, as a table: date, condition_id, maker_address, asset_address, earnings, asset_rate.
     */
    public tech.tablesaw.api.Table earnings(java.time.LocalDate from, java.time.LocalDate to) {
        if (from == null || to == null || from.isAfter(to)) throw new IllegalArgumentException("earnings from " + from + " to " + to + ": give two days, the first not after the second");
        if (from.plusDays(366).isBefore(to)) throw new IllegalArgumentException("earnings from " + from + " to " + to + ": at most 366 days at a time");
        List<RewardEarning> rows = new ArrayList<>();
        for (java.time.LocalDate d = from; !d.isAfter(to); d = d.plusDays(1)) rows.addAll(earnings(d));
        return org.marketlab.tables.RecordTable.of(RewardEarning.class).table("earnings " + from + " to " + to, rows);
    }

    /** The account's total liquidity-reward earnings on {@code day} ({@code GET /rewards/user/total}), in collateral. */
    public BigDecimal earningsTotal(java.time.LocalDate day) {
        BigDecimal total = BigDecimal.ZERO;
        for (JsonNode n : get("/rewards/user/total", Query.empty().with("date", day(day))).tree()) {
            total = total.add(RewardShare.decimal(n.path("earnings")).multiply(RewardShare.decimal(n.path("asset_rate"), BigDecimal.ONE)));
        }
        return total;
    }

    /** The account's notifications, oldest first ({@code GET /notifications}): its orders cancelled and filled. */
    public List<Notification> notifications() {
        Document d = get("/notifications", Query.empty());
        if (!d.tree().isArray()) throw d.malformed("expected a JSON array of notifications", null);
        List<Notification> out = new ArrayList<>();
        for (JsonNode n : d.tree()) out.add(Notification.read(n));
        return out;
    }

    /** {@link #notifications()} as a table. */
    public tech.tablesaw.api.Table notificationsTable() {
        return org.marketlab.tables.RecordTable.of(Notification.class).table("notifications", notifications());
    }

    /** Drops notifications by id ({@code DELETE /notifications}); ids that are not the account's are ignored by the service. */
    public void dropNotifications(List<Long> ids) {
        if (ids == null || ids.isEmpty()) throw new IllegalArgumentException("give the ids of the notifications to drop (Notification.id())");
        String joined = ids.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(","));
        send(() -> new Call(Service.CLOB, "DELETE", "/notifications", Query.empty().with("ids", joined), Map.of(), null, Call.Safety.IDEMPOTENT));
    }

    /**
     * Arms the order book's dead-man switch and keeps it alive: a beat every {@code every} (from 1 to 9 seconds) from a
     * background thread. If no beat reaches the service for {@link Heartbeat#TIMEOUT} (this process stopped, hung or
     * lost its connection, or the heartbeat was closed), the service cancels every open order of the account.
     */
    public Heartbeat heartbeat(java.time.Duration every) {
        if (every == null || every.compareTo(java.time.Duration.ofSeconds(1)) < 0 || every.compareTo(Heartbeat.TIMEOUT) >= 0) {
            throw new IllegalArgumentException("a heartbeat every " + every + ": give from 1 s to 9 s, within the service's "
                    + Heartbeat.TIMEOUT.toSeconds() + " s timeout");
        }
        return new Heartbeat(wallet.address(), every, this::beat);
    }

    /** One beat ({@code POST /v1/heartbeats} with the id the last answer gave, empty for the first): the next id. */
    private String beat(String id) {
        com.fasterxml.jackson.databind.node.ObjectNode b = transport.resources().json().createObjectNode().put("heartbeat_id", id == null ? "" : id);
        Document d = send(() -> new Call(Service.CLOB, "POST", "/v1/heartbeats", Query.empty(), Map.of("Content-Type", "application/json"), bytes(b),
                Call.Safety.UNSAFE));
        String next = d.tree().path("heartbeat_id").asText("");
        if (next.isEmpty()) throw d.malformed("expected {\"heartbeat_id\": ...}", null);
        return next;
    }

    /** Every page of a cursor-paged rewards read ({@code next_cursor} from {@code MA==} to {@code LTE=}). */
    private List<JsonNode> pages(String path, Query query) {
        List<JsonNode> out = new ArrayList<>();
        String cursor = "MA==";
        for (int page = 0; page < 10_000 && !"LTE=".equals(cursor); page++) {
            Document d = get(path, query.with("next_cursor", cursor));
            JsonNode data = d.tree().path("data");
            if (!data.isArray()) throw d.malformed("expected {\"data\": [...], \"next_cursor\": ...}", null);
            data.forEach(out::add);
            String next = d.tree().path("next_cursor").asText("LTE=");
            if (next.equals(cursor) || data.isEmpty()) break;
            cursor = next;
        }
        return out;
    }

    private static String day(java.time.LocalDate day) {
        if (day == null) throw new IllegalArgumentException("give a day (java.time.LocalDate)");
        return day.toString();
    }

    @Override
    public String toString() {
        return "ClobSession[" + wallet.address() + ", " + options.signatureType() + (options.funder() != null ? ", funder " + options.funder() : "")
                + ", profile " + profile() + ", apiKey " + shortKey(credentials.apiKey()) + ", secret and passphrase hidden]";
    }
}
