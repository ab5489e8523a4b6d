package org.marketlab.sandbox.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.contracts.Contracts;
import org.marketlab.sandbox.contracts.DepositWallet;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Keys;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.Sign;
import org.web3j.crypto.StructuredDataEncoder;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.Creds;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.address;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.builderHeaders;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.l1;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.now;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.ok;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.signed;

/**
 * The relayer and the collateral-return gateway against the real server on loopback, with batches signed here by
 * web3j's own EIP-712 encoder (not the sandbox's): deposit wallets deployed, session signers authorised, listed on the
 * order book and revoked, batches run on the chain as the wallet's own calls, collateral returned by plan. Every
 * refusal (a wrong signer, a signature over other values, a stale nonce, a revoked session key, a changed wallet, bad
 * input) leaves the wallet's nonce, signers and balances as they were.
 */
class RelayerWireTest {

    private static Sandbox sandbox;
    private static Http chain;
    private static Http clob;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(7).now(DataApiWireTest.NOW).build().enforceLimits(false);
        Map<String, java.net.URI> u = sandbox.start();
        chain = new Http(u.get("chain"));
        clob = new Http(u.get("clob"));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    /** An owner with order-book credentials and a builder key. */
    private record Owner(ECKeyPair key, String address, String wallet, Creds creds, Creds builder) {
    }

    private static Owner owner() throws Exception {
        ECKeyPair k = Keys.createEcKeyPair();
        String a = address(k);
        Creds c = Creds.of(ok(clob.send("POST", "/auth/api-key", null, l1(k, now(), 0))));
        JsonNode b = ok(signed(clob, "POST", "/auth/builder-api-key", null, a, c));
        String wallet = ok(chain.get("/v1/account/transactions/params?address=" + a + "&type=WALLET")).get("address").asText();
        return new Owner(k, a, wallet, c, new Creds(b.get("key").asText(), b.get("secret").asText(), b.get("passphrase").asText()));
    }

    /** The owner's deposit wallet deployed through the relayer ({@code WALLET-CREATE}), confirmed. */
    private static Owner deployed() throws Exception {
        Owner o = owner();
        JsonNode t = ok(write(o, "/submit", create(o), null));
        assertEquals("STATE_CONFIRMED", last(confirm(t.get("transactionID").asText())));
        return o;
    }

    private static String create(Owner o) {
        return "{\"type\":\"WALLET-CREATE\",\"from\":\"" + o.address() + "\",\"to\":\"" + DepositWallet.FACTORY + "\",\"metadata\":\"\"}";
    }

    @Test
    void aDepositWalletIsDeployedOnceAndOnlyThenManagesSigners() throws Exception {
        Owner o = owner();
        String session = address(Keys.createEcKeyPair());
        assertEquals("{\"deployed\":false}", ok(chain.get("/deployed?address=" + o.wallet() + "&type=WALLET")).toString());
        refused(write(o, "/v1/session-signers/authorizations", authorization(o, o.key(), session, List.of("CLOB"), now() + 60, 0), "early"), 400,
                "deposit wallet " + o.wallet() + " is not deployed: submit its WALLET-CREATE first");
        refused(write(o, "/submit", create(o).replace("WALLET-CREATE", "SAFE"), null), 400, "unsupported transaction type 'SAFE': the sandbox's "
                + "relayer submits WALLET-CREATE (a deposit wallet's deployment) and WALLET (a deposit wallet's batch of calls); proxy and Safe "
                + "wallets are not relayed");
        JsonNode t = ok(write(o, "/submit", create(o), null));
        assertEquals("STATE_NEW", t.get("state").asText());
        List<String> states = confirm(t.get("transactionID").asText());
        assertEquals("STATE_CONFIRMED", last(states), states.toString());
        JsonNode polled = ok(chain.get("/v1/account/transactions/" + t.get("transactionID").asText()));
        assertEquals("WALLET-CREATE", polled.get("type").asText());
        assertEquals(o.wallet(), polled.get("proxy_address").asText());
        assertEquals("{\"deployed\":true}", ok(chain.get("/deployed?address=" + o.wallet() + "&type=WALLET")).toString());
        refused(write(o, "/submit", create(o), null), 400, "deposit wallet " + o.wallet() + " is already deployed");
        assertEquals(401, chain.send("POST", "/submit", create(o), Map.of()).status());
    }

