package org.marketlab.sandbox.contracts;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.wallets.Ledger;
import org.marketlab.sandbox.wallets.MarketIndex;
import org.marketlab.sandbox.wallets.Wallets;
import org.marketlab.sandbox.world.World;
import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.Address;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.Function;
import org.web3j.abi.datatypes.generated.Bytes32;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Keys;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Collateral return: what of a wallet's positions is redundant, returned as collateral. A plan reads the wallet's
 * balances now: every full set it holds of an open binary market (both outcomes; the smaller holding) is merged back
 * into collateral, and every token of a resolved market is redeemed at its payout. Neg-risk markets are planned only
 * when the wallet approved the neg-risk adapter for its tokens (their merges and redemptions go through it).
 *
 * <p>A plan is one router call, {@code returnCollateral(bytes32 planHash)} to the protocol's router: the sandbox's
 * router performs the plan recorded under that hash as the conditional-token framework's own merges and redemptions,
 * from the wallet. Its hash covers the wallet, its collateral and every operation, so a plan whose wallet changed since
 * no longer matches (409).
 */
public final class CollateralReturn {

    /** One planned operation: its kind, the market, the token (redemptions) and the amount in base units. */
    record Operation(String kind, MarketIndex.Market market, World.Token token, BigInteger amount, BigInteger out) {
    }

    /** A recorded plan: its wallet and the calls that perform it. */
    public record Plan(String wallet, String hash, List<String[]> calls, BigInteger out) {
    }

    private final Chain chain;
    private final Wallets wallets;
    private final Map<String, Plan> plans = new HashMap<>();

    public CollateralReturn(Chain chain, Wallets wallets) {
        this.chain = chain;
        this.wallets = wallets;
    }

    /** The plan for {@code wallet} now, recorded under its hash, as the gateway answers it. */
    public synchronized ObjectNode plan(String wallet) {
        String w = wallet.toLowerCase(Locale.ROOT);
        List<Operation> ops = operations(w);
        BigInteger start = chain.collateral(w);
        BigInteger out = ops.stream().map(Operation::out).reduce(BigInteger.ZERO, BigInteger::add);
        List<String[]> calls = new ArrayList<>();
        StringBuilder fingerprint = new StringBuilder(w).append(':').append(start);
        java.util.Set<String> planned = new java.util.HashSet<>();
        for (Operation o : ops) {
            // One redemption burns every token of its market the wallet holds: one call a market.
            if (planned.add(o.kind() + o.market().conditionId())) calls.add(call(o));
            fingerprint.append(':').append(o.kind()).append(':').append(o.market().conditionId()).append(':')
                    .append(o.token() == null ? "" : o.token().tokenId()).append(':').append(o.amount());
        }
        String hash = Numeric.toHexString(Hash.sha3(fingerprint.toString().getBytes(StandardCharsets.UTF_8)));
        plans.put(hash, new Plan(w, hash, calls, out));

        ObjectNode p = Json.object();
        p.put("plan_hash", hash).put("chain_id", Contracts.CHAIN_ID).put("wallet", Keys.toChecksumAddress(w)).put("block_number", String.valueOf(chain.blockNumber()));
        p.put("starting_pusd", Chain.usdc(start).toPlainString()).put("net_pusd_out", Chain.usdc(out).toPlainString())
                .put("final_pusd", Chain.usdc(start.add(out)).toPlainString());
        ArrayNode operations = p.putArray("operations");
        Map<String, BigInteger> consumed = new LinkedHashMap<>();
        for (Operation o : ops) {
            ObjectNode n = operations.addObject().put("kind", o.kind()).put("condition_index", 0).put("amount", o.amount().toString());
            if (o.token() != null) n.put("position_id", o.token().tokenId());
            for (World.Token k : o.market().tokens()) {
                BigInteger used = o.kind().equals("merge") ? o.amount() : k == o.token() ? o.amount() : BigInteger.ZERO;
                if (used.signum() > 0) consumed.merge(k.tokenId(), used, BigInteger::add);
            }
        }
        p.put("operation_count", ops.size()).put("truncated", false).put("estimated_cost", 0.0).put("required_pusd_input", "0");
        ArrayNode required = p.putArray("required_positions");
        ObjectNode summary = p.putObject("position_summary");
        ArrayNode used = summary.putArray("consumed");
        summary.putArray("created");
        consumed.forEach((id, amount) -> {
            required.addObject().put("position_id", id).put("amount", amount.toString());
            used.addObject().put("position_id", id).put("amount", amount.toString());
        });
        ArrayNode candidates = p.putArray("candidate_position_ids");
        for (Ledger.Position pos : wallets.ledger(w).positions.values()) {
            if (pos.size().signum() > 0) candidates.add(pos.token().tokenId());
        }
        p.putObject("router_call").put("to", Keys.toChecksumAddress(Contracts.PROTOCOL_V2_ROUTER)).put("data", routerData(hash));
        return p;
    }

