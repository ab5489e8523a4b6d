package org.marketlab.sandbox.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.contracts.Contracts;
import org.marketlab.sandbox.perps.PerpsAccount;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.Bool;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Keys;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.Sign;
import org.web3j.crypto.StructuredDataEncoder;
import org.web3j.crypto.TransactionEncoder;
import org.web3j.utils.Numeric;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.Creds;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.demo;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.l1;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.now;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.ok;
import static org.marketlab.sandbox.accounts.ClobAccountsWireTest.signed;

/**
 * The sandbox's Polygon node, with transactions signed here by web3j (legacy EIP-155, as the official Python client
 * signs them) and call data encoded by web3j's ABI encoder, against the real server: each effect shows where the
 * order book and the Data API report it (allowances, collateral, positions), each refusal is the chain's and changes
 * nothing.
 */
class ChainWireTest {

    private static final BigInteger MAX = BigInteger.TWO.pow(256).subtract(BigInteger.ONE);
    private static final BigInteger GAS = BigInteger.valueOf(400_000);
    private static Sandbox sandbox;
    private static Http chain;
    private static Http clob;
    private static Http data;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(7).now(DataApiWireTest.NOW).build().enforceLimits(false);
        Map<String, java.net.URI> u = sandbox.start();
        chain = new Http(u.get("chain"));
        clob = new Http(u.get("clob"));
        data = new Http(u.get("data"));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void theNodeIsPolygonsWithTheSandboxsBlocks() {
        assertEquals("0x89", rpc("eth_chainId").get("result").asText());
        long block = Numeric.toBigInt(rpc("eth_blockNumber").get("result").asText()).longValueExact();
        assertTrue(block > 70_000_000, "a block number of Polygon's era: " + block);
        JsonNode latest = rpc("eth_getBlockByNumber", "latest", false).get("result");
        assertEquals(block, Numeric.toBigInt(latest.get("number").asText()).longValueExact());
        long head = Numeric.toBigInt(latest.get("timestamp").asText()).longValueExact();
        assertTrue(Math.abs(head - now()) < 120, "the head block is as of the clock: " + head);
        assertEquals("0x6", call(Contracts.COLLATERAL, fn("decimals")).replaceFirst("^0x0+", "0x"));
        // No code at an address the node does not know: an empty answer, as a chain gives it.
        assertEquals("0x", call("0x" + "12".repeat(20), fn("decimals")));
        JsonNode unknown = rpc("eth_mine");
        assertEquals(-32601, unknown.get("error").get("code").asInt(), unknown.toString());
        JsonNode bad = rpc("eth_getBalance", "not an address", "latest");
        assertEquals(-32602, bad.get("error").get("code").asInt(), bad.toString());
        // A batch answers each request by its id, as the official client's batched eth_call reads it.
        Http.Answer batch = chain.send("POST", "/", "[{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"eth_chainId\",\"params\":[]},"
                + "{\"jsonrpc\":\"2.0\",\"id\":8,\"method\":\"eth_blockNumber\",\"params\":[]}]", Map.of("Content-Type", "application/json"));
        assertEquals(2, batch.body().size(), batch.text());
        assertEquals(7, batch.body().get(0).get("id").asInt());
        assertEquals("0x89", batch.body().get(0).get("result").asText());
        assertEquals(8, batch.body().get(1).get("id").asInt());
        assertEquals(-32700, chain.send("POST", "/", "{not json", Map.of()).body().get("error").get("code").asInt());
    }

