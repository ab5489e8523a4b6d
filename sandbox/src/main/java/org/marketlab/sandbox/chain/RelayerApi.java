package org.marketlab.sandbox.chain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.contracts.Chain;
import org.marketlab.sandbox.contracts.DepositWallet;
import org.marketlab.sandbox.contracts.Relayer;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.crypto.Keys;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * The relayer's session-signer routes (served on the chain host, beside the node: the relayer is what sends a
 * deposit wallet's batches to it). Gasless writes authenticate with a builder API key the order book issued
 * ({@code POLY_BUILDER_*} headers) or a relayer API key ({@link RelayerKeys}); session-signer writes carry an
 * {@code Idempotency-Key}.
 * <ul>
 *   <li>{@code GET /deployed?address=<wallet>}: {@code {deployed}}; {@code POST /submit} deploys an owner's deposit
 *       wallet ({@code WALLET-CREATE}) or runs a batch of its calls on the chain ({@code WALLET}), signed by its owner or
 *       a listed session signer.</li>
 *   <li>{@code GET /v1/account/transactions/params?address=<owner>&type=WALLET}: the owner's deposit wallet and its
 *       next batch nonce, {@code {address, nonce}}.</li>
 *   <li>{@code POST /v1/session-signers/authorizations}: {@code {walletAddress, sessionSignerAddress, scopes,
 *       validUntil, nonce, deadline, signature}}, the signature the owner's over the one-call batch
 *       {@code authorizeSessionSigner(signer, validUntil)} to the wallet; answers {@code {status: "SUBMITTED",
 *       transactionHash, transactionId}}. The signer is listed once the transaction confirms.</li>
 *   <li>{@code POST /v1/session-signers/revocations}: the same without scopes and expiry, over
 *       {@code revokeSessionSigner(signer)}; answers {@code {status: "PENDING", fenced: true, transactionId}}: the
 *       signer leaves the list at once.</li>
 *   <li>{@code GET /v1/account/transactions/{id}}: the relayed transaction, its {@code state} moving to
 *       {@code STATE_CONFIRMED} ({@link Relayer}).</li>
 * </ul>
 * Every check runs before any effect: the owner's signature (recovered, and the wallet must be the signer's deposit
 * wallet as the factory derives it), the nonce ({@code batch nonce N does not match on-chain nonce M}), the deadline
 * and the expiry. A session signer's own signature (the wrapped form) manages no signers. The same
 * {@code Idempotency-Key} with the same body answers what it answered the first time, with no second effect; with
 * another body it is refused with 409.
 */
public final class RelayerApi implements RouteModule {

    private static final Set<String> SCOPES = Set.of("ALL", "CLOB", "COMBOSRFQ");
    private static final String SESSION_MAGIC = "6492649264926492649264926492649264926492649264926492649264926492";

    private final Relayer relayer;
    private final Function<Context, String> builders;
    private final Chain chain;

    /**
     * {@code builders}: the address a request's gasless credentials (a builder or relayer API key) authenticate, checked
     * (401 when its headers are missing or wrong);
     * {@code chain}: where a deposit wallet's batches run.
     */
    public RelayerApi(Relayer relayer, Function<Context, String> builders, Chain chain) {
        this.relayer = relayer;
        this.builders = builders;
        this.chain = chain;
    }

    @Route("GET /v1/account/transactions/{id}")
    private void transaction(Context ctx) {
        ObjectNode t = relayer.transaction(ctx.pathParam("id"));
        if (t == null) throw Refusal.notFound("transaction " + ctx.pathParam("id") + " not found");
        Json.send(ctx, t);
    }

    @Route("GET /deployed")
    private void deployed(Context ctx) {
        String wallet = address(ctx.queryParam("address"), "address");
        Json.send(ctx, Json.object().put("deployed", relayer.deployed(wallet)));
    }

    @Route("POST /v1/session-signers/authorizations")
    private void authorize(Context ctx) {
        write(ctx, true);
    }