    @Test
    void aRelayerApiKeyAuthenticatesGaslessWritesForItsOwnerOnly() throws Exception {
        Owner o = owner();
        String key = ok(chain.send("POST", "/__sandbox/relayer-api-keys", "{\"address\":\"" + o.address() + "\"}", Map.of())).get("apiKey").asText();
        Map<String, String> good = Map.of("RELAYER_API_KEY", key, "RELAYER_API_KEY_ADDRESS", o.address());
        String stranger = address(Keys.createEcKeyPair());
        String unknown = java.util.UUID.randomUUID().toString();
        // An unknown key, the owner's key under another address, and half the headers: 401, the key never echoed, nothing deployed.
        for (Map<String, String> bad : List.of(Map.of("RELAYER_API_KEY", unknown, "RELAYER_API_KEY_ADDRESS", o.address()),
                Map.of("RELAYER_API_KEY", key, "RELAYER_API_KEY_ADDRESS", stranger), Map.of("RELAYER_API_KEY", key))) {
            Http.Answer a = chain.send("POST", "/submit", create(o), bad);
            assertEquals(401, a.status(), a.text());
            assertTrue(!a.text().contains(key) && !a.text().contains(unknown), a.text());
        }
        assertEquals("{\"deployed\":false}", ok(chain.get("/deployed?address=" + o.wallet() + "&type=WALLET")).toString());
        // The owner's key: the deployment is relayed and confirms; the key is listed for its owner, as the live service lists them.
        JsonNode t = ok(chain.send("POST", "/submit", create(o), good));
        assertEquals("STATE_CONFIRMED", last(confirm(t.get("transactionID").asText())));
        assertEquals("{\"deployed\":true}", ok(chain.get("/deployed?address=" + o.wallet() + "&type=WALLET")).toString());
        JsonNode keys = ok(chain.send("GET", "/relayer/api/keys", null, good));
        assertEquals(1, keys.size(), keys.toString());
        assertEquals(key, keys.get(0).get("apiKey").asText());
        assertEquals(o.address().toLowerCase(), keys.get(0).get("address").asText());
        assertEquals(401, chain.send("GET", "/relayer/api/keys", null, Map.of()).status());
        assertEquals(400, chain.send("POST", "/__sandbox/relayer-api-keys", "{\"address\":\"nope\"}", Map.of()).status());
    }

    @Test
    void theDepositWalletIsTheFactorysAddressForItsOwner() {
        // The address the official polymarket-client 0.14.0 derives for this owner (derive_beacon_deposit_wallet_address).
        assertEquals("0x8154dedbdaaa46c07453e47b5b6c0ff60b8542b9", DepositWallet.of("0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A"));
        JsonNode p = ok(chain.get("/v1/account/transactions/params?address=0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A&type=WALLET"));
        assertEquals("0x8154deDBDAAA46c07453E47b5b6C0Ff60B8542b9", p.get("address").asText());
        assertEquals("0", p.get("nonce").asText());
        assertEquals(400, chain.get("/v1/account/transactions/params?address=0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A&type=SAFE").status());
        assertEquals(400, chain.get("/v1/account/transactions/params?address=nope&type=WALLET").status());
        assertEquals(404, chain.get("/v1/account/transactions/no-such-id").status());
    }