    @Test
    void approvalsSetTheAllowancesTheOrderBookAndTheDataApiReport() throws Exception {
        ECKeyPair k = demo(1);
        Creds c = creds(k);
        String me = address(k);
        assertEquals(MAX.toString(), allowances(me, c, "COLLATERAL", "").get(Contracts.EXCHANGE).asText(), "a seeded wallet approved the exchange");
        JsonNode mined = send(k, Contracts.COLLATERAL, fn("approve", new Address(Contracts.EXCHANGE), new Uint256(5_000_000)));
        assertEquals("0x1", mined.get("status").asText(), mined.toString());
        JsonNode log = mined.get("logs").get(0);
        assertEquals("0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925", log.get("topics").get(0).asText(), "Approval");
        assertEquals(Contracts.COLLATERAL, log.get("address").asText());
        assertEquals("5000000", allowances(me, c, "COLLATERAL", "").get(Contracts.EXCHANGE).asText());
        assertEquals(BigInteger.valueOf(5_000_000), word(call(Contracts.COLLATERAL, fn("allowance", new Address(me), new Address(Contracts.EXCHANGE)))));
        JsonNode row = approval(me, Contracts.COLLATERAL, Contracts.EXCHANGE);
        assertEquals("5000000", row.get("amount").asText());
        assertTrue(row.get("approved").asBoolean());

        String token = heldToken(me);
        assertEquals(MAX.toString(), allowances(me, c, "CONDITIONAL", "&token_id=" + token).get(Contracts.EXCHANGE).asText());
        assertEquals("0x1", send(k, Contracts.CONDITIONAL_TOKENS, fn("setApprovalForAll", new Address(Contracts.EXCHANGE), new Bool(false))).get("status").asText());
        assertEquals("0", allowances(me, c, "CONDITIONAL", "&token_id=" + token).get(Contracts.EXCHANGE).asText());
        assertEquals(BigInteger.ZERO, word(call(Contracts.CONDITIONAL_TOKENS, fn("isApprovedForAll", new Address(me), new Address(Contracts.EXCHANGE)))));
        assertTrue(!approval(me, Contracts.CONDITIONAL_TOKENS, Contracts.EXCHANGE).get("approved").asBoolean());
    }

    @Test
    void anOrderNeedsTheExchangesAllowance() throws Exception {
        ECKeyPair k = ClobAccountsWireTest.demo(4);
        Creds c = creds(k);
        String me = address(k);
        JsonNode p = position(me, "OPEN", null);
        String token = p.get("token_id").asText();
        boolean negRisk = p.get("negative_risk").asBoolean();
        String exchange = negRisk ? Contracts.NEG_RISK_EXCHANGE : Contracts.EXCHANGE;
        BigDecimal price = new BigDecimal("0.01"), size = BigDecimal.valueOf(300); // 3 USDC, far below the book: it rests
        assertEquals("0x1", send(k, Contracts.COLLATERAL, fn("approve", new Address(exchange), new Uint256(2_000_000))).get("status").asText());
        int orders = ok(signed(clob, "GET", "/data/orders", null, me, c)).get("data").size();
        Http.Answer refused = signed(clob, "POST", "/order", BalanceReservationWireTest.order(k, c, token, negRisk, price, size, 11), me, c);
        assertEquals(400, refused.status(), refused.text());
        assertEquals("not enough balance / allowance", refused.body().get("error").asText());
        assertEquals(orders, ok(signed(clob, "GET", "/data/orders", null, me, c)).get("data").size(), "the refused order is nowhere");
        assertEquals("0x1", send(k, Contracts.COLLATERAL, fn("approve", new Address(exchange), new Uint256(MAX))).get("status").asText());
        JsonNode placed = ok(signed(clob, "POST", "/order", BalanceReservationWireTest.order(k, c, token, negRisk, price, size, 12), me, c));
        assertEquals("live", placed.get("status").asText(), placed.toString());
        ok(signed(clob, "DELETE", "/order", "{\"orderID\":\"" + placed.get("orderID").asText() + "\"}", me, c));
    }

    @Test
    void aTransferMovesCollateralFromOneWalletToAnother() throws Exception {
        ECKeyPair k = demo(2);
        String me = address(k);
        String fresh = "0x" + "ab".repeat(20);
        BigInteger before = balanceOf(me);
        BigInteger available = collateral(me, creds(k));
        JsonNode mined = send(k, Contracts.COLLATERAL, fn("transfer", new Address(fresh), new Uint256(1_250_000)));
        assertEquals("0x1", mined.get("status").asText(), mined.toString());
        assertEquals(before.subtract(BigInteger.valueOf(1_250_000)), balanceOf(me));
        assertEquals(BigInteger.valueOf(1_250_000), balanceOf(fresh));
        assertEquals(available.subtract(BigInteger.valueOf(1_250_000)), collateral(me, creds(k)), "the order book's balance moved with it");
        JsonNode tx = rpc("eth_getTransactionByHash", mined.get("transactionHash").asText()).get("result");
        assertEquals(me.toLowerCase(Locale.ROOT), tx.get("from").asText());
        assertEquals(Contracts.COLLATERAL, tx.get("to").asText());
    }