    /** The plan recorded under {@code hash}, or null. */
    public synchronized Plan recorded(String hash) {
        return plans.get(hash == null ? "" : hash.toLowerCase(Locale.ROOT));
    }

    /** Whether {@code plan} still matches its wallet: planning again now gives the same hash. */
    public synchronized boolean current(Plan plan) {
        String before = plan.hash();
        ObjectNode now = plan(plan.wallet());
        return now.get("plan_hash").asText().equals(before);
    }

    /** The router call's data for a plan: {@code returnCollateral(bytes32 planHash)}. */
    public static String routerData(String hash) {
        return FunctionEncoder.encode(new Function("returnCollateral", List.of(new Bytes32(Numeric.hexStringToByteArray(hash))), List.of()));
    }

    private List<Operation> operations(String wallet) {
        Map<String, List<Ledger.Position>> byMarket = new LinkedHashMap<>();
        for (Ledger.Position p : wallets.ledger(wallet).positions.values()) {
            if (p.size().signum() > 0) byMarket.computeIfAbsent(p.market().conditionId(), k -> new ArrayList<>()).add(p);
        }
        List<Operation> ops = new ArrayList<>();
        for (List<Ledger.Position> held : byMarket.values()) {
            MarketIndex.Market m = held.get(0).market();
            if (m.negRisk() && !chain.approvedForAll(wallet, Contracts.CONDITIONAL_TOKENS, Contracts.NEG_RISK_ADAPTER)) continue;
            if (m.resolved()) {
                for (Ledger.Position p : held) {
                    BigInteger units = Chain.units(p.size());
                    ops.add(new Operation("redeem", m, p.token(), units, units.multiply(BigInteger.valueOf(m.payout(p.token().index())))));
                }
            } else if (!m.closed() && m.tokens().length == 2 && held.size() == 2) {
                BigInteger set = Chain.units(held.get(0).size()).min(Chain.units(held.get(1).size()));
                if (set.signum() > 0) ops.add(new Operation("merge", m, null, set, set));
            }
        }
        return ops;
    }

    /** The framework's own call for an operation: {@code mergePositions} or {@code redeemPositions}, partition [1, 2]. */
    private static String[] call(Operation o) {
        String target = o.market().negRisk() ? Contracts.NEG_RISK_ADAPTER : Contracts.CONDITIONAL_TOKENS;
        List<org.web3j.abi.datatypes.Type> args = new ArrayList<>(List.of(new Address(Contracts.COLLATERAL), new Bytes32(new byte[32]),
                new Bytes32(Numeric.hexStringToByteArray(o.market().conditionId())),
                new DynamicArray<>(Uint256.class, List.of(new Uint256(1), new Uint256(2)))));
        if (o.kind().equals("merge")) args.add(new Uint256(o.amount()));
        return new String[]{target, FunctionEncoder.encode(new Function(o.kind().equals("merge") ? "mergePositions" : "redeemPositions", args, List.of()))};
    }
}