    @Test
    void authoriseListReplayAndRevoke() throws Exception {
        Owner o = deployed();
        ECKeyPair sessionKey = Keys.createEcKeyPair();
        String session = address(sessionKey);
        JsonNode none = ok(signed(clob, "GET", "/v1/user/session-signers", null, o.address(), o.creds()));
        assertEquals(o.wallet(), none.get("wallet").asText());
        assertEquals(0, none.get("signers").size());

        long validUntil = now() + 86_400;
        String body = authorization(o, o.key(), session, List.of("CLOB"), validUntil, 0);
        JsonNode answer = ok(write(o, "/v1/session-signers/authorizations", body, "grant-1"));
        assertEquals("SUBMITTED", answer.get("status").asText());
        assertTrue(answer.get("transactionHash").asText().matches("0x[0-9a-f]{64}"), answer.toString());
        String id = answer.get("transactionId").asText();
        List<String> states = confirm(id);
        assertEquals("STATE_CONFIRMED", states.get(states.size() - 1), states.toString());
        assertEquals(answer.get("transactionHash").asText(), ok(chain.get("/v1/account/transactions/" + id)).get("transaction_hash").asText());

        JsonNode listed = ok(signed(clob, "GET", "/v1/user/session-signers", null, o.address(), o.creds())).get("signers");
        assertEquals(1, listed.size(), listed.toString());
        assertEquals(session, listed.get(0).get("address").asText());
        assertEquals("[\"CLOB\"]", listed.get(0).get("scopes").toString());
        assertEquals(validUntil, listed.get(0).get("valid_until").asLong());
        assertEquals("1", nonce(o));

        // The same key and body: the same answer and no second effect; the same key with another body: 409.
        assertEquals(answer, ok(write(o, "/v1/session-signers/authorizations", body, "grant-1")));
        assertEquals("1", nonce(o));
        refused(write(o, "/v1/session-signers/authorizations", authorization(o, o.key(), session, List.of("ALL"), validUntil, 1), "grant-1"),
                409, "Idempotency-Key 'grant-1' was used for a different request");

        // Revoked: unlisted at once (fenced), its transaction confirms; revoking again and its own signature are refused.
        JsonNode revoked = ok(write(o, "/v1/session-signers/revocations", revocation(o, o.key(), session, 1), "revoke-1"));
        assertEquals("PENDING", revoked.get("status").asText());
        assertTrue(revoked.get("fenced").asBoolean());
        assertEquals(0, ok(signed(clob, "GET", "/v1/user/session-signers", null, o.address(), o.creds())).get("signers").size());
        assertEquals("STATE_CONFIRMED", last(confirm(revoked.get("transactionId").asText())));
        refused(write(o, "/v1/session-signers/revocations", revocation(o, o.key(), session, 2), "revoke-2"), 400,
                "session signer " + session + " is not authorised for deposit wallet " + o.wallet() + " (it was revoked)");
        ObjectNode bySession = (ObjectNode) Http.JSON.readTree(authorization(o, sessionKey, address(Keys.createEcKeyPair()), List.of("CLOB"), validUntil, 2));
        bySession.put("signature", wrapped(session, bySession.get("signature").asText()));
        refused(write(o, "/v1/session-signers/authorizations", bySession.toString(), "grant-by-session"), 401,
                "session signers are managed by the deposit wallet's owner: the signature is session signer " + session.toLowerCase() + "'s, which was revoked");
        assertEquals("2", nonce(o));
    }

    @Test
    void everyRefusalLeavesTheWalletAsItWas() throws Exception {
        Owner o = deployed();
        String session = address(Keys.createEcKeyPair());
        long validUntil = now() + 3_600;
        // Signed by someone else: the signature recovers to a key whose deposit wallet is another.
        ECKeyPair stranger = Keys.createEcKeyPair();
        Http.Answer a = write(o, "/v1/session-signers/authorizations", authorization(o, stranger, session, List.of("CLOB"), validUntil, 0), "k1");
        assertEquals(401, a.status(), a.text());
        assertTrue(a.body().get("error").asText().startsWith("invalid signature: signed by " + address(stranger)), a.text());
        // The owner's signature over another expiry than the body's.
        ObjectNode moved = (ObjectNode) Http.JSON.readTree(authorization(o, o.key(), session, List.of("CLOB"), validUntil, 0));
        moved.put("validUntil", Long.toString(validUntil + 1));
        assertEquals(401, write(o, "/v1/session-signers/authorizations", moved.toString(), "k2").status());
        // A nonce ahead of the wallet's, the form the official client reads.
        refused(write(o, "/v1/session-signers/authorizations", authorization(o, o.key(), session, List.of("CLOB"), validUntil, 5), "k3"), 400,
                "batch nonce 5 does not match on-chain nonce 0");
        refused(write(o, "/v1/session-signers/authorizations", authorization(o, o.key(), session, List.of("ALL", "CLOB"), validUntil, 0), "k4"), 400,
                "scope ALL cannot be combined with another scope");
        long past = now() - 10;
        Http.Answer expired = write(o, "/v1/session-signers/authorizations", authorization(o, o.key(), session, List.of("CLOB"), past, 0), "k5");
        assertEquals(400, expired.status(), expired.text());
        assertTrue(expired.body().get("error").asText().startsWith("validUntil " + past + " has passed: unix seconds after now"), expired.text());
        refused(write(o, "/v1/session-signers/revocations", revocation(o, o.key(), session, 0), "k6"), 400,
                "session signer " + session + " is not authorised for deposit wallet " + o.wallet());
        String good = authorization(o, o.key(), session, List.of("CLOB"), validUntil, 0);
        refused(write(o, "/v1/session-signers/authorizations", good, " "), 400,
                "the Idempotency-Key header is required (any non-empty string, reused on retries)");
        Http.Answer noBuilder = chain.send("POST", "/v1/session-signers/authorizations", good, Map.of("Idempotency-Key", "k7"));
        assertEquals(401, noBuilder.status(), noBuilder.text());
        assertEquals("0", nonce(o));
        assertEquals(0, ok(signed(clob, "GET", "/v1/user/session-signers", null, o.address(), o.creds())).get("signers").size());
        // Then the same body, properly sent, is accepted.
        assertEquals("SUBMITTED", ok(write(o, "/v1/session-signers/authorizations", good, "k8")).get("status").asText());
        assertEquals("1", nonce(o));
    }

