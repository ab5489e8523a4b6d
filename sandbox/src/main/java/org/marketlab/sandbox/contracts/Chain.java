package org.marketlab.sandbox.contracts;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.wallets.Ledger;
import org.marketlab.sandbox.wallets.MarketIndex;
import org.marketlab.sandbox.wallets.Wallets;
import org.marketlab.sandbox.world.World;
import org.web3j.crypto.Hash;
import org.web3j.crypto.RawTransaction;
import org.web3j.crypto.SignedRawTransaction;
import org.web3j.crypto.TransactionDecoder;
import org.web3j.crypto.transaction.type.Transaction1559;
import org.web3j.crypto.transaction.type.Transaction2930;
import org.web3j.utils.Numeric;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.security.SignatureException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The chain the order book settles on (the engine behind the chain host's node, {@code chain.RpcApi}), as far as its contracts go (see {@link Contracts}): the collateral (an ERC-20),
 * the outcome tokens (ERC-1155) and the conditional-token framework's split, merge and redeem, on the sandbox's own
 * ledgers. A wallet's collateral balance is its order-book cash and its outcome-token balances are its positions, so a
 * split shows in {@code /balance-allowance} and {@code /v2/positions} at once; approvals are the allowances the
 * order book reports. Transactions are decoded and their signatures checked with web3j, each mined at once in a block
 * of its own; gas is charged at one fixed price from a native balance (10 POL for each seeded wallet, none for others).
 *
 * <p>A call that would revert on the chain is refused by {@code eth_estimateGas} and {@code eth_call} with the
 * contract's reason, and, when sent anyway, mined with status 0 and no effect.
 */
public final class Chain {

    /** The one gas price (30 gwei): the node has no fee market. */
    public static final BigInteger GAS_PRICE = BigInteger.valueOf(30_000_000_000L);
    public static final BigInteger MAX_UINT = BigInteger.TWO.pow(256).subtract(BigInteger.ONE);
    private static final BigInteger SEEDED_NATIVE = BigInteger.TEN.pow(19);
    private static final BigDecimal UNIT = BigDecimal.valueOf(1_000_000);
    /** Polygon's first block, and its two-second blocks: where the sandbox's block numbers start from its anchor. */
    private static final long GENESIS_S = 1_590_824_836L;

    private final Wallets wallets;
    private final LongSupplier clock;
    private final long firstBlock;
    private final Map<String, BigInteger> allowances = new HashMap<>();
    private final Map<String, Boolean> operators = new HashMap<>();
    private final Map<String, Long> nonces = new HashMap<>();
    private final Map<String, BigInteger> spentGas = new HashMap<>();
    private final Map<String, Mined> mined = new HashMap<>();
    private final List<String> blocks = new ArrayList<>();
    private long seq = 9_000_000_000L;

    /** A reverted call: its reason, as the contract gives it. */
    public static final class Revert extends RuntimeException {
        Revert(String reason) {
            super(reason);
        }
    }

    /** A transaction the node refuses before mining it (bad signature, chain, nonce or funds): JSON-RPC error -32000. */
    public static final class Rejected extends RuntimeException {
        Rejected(String message) {
            super(message);
        }
    }

    /** A mined transaction: what {@code eth_getTransactionByHash} and {@code eth_getTransactionReceipt} answer. */
    public record Mined(String hash, long block, String from, String to, BigInteger nonce, BigInteger gas, BigInteger value,
                 String input, boolean success, long gasUsed, List<ObjectNode> logs, long time) {
    }

    public Chain(Wallets wallets, LongSupplier clock) {
        this.wallets = wallets;
        this.clock = clock;
        this.firstBlock = (wallets.world().now().getEpochSecond() - GENESIS_S) / 2;
    }

    // ---- state ------------------------------------------------------------------------------------------------------

    public synchronized long blockNumber() {
        return firstBlock + blocks.size();
    }

    /** The collateral a wallet holds (base units, 6 decimals): its order-book cash. */
    public BigInteger collateral(String owner) {
        return units(wallets.ledger(owner).cash);
    }

    /** The outcome tokens of {@code tokenId} a wallet holds (base units): its position's size. */
    public BigInteger tokens(String owner, BigInteger tokenId) {
        Ledger.Position p = wallets.ledger(owner).positions.get(tokenId.toString());
        return p == null ? BigInteger.ZERO : units(p.size());
    }

    /** What {@code spender} may take of {@code owner}'s {@code token} (ERC-20): every seeded wallet approved the trading contracts. */
    public synchronized BigInteger allowance(String owner, String token, String spender) {
        BigInteger set = allowances.get(key(owner, token, spender));
        if (set != null) return set;
        return wallets.isSeeded(owner) && trading(token, spender, true) ? MAX_UINT : BigInteger.ZERO;
    }

    /** Whether {@code operator} may move all of {@code owner}'s tokens of the ERC-1155 {@code token}. */
    public synchronized boolean approvedForAll(String owner, String token, String operator) {
        Boolean set = operators.get(key(owner, token, operator));
        if (set != null) return set;
        return wallets.isSeeded(owner) && trading(token, operator, false);
    }

    public synchronized long nonce(String address) {
        return nonces.getOrDefault(lower(address), 0L);
    }

    /** The native token (POL, in wei) a wallet has left for gas. */
    public synchronized BigInteger nativeBalance(String address) {
        String a = lower(address);
        BigInteger start = wallets.isSeeded(a) ? SEEDED_NATIVE : BigInteger.ZERO;
        return start.subtract(spentGas.getOrDefault(a, BigInteger.ZERO));
    }

    public synchronized Mined mined(String hash) {
        return mined.get(lower(hash));
    }

    /** The hash of block {@code number}: of its one transaction, or of the number for the blocks before the sandbox's. */
    public synchronized String blockHash(long number) {
        int i = (int) (number - firstBlock - 1);
        if (i >= 0 && i < blocks.size()) return "0x" + Numeric.toHexStringNoPrefix(Hash.sha3(("block:" + blocks.get(i)).getBytes()));
        return "0x" + Numeric.toHexStringNoPrefix(Hash.sha3(("block:" + number).getBytes()));
    }

    /** When block {@code number} was made (Unix seconds): the blocks before the sandbox's two seconds apart up to its anchor. */
    public synchronized long blockTime(long number) {
        int i = (int) (number - firstBlock - 1);
        if (i >= 0 && i < blocks.size()) return mined.get(blocks.get(i)).time();
        // The block the sandbox starts from is the chain's head until a transaction comes: as of the clock's now.
        if (number == firstBlock) return clock.getAsLong() / 1000;
        return wallets.world().now().getEpochSecond() - 2 * (firstBlock - number);
    }

    private static boolean trading(String token, String spender, boolean erc20) {
        return Contracts.TRADING.contains(new Contracts.Approval(token, spender, erc20));
    }

    // ---- reads (eth_call) -------------------------------------------------------------------------------------------

    /** The answer of a read-only call of {@code data} on {@code to}: ABI-encoded words, "0x" where there is no code. */
    public String call(String to, String data) {
        Abi in = Abi.of(data);
        String t = lower(to);
        if (!Contracts.known(t)) return "0x";
        String sel = in.selector();
        if (t.equals(Contracts.COLLATERAL)) {
            return switch (sel) {
                case Abi.BALANCE_OF -> Abi.words(collateral(in.address(0)));
                case Abi.ALLOWANCE -> Abi.words(allowance(in.address(0), t, in.address(1)));
                case Abi.DECIMALS -> Abi.words(BigInteger.valueOf(6));
                case Abi.TOTAL_SUPPLY -> Abi.words(units(wallets.globalOpenInterest()));
                case Abi.SYMBOL -> Abi.string("pUSD");
                case Abi.NAME -> Abi.string("Polymarket USD");
                default -> throw new Revert("function selector was not recognized");
            };
        }
        if (Contracts.erc1155(t)) {
            boolean none = t.equals(Contracts.POSITION_MANAGER); // the world has no V2 positions
            switch (sel) {
                case Abi.BALANCE_OF_1155:
                    return Abi.words(none ? BigInteger.ZERO : tokens(in.address(0), in.word(1)));
                case Abi.BALANCE_OF_BATCH: {
                    List<String> owners = in.addresses(0);
                    List<BigInteger> ids = in.array(1);
                    if (owners.size() != ids.size()) throw new Revert("ERC1155: accounts and ids length mismatch");
                    List<BigInteger> out = new ArrayList<>();
                    for (int i = 0; i < ids.size(); i++) out.add(none ? BigInteger.ZERO : tokens(owners.get(i), ids.get(i)));
                    return Abi.array(out);
                }
                case Abi.IS_APPROVED_FOR_ALL:
                    return Abi.words(approvedForAll(in.address(0), t, in.address(1)) ? BigInteger.ONE : BigInteger.ZERO);
                default:
                    break;
            }
        }
        if (t.equals(Contracts.CONDITIONAL_TOKENS) || t.equals(Contracts.NEG_RISK_ADAPTER)) {
            switch (sel) {
                case Abi.OUTCOME_SLOT_COUNT:
                    return Abi.words(BigInteger.valueOf(market(in.hex32(0), false) == null ? 0 : 2));
                case Abi.PAYOUT_DENOMINATOR: {
                    MarketIndex.Market m = market(in.hex32(0), false);
                    return Abi.words(m != null && m.resolved() ? BigInteger.ONE : BigInteger.ZERO);
                }
                case Abi.PAYOUT_NUMERATORS: {
                    MarketIndex.Market m = market(in.hex32(0), false);
                    int i = in.word(1).intValueExact();
                    return Abi.words(m != null && m.resolved() && i < 2 ? BigInteger.valueOf(m.payout(i)) : BigInteger.ZERO);
                }
                default:
                    break;
            }
        }
        throw new Revert("function selector was not recognized");
    }

    // ---- transactions -----------------------------------------------------------------------------------------------

    /** The gas a call would use, or the contract's revert reason. */
    public synchronized long estimate(String from, String to, String data, BigInteger value) {
        return simulate(lower(from), lower(to), Abi.of(data == null ? "0x" : data), value).gas;
    }

    /**
     * Mines a signed transaction (hex of its encoding): decoded and its signature recovered with web3j, refused when
     * the chain, nonce or funds for gas are wrong, else mined in a block of its own, its effects on the ledgers when it
     * succeeds. Answers its hash. The raw transaction is never kept or logged, only what a block would show.
     */
    public synchronized String send(String raw) {
        RawTransaction tx;
        try {
            tx = TransactionDecoder.decode(raw);
        } catch (RuntimeException e) {
            throw new Rejected("rlp: could not decode the transaction");
        }
        if (!(tx instanceof SignedRawTransaction signed)) throw new Rejected("transaction is not signed");
        String from;
        Long chainId;
        try {
            from = lower(signed.getFrom());
            // A typed transaction (EIP-2930, EIP-1559) names its chain in its own fields; a legacy one in its v (EIP-155).
            chainId = signed.getTransaction() instanceof Transaction2930 typed ? Long.valueOf(typed.getChainId()) : signed.getChainId();
        } catch (SignatureException | RuntimeException e) {
            throw new Rejected("invalid sender: the signature does not recover an address");
        }
        if (chainId == null) throw new Rejected("only replay-protected (EIP-155) transactions allowed over RPC");
        if (chainId != Contracts.CHAIN_ID) throw new Rejected("invalid chain id for signer: have " + chainId + " want " + Contracts.CHAIN_ID);
        String hash = "0x" + Numeric.toHexStringNoPrefix(Hash.sha3(Numeric.hexStringToByteArray(raw)));
        if (mined.containsKey(hash)) throw new Rejected("already known");
        long expected = nonce(from);
        long nonce = tx.getNonce().longValueExact();
        if (nonce < expected) throw new Rejected("nonce too low: next nonce " + expected + ", tx nonce " + nonce);
        if (nonce > expected) throw new Rejected("nonce too high: next nonce " + expected + ", tx nonce " + nonce
                + " (the sandbox's node keeps no queue of future transactions)");
        // The node has one gas price: a legacy transaction pays its own, an EIP-1559 one the node's within its fee cap.
        BigInteger price;
        if (signed.getTransaction() instanceof Transaction1559 dynamic) {
            if (dynamic.getMaxFeePerGas().compareTo(GAS_PRICE) < 0) {
                throw new Rejected("max fee per gas less than block base fee: address " + from + ", maxFeePerGas: " + dynamic.getMaxFeePerGas()
                        + ", baseFee: " + GAS_PRICE);
            }
            price = GAS_PRICE;
        } else {
            price = tx.getGasPrice() != null ? tx.getGasPrice() : GAS_PRICE;
        }
        BigInteger gasLimit = tx.getGasLimit();
        BigInteger value = tx.getValue() == null ? BigInteger.ZERO : tx.getValue();
        if (value.signum() > 0) throw new Rejected("the sandbox's node moves no native token: value must be 0");
        if (nativeBalance(from).compareTo(gasLimit.multiply(price)) < 0) {
            throw new Rejected("insufficient funds for gas * price + value: address " + from + " have " + nativeBalance(from)
                    + " want " + gasLimit.multiply(price));
        }
        String to = tx.getTo() == null ? null : lower(tx.getTo());
        if (to == null) throw new Rejected("the sandbox's node deploys no contracts");
        String input = tx.getData() == null || tx.getData().isEmpty() ? "0x" : Numeric.prependHexPrefix(tx.getData());
        long block = blockNumber() + 1;
        long time = clock.getAsLong() / 1000;
        Effect effect;
        boolean success;
        try {
            effect = simulate(from, to, Abi.of(input), value);
            success = effect.gas <= gasLimit.longValue();
        } catch (Revert r) {
            effect = null;
            success = false;
        }
        List<ObjectNode> logs = new ArrayList<>();
        long gasUsed = gasLimit.longValue();
        if (success) {
            effect.apply.run(hash, time, logs);
            gasUsed = effect.gas;
        }
        nonces.put(from, expected + 1);
        spentGas.merge(from, price.multiply(BigInteger.valueOf(gasUsed)), BigInteger::add);
        stamp(logs, block, hash);
        mined.put(hash, new Mined(hash, block, from, to, tx.getNonce(), gasLimit, value, input, success, gasUsed, logs, time));
        blocks.add(hash);
        return hash;
    }

    /**
     * A batch of calls a relayer sends for {@code wallet} (a deposit wallet executing them itself), mined as one
     * transaction {@code hash} in a block of its own. Every call is checked against the state before the batch, and
     * a call that would revert refuses the whole batch with its reason ({@link Revert}) before any of it runs; so
     * a batch whose later call needs an earlier one's effect (an approval, then the split it allows) is refused.
     * {@code calls}: {@code {target, data}} pairs.
     */
    public synchronized void relayed(String wallet, List<String[]> calls, String hash) {
        String from = lower(wallet);
        List<Effect> effects = new ArrayList<>();
        for (String[] c : calls) effects.add(simulate(from, lower(c[0]), Abi.of(c[1]), BigInteger.ZERO));
        long time = clock.getAsLong() / 1000;
        long block = blockNumber() + 1;
        List<ObjectNode> logs = new ArrayList<>();
        long gas = 0;
        for (Effect e : effects) {
            e.apply.run(hash, time, logs);
            gas += e.gas;
        }
        stamp(logs, block, hash);
        mined.put(hash, new Mined(hash, block, from, lower(calls.get(0)[0]), BigInteger.ZERO, BigInteger.valueOf(gas), BigInteger.ZERO,
                calls.get(0)[1], true, gas, logs, time));
        blocks.add(hash);
    }

    /** Gives the logs of transaction {@code hash}, mined in {@code block}, their places. */
    private static void stamp(List<ObjectNode> logs, long block, String hash) {
        for (int i = 0; i < logs.size(); i++) {
            ObjectNode l = logs.get(i);
            l.put("blockNumber", Numeric.toHexStringWithPrefix(BigInteger.valueOf(block)));
            l.put("transactionHash", hash);
            l.put("transactionIndex", "0x0");
            l.put("logIndex", Numeric.toHexStringWithPrefix(BigInteger.valueOf(i)));
            l.put("removed", false);
        }
    }

    /** What a call does, checked: its gas, and the change it makes once mined. */
    private record Effect(long gas, Apply apply) {
    }

    private interface Apply {
        void run(String hash, long time, List<ObjectNode> logs);
    }

    private Effect simulate(String from, String to, Abi in, BigInteger value) {
        if (value != null && value.signum() > 0) throw new Revert("the contract takes no native token");
        if (!Contracts.known(to)) return new Effect(21_000, (h, t, logs) -> { });
        String sel = in.selector();
        if (to.equals(Contracts.COLLATERAL)) {
            switch (sel) {
                case Abi.APPROVE: {
                    String spender = in.address(0);
                    BigInteger amount = in.word(1);
                    return new Effect(46_000, (h, t, logs) -> {
                        allowances.put(key(from, to, spender), amount);
                        logs.add(log(to, Abi.APPROVAL_EVENT, List.of(topic(from), topic(spender)), Abi.words(amount)));
                    });
                }
                case Abi.TRANSFER: {
                    String recipient = in.address(0);
                    BigInteger amount = in.word(1);
                    if (collateral(from).compareTo(amount) < 0) throw new Revert("ERC20: transfer amount exceeds balance");
                    return new Effect(52_000, (h, t, logs) -> {
                        BigDecimal usdc = usdc(amount);
                        wallets.changeLedger(from, l -> l.withChain(List.of(), List.of(), usdc.negate()));
                        wallets.changeLedger(recipient, l -> l.withChain(List.of(), List.of(), usdc));
                        logs.add(log(to, Abi.TRANSFER_EVENT, List.of(topic(from), topic(recipient)), Abi.words(amount)));
                    });
                }
                default:
                    throw new Revert("function selector was not recognized");
            }
        }
        if (Contracts.erc1155(to) && sel.equals(Abi.SET_APPROVAL_FOR_ALL)) {
            String operator = in.address(0);
            boolean approved = in.word(1).signum() != 0;
            if (operator.equals(from)) throw new Revert("ERC1155: setting approval status for self");
            return new Effect(46_000, (h, t, logs) -> {
                operators.put(key(from, to, operator), approved);
                logs.add(log(to, Abi.APPROVAL_FOR_ALL_EVENT, List.of(topic(from), topic(operator)), Abi.words(approved ? BigInteger.ONE : BigInteger.ZERO)));
            });
        }
        if (Contracts.positions(to)) {
            switch (sel) {
                case Abi.SPLIT_POSITION:
                    return split(from, to, in);
                case Abi.MERGE_POSITIONS:
                    return merge(from, to, in);
                case Abi.REDEEM_POSITIONS:
                    return redeem(from, to, in);
                default:
                    break;
            }
        }
        if (to.equals(Contracts.PERPS_DEPOSIT) && sel.equals(Abi.DEPOSIT)) return deposit(from, in);
        throw new Revert("function selector was not recognized");
    }

    /** The market of a split, merge or redemption: its collateral must be the one the sandbox knows, its partition binary. */
    private MarketIndex.Market positionsMarket(String to, Abi in) {
        if (!in.address(0).equals(Contracts.COLLATERAL)) throw new Revert("collateral is not the collateral token");
        if (in.word(1).signum() != 0) throw new Revert("nested positions are not supported: the parent collection must be zero");
        MarketIndex.Market m = market(in.hex32(2), true);
        boolean negRisk = to.equals(Contracts.NEG_RISK_ADAPTER) || to.equals(Contracts.NEG_RISK_COLLATERAL_ADAPTER);
        if (m.negRisk() != negRisk) throw new Revert(negRisk ? "condition is not a negative-risk market's" : "condition is a negative-risk market's: use its adapter");
        List<BigInteger> sets = in.array(3);
        if (!sets.equals(List.of(BigInteger.ONE, BigInteger.TWO))) throw new Revert("got invalid index set: the partition must be [1, 2]");
        return m;
    }

    private Effect split(String from, String to, Abi in) {
        MarketIndex.Market m = positionsMarket(to, in);
        BigInteger amount = in.word(4);
        if (amount.signum() <= 0) throw new Revert("amount must be positive");
        if (m.closed()) throw new Revert("market is closed: no splits after resolution");
        String spender = to;
        if (collateral(from).compareTo(amount) < 0) throw new Revert("ERC20: transfer amount exceeds balance");
        if (allowance(from, Contracts.COLLATERAL, spender).compareTo(amount) < 0) throw new Revert("ERC20: insufficient allowance");
        return new Effect(150_000, (h, t, logs) -> {
            spend(from, spender, amount);
            fullSet("SPLIT", "BUY", m, amount, from, h, t);
            logs.add(log(Contracts.COLLATERAL, Abi.TRANSFER_EVENT, List.of(topic(from), topic(spender)), Abi.words(amount)));
            for (World.Token k : m.tokens()) logs.add(transferSingle(erc1155(m), spender, Abi.ZERO_ADDRESS, from, new BigInteger(k.tokenId()), amount));
        });
    }

    private Effect merge(String from, String to, Abi in) {
        MarketIndex.Market m = positionsMarket(to, in);
        BigInteger amount = in.word(4);
        if (amount.signum() <= 0) throw new Revert("amount must be positive");
        for (World.Token k : m.tokens()) {
            if (tokens(from, new BigInteger(k.tokenId())).compareTo(amount) < 0) throw new Revert("ERC1155: burn amount exceeds balance");
        }
        if (!to.equals(Contracts.CONDITIONAL_TOKENS) && !approvedForAll(from, Contracts.CONDITIONAL_TOKENS, to)) {
            throw new Revert("ERC1155: caller is not owner nor approved");
        }
        return new Effect(130_000, (h, t, logs) -> {
            fullSet("MERGE", "SELL", m, amount, from, h, t);
            for (World.Token k : m.tokens()) logs.add(transferSingle(erc1155(m), to, from, Abi.ZERO_ADDRESS, new BigInteger(k.tokenId()), amount));
            logs.add(log(Contracts.COLLATERAL, Abi.TRANSFER_EVENT, List.of(topic(to), topic(from)), Abi.words(amount)));
        });
    }

    /** What a {@code transferFrom} by {@code spender} leaves of the owner's allowance (an unlimited one stays so). */
    private void spend(String owner, String spender, BigInteger amount) {
        BigInteger left = allowance(owner, Contracts.COLLATERAL, spender);
        if (!left.equals(MAX_UINT)) allowances.put(key(owner, Contracts.COLLATERAL, spender), left.subtract(amount));
    }

    /**
     * A full set of a market's outcomes minted ({@code SPLIT}) or burnt ({@code MERGE}) for {@code amount} of collateral:
     * one activity row moving the collateral, and each outcome moved at half of it.
     */
    private void fullSet(String type, String side, MarketIndex.Market m, BigInteger amount, String wallet, String hash, long time) {
        BigDecimal usdc = usdc(amount);
        BigDecimal half = usdc.divide(BigDecimal.valueOf(2));
        Ledger.Activity row = new Ledger.Activity(seq++, type, time, m, null, "", usdc, usdc, BigDecimal.ZERO, hash, null);
        List<Ledger.Activity> moved = new ArrayList<>();
        for (World.Token k : m.tokens()) moved.add(new Ledger.Activity(seq++, type, time, m, k, side, usdc, half, new BigDecimal("0.5"), hash, null));
        wallets.changeLedger(wallet, l -> l.withChain(List.of(row), moved, BigDecimal.ZERO));
    }

    /** Burns every token of a resolved market the wallet holds and pays each at its payout (1 USDC a winning token, 0 a losing one). */
    private Effect redeem(String from, String to, Abi in) {
        MarketIndex.Market m = positionsMarket(to, in);
        if (!m.resolved()) throw new Revert("result for condition not received yet");
        if (!to.equals(Contracts.CONDITIONAL_TOKENS) && !approvedForAll(from, Contracts.CONDITIONAL_TOKENS, to)) {
            throw new Revert("ERC1155: caller is not owner nor approved");
        }
        return new Effect(120_000, (h, t, logs) -> {
            List<Ledger.Activity> rows = new ArrayList<>();
            BigInteger paid = BigInteger.ZERO;
            for (World.Token k : m.tokens()) {
                BigInteger held = tokens(from, new BigInteger(k.tokenId()));
                if (held.signum() == 0) continue;
                BigDecimal size = usdc(held);
                BigDecimal payout = BigDecimal.valueOf(m.payout(k.index()));
                rows.add(new Ledger.Activity(seq++, "REDEEM", t, m, k, "", size, size.multiply(payout), payout, h, null));
                paid = paid.add(held.multiply(BigInteger.valueOf(m.payout(k.index()))));
                logs.add(transferSingle(erc1155(m), to, from, Abi.ZERO_ADDRESS, new BigInteger(k.tokenId()), held));
            }
            if (!rows.isEmpty()) wallets.changeLedger(from, l -> l.withChain(rows, List.of(), BigDecimal.ZERO));
            logs.add(log(Contracts.COLLATERAL, Abi.TRANSFER_EVENT, List.of(topic(to), topic(from)), Abi.words(paid)));
        });
    }

    /**
     * The perpetuals' deposit contract's {@code deposit(token, amount, to)}: takes the collateral (under the
     * allowance the wallet gave the contract) and credits the perpetuals account of {@code to}.
     */
    private Effect deposit(String from, Abi in) {
        if (!in.address(0).equals(Contracts.COLLATERAL)) throw new Revert("unsupported token: deposits take the collateral");
        BigInteger amount = in.word(1);
        String account = in.address(2);
        if (amount.signum() <= 0) throw new Revert("amount must be positive");
        if (collateral(from).compareTo(amount) < 0) throw new Revert("ERC20: transfer amount exceeds balance");
        if (allowance(from, Contracts.COLLATERAL, Contracts.PERPS_DEPOSIT).compareTo(amount) < 0) throw new Revert("ERC20: insufficient allowance");
        PerpsFunds p = perps;
        if (p == null) throw new Revert("the perpetuals exchange is not running");
        return new Effect(90_000, (h, t, logs) -> {
            spend(from, Contracts.PERPS_DEPOSIT, amount);
            BigDecimal usdc = usdc(amount);
            wallets.changeLedger(from, l -> l.withChain(List.of(), List.of(), usdc.negate()));
            p.deposited(account, from, usdc, h);
            logs.add(log(Contracts.COLLATERAL, Abi.TRANSFER_EVENT, List.of(topic(from), topic(Contracts.PERPS_DEPOSIT)), Abi.words(amount)));
        });
    }

    /** The perpetuals' accounts, which deposits credit. */
    public interface PerpsFunds {
        void deposited(String account, String from, BigDecimal amount, String hash);
    }

    private volatile PerpsFunds perps;

    /** Connects the perpetuals' accounts: deposits credit them, and {@link #payOut} pays their withdrawals. */
    public void perps(PerpsFunds funds) {
        this.perps = funds;
    }

    /**
     * A withdrawal from the perpetuals paid on the chain: the deposit contract transfers {@code amount} of collateral to
     * {@code to}, mined at once in a block of its own (sent by the exchange, so no wallet's nonce or gas). Its hash.
     */
    public synchronized String payOut(String to, BigDecimal amount) {
        String recipient = lower(to);
        BigInteger units = units(amount);
        long block = blockNumber() + 1;
        long time = clock.getAsLong() / 1000;
        String hash = "0x" + Numeric.toHexStringNoPrefix(Hash.sha3(("perps withdrawal:" + recipient + ":" + units + ":" + block).getBytes()));
        String input = "0x" + Abi.TRANSFER.substring(2) + Abi.words(new BigInteger(recipient.substring(2), 16)).substring(2) + Abi.words(units).substring(2);
        wallets.changeLedger(recipient, l -> l.withChain(List.of(), List.of(), usdc(units)));
        ObjectNode l = log(Contracts.COLLATERAL, Abi.TRANSFER_EVENT, List.of(topic(Contracts.PERPS_DEPOSIT), topic(recipient)), Abi.words(units));
        l.put("blockNumber", Numeric.toHexStringWithPrefix(BigInteger.valueOf(block)));
        l.put("transactionHash", hash);
        l.put("transactionIndex", "0x0");
        l.put("logIndex", "0x0");
        l.put("removed", false);
        mined.put(hash, new Mined(hash, block, Contracts.PERPS_DEPOSIT, Contracts.COLLATERAL, BigInteger.ZERO, BigInteger.valueOf(60_000),
                BigInteger.ZERO, input, true, 52_000, List.of(l), time));
        blocks.add(hash);
        return hash;
    }

    /** The ERC-1155 a market's outcome tokens live in. */
    private static String erc1155(MarketIndex.Market m) {
        return m.negRisk() ? Contracts.NEG_RISK_ADAPTER : Contracts.CONDITIONAL_TOKENS;
    }

    private MarketIndex.Market market(String conditionId, boolean required) {
        MarketIndex.Market m = wallets.markets().byCondition(conditionId);
        if (m == null && required) throw new Revert("condition not prepared yet");
        return m;
    }

    // ---- helpers ----------------------------------------------------------------------------------------------------

    private static ObjectNode log(String address, String event, List<String> indexed, String data) {
        ObjectNode l = Json.object();
        l.put("address", address);
        ArrayNode topics = l.putArray("topics");
        topics.add(event);
        indexed.forEach(topics::add);
        l.put("data", data);
        return l;
    }

    private static ObjectNode transferSingle(String token, String operator, String from, String to, BigInteger id, BigInteger amount) {
        return log(token, Abi.TRANSFER_SINGLE_EVENT, List.of(topic(operator), topic(from), topic(to)),
                Abi.words(id) + Abi.words(amount).substring(2));
    }

    private static String topic(String address) {
        return "0x" + "0".repeat(24) + address.substring(2);
    }

    private static String key(String owner, String token, String spender) {
        return lower(owner) + "|" + lower(token) + "|" + lower(spender);
    }

    static String lower(String s) {
        return s.toLowerCase(Locale.ROOT);
    }

    static BigInteger units(BigDecimal usdc) {
        return usdc.multiply(UNIT).setScale(0, java.math.RoundingMode.DOWN).toBigIntegerExact().max(BigInteger.ZERO);
    }

    static BigDecimal usdc(BigInteger units) {
        return new BigDecimal(units).divide(UNIT).stripTrailingZeros();
    }
}
