package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.auth.Credential;
import org.marketlab.auth.CredentialStore;
import org.marketlab.config.Service;
import org.marketlab.http.AuthenticationException;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.internal.query.Params;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Signer;
import org.marketlab.internal.transport.Transport;
import org.marketlab.signing.Wallet;

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
    public static ClobSession open(Transport transport, Wallet wallet, Options options) {
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
            c = l1("GET", "/auth/derive-api-key");
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
        byte[] body = ("{\"key\":" + transport.json().valueToTree(key.trim()) + "}").getBytes(StandardCharsets.UTF_8);
        ApiCredentials keep = builder;
        builder = null; // the order book takes either builder headers or the L2 body, not both
        try {
            send(() -> new Call(Service.CLOB, "DELETE", "/auth/builder-api-key", Query.empty(), Map.of(), body, Call.Safety.UNSAFE));
        } finally {
            builder = keep;
        }
    }

    // ---- orders, trades ------------------------------------------------------------------------------------------

    private Signer perAttempt() {
        return (call, now) -> l2().sign(call, now);
    }

    /** The account's open orders, every page ({@code GET /data/orders}). */
    public OrdersQuery orders() {
        return new OrdersQuery(new CursorRead<>(transport, "/data/orders", "open orders", Params.empty(), perAttempt(), OpenOrder::read,
                OpenOrder::id, null, null).withRetry(this));
    }

    /** One order by id ({@code GET /data/order/{id}}); an unknown id is {@code InvalidRequestException: Invalid orderID}. */
    public OpenOrder order(String orderId) {
        String id = orderId(orderId);
        return OpenOrder.read(get("/data/order/" + id, Query.empty()));
    }

    /** The account's order-book trades, taker and maker sides, every page ({@code GET /data/trades}). */
    public TradesQuery trades() {
        return new TradesQuery(new CursorRead<>(transport, "/data/trades", "order-book trades", Params.empty(), perAttempt(), ClobTrade::read,
                ClobTrade::id, null, null).withRetry(this), wallet.address());
    }

    /** Trades attributed to {@code builderCode} ({@code GET /builder/trades}; {@code 0x} and 64 hex digits). */
    public BuilderTradesQuery builderTrades(String builderCode) {
        if (builderCode == null || !builderCode.matches("0x[0-9a-fA-F]{64}")) {
            throw new IllegalArgumentException("builder code must be 0x followed by 64 hex digits, was '" + builderCode + "'");
        }
        return new BuilderTradesQuery(new CursorRead<>(transport, "/builder/trades", "builder trades", Params.empty().with("builder_code", builderCode),
                perAttempt(), BuilderTrade::read, BuilderTrade::id, null, null).withRetry(this));
    }

    /** Sends one page's call with this session's L2 handling (used by the cursor reads). */
    Document sendSigned(Call call) {
        return send(() -> call);
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

    @Override
    public String toString() {
        return "ClobSession[" + wallet.address() + ", " + options.signatureType() + (options.funder() != null ? ", funder " + options.funder() : "")
                + ", profile " + profile() + ", apiKey " + shortKey(credentials.apiKey()) + ", secret and passphrase hidden]";
    }
}