    @Test
    void aBatchRunsAsTheWalletsOwnCallsSignedByItsOwnerOrAListedSessionSigner() throws Exception {
        Owner o = deployed();
        ECKeyPair sessionKey = Keys.createEcKeyPair();
        String session = address(sessionKey);
        // The owner approves the exchange for 5 USDC: the wallet's own allowance on the chain.
        JsonNode t = ok(write(o, "/submit", batch(o, o.key(), approve(5_000_000), 0), null));
        assertEquals("STATE_CONFIRMED", last(confirm(t.get("transactionID").asText())));
        assertEquals(BigInteger.valueOf(5_000_000), allowance(o.wallet()));
        assertEquals("1", nonce(o));
        // A session signer not (yet) authorised is refused; once listed it signs; once revoked it is refused again.
        refused(write(o, "/submit", batch(o, sessionKey, approve(6_000_000), 1), null), 401,
                "session signer " + session + " may not sign for deposit wallet " + o.wallet() + ": it was never authorised");
        JsonNode granted = ok(write(o, "/v1/session-signers/authorizations", authorization(o, o.key(), session, List.of("CLOB"), now() + 600, 1), "g"));
        confirm(granted.get("transactionId").asText());
        ok(write(o, "/submit", batch(o, sessionKey, approve(7_000_000), 2), null));
        assertEquals(BigInteger.valueOf(7_000_000), allowance(o.wallet()));
        ok(write(o, "/v1/session-signers/revocations", revocation(o, o.key(), session, 3), "r"));
        refused(write(o, "/submit", batch(o, sessionKey, approve(8_000_000), 4), null), 401,
                "session signer " + session + " may not sign for deposit wallet " + o.wallet() + ": it was revoked");
        // A call that would revert refuses the batch before anything runs; a batch at a used nonce is refused.
        String transfer = FunctionEncoder.encode(new Function("transfer", List.of(new Address(o.address()), new Uint256(BigInteger.ONE)), List.of()));
        refused(write(o, "/submit", batch(o, o.key(), new String[]{Contracts.COLLATERAL, transfer}, 4), null), 400,
                "the batch would revert: execution reverted: ERC20: transfer amount exceeds balance");
        refused(write(o, "/submit", batch(o, o.key(), approve(9_000_000), 3), null), 400, "batch nonce 3 does not match on-chain nonce 4");
        assertEquals(BigInteger.valueOf(7_000_000), allowance(o.wallet()));
        assertEquals("4", nonce(o));
    }