    @Route("POST /v1/session-signers/revocations")
    private void revoke(Context ctx) {
        write(ctx, false);
    }

    @Route("GET /v1/account/transactions/params")
    private void params(Context ctx) {
        String address = address(ctx.queryParam("address"), "address");
        String type = ctx.queryParam("type");
        if (!"WALLET".equals(type)) {
            throw Refusal.badRequest("invalid type " + (type == null ? "(none)" : "'" + type + "'")
                    + ": the sandbox's relayer relays deposit wallets' batches (type WALLET)");
        }
        String wallet = DepositWallet.of(address);
        Json.send(ctx, Json.object().put("address", Keys.toChecksumAddress(wallet)).put("nonce", relayer.nonce(wallet).toString()));
    }

    /**
     * {@code POST /submit}: a gasless transaction. The sandbox relays {@code WALLET-CREATE} (the owner's deposit wallet
     * deployed by the factory; anyone may pay for it, so it carries no signature), answering
     * {@code {transactionID, transactionHash, state}}; other types are refused with what it relays.
     */
    @Route("POST /submit")
    private void submit(Context ctx) {
        builders.apply(ctx);
        JsonNode body = Json.readOrNull(ctx.bodyAsBytes());
        if (body == null || !body.isObject()) throw Refusal.badRequest("the body must be a JSON object");
        String type = body.path("type").asText("");
        if (type.equals("WALLET")) {
            ObjectNode t = walletBatch(body);
            Json.send(ctx, t);
            return;
        }
        if (!type.equals("WALLET-CREATE")) {
            throw Refusal.badRequest("unsupported transaction type '" + type + "': the sandbox's relayer submits WALLET-CREATE (a deposit "
                    + "wallet's deployment) and WALLET (a deposit wallet's batch of calls); proxy and Safe wallets are not relayed");
        }
        String owner = address(text(body, "from"), "from");
        String to = address(text(body, "to"), "to");
        if (!to.equals(DepositWallet.FACTORY)) {
            throw Refusal.badRequest("to must be the deposit wallet factory " + Keys.toChecksumAddress(DepositWallet.FACTORY) + ", not " + to);
        }
        String wallet = DepositWallet.of(owner);
        Relayer.Transaction t;
        synchronized (relayer) {
            if (relayer.deployed(wallet)) throw Refusal.badRequest("deposit wallet " + Keys.toChecksumAddress(wallet) + " is already deployed");
            t = relayer.deploy(owner, body.path("metadata").asText(""));
        }
        Json.send(ctx, Json.object().put("transactionID", t.id()).put("transactionHash", t.hash()).put("state", "STATE_NEW"));
    }

    /**
     * A deposit wallet's batch ({@code depositWalletParams: {depositWallet, deadline, calls: [{target, value, data}]}},
     * {@code nonce}, {@code signature}, {@code from} the signer): signed by the owner or one of the wallet's listed
     * session signers (scope {@code ALL} or {@code CLOB}), at the wallet's next nonce, before its deadline; its calls
     * run on the chain as the wallet's own, all or none.
     */
    ObjectNode walletBatch(JsonNode body) {
        return walletBatch(body, calls -> calls);
    }