    @Test
    void aSplitMintsBothOutcomesAndAMergeBurnsThem() throws Exception {
        ECKeyPair k = demo(4);
        String me = address(k);
        JsonNode p = position(me, "OPEN", null);
        String condition = p.get("condition_id").asText();
        boolean negRisk = p.get("negative_risk").asBoolean();
        String adapter = negRisk ? Contracts.NEG_RISK_COLLATERAL_ADAPTER : Contracts.COLLATERAL_ADAPTER;
        String tokens1155 = negRisk ? Contracts.NEG_RISK_ADAPTER : Contracts.CONDITIONAL_TOKENS;
        BigInteger yes = new BigInteger(p.get("token_id").asText()), no = new BigInteger(p.get("opposite_token_id").asText());
        BigInteger cash = balanceOf(me);
        List<BigInteger> held = batch(tokens1155, me, yes, no);
        BigDecimal size = p.get("current_size").decimalValue();

        JsonNode split = send(k, adapter, positions("splitPosition", condition, 3_000_000));
        assertEquals("0x1", split.get("status").asText(), split.toString());
        assertEquals(cash.subtract(BigInteger.valueOf(3_000_000)), balanceOf(me));
        assertEquals(List.of(held.get(0).add(BigInteger.valueOf(3_000_000)), held.get(1).add(BigInteger.valueOf(3_000_000))), batch(tokens1155, me, yes, no));
        assertEquals(0, size.add(BigDecimal.valueOf(3)).compareTo(position(me, null, p.get("token_id").asText()).get("current_size").decimalValue()),
                "the Data API's position grew by the split");
        assertNotNull(position(me, null, p.get("opposite_token_id").asText()), "the other outcome is held too");

        JsonNode merge = send(k, adapter, positions("mergePositions", condition, 3_000_000));
        assertEquals("0x1", merge.get("status").asText(), merge.toString());
        assertEquals(cash, balanceOf(me));
        assertEquals(held, batch(tokens1155, me, yes, no));
        JsonNode activity = data.ok("/v2/activity?user=" + me.toLowerCase(Locale.ROOT) + "&type=SPLIT,MERGE&limit=5").get("data");
        assertTrue(activity.toString().contains(split.get("transactionHash").asText()) && activity.toString().contains(merge.get("transactionHash").asText()),
                "the split and the merge are in the wallet's activity: " + activity);
    }

    @Test
    void aRedemptionPaysTheWinningSideAtOneDollar() throws Exception {
        ECKeyPair k = demo(5);
        String me = address(k);
        JsonNode won = null;
        for (JsonNode p : data.ok("/v2/positions?user=" + me.toLowerCase(Locale.ROOT) + "&limit=500").get("data")) {
            if (p.get("status").asText().equals("REDEEMABLE") && p.get("current_price").decimalValue().compareTo(BigDecimal.ONE) == 0) won = p;
        }
        assertNotNull(won, "demo wallet 5 holds a winning token of a resolved market");
        BigInteger size = won.get("current_size").decimalValue().movePointRight(6).toBigIntegerExact();
        BigInteger cash = balanceOf(me);
        String adapter = won.get("negative_risk").asBoolean() ? Contracts.NEG_RISK_COLLATERAL_ADAPTER : Contracts.COLLATERAL_ADAPTER;
        JsonNode mined = send(k, adapter, fn("redeemPositions", new Address(Contracts.COLLATERAL), new Bytes32(new byte[32]),
                new Bytes32(Numeric.hexStringToByteArray(won.get("condition_id").asText())), new DynamicArray<>(Uint256.class, new Uint256(1), new Uint256(2))));
        assertEquals("0x1", mined.get("status").asText(), mined.toString());
        assertEquals(cash.add(size), balanceOf(me), "each winning token pays 1 USDC");
        String erc1155 = won.get("negative_risk").asBoolean() ? Contracts.NEG_RISK_ADAPTER : Contracts.CONDITIONAL_TOKENS;
        assertEquals(BigInteger.ZERO, word(call(erc1155, fn("balanceOf", new Address(me), new Uint256(new BigInteger(won.get("token_id").asText()))))));
        // Redeeming again pays nothing more: the tokens are burnt.
        assertEquals("0x1", send(k, adapter, fn("redeemPositions", new Address(Contracts.COLLATERAL), new Bytes32(new byte[32]),
                new Bytes32(Numeric.hexStringToByteArray(won.get("condition_id").asText())), new DynamicArray<>(Uint256.class, new Uint256(1), new Uint256(2)))).get("status").asText());
        assertEquals(cash.add(size), balanceOf(me));
    }