    @Test
    void collateralReturnPlansFromTheWalletsBalancesAndReturnsThem() throws Exception {
        Owner o = deployed();
        // Demo wallet 2 sends the deposit wallet 3 USDC; the wallet approves the adapter and splits 2 USDC of an open market.
        ECKeyPair rich = ClobAccountsWireTest.demo(2);
        String transfer = FunctionEncoder.encode(new Function("transfer", List.of(new Address(o.wallet()), new Uint256(3_000_000)), List.of()));
        String from = address(rich);
        long txNonce = Numeric.toBigInt(rpc("eth_getTransactionCount", "\"" + from + "\", \"pending\"").asText()).longValueExact();
        RawTransaction tx = RawTransaction.createTransaction(BigInteger.valueOf(txNonce), BigInteger.valueOf(30_000_000_000L), BigInteger.valueOf(400_000),
                Contracts.COLLATERAL, BigInteger.ZERO, transfer);
        rpc("eth_sendRawTransaction", "\"" + Numeric.toHexString(TransactionEncoder.signMessage(tx, 137, Credentials.create(rich))) + "\"");
        String condition = openBinaryCondition();
        ok(write(o, "/submit", batch(o, o.key(), new String[]{Contracts.COLLATERAL, FunctionEncoder.encode(new Function("approve",
                List.of(new Address(Contracts.COLLATERAL_ADAPTER), new Uint256(10_000_000)), List.of()))}, 0), null));
        ok(write(o, "/submit", batch(o, o.key(), split(condition, 2_000_000), 1), null));

        JsonNode plan = plan(o.wallet());
        assertEquals("1", plan.get("starting_pusd").asText(), plan.toString());
        assertEquals("2", plan.get("net_pusd_out").asText());
        assertEquals("3", plan.get("final_pusd").asText());
        assertEquals(1, plan.get("operations").size());
        assertEquals("merge", plan.get("operations").get(0).get("kind").asText());
        assertEquals("2000000", plan.get("operations").get(0).get("amount").asText());
        assertEquals(2, plan.get("required_positions").size());
        assertEquals(Contracts.PROTOCOL_V2_ROUTER, plan.get("router_call").get("to").asText().toLowerCase());

        // Refused before anything moves: an unknown plan, another call than the router's, a stranger's signature.
        String router = plan.get("router_call").get("data").asText();
        refused(submitPlan(o, "0x" + "ab".repeat(32), batch(o, o.key(), new String[]{Contracts.PROTOCOL_V2_ROUTER, router}, 2)), 404,
                "unknown plan_hash \"0x" + "ab".repeat(32) + "\": request a plan first");
        refused(submitPlan(o, plan.get("plan_hash").asText(), batch(o, o.key(), approve(1), 2)), 400,
                "the envelope's calls must be the plan's router call, exactly as planned");
        assertEquals(401, submitPlan(o, plan.get("plan_hash").asText(), batch(o, Keys.createEcKeyPair(),
                new String[]{Contracts.PROTOCOL_V2_ROUTER, router}, 2)).status());
        // The wallet changes (half a set more): the old plan no longer matches.
        ok(write(o, "/submit", batch(o, o.key(), split(condition, 500_000), 2), null));
        refused(submitPlan(o, plan.get("plan_hash").asText(), batch(o, o.key(), new String[]{Contracts.PROTOCOL_V2_ROUTER, router}, 3)), 409,
                "the plan no longer matches the wallet's positions: request a new plan");
        assertEquals("0.5", plan(o.wallet()).get("starting_pusd").asText());

        // A fresh plan, executed: the sets merge back; the transaction confirms; nothing is left to return.
        JsonNode fresh = plan(o.wallet());
        assertEquals("2500000", fresh.get("operations").get(0).get("amount").asText());
        JsonNode done = ok(submitPlan(o, fresh.get("plan_hash").asText(),
                batch(o, o.key(), new String[]{Contracts.PROTOCOL_V2_ROUTER, fresh.get("router_call").get("data").asText()}, 3)));
        assertEquals("STATE_CONFIRMED", last(confirm(done.get("transactionID").asText())));
        JsonNode after = plan(o.wallet());
        assertEquals("3", after.get("starting_pusd").asText(), after.toString());
        assertEquals(0, after.get("operations").size());
        refused(submitPlan(o, after.get("plan_hash").asText(),
                        batch(o, o.key(), new String[]{Contracts.PROTOCOL_V2_ROUTER, after.get("router_call").get("data").asText()}, 4)), 400,
                "the plan returns nothing: the wallet holds no full set and no resolved position");
    }