    /**
     * A deposit wallet's batch, checked as {@link #walletBatch(JsonNode)} does, running on the chain what {@code runs}
     * makes of its {@code {target, data}} calls (it may refuse them with a {@link Refusal}, before anything runs).
     */
    ObjectNode walletBatch(JsonNode body, java.util.function.UnaryOperator<List<String[]>> runs) {
        JsonNode p = body.path("depositWalletParams");
        if (!p.isObject()) throw Refusal.badRequest("depositWalletParams is required: {depositWallet, deadline, calls}");
        String wallet = address(text(p, "depositWallet"), "depositWalletParams.depositWallet");
        String from = address(text(body, "from"), "from");
        BigInteger nonce = uint(body, "nonce");
        BigInteger deadline = uint(p, "deadline");
        long now = relayer.now() / 1000;
        if (deadline.compareTo(BigInteger.valueOf(now)) <= 0) {
            throw Refusal.badRequest("deadline " + deadline + " has passed: unix seconds after now (" + now + ")");
        }
        JsonNode list = p.get("calls");
        if (list == null || !list.isArray() || list.isEmpty()) throw Refusal.badRequest("depositWalletParams.calls must be a non-empty array");
        List<DepositWallet.Call> calls = new ArrayList<>();
        List<String[]> run = new ArrayList<>();
        for (JsonNode c : list) {
            String target = address(c.path("target").asText(null), "calls[].target");
            BigInteger value = uint(c, "value");
            String data = c.path("data").asText("");
            if (!data.matches("0x([0-9a-fA-F]{2})*")) throw Refusal.badRequest("calls[].data must be 0x-prefixed hex bytes, not '" + data + "'");
            if (value.signum() != 0) throw Refusal.badRequest("calls[].value must be 0: the sandbox's chain moves no native token");
            calls.add(new DepositWallet.Call(target, value, Numeric.hexStringToByteArray(data)));
            run.add(new String[]{target, data});
        }
        synchronized (relayer) {
            String signer = signer(wallet, nonce, deadline, calls, text(body, "signature"));
            if (!signer.equals(from)) {
                throw Refusal.unauthorized("invalid signature: from is " + Keys.toChecksumAddress(from) + " but the batch is signed by "
                        + Keys.toChecksumAddress(signer));
            }
            if (!relayer.deployed(wallet)) {
                throw Refusal.badRequest("deposit wallet " + Keys.toChecksumAddress(wallet) + " is not deployed: submit its WALLET-CREATE first");
            }
            BigInteger expected = relayer.nonce(wallet);
            if (!expected.equals(nonce)) throw Refusal.badRequest("batch nonce " + nonce + " does not match on-chain nonce " + expected);
            Relayer.Transaction t;
            try {
                List<String[]> effects = runs.apply(run);
                t = relayer.batch(wallet, signer, body.path("metadata").asText(""), hash -> chain.relayed(wallet, effects, hash));
            } catch (Chain.Revert r) {
                throw Refusal.badRequest("the batch would revert: execution reverted: " + r.getMessage());
            }
            return Json.object().put("transactionID", t.id()).put("transactionHash", t.hash()).put("state", "STATE_NEW");
        }
    }

    /**
     * Who signed a batch of {@code wallet}'s: its owner (a plain signature), or one of its listed session signers whose
     * scopes allow trading (the wrapped form: {@code abi.encode(bytes32 signer, bytes32 0, bytes signature)} and the
     * magic suffix). A revoked, expired or unknown session signer is refused.
     */
    private String signer(String wallet, BigInteger nonce, BigInteger deadline, List<DepositWallet.Call> calls, String signature) {
        String sig = Numeric.cleanHexPrefix(signature).toLowerCase(Locale.ROOT);
        if (!sig.endsWith(SESSION_MAGIC)) return owner(wallet, nonce, deadline, calls, signature);
        String body = sig.substring(0, sig.length() - SESSION_MAGIC.length());
        if (body.length() < 256 + 130) throw Refusal.unauthorized("invalid signature: a wrapped session signature is too short");
        String session = "0x" + body.substring(24, 64);
        String inner = "0x" + body.substring(256, 256 + 130);
        String recovered = DepositWallet.signer(DepositWallet.batchDigest(wallet, nonce, deadline, calls), inner);
        if (recovered == null || !recovered.equals(session)) {
            throw Refusal.unauthorized("invalid signature: the wrapped signature is not session signer " + Keys.toChecksumAddress(session) + "'s");
        }
        Relayer.Grant g = relayer.grant(wallet, session);
        boolean listed = relayer.signers(wallet).stream().anyMatch(x -> x.signer().equalsIgnoreCase(session));
        if (!listed) {
            throw Refusal.unauthorized("session signer " + Keys.toChecksumAddress(session) + " may not sign for deposit wallet "
                    + Keys.toChecksumAddress(wallet) + ": " + (g == null ? "it was never authorised" : g.revoked() ? "it was revoked"
                    : g.validUntil() <= relayer.now() / 1000 ? "it expired" : "its authorisation is not confirmed yet"));
        }
        if (!g.scopes().contains("ALL") && !g.scopes().contains("CLOB")) {
            throw Refusal.unauthorized("session signer " + Keys.toChecksumAddress(session) + " has scopes " + g.scopes()
                    + ": relaying a batch needs ALL or CLOB");
        }
        return session;
    }