    /** A dynamic-fee (EIP-1559) transaction, as viem signs for the official npm client: its chain is in its own fields. */
    @Test
    void aDynamicFeeTransactionIsMinedAtTheNodesGasPrice() throws Exception {
        ECKeyPair k = demo(1);
        String me = address(k);
        String fresh = "0x" + "ef".repeat(20);
        BigInteger gwei = BigInteger.TEN.pow(9);
        String transfer = fn("transfer", new Address(fresh), new Uint256(750_000));
        long nonce = nonce(me);
        JsonNode otherChain = rpc("eth_sendRawTransaction", dynamic(k, 1, nonce, transfer, BigInteger.valueOf(66).multiply(gwei)));
        assertEquals(-32000, otherChain.get("error").get("code").asInt(), otherChain.toString());
        assertTrue(otherChain.get("error").get("message").asText().contains("invalid chain id for signer: have 1 want 137"), otherChain.toString());
        JsonNode cheap = rpc("eth_sendRawTransaction", dynamic(k, 137, nonce, transfer, BigInteger.valueOf(29).multiply(gwei)));
        assertTrue(cheap.get("error").get("message").asText().startsWith("max fee per gas less than block base fee"), cheap.toString());
        assertEquals(nonce, nonce(me), "nothing refused was mined");

        BigInteger before = balanceOf(me);
        BigInteger pol = Numeric.toBigInt(rpc("eth_getBalance", me, "latest").get("result").asText());
        JsonNode sent = rpc("eth_sendRawTransaction", dynamic(k, 137, nonce, transfer, BigInteger.valueOf(66).multiply(gwei)));
        assertTrue(sent.has("result"), sent.toString());
        JsonNode mined = rpc("eth_getTransactionReceipt", sent.get("result").asText()).get("result");
        assertEquals("0x1", mined.get("status").asText(), mined.toString());
        assertEquals(me.toLowerCase(Locale.ROOT), mined.get("from").asText(), "the sender recovered from the typed signature");
        assertEquals(before.subtract(BigInteger.valueOf(750_000)), balanceOf(me));
        assertEquals(BigInteger.valueOf(750_000), balanceOf(fresh));
        BigInteger gas = Numeric.toBigInt(mined.get("gasUsed").asText());
        assertEquals(pol.subtract(gas.multiply(BigInteger.valueOf(30).multiply(gwei))),
                Numeric.toBigInt(rpc("eth_getBalance", me, "latest").get("result").asText()), "gas paid at the node's one price, not the fee cap");
    }