    private static JsonNode plan(String wallet) {
        return ok(chain.send("POST", "/v1/collateral-return/plan", "{\"wallet\":\"" + wallet + "\"}", Map.of("Content-Type", "application/json")));
    }

    private static Http.Answer submitPlan(Owner o, String hash, String envelope) throws Exception {
        return write(o, "/v1/collateral-return/submit", "{\"plan_hash\":\"" + hash + "\",\"envelope\":" + envelope + "}", null);
    }

    private static String[] split(String condition, long amount) {
        return new String[]{Contracts.COLLATERAL_ADAPTER, FunctionEncoder.encode(new Function("splitPosition", List.of(new Address(Contracts.COLLATERAL),
                new Bytes32(new byte[32]), new Bytes32(Numeric.hexStringToByteArray(condition)),
                new DynamicArray<>(Uint256.class, new Uint256(1), new Uint256(2)), new Uint256(amount)), List.of()))};
    }

    /** An open binary market of the order book's first page (not neg-risk, taking orders). */
    private static String openBinaryCondition() {
        for (JsonNode m : ok(clob.get("/markets?next_cursor=MA==")).get("data")) {
            if (!m.path("neg_risk").asBoolean() && !m.path("closed").asBoolean() && m.path("accepting_orders").asBoolean()) {
                return m.get("condition_id").asText();
            }
        }
        throw new AssertionError("no open binary market on the first page");
    }

    private static JsonNode rpc(String method, String params) {
        JsonNode r = ok(chain.send("POST", "/", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"" + method + "\",\"params\":[" + params + "]}",
                Map.of("Content-Type", "application/json")));
        assertTrue(r.has("result"), r.toString());
        return r.get("result");
    }

    private static String[] approve(long amount) {
        return new String[]{Contracts.COLLATERAL, FunctionEncoder.encode(new Function("approve",
                List.of(new Address(Contracts.EXCHANGE), new Uint256(BigInteger.valueOf(amount))), List.of()))};
    }

    private static BigInteger allowance(String wallet) {
        String data = FunctionEncoder.encode(new Function("allowance", List.of(new Address(wallet), new Address(Contracts.EXCHANGE)), List.of()));
        return Numeric.toBigInt(rpc("eth_call", "{\"to\":\"" + Contracts.COLLATERAL + "\",\"data\":\"" + data + "\"},\"latest\"").asText());
    }

    /** A /submit WALLET envelope of one call, signed by the owner, or by a session signer in the wrapped form. */
    private static String batch(Owner o, ECKeyPair signer, String[] call, long nonce) throws Exception {
        long deadline = now() + 600;
        String sig = sign(signer, o.wallet(), nonce, deadline, call[0], call[1]);
        String from = address(signer);
        if (!from.equalsIgnoreCase(o.address())) sig = wrapped(from, sig);
        ObjectNode b = Http.JSON.createObjectNode();
        b.put("type", "WALLET").put("from", from).put("to", DepositWallet.FACTORY).put("nonce", Long.toString(nonce))
                .put("signature", sig).put("metadata", "");
        ObjectNode p = b.putObject("depositWalletParams").put("depositWallet", o.wallet()).put("deadline", Long.toString(deadline));
        p.putArray("calls").addObject().put("target", call[0]).put("value", "0").put("data", call[1]);
        return b.toString();
    }

    // ---- signing, as the relayer's clients sign ---------------------------------------------------------------------

    private static String authorization(Owner o, ECKeyPair signer, String session, List<String> scopes, long validUntil, long nonce) throws Exception {
        String data = FunctionEncoder.encode(new Function("authorizeSessionSigner",
                List.of(new Address(session), new Uint256(BigInteger.valueOf(validUntil))), List.of()));
        long deadline = now() + 600;
        ObjectNode b = Http.JSON.createObjectNode();
        b.put("deadline", Long.toString(deadline)).put("nonce", Long.toString(nonce));
        scopes.forEach(b.putArray("scopes")::add);
        b.put("sessionSignerAddress", session).put("signature", sign(signer, o.wallet(), nonce, deadline, data))
                .put("validUntil", Long.toString(validUntil)).put("walletAddress", o.wallet());
        return b.toString();
    }