    /** An authorization ({@code grant}) or a revocation: every check, then the effect, then the remembered answer. */
    private void write(Context ctx, boolean grant) {
        builders.apply(ctx);
        String idempotency = ctx.header("Idempotency-Key");
        if (idempotency == null || idempotency.isBlank()) {
            throw Refusal.badRequest("the Idempotency-Key header is required (any non-empty string, reused on retries)");
        }
        JsonNode body = Json.readOrNull(ctx.bodyAsBytes());
        if (body == null || !body.isObject()) throw Refusal.badRequest("the body must be a JSON object");
        String request = ctx.path() + " " + body;
        synchronized (relayer) {
            Relayer.Answered before = relayer.answered(idempotency.trim());
            if (before != null) {
                if (!before.request().equals(request)) {
                    throw new Refusal(409, "Idempotency-Key '" + idempotency.trim() + "' was used for a different request");
                }
                Json.send(ctx, before.answer());
                return;
            }
            String wallet = address(text(body, "walletAddress"), "walletAddress");
            String signer = address(text(body, "sessionSignerAddress"), "sessionSignerAddress");
            if (new BigInteger(signer.substring(2), 16).signum() == 0) throw Refusal.badRequest("sessionSignerAddress must not be the zero address");
            List<String> scopes = grant ? scopes(body.get("scopes")) : List.of();
            long now = relayer.now() / 1000;
            BigInteger validUntil = grant ? uint(body, "validUntil") : BigInteger.ZERO;
            if (grant && validUntil.compareTo(BigInteger.valueOf(now)) <= 0) {
                throw Refusal.badRequest("validUntil " + validUntil + " has passed: unix seconds after now (" + now + ")");
            }
            BigInteger nonce = uint(body, "nonce");
            BigInteger deadline = uint(body, "deadline");
            if (deadline.compareTo(BigInteger.valueOf(now)) <= 0) {
                throw Refusal.badRequest("deadline " + deadline + " has passed: unix seconds after now (" + now + ")");
            }
            String data = grant
                    ? FunctionEncoder.encode(new org.web3j.abi.datatypes.Function("authorizeSessionSigner", List.of(new Address(signer), new Uint256(validUntil)), List.of()))
                    : FunctionEncoder.encode(new org.web3j.abi.datatypes.Function("revokeSessionSigner", List.of(new Address(signer)), List.of()));
            DepositWallet.Call call = new DepositWallet.Call(wallet, BigInteger.ZERO, Numeric.hexStringToByteArray(data));
            String owner = owner(wallet, nonce, deadline, List.of(call), text(body, "signature"));
            if (!relayer.deployed(wallet)) {
                throw Refusal.badRequest("deposit wallet " + Keys.toChecksumAddress(wallet) + " is not deployed: submit its WALLET-CREATE first");
            }
            BigInteger expected = relayer.nonce(wallet);
            if (!expected.equals(nonce)) {
                throw Refusal.badRequest("batch nonce " + nonce + " does not match on-chain nonce " + expected);
            }
            Relayer.Grant existing = relayer.grant(wallet, signer);
            if (!grant && (existing == null || existing.revoked())) {
                throw Refusal.badRequest("session signer " + Keys.toChecksumAddress(signer) + " is not authorised for deposit wallet "
                        + Keys.toChecksumAddress(wallet) + (existing == null ? "" : " (it was revoked)"));
            }
            Relayer.Transaction t = relayer.relay(wallet, owner, grant ? "authorize session signer" : "revoke session signer", signer,
                    scopes, validUntil.longValueExact(), !grant);
            ObjectNode answer = Json.object();
            if (grant) {
                answer.put("status", "SUBMITTED").put("transactionHash", t.hash()).put("transactionId", t.id());
            } else {
                answer.put("status", "PENDING").put("fenced", true).put("transactionId", t.id());
            }
            relayer.remember(idempotency.trim(), request, answer);
            Json.send(ctx, answer);
        }
    }

