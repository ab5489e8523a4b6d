package org.marketlab.sandbox.contracts;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.route.Json;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Keys;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.function.LongSupplier;

/**
 * What the relayer keeps: the deposit wallets it deployed, each one's batch nonce, its session signers (granted, listed once their
 * transaction confirms, fenced at once when revoked), the gasless transactions it relayed with the state a poll reads,
 * and the answers it gave per {@code Idempotency-Key}. One per sandbox; every method is atomic.
 *
 * <p>A relayed transaction moves through {@code STATE_NEW}, {@code STATE_EXECUTED} and {@code STATE_MINED} to
 * {@code STATE_CONFIRMED}, one state every {@value #STEP_MS} ms of the sandbox's clock (the sandbox's own pace: the live
 * relayer's depends on the chain).
 */
public final class Relayer {

    static final long STEP_MS = 100;
    private static final String[] STATES = {"STATE_NEW", "STATE_EXECUTED", "STATE_MINED", "STATE_CONFIRMED"};

    /** A session signer's grant: its scopes, its expiry (unix seconds), from when it is listed, whether it was revoked. */
    public record Grant(String signer, List<String> scopes, long validUntil, long listedFrom, boolean revoked) {
    }

    /** One relayed transaction. */
    public record Transaction(String id, String hash, String type, String from, String to, String wallet, BigInteger nonce,
                       String metadata, long submittedAt) {
    }

    /** An answer given for an idempotency key, with the request it answered. */
    public record Answered(String request, ObjectNode answer) {
    }

    private final LongSupplier clock;
    private final Map<String, BigInteger> nonces = new HashMap<>();
    private final Map<String, Map<String, Grant>> grants = new HashMap<>();
    private final Map<String, Transaction> transactions = new LinkedHashMap<>();
    private final Map<String, Answered> answered = new HashMap<>();
    private final Set<String> deployed = new HashSet<>();

    public Relayer(LongSupplier clock) {
        this.clock = clock;
    }

    public long now() {
        return clock.getAsLong();
    }

    /** The deposit wallet's next batch nonce (0 for a wallet that never relayed). */
    public synchronized BigInteger nonce(String wallet) {
        return nonces.getOrDefault(key(wallet), BigInteger.ZERO);
    }

    /** The answer given before for {@code idempotencyKey}, or null. */
    public synchronized Answered answered(String idempotencyKey) {
        return answered.get(idempotencyKey);
    }

    public synchronized void remember(String idempotencyKey, String request, ObjectNode answer) {
        answered.put(idempotencyKey, new Answered(request, answer));
    }

    /** The wallet's grant of {@code signer} (revoked ones included), or null. */
    public synchronized Grant grant(String wallet, String signer) {
        return grants.getOrDefault(key(wallet), Map.of()).get(key(signer));
    }

    /**
     * Relays one deposit-wallet batch: uses up its nonce, records the transaction and applies {@code grant} to the
     * wallet's session signers (null: none); the grant is listed once the transaction confirms.
     */
    public synchronized Transaction relay(String wallet, String from, String metadata, String signer, List<String> scopes, long validUntil,
                                   boolean revoke) {
        BigInteger nonce = nonce(wallet);
        nonces.put(key(wallet), nonce.add(BigInteger.ONE));
        Transaction t = record("WALLET", from, wallet, wallet, nonce, metadata);
        long at = t.submittedAt();
        Map<String, Grant> own = grants.computeIfAbsent(key(wallet), k -> new LinkedHashMap<>());
        if (revoke) {
            Grant g = own.get(key(signer));
            own.put(key(signer), new Grant(g.signer(), g.scopes(), g.validUntil(), g.listedFrom(), true));
        } else {
            own.put(key(signer), new Grant(Keys.toChecksumAddress(signer), List.copyOf(scopes), validUntil, at + 3 * STEP_MS, false));
        }
        return t;
    }

    /** Whether {@code wallet} was deployed through this relayer. */
    public synchronized boolean deployed(String wallet) {
        return deployed.contains(key(wallet));
    }

    /** Deploys the deposit wallet of {@code owner} through the factory: a {@code WALLET-CREATE} transaction. */
    public synchronized Transaction deploy(String owner, String metadata) {
        String wallet = DepositWallet.of(owner);
        deployed.add(key(wallet));
        return record("WALLET-CREATE", owner, DepositWallet.FACTORY, wallet, BigInteger.ZERO, metadata);
    }

    /**
     * Relays a batch of {@code wallet}'s signed by {@code from}: {@code effect} runs with the transaction's hash first
     * (it may refuse, and then nothing is recorded and the nonce stays), then the nonce is used up.
     */
    public synchronized Transaction batch(String wallet, String from, String metadata, java.util.function.Consumer<String> effect) {
        BigInteger nonce = nonce(wallet);
        Transaction t = record("WALLET", from, wallet, wallet, nonce, metadata, effect);
        nonces.put(key(wallet), nonce.add(BigInteger.ONE));
        return t;
    }

    private Transaction record(String type, String from, String to, String wallet, BigInteger nonce, String metadata) {
        return record(type, from, to, wallet, nonce, metadata, hash -> { });
    }

    private Transaction record(String type, String from, String to, String wallet, BigInteger nonce, String metadata,
                               java.util.function.Consumer<String> effect) {
        long at = now();
        String id = UUID.nameUUIDFromBytes((type + ":" + wallet + ":" + nonce + ":" + at + ":" + transactions.size())
                .getBytes(StandardCharsets.UTF_8)).toString();
        Transaction t = new Transaction(id, Numeric.toHexString(Hash.sha3(("relayed " + id).getBytes(StandardCharsets.UTF_8))), type,
                from, to, wallet, nonce, metadata, at);
        effect.accept(t.hash());
        transactions.put(id, t);
        return t;
    }

    /** The session signers {@code wallet} lists now: granted, confirmed, not revoked, not expired. */
    public synchronized List<Grant> signers(String wallet) {
        long ms = now();
        List<Grant> out = new ArrayList<>();
        for (Grant g : grants.getOrDefault(key(wallet), Map.of()).values()) {
            if (!g.revoked() && g.listedFrom() <= ms && g.validUntil() > ms / 1000) out.add(g);
        }
        return out;
    }

    /** The transaction {@code id} as the relayer's poll answers it, or null when there is none. */
    public synchronized ObjectNode transaction(String id) {
        Transaction t = transactions.get(id);
        if (t == null) return null;
        int step = (int) Math.min(STATES.length - 1, Math.max(0, (now() - t.submittedAt()) / STEP_MS));
        ObjectNode o = Json.object();
        o.put("transaction_id", t.id());
        o.put("transaction_hash", step >= 2 ? t.hash() : "");
        o.put("from", Keys.toChecksumAddress(t.from()));
        o.put("to", Keys.toChecksumAddress(t.to()));
        o.put("proxy_address", Keys.toChecksumAddress(t.wallet()));
        o.put("nonce", t.nonce().toString());
        o.put("type", t.type());
        o.put("state", STATES[step]);
        o.put("metadata", t.metadata());
        o.put("created_at", java.time.Instant.ofEpochMilli(t.submittedAt()).toString());
        o.put("updated_at", java.time.Instant.ofEpochMilli(t.submittedAt() + step * STEP_MS).toString());
        return o;
    }

    private static String key(String address) {
        return address.toLowerCase(Locale.ROOT);
    }
}