    private static String revocation(Owner o, ECKeyPair signer, String session, long nonce) throws Exception {
        String data = FunctionEncoder.encode(new Function("revokeSessionSigner", List.of(new Address(session)), List.of()));
        long deadline = now() + 600;
        ObjectNode b = Http.JSON.createObjectNode();
        b.put("deadline", Long.toString(deadline)).put("nonce", Long.toString(nonce)).put("sessionSignerAddress", session)
                .put("signature", sign(signer, o.wallet(), nonce, deadline, data)).put("walletAddress", o.wallet());
        return b.toString();
    }

    /** The batch {@code [{target: wallet, value: 0, data}]} signed in the wallet's EIP-712 domain, by web3j's encoder. */
    private static String sign(ECKeyPair key, String wallet, long nonce, long deadline, String data) throws Exception {
        return sign(key, wallet, nonce, deadline, wallet, data);
    }

    /** The batch {@code [{target, value: 0, data}]}, signed likewise. */
    private static String sign(ECKeyPair key, String wallet, long nonce, long deadline, String target, String data) throws Exception {
        String json = """
                {"types": {"EIP712Domain": [{"name": "name", "type": "string"}, {"name": "version", "type": "string"},
                  {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}],
                 "Batch": [{"name": "wallet", "type": "address"}, {"name": "nonce", "type": "uint256"},
                  {"name": "deadline", "type": "uint256"}, {"name": "calls", "type": "Call[]"}],
                 "Call": [{"name": "target", "type": "address"}, {"name": "value", "type": "uint256"}, {"name": "data", "type": "bytes"}]},
                 "primaryType": "Batch",
                 "domain": {"name": "DepositWallet", "version": "1", "chainId": 137, "verifyingContract": "%1$s"},
                 "message": {"wallet": "%1$s", "nonce": %2$d, "deadline": %3$d, "calls": [{"target": "%5$s", "value": 0, "data": "%4$s"}]}}
                """.formatted(wallet, nonce, deadline, data, target);
        byte[] digest = new StructuredDataEncoder(json).hashStructuredData();
        Sign.SignatureData s = Sign.signMessage(digest, key, false);
        byte[] sig = new byte[65];
        System.arraycopy(s.getR(), 0, sig, 0, 32);
        System.arraycopy(s.getS(), 0, sig, 32, 32);
        sig[64] = s.getV()[0];
        return Numeric.toHexString(sig);
    }

    /** A session signer's signature as the wallet reads it: abi.encode(bytes32 signer, bytes32 0, bytes sig) and the magic suffix. */
    private static String wrapped(String session, String signature) {
        String sig = Numeric.cleanHexPrefix(signature);
        String len = String.format("%064x", sig.length() / 2);
        String padded = sig + "0".repeat((64 - sig.length() % 64) % 64);
        return "0x" + "0".repeat(24) + Numeric.cleanHexPrefix(session).toLowerCase() + "0".repeat(64) + String.format("%064x", 96) + len + padded
                + "6492".repeat(16);
    }

    private static Http.Answer write(Owner o, String path, String body, String idempotency) throws Exception {
        Map<String, String> h = new LinkedHashMap<>(builderHeaders(o.builder(), "POST", path, body, now()));
        if (idempotency != null) h.put("Idempotency-Key", idempotency);
        h.put("Content-Type", "application/json");
        return chain.send("POST", path, body, h);
    }

    private static void refused(Http.Answer a, int status, String message) {
        assertEquals(status, a.status(), a.text());
        assertEquals(message, a.body().get("error").asText());
    }

    private static String nonce(Owner o) {
        return ok(chain.get("/v1/account/transactions/params?address=" + o.address() + "&type=WALLET")).get("nonce").asText();
    }

    /** The states a poll reads every 30 ms until the transaction is final (at most 5 s). */
    private static List<String> confirm(String id) throws InterruptedException {
        List<String> states = new ArrayList<>();
        for (int i = 0; i < 170; i++) {
            String s = ok(chain.get("/v1/account/transactions/" + id)).get("state").asText();
            if (states.isEmpty() || !last(states).equals(s)) states.add(s);
            if (s.equals("STATE_CONFIRMED") || s.equals("STATE_FAILED")) break;
            Thread.sleep(30);
        }
        assertNotEquals(List.of(), states);
        return states;
    }

    private static String last(List<String> l) {
        return l.get(l.size() - 1);
    }
}