    @Test
    void theNodeRefusesWhatTheChainRefusesAndARevertChangesNothing() throws Exception {
        ECKeyPair k = demo(3);
        String me = address(k); // demo wallet 3 trades through a proxy: its signer holds no collateral and no POL
        JsonNode poor = rpc("eth_sendRawTransaction", raw(k, 0, 137, Contracts.COLLATERAL, fn("approve", new Address(Contracts.EXCHANGE), new Uint256(1))));
        assertTrue(poor.get("error").get("message").asText().startsWith("insufficient funds for gas"), poor.toString());

        ECKeyPair rich = demo(1);
        String from = address(rich);
        long nonce = nonce(from);
        JsonNode otherChain = rpc("eth_sendRawTransaction", raw(rich, nonce, 1, Contracts.COLLATERAL, fn("approve", new Address(Contracts.EXCHANGE), new Uint256(1))));
        assertEquals(-32000, otherChain.get("error").get("code").asInt());
        assertTrue(otherChain.get("error").get("message").asText().contains("invalid chain id"), otherChain.toString());
        JsonNode ahead = rpc("eth_sendRawTransaction", raw(rich, nonce + 5, 137, Contracts.COLLATERAL, fn("approve", new Address(Contracts.EXCHANGE), new Uint256(1))));
        assertTrue(ahead.get("error").get("message").asText().startsWith("nonce too high"), ahead.toString());
        JsonNode garbage = rpc("eth_sendRawTransaction", "0xdeadbeef");
        assertEquals(-32000, garbage.get("error").get("code").asInt(), garbage.toString());
        assertEquals(nonce, nonce(from), "nothing refused was mined");

        BigInteger cash = balanceOf(from);
        String tooMuch = fn("transfer", new Address("0x" + "cd".repeat(20)), new Uint256(cash.add(BigInteger.ONE)));
        ObjectNode tx = Http.JSON.createObjectNode().put("from", from).put("to", Contracts.COLLATERAL).put("data", tooMuch);
        JsonNode estimate = rpc("eth_estimateGas", tx);
        assertEquals(3, estimate.get("error").get("code").asInt(), estimate.toString());
        assertEquals("execution reverted: ERC20: transfer amount exceeds balance", estimate.get("error").get("message").asText());
        // Sent anyway: mined, reverted (status 0), gas paid, the nonce used, the balances as they were.
        BigInteger pol = Numeric.toBigInt(rpc("eth_getBalance", from, "latest").get("result").asText());
        JsonNode reverted = send(rich, Contracts.COLLATERAL, tooMuch);
        assertEquals("0x0", reverted.get("status").asText());
        assertEquals(0, reverted.get("logs").size());
        assertEquals(cash, balanceOf(from));
        assertEquals(BigInteger.ZERO, balanceOf("0x" + "cd".repeat(20)));
        assertEquals(nonce + 1, nonce(from));
        assertTrue(Numeric.toBigInt(rpc("eth_getBalance", from, "latest").get("result").asText()).compareTo(pol) < 0, "the gas was paid");
        // A split without the adapter's allowance reverts as the collateral's transferFrom would.
        JsonNode p = position(from, "OPEN", null);
        String adapter = p.get("negative_risk").asBoolean() ? Contracts.NEG_RISK_COLLATERAL_ADAPTER : Contracts.COLLATERAL_ADAPTER;
        assertEquals("0x1", send(rich, Contracts.COLLATERAL, fn("approve", new Address(adapter), new Uint256(0))).get("status").asText());
        ObjectNode split = Http.JSON.createObjectNode().put("from", from).put("to", adapter).put("data", positions("splitPosition", p.get("condition_id").asText(), 1_000_000));
        assertEquals("execution reverted: ERC20: insufficient allowance", rpc("eth_estimateGas", split).get("error").get("message").asText());
    }

    @Test
    void aDepositFundsThePerpetualsAccountAndAWithdrawalIsPaidBackOnTheChain() throws Exception {
        ECKeyPair k = demo(2);
        String me = address(k);
        PerpsAccount account = sandbox.perps().account(me);
        BigDecimal perps = account.collateral();
        BigInteger cash = balanceOf(me);
        JsonNode mined = send(k, Contracts.PERPS_DEPOSIT, fn("deposit", new Address(Contracts.COLLATERAL), new Uint256(4_000_000), new Address(me)));
        assertEquals("0x1", mined.get("status").asText(), mined.toString());
        assertEquals(cash.subtract(BigInteger.valueOf(4_000_000)), balanceOf(me));
        assertEquals(0, perps.add(BigDecimal.valueOf(4)).compareTo(account.collateral()), "the perpetuals account is credited");
        String hash = mined.get("transactionHash").asText();
        assertTrue(account.deposits().stream().anyMatch(d -> d.get("hash").asText().equals(hash) && d.get("status").asText().equals("confirmed")));

        Http exchange = new Http(sandbox.urls().get("perps"));
        // Signed by another key: refused in the body, nothing moves.
        JsonNode forged = withdraw(exchange, demo(5), me, 1_500_000);
        assertEquals("err", forged.get("status").asText(), forged.toString());
        assertTrue(forged.get("error").asText().startsWith("invalid signature"), forged.toString());
        JsonNode greedy = withdraw(exchange, k, me, account.collateral().add(BigDecimal.ONE).movePointRight(6).setScale(0, java.math.RoundingMode.UP).longValueExact());
        assertTrue(greedy.get("error").asText().startsWith("insufficient free collateral"), greedy.toString());
        assertEquals(cash.subtract(BigInteger.valueOf(4_000_000)), balanceOf(me));
        JsonNode paid = withdraw(exchange, k, me, 1_500_000);
        assertEquals("ok", paid.get("status").asText(), paid.toString());
        assertEquals(cash.subtract(BigInteger.valueOf(2_500_000)), balanceOf(me), "the withdrawal is paid to the wallet");
        assertEquals(0, perps.add(new BigDecimal("2.5")).compareTo(account.collateral()));
        JsonNode row = account.withdrawals().stream().filter(w -> w.get("withdraw_id").asLong() == paid.get("withdraw_id").asLong()).findFirst().orElseThrow();
        JsonNode payout = rpc("eth_getTransactionReceipt", row.get("hash").asText()).get("result");
        assertEquals("0x1", payout.get("status").asText(), "the payout is a mined transaction: " + row);
    }