    /**
     * The owner who signed the one-call batch, checked: the signature recovers, is the owner's own (a session signer's
     * wrapped signature manages no signers), and the wallet is that owner's deposit wallet.
     */
    private String owner(String wallet, BigInteger nonce, BigInteger deadline, List<DepositWallet.Call> calls, String signature) {
        String sig = signature.toLowerCase(Locale.ROOT);
        if (sig.endsWith(SESSION_MAGIC)) {
            String session = sig.length() >= 2 + 64 ? "0x" + sig.substring(2 + 24, 2 + 64) : "?";
            Relayer.Grant g = session.length() == 42 ? relayer.grant(wallet, session) : null;
            throw Refusal.unauthorized("session signers are managed by the deposit wallet's owner: the signature is session signer "
                    + session + "'s" + (g != null && g.revoked() ? ", which was revoked" : ""));
        }
        byte[] digest = DepositWallet.batchDigest(wallet, nonce, deadline, calls);
        String owner = DepositWallet.signer(digest, signature);
        if (owner == null) throw Refusal.unauthorized("invalid signature: a 65-byte signature of the batch by the deposit wallet's owner");
        String ownWallet = DepositWallet.of(owner);
        if (!ownWallet.equalsIgnoreCase(wallet)) {
            throw Refusal.unauthorized("invalid signature: signed by " + Keys.toChecksumAddress(owner) + ", whose deposit wallet is "
                    + Keys.toChecksumAddress(ownWallet) + ", not " + Keys.toChecksumAddress(wallet));
        }
        return owner;
    }

    private static List<String> scopes(JsonNode node) {
        if (node == null || !node.isArray() || node.isEmpty()) {
            throw Refusal.badRequest("scopes must be a non-empty array of ALL, CLOB or COMBOSRFQ");
        }
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode s : (ArrayNode) node) {
            if (!s.isTextual() || !SCOPES.contains(s.asText())) {
                throw Refusal.badRequest("unknown scope " + s + ": ALL, CLOB or COMBOSRFQ");
            }
            out.add(s.asText());
        }
        if (out.contains("ALL") && out.size() > 1) throw Refusal.badRequest("scope ALL cannot be combined with another scope");
        return new ArrayList<>(out);
    }

    private static String text(JsonNode body, String field) {
        JsonNode n = body.get(field);
        if (n == null || !n.isTextual()) throw Refusal.badRequest(field + " is required (a string)");
        return n.asText();
    }

    private static BigInteger uint(JsonNode body, String field) {
        JsonNode n = body.get(field);
        String s = n == null ? null : n.isTextual() ? n.asText() : n.isIntegralNumber() ? n.asText() : null;
        if (s == null || !s.matches("[0-9]{1,30}")) {
            throw Refusal.badRequest(field + " must be an unsigned integer (decimal digits), not " + (n == null ? "missing" : n.toString()));
        }
        return new BigInteger(s);
    }

    /** The address a JSON body names in {@code field}, lower-cased; a missing or malformed one refused 400. */
    static String bodyAddress(Context ctx, String field) {
        JsonNode body = Json.readOrNull(ctx.bodyAsBytes());
        return address(body == null ? null : body.path(field).asText(null), field);
    }

    private static String address(String value, String field) {
        if (value == null || !value.matches("0x[0-9a-fA-F]{40}")) {
            throw Refusal.badRequest(field + " must be an address (0x and 40 hex digits), not " + (value == null ? "missing" : "'" + value + "'"));
        }
        return value.toLowerCase(Locale.ROOT);
    }
}