    /** A withdrawal as the official Python client signs it: EIP-712 Withdraw in the deposit contract's domain, by web3j. */
    private static JsonNode withdraw(Http exchange, ECKeyPair signer, String account, long amount) throws Exception {
        long ts = now();
        long salt = 4_242;
        String typed = """
                {"types": {"EIP712Domain": [{"name": "name", "type": "string"}, {"name": "version", "type": "string"},
                   {"name": "chainId", "type": "uint256"}, {"name": "verifyingContract", "type": "address"}],
                 "Withdraw": [{"name": "account", "type": "address"}, {"name": "token", "type": "address"}, {"name": "amount", "type": "uint256"},
                   {"name": "fee", "type": "uint256"}, {"name": "to", "type": "address"}, {"name": "salt", "type": "uint64"}, {"name": "ts", "type": "uint64"}]},
                 "primaryType": "Withdraw",
                 "domain": {"name": "Polymarket", "version": "1", "chainId": 137, "verifyingContract": "%s"},
                 "message": {"account": "%s", "token": "%s", "amount": %d, "fee": 0, "to": "%s", "salt": %d, "ts": %d}}
                """.formatted(Contracts.PERPS_DEPOSIT, account, Contracts.COLLATERAL, amount, account, salt, ts);
        Sign.SignatureData s = Sign.signMessage(new StructuredDataEncoder(typed).hashStructuredData(), signer, false);
        String sig = Numeric.toHexString(s.getR()) + Numeric.toHexStringNoPrefix(s.getS()) + Numeric.toHexStringNoPrefix(s.getV());
        ObjectNode body = Http.JSON.createObjectNode();
        body.putObject("op").put("type", "withdraw").putObject("args").put("account", account).put("token", Contracts.COLLATERAL)
                .put("amount", Long.toString(amount)).put("to", account);
        body.put("salt", salt).put("sig", sig).put("ts", ts);
        Http.Answer a = exchange.send("POST", "/v1/account/withdraw", body.toString(), Map.of("Content-Type", "application/json"));
        assertEquals(200, a.status(), a.text());
        return a.body();
    }

    // ---- a client of the node, written here --------------------------------------------------------------------------

    private static JsonNode rpc(String method, Object... params) {
        ObjectNode body = Http.JSON.createObjectNode().put("jsonrpc", "2.0").put("id", 1).put("method", method);
        ArrayNode ps = body.putArray("params");
        for (Object p : params) {
            if (p instanceof JsonNode n) ps.add(n);
            else if (p instanceof Boolean b) ps.add(b);
            else ps.add(p.toString());
        }
        Http.Answer a = chain.send("POST", "/", body.toString(), Map.of("Content-Type", "application/json"));
        assertEquals(200, a.status(), a.text());
        return a.body();
    }

    private static String call(String to, String data) {
        JsonNode r = rpc("eth_call", Http.JSON.createObjectNode().put("to", to).put("data", data), "latest");
        assertTrue(r.has("result"), r.toString());
        return r.get("result").asText();
    }

    private static String fn(String name, org.web3j.abi.datatypes.Type<?>... args) {
        return FunctionEncoder.encode(new Function(name, List.of(args), List.of()));
    }

    private static String positions(String name, String condition, long amount) {
        return fn(name, new Address(Contracts.COLLATERAL), new Bytes32(new byte[32]), new Bytes32(Numeric.hexStringToByteArray(condition)),
                new DynamicArray<>(Uint256.class, new Uint256(1), new Uint256(2)), new Uint256(amount));
    }

    private static String raw(ECKeyPair k, long nonce, long chainId, String to, String data) {
        RawTransaction tx = RawTransaction.createTransaction(BigInteger.valueOf(nonce), BigInteger.valueOf(30_000_000_000L), GAS, to, BigInteger.ZERO, data);
        return Numeric.toHexString(TransactionEncoder.signMessage(tx, chainId, Credentials.create(k)));
    }

    private static String dynamic(ECKeyPair k, long chainId, long nonce, String data, BigInteger maxFee) {
        RawTransaction tx = RawTransaction.createTransaction(chainId, BigInteger.valueOf(nonce), GAS, Contracts.COLLATERAL, BigInteger.ZERO, data,
                BigInteger.valueOf(30_000_000_000L), maxFee);
        return Numeric.toHexString(TransactionEncoder.signMessage(tx, Credentials.create(k)));
    }

    /** Signs and sends a transaction at the wallet's next nonce; its receipt. */
    private static JsonNode send(ECKeyPair k, String to, String data) {
        String hex = raw(k, nonce(address(k)), 137, to, data);
        JsonNode sent = rpc("eth_sendRawTransaction", hex);
        assertTrue(sent.has("result"), sent.toString());
        assertEquals(Numeric.toHexString(Hash.sha3(Numeric.hexStringToByteArray(hex))), sent.get("result").asText(), "the hash of the signed transaction");
        JsonNode receipt = rpc("eth_getTransactionReceipt", sent.get("result").asText()).get("result");
        assertNotNull(receipt);
        return receipt;
    }

    private static long nonce(String address) {
        return Numeric.toBigInt(rpc("eth_getTransactionCount", address, "pending").get("result").asText()).longValueExact();
    }

    private static BigInteger balanceOf(String owner) {
        return word(call(Contracts.COLLATERAL, fn("balanceOf", new Address(owner))));
    }

    private static List<BigInteger> batch(String token, String owner, BigInteger a, BigInteger b) {
        String r = call(token, fn("balanceOfBatch", new DynamicArray<>(Address.class, new Address(owner), new Address(owner)),
                new DynamicArray<>(Uint256.class, new Uint256(a), new Uint256(b))));
        String h = r.substring(2);
        assertEquals(2, new BigInteger(h.substring(64, 128), 16).intValue());
        return List.of(new BigInteger(h.substring(128, 192), 16), new BigInteger(h.substring(192, 256), 16));
    }

    private static BigInteger word(String hex) {
        return Numeric.toBigInt(hex);
    }

    private static String address(ECKeyPair k) {
        return Keys.toChecksumAddress(Keys.getAddress(k));
    }

    private static Creds creds(ECKeyPair k) {
        return Creds.of(ok(clob.send("GET", "/auth/derive-api-key", null, l1(k, now(), 0))));
    }

    private static JsonNode allowances(String me, Creds c, String type, String extra) throws Exception {
        return ok(signed(clob, "GET", "/balance-allowance?asset_type=" + type + "&signature_type=0" + extra, null, me, c)).get("allowances");
    }

    private static BigInteger collateral(String me, Creds c) throws Exception {
        return new BigInteger(ok(signed(clob, "GET", "/balance-allowance?asset_type=COLLATERAL&signature_type=0", null, me, c)).get("balance").asText());
    }

    private static JsonNode approval(String me, String token, String spender) {
        for (JsonNode r : data.ok("/v2/approvals?user=" + me).get("data").get("contracts")) {
            if (r.get("token").asText().equals(token) && r.get("spender").asText().equals(spender)) return r;
        }
        throw new AssertionError("no approval row for " + token + " / " + spender);
    }

    /** A position of the wallet: the first with {@code status}, or the one of {@code token}. */
    private static JsonNode position(String me, String status, String token) {
        for (JsonNode p : data.ok("/v2/positions?user=" + me.toLowerCase(Locale.ROOT) + "&limit=500").get("data")) {
            if (status != null && p.get("status").asText().equals(status)) return p;
            if (token != null && p.get("token_id").asText().equals(token)) return p;
        }
        return null;
    }

    private static String heldToken(String me) {
        return position(me, "OPEN", null).get("token_id").asText();
    }
}
