package org.marketlab.sandbox.wallets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.world.Lazy;
import org.marketlab.sandbox.world.Recent;
import org.marketlab.sandbox.world.Tape;
import org.marketlab.sandbox.world.World;
import org.web3j.crypto.ECKeyPair;
import org.web3j.crypto.Hash;
import org.web3j.crypto.Keys;
import org.web3j.utils.Numeric;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The seeded wallets of the world and their histories, each generated on first use from the world's seed and
 * the address, so the same seed and anchor give the same rows. The demo wallets ({@code Wallet.demo(1)} to
 * {@code Wallet.demo(5)} of the toolkit, whose keys are the keccak of {@code "marketlab demo account <n>"}) and
 * {@value #TRADERS} other traders, who are also the counterparties and the holders the market reads list. Any other
 * address has no history.
 *
 * <p>A wallet trades a set of open and resolved markets, one outcome each, at prices on the markets' price paths
 * (the prices {@code /prices-history} serves), rounded to the tick. Each market follows a plan: held to now
 * (OPEN), sold out (CLOSED), held through resolution and not redeemed (REDEEMABLE) or redeemed (CLOSED). It also
 * splits and merges equal amounts on some markets, earns weekly rewards, and has orders resting on the books at
 * their existing levels.
 *
 * <p>Demo wallet 3 trades through a proxy wallet, as users of the web app do: its history (positions, trades,
 * activity, orders, collateral) sits under {@link #proxyWallet its proxy's address}, and its signer's own address
 * has none; the order book answers its orders and trades for the proxy (their maker), and its balance for the proxy
 * under signature type {@code POLY_PROXY}.
 */
public final class Wallets {

    static final int TRADERS = 24;
    private static final BigDecimal MILLION = BigDecimal.valueOf(1_000_000);

    private record Profile(int open, int resolved, int trades, int orders) {
    }

    private enum Plan { HOLD, EXIT, REDEEMABLE, REDEEMED }

    private final World world;
    private final Prices quotes;
    /** Built on first use: a sandbox that serves no account read never pays for it. */
    private final Lazy<MarketIndex> markets;
    private final long seed;
    private final long now;
    /** The seeded addresses and the builder code: derived on first use. */
    private final Lazy<Addresses> addresses;
    private final Map<String, Ledger> ledgers = new ConcurrentHashMap<>();
    private final Map<String, String> owners = new ConcurrentHashMap<>();
    /** The ids of the seeded open orders cancelled at run time, by wallet (the seeded lists themselves never change). */
    private final Map<String, Set<String>> cancelledSeeded = new ConcurrentHashMap<>();
    /** The seeded wallets' fills by market and tape trade (they are parts of tape trades). */
    private final Lazy<Map<String, Map<Long, List<Ledger.Fill>>>> seededFills = new Lazy<>(this::indexSeededFills);

    public Wallets(World world, Prices quotes) {
        this.world = world;
        this.markets = new Lazy<>(() -> new MarketIndex(world));
        this.quotes = quotes;
        this.seed = world.seed();
        this.addresses = new Lazy<>(() -> makeAddresses(seed));
        this.now = world.now().getEpochSecond();
    }

    /**
     * The addresses holding the demo wallets' histories (the signers', demo 3's proxy in place of its signer), the
     * traders' and the builder code. Functions of the seed alone, derived on first use: the demo signers' addresses
     * come from their keys (elliptic-curve multiplications, a few hundred ms in a fresh JVM), which a sandbox that
     * serves no account read never pays for.
     */
    private record Addresses(List<String> demo, List<String> traders, String builderCode) {
    }

    private Addresses addresses() {
        return addresses.get();
    }

    private static Addresses makeAddresses(long seed) {
        List<String> demo = new ArrayList<>();
        List<String> traders = new ArrayList<>();
        for (int n = 1; n <= 5; n++) demo.add(n == PROXIED ? proxyAddress(Demo.ADDRESSES.get(n - 1)) : Demo.ADDRESSES.get(n - 1));
        for (int i = 0; i < TRADERS; i++) traders.add("0x" + hex(Hash.sha3(bytes(seed + ":trader:" + i))).substring(24));
        return new Addresses(List.copyOf(demo), List.copyOf(traders), "0x" + hex(Hash.sha3(bytes("marketlab sandbox builder:" + seed))));
    }

    /** The lower-case address of the toolkit's {@code Wallet.demo(n)}, computed here from its key. */
    public static String demoAddress(int n) {
        byte[] k = Hash.sha3(bytes("marketlab demo account " + n));
        return "0x" + Keys.getAddress(ECKeyPair.create(new BigInteger(1, k))).toLowerCase(Locale.ROOT);
    }

    /** The signers that trade through a proxy wallet (lower case) to that wallet: demo wallet 3's, whatever the seed. */
    public static Map<String, String> proxiedSigners() {
        String signer = Demo.ADDRESSES.get(PROXIED - 1);
        return Map.of(signer, proxyAddress(signer));
    }

    /** The demo wallet that trades through a proxy wallet. */
    static final int PROXIED = 3;

    private static String proxyAddress(String signer) {
        return "0x" + hex(Hash.sha3(bytes("marketlab proxy wallet:" + signer))).substring(24);
    }

    /** The proxy wallet (lower case) an address trades through, or null when it trades from its own address. */
    public String proxyWallet(String signer) {
        String a = signer.toLowerCase(Locale.ROOT);
        return a.equals(Demo.ADDRESSES.get(PROXIED - 1)) ? addresses().demo().get(PROXIED - 1) : null;
    }

    /** The wallet whose orders and trades a signer's API key reads: its proxy, if it has one, else itself. */
    public String funder(String signer) {
        String p = proxyWallet(signer);
        return p != null ? p : signer.toLowerCase(Locale.ROOT);
    }

    /** The addresses that sign: the five demo signers, then the traders (each has a first API key). */
    public List<String> signers() {
        List<String> out = new ArrayList<>(Demo.ADDRESSES);
        out.addAll(addresses().traders());
        return out;
    }

    /** The seeded addresses holding histories (lower case): the five demo wallets (demo 3's proxy), then the traders. */
    public List<String> seeded() {
        List<String> out = new ArrayList<>(addresses().demo());
        out.addAll(addresses().traders());
        return out;
    }

    /** The builder code the sandbox attributes some fills to ({@code GET /builder/trades?builder_code=}). */
    public String builderCode() {
        return addresses().builderCode();
    }

    /** The world's anchor, Unix seconds. */
    public long anchorSecond() {
        return now;
    }

    public MarketIndex markets() {
        return markets.get();
    }

    /** The demo addresses, derived once per JVM (the first elliptic-curve multiplication is slow to warm up). */
    private static final class Demo {
        static final List<String> ADDRESSES;

        static {
            List<String> a = new ArrayList<>();
            for (int n = 1; n <= 5; n++) a.add(demoAddress(n));
            ADDRESSES = List.copyOf(a);
        }
    }

    public Prices quotes() {
        return quotes;
    }

    public boolean isSeeded(String address) {
        String a = address.toLowerCase(Locale.ROOT);
        return addresses().demo().contains(a) || addresses().traders().contains(a);
    }

    /** Adds fills made on the sandbox's order book to a wallet's ledger (and the token's last price to its positions). */
    public void addFills(String address, List<Ledger.Fill> fills) {
        if (fills.isEmpty()) return;
        String a = address.toLowerCase(Locale.ROOT);
        Map<String, BigDecimal> prices = new HashMap<>();
        for (Ledger.Fill f : fills) prices.put(f.token().tokenId(), f.price());
        ledgers.compute(a, (k, l) -> (l == null ? isSeeded(k) ? generate(k) : Ledger.empty(k) : l).plus(fills, prices));
    }

    /** Applies an on-chain change (a transfer, split, merge or redemption) to a wallet's ledger, atomically. */
    public void changeLedger(String address, java.util.function.UnaryOperator<Ledger> change) {
        ledgers.compute(address.toLowerCase(Locale.ROOT), (k, l) -> change.apply(l == null ? isSeeded(k) ? generate(k) : Ledger.empty(k) : l));
    }

    /** The history of an address (empty for an address that is not seeded and has not traded here). */
    public Ledger ledger(String address) {
        String a = address.toLowerCase(Locale.ROOT);
        Ledger known = ledgers.get(a);
        if (known != null) return known;
        if (!isSeeded(a)) return Ledger.empty(a);
        return ledgers.computeIfAbsent(a, this::generate);
    }

    /** The wallet's seeded open orders still open: its ledger's, less those cancelled at run time. */
    public List<Ledger.Order> openSeeded(String address) {
        String a = address.toLowerCase(Locale.ROOT);
        Set<String> gone = cancelledSeeded.getOrDefault(a, Set.of());
        List<Ledger.Order> out = new ArrayList<>();
        for (Ledger.Order o : ledger(a).orders) if (!gone.contains(o.id())) out.add(o);
        return out;
    }

    /**
     * Cancels the wallet's seeded open orders that {@code which} selects and are still open; the ones this call
     * cancelled (each order is cancelled once, whatever the concurrent callers).
     */
    public List<Ledger.Order> cancelSeeded(String address, java.util.function.Predicate<Ledger.Order> which) {
        String a = address.toLowerCase(Locale.ROOT);
        List<Ledger.Order> out = new ArrayList<>();
        Set<String> gone = null;
        for (Ledger.Order o : ledger(a).orders) {
            if (!which.test(o)) continue;
            if (gone == null) gone = cancelledSeeded.computeIfAbsent(a, k -> ConcurrentHashMap.newKeySet());
            if (gone.add(o.id())) out.add(o);
        }
        return out;
    }

    /** The order book's owner id (API key) of an address's first key (a proxy's: its signer's), the one its rows carry. */
    public String owner(String address) {
        return owners.computeIfAbsent(address.toLowerCase(Locale.ROOT), a -> {
            int i = addresses().demo().indexOf(a);
            return ApiKeys.initial(seed, i >= 0 ? Demo.ADDRESSES.get(i) : a).key();
        });
    }

    /** A seeded wallet holding shares of a token. */
    public record Holder(String address, Ledger.Position position) {
    }

    /**
     * Every holder of a token at the present, largest first (ties by address): the seeded wallets holding it, and the
     * market's crowd holding the rest of the complete sets outstanding ({@link Tape#holders}: the crowd's takers the
     * tape leaves long, the trades a seeded wallet took counted as theirs), so that each outcome's holders together hold
     * the open interest.
     */
    public List<Holder> holders(World.Token token) {
        List<Holder> out = seededHolders(token);
        BigDecimal seeded = BigDecimal.ZERO;
        for (Holder h : out) seeded = seeded.add(h.position().size());
        Tape tape = quotes.tape(token);
        BigDecimal price = token.closed() ? BigDecimal.valueOf(markets().byToken(token.tokenId()).payout(token.index())) : quotes.midpoint(token);
        MarketIndex.Market m = markets().byToken(token.tokenId());
        Map<Long, List<Ledger.Fill>> seededParts = seededFills().getOrDefault(m.conditionId(), Map.of());
        java.util.function.LongPredicate seededTook = seq -> seededTaker(seededParts.getOrDefault(seq, List.of())) != null;
        long minute = quotes.presentMinute();
        for (Tape.Holding h : tape.holders(token.index(), minute, seeded, netByRank(m.conditionId(), minute, tape, seededTook))) {
            out.add(new Holder(h.address(), new Ledger.Position(m, token, h.shares(), BigDecimal.ZERO, BigDecimal.ZERO, h.shares(),
                    BigDecimal.ZERO, BigDecimal.ZERO, price, Ledger.Status.OPEN, now)));
        }
        out.sort(Comparator.<Holder, BigDecimal>comparing(h -> h.position().size()).reversed().thenComparing(Holder::address));
        return out;
    }

    /** A market's crowd's net positions by rank at a minute ({@link Tape#netFirst}). */
    private record NetAt(long minute, double[] byRank) {
    }

    /**
     * The last markets' net positions, each at the minute it was counted: a request for a market's holders reads both
     * outcomes ({@code /holders}, {@code /oi}), and each would otherwise scan the market's whole tape again.
     */
    private final Map<String, NetAt> netByRank = java.util.Collections.synchronizedMap(Recent.of(64));

    /** A market's net positions by rank at {@code minute}, counted once a market and minute. */
    private double[] netByRank(String conditionId, long minute, Tape tape, java.util.function.LongPredicate seededTook) {
        NetAt kept = netByRank.get(conditionId);
        if (kept != null && kept.minute() == minute) return kept.byRank();
        double[] counted = tape.netFirst(minute, seededTook);
        netByRank.put(conditionId, new NetAt(minute, counted));
        return counted;
    }

    /** The seeded wallets holding shares of a token. */
    private List<Holder> seededHolders(World.Token token) {
        List<Holder> out = new ArrayList<>();
        for (String a : seeded()) {
            Ledger.Position p = ledger(a).positions.get(token.tokenId());
            if (p != null && p.size().signum() > 0) out.add(new Holder(a, p));
        }
        return out;
    }

    /**
     * Every open market's complete sets outstanding at the present, summed (USDC): the world's open interest. (Each
     * market's priced figure, {@link #openInterest}, is the same unless the seeded wallets hold more than its crowd.)
     */
    public BigDecimal globalOpenInterest() {
        double total = 0;
        long minute = quotes.presentMinute();
        for (MarketIndex.Market m : markets().open()) total += world.openInterest(m.tokens()[0], minute);
        return BigDecimal.valueOf(total).setScale(2, java.math.RoundingMode.HALF_UP);
    }

    /** Open interest, priced gross: every holder's shares of both outcomes at their current prices (USDC). */
    public BigDecimal openInterest(MarketIndex.Market market) {
        BigDecimal v = BigDecimal.ZERO;
        for (World.Token t : market.tokens()) for (Holder h : holders(t)) v = v.add(h.position().currentValue());
        return v;
    }

    /** The last second the markets' tapes have reached (epoch seconds): the end of the present minute. */
    public long tapeEnd() {
        return quotes().presentMinute() * 60 + 59;
    }

    /**
     * The public trades of a market from {@code from} to {@code to} (epoch seconds), newest first unless asked, as the
     * Data API lists them: one row per trade for its taker, and with {@code takerOnly} false one per maker too (a
     * seeded wallet's part of a trade its own row, the crowd maker the rest). Stops once {@code limit} rows pass
     * {@code keep}.
     */
    public List<Ledger.Fill> tape(MarketIndex.Market market, long from, long to, boolean newestFirst, boolean takerOnly, int limit,
                           java.util.function.Predicate<Ledger.Fill> keep) {
        Map<Long, List<Ledger.Fill>> seededParts = seededFills().getOrDefault(market.conditionId(), Map.of());
        Tape tape = quotes.tape(market.tokens()[0]);
        List<Ledger.Fill> out = new ArrayList<>();
        tape.visit(from, to, newestFirst, t -> {
            List<Ledger.Fill> rows = rows(market, t, seededParts.getOrDefault(t.seq(), List.of()), takerOnly);
            if (newestFirst) java.util.Collections.reverse(rows);
            for (Ledger.Fill f : rows) if (out.size() < limit && keep.test(f)) out.add(f);
            return out.size() < limit;
        });
        return out;
    }

    /** The rows of one tape trade: its taker's, then (unless {@code takerOnly}) its makers'. */
    private List<Ledger.Fill> rows(MarketIndex.Market m, Tape.Trade t, List<Ledger.Fill> seededParts, boolean takerOnly) {
        World.Token token = m.tokens()[t.outcome()];
        String makerSide = t.side().equals("BUY") ? "SELL" : "BUY";
        List<Ledger.Fill> out = new ArrayList<>(2);
        String seededTaker = seededTaker(seededParts);
        String taker = seededTaker != null ? seededTaker : t.taker();
        BigDecimal makersRest = t.size();
        for (Ledger.Fill f : seededParts) if (f.maker()) makersRest = makersRest.subtract(f.size());
        String tradeId = UUID.nameUUIDFromBytes(bytes(seed + ":tape:" + t.hash())).toString();
        out.add(crowdFill(taker, t, m, token, t.side(), t.size(), false, tradeId, t.maker()));
        if (takerOnly) return out;
        for (Ledger.Fill f : seededParts) if (f.maker()) out.add(f);
        if (makersRest.signum() > 0) out.add(crowdFill(t.maker(), t, m, token, makerSide, makersRest, true, tradeId, taker));
        return out;
    }

    /** The seeded wallet that took a tape trade (its part not a maker's), or null when the crowd's taker did. */
    private static String seededTaker(List<Ledger.Fill> seededParts) {
        String taker = null;
        for (Ledger.Fill f : seededParts) if (!f.maker()) taker = f.wallet();
        return taker;
    }

    private Ledger.Fill crowdFill(String wallet, Tape.Trade t, MarketIndex.Market m, World.Token token, String side, BigDecimal size,
                                  boolean maker, String tradeId, String counterparty) {
        return new Ledger.Fill(wallet, t.seq(), tradeId, m, token, side, t.price(), size, t.time(), t.hash(), maker,
                orderId(wallet, "tape", t.seq()), counterparty, orderId(counterparty, "tape", t.seq()), "", false, t.seq());
    }

    /**
     * Makes ahead what a market's first public tape needs: every seeded wallet's ledger and the index of their parts in
     * the tape's trades (seconds of CPU on a loaded machine). The standalone server calls it once it is up, so that a
     * client's first trades or live-activity read does not pay for it within its own timeout.
     */
    public void prepareTapes() {
        seededFills();
    }

    /** The seeded wallets' fills by market and tape trade, made once (all seeded ledgers are generated for it). */
    private Map<String, Map<Long, List<Ledger.Fill>>> seededFills() {
        return seededFills.get();
    }

    private Map<String, Map<Long, List<Ledger.Fill>>> indexSeededFills() {
        Map<String, Map<Long, List<Ledger.Fill>>> out = new HashMap<>();
        for (String a : seeded()) {
            for (Ledger.Fill f : ledger(a).fills) {
                if (f.tapeSeq() < 0) continue;
                out.computeIfAbsent(f.market().conditionId(), k -> new HashMap<>()).computeIfAbsent(f.tapeSeq(), k -> new ArrayList<>()).add(f);
            }
        }
        return out;
    }

    // ---- generation ---------------------------------------------------------------------------------------------

    private Profile profile(String address) {
        int d = addresses().demo().indexOf(address);
        if (d >= 0) return switch (d) {
            case 0 -> new Profile(24, 16, 1_200, 10);
            case 1 -> new Profile(40, 30, 10_050, 12);
            case 2 -> new Profile(12, 8, 600, 6);
            case 3 -> new Profile(8, 6, 300, 4);
            default -> new Profile(5, 5, 150, 3);
        };
        SplittableRandom r = new SplittableRandom(seed ^ address.hashCode());
        return new Profile(4 + r.nextInt(7), 5 + r.nextInt(3), 100 + r.nextInt(300), 2);
    }

    private Ledger generate(String address) {
        SplittableRandom r = new SplittableRandom(PricePathMix.mix(seed * 31 + address.hashCode()));
        Profile profile = profile(address);
        long nowMinute = now / 60;
        long[] seq = {0};
        List<Ledger.Fill> fills = new ArrayList<>();
        List<Ledger.Activity> activity = new ArrayList<>();
        Map<String, Ledger.Status> statusOf = new HashMap<>();
        Map<String, BigDecimal> curPrices = new HashMap<>();
        Map<String, BigDecimal> held = new HashMap<>();
        List<World.Token> holding = new ArrayList<>();

        // Markets whose tapes have trades enough for the wallet's share of them, three times over.
        long busy = Math.max(40, 3L * profile.trades() / (profile.open() + profile.resolved()));
        List<MarketIndex.Market> chosenOpen = pick(r, markets().open(), profile.open(), nowMinute, busy);
        List<MarketIndex.Market> chosenResolved = pick(r, markets().resolved(), profile.resolved(), nowMinute, busy);
        List<MarketIndex.Market> all = new ArrayList<>(chosenOpen);
        all.addAll(chosenResolved);
        double[] weights = new double[all.size()];
        double sum = 0;
        for (int i = 0; i < weights.length; i++) sum += weights[i] = 0.5 + r.nextDouble();
        int shortfall = 0;
        for (int i = 0; i < all.size(); i++) {
            MarketIndex.Market m = all.get(i);
            boolean resolved = i >= chosenOpen.size();
            int k = resolved ? i - chosenOpen.size() : i;
            Plan plan = resolved ? (k % 5 < 2 ? Plan.REDEEMABLE : k % 5 < 4 ? Plan.REDEEMED : Plan.EXIT)
                    : (k % 4 == 3 ? Plan.EXIT : Plan.HOLD);
            World.Token token = m.tokens()[r.nextInt(2)];
            // A market whose tape runs out of trades for the wallet passes what it could not take to the next.
            int n = Math.max(2, (int) Math.round(profile.trades() * weights[i] / sum)) + shortfall;
            int before = fills.size();
            BigDecimal h = trade(r, address, m, token, plan, n, seq, fills, activity);
            shortfall = Math.max(0, n - (fills.size() - before));
            held.put(token.tokenId(), h);
            if (resolved) {
                BigDecimal payout = BigDecimal.valueOf(m.payout(token.index()));
                curPrices.put(token.tokenId(), payout);
                statusOf.put(token.tokenId(), Ledger.Status.REDEEMABLE);
                if (plan == Plan.REDEEMED && h.signum() > 0) {
                    long t = Math.min(now - 60, quotes.lastMinute(token) * 60 + 3600L * (1 + r.nextInt(48)));
                    activity.add(new Ledger.Activity(seq[0]++, "REDEEM", t, m, token, "", h, h.multiply(payout), payout,
                            txHash(address, "redeem", seq[0]), null));
                }
            } else {
                curPrices.put(token.tokenId(), quotes.midpoint(token));
                if (plan == Plan.HOLD) holding.add(token);
            }
        }
        // Splits and merges of equal size on held open markets, and weekly liquidity rewards.
        for (int i = 0; i < Math.min(2, holding.size()); i++) {
            World.Token t = holding.get(i);
            MarketIndex.Market m = markets().byToken(t.tokenId());
            long from = Math.max(quotes.firstMinute(t), nowMinute - 365L * 1440) * 60;
            long t1 = from + (long) (r.nextDouble() * (now - 120 - from) * 0.5);
            long t2 = t1 + 60 + (long) (r.nextDouble() * (now - 120 - t1));
            BigDecimal x = BigDecimal.valueOf(1000 + r.nextInt(9000), 2);
            activity.add(new Ledger.Activity(seq[0]++, "SPLIT", t1, m, null, "", x, x, BigDecimal.ZERO, txHash(address, "split", seq[0]), null));
            activity.add(new Ledger.Activity(seq[0]++, "MERGE", t2, m, null, "", x, x, BigDecimal.ZERO, txHash(address, "merge", seq[0]), null));
        }
        for (int w = 1; w <= 6 && !holding.isEmpty(); w++) {
            World.Token t = holding.get(r.nextInt(holding.size()));
            long time = now - w * 7L * 86_400 + r.nextInt(3600);
            if (time < quotes.firstMinute(t) * 60) continue;
            BigDecimal x = BigDecimal.valueOf(50 + r.nextInt(2450), 2);
            activity.add(new Ledger.Activity(seq[0]++, "REWARD", time, markets().byToken(t.tokenId()), null, "", x, x, BigDecimal.ZERO,
                    txHash(address, "reward", seq[0]), null));
        }
        for (Ledger.Fill f : fills) {
            activity.add(new Ledger.Activity(f.seq(), "TRADE", f.time(), f.market(), f.token(), f.side(), f.size(), f.usdc(), f.price(),
                    f.txHash(), f));
        }
        List<Ledger.Order> orders = orders(r, address, holding, held, profile.orders());
        if (addresses().demo().contains(address)) {
            // A random sequence of its own, so the rest of the wallet's history is drawn as without it.
            Ledger.Order quote = rewardsQuote(new SplittableRandom(seed * 31 + address.hashCode()), address, holding);
            if (quote != null) orders.add(quote);
        }
        // The deposit covers the deepest the cash ever went and the open buy orders, in whole dollars.
        List<Ledger.Activity> timeline = new ArrayList<>(activity);
        timeline.sort(Comparator.comparingLong(Ledger.Activity::time).thenComparingLong(Ledger.Activity::seq));
        BigDecimal running = BigDecimal.ZERO, lowest = BigDecimal.ZERO;
        for (Ledger.Activity a : timeline) {
            running = running.add(Ledger.cashFlow(a));
            if (running.compareTo(lowest) < 0) lowest = running;
        }
        BigDecimal reserved = BigDecimal.ZERO;
        for (Ledger.Order o : orders) if (o.side().equals("BUY")) reserved = reserved.add(o.price().multiply(o.originalSize()));
        BigDecimal deposit = lowest.negate().add(reserved).add(BigDecimal.valueOf(250 + r.nextInt(5000))).setScale(0, RoundingMode.CEILING);
        return new Ledger(address, fills, activity, orders, deposit, curPrices, statusOf);
    }

    /**
     * Distinct markets with at least two hours of trading in the last year and at least {@code trades} on their tape;
     * of open markets, the first half still undecided (priced 0.2 to 0.8) and traded in cents, where traders are most
     * active. Should too few be, the rest are any.
     */
    private List<MarketIndex.Market> pick(SplittableRandom r, List<MarketIndex.Market> from, int count, long nowMinute, long trades) {
        List<MarketIndex.Market> out = new ArrayList<>();
        // Bit sets by index in the list (it holds each market once): a pass draws until every index is tried, which for
        // a pass that can take none (the first over resolved markets) is tens of thousands of draws.
        java.util.BitSet taken = new java.util.BitSet(from.size());
        for (int pass = 0; pass < 2 && out.size() < count; pass++) {
            java.util.BitSet tried = new java.util.BitSet(from.size());
            int triedCount = 0;
            int want = pass == 0 ? (count + 1) / 2 : count;
            while (out.size() < want && triedCount < from.size()) {
                int i = r.nextInt(from.size());
                if (tried.get(i)) continue;
                tried.set(i);
                triedCount++;
                MarketIndex.Market m = from.get(i);
                World.Token t = m.tokens()[0];
                if (taken.get(i) || pass == 0 && (t.closed() || t.price() < 0.2 || t.price() > 0.8 || t.tickSize() != 0.01)) continue;
                long start = Math.max(quotes.firstMinute(t), nowMinute - 365L * 1440);
                if (quotes.lastMinute(t) - start >= 120 && quotes.tape(t).count() >= trades) {
                    out.add(m);
                    taken.set(i);
                }
            }
        }
        return out;
    }

    /**
     * The fills of one market under a plan, each part of a trade of the market's public tape: the wallet takes the
     * whole trade when the taker's side is its own (and, selling, it holds enough), else it is a maker for part of it
     * on the other side. Its buys and sells therefore happen at the tape's minutes and prices, and the tape's
     * volume already counts them. Answers the shares held at the end.
     */
    private BigDecimal trade(SplittableRandom r, String address, MarketIndex.Market m, World.Token token, Plan plan, int n,
                             long[] seq, List<Ledger.Fill> fills, List<Ledger.Activity> activity) {
        Tape tape = quotes.tape(token);
        // A wallet holds at most 3 % of an open market's complete sets at the anchor, so that the seeded wallets
        // together never hold more of an outcome than is outstanding.
        BigDecimal cap = m.closed() ? null : BigDecimal.valueOf(0.03 * tape.openInterest(now / 60)).setScale(2, RoundingMode.DOWN);
        long last = quotes.lastMinute(token) - (m.closed() ? 1 : 0);
        long first = Math.max(quotes.firstMinute(token), now / 60 - 365L * 1440);
        long[] minutes = new long[n];
        for (int i = 0; i < n; i++) minutes[i] = first + (long) (r.nextDouble() * (last - first));
        java.util.Arrays.sort(minutes);
        Set<Long> used = new java.util.HashSet<>();
        // The tape's hours, each made once for this market: the searches below go over the same hours again and again.
        Map<Long, List<Tape.Trade>> hours = new HashMap<>();
        java.util.function.LongFunction<List<Tape.Trade>> hour = h -> hours.computeIfAbsent(h, tape::hour);
        // Once a search finds nothing, no later one can (each starts no earlier and fewer trades are free), so the rest
        // of the draws are made without searching.
        boolean exhausted = false;
        BigDecimal held = BigDecimal.ZERO;
        long previous = Long.MIN_VALUE;
        for (int i = 0; i < n; i++) {
            boolean exit = i == n - 1 && plan == Plan.EXIT && held.signum() > 0;
            String side = exit || !(i == n - 1 || held.signum() == 0 || r.nextInt(10) < 6) ? "SELL" : "BUY";
            BigDecimal want = exit ? held : BigDecimal.valueOf(500 + r.nextInt(19_500), 2);
            if (side.equals("SELL")) want = want.min(held);
            // The first trade of this outcome from the minute drawn on that the wallet can be part of; an exit one
            // that can take all it holds.
            BigDecimal need = exit ? held : BigDecimal.ZERO;
            BigDecimal fits = side.equals("BUY") ? (cap == null ? null : cap.subtract(held)) : held;
            Tape.Trade t = exhausted ? null : find(hour, token.index(), minutes[i], previous, last, used, need, side, fits);
            if (t == null) {
                exhausted |= need.signum() == 0;
                continue;
            }
            used.add(t.seq());
            previous = t.time();
            BigDecimal room = side.equals("BUY") && cap != null ? cap.subtract(held) : null;
            boolean taker = t.side().equals(side)
                    && (side.equals("BUY") ? room == null || t.size().compareTo(room) <= 0 : t.size().compareTo(held) <= 0);
            BigDecimal size = taker ? t.size() : want.min(t.size());
            if (room != null) size = size.min(room);
            if (size.signum() <= 0) continue;
            held = side.equals("BUY") ? held.add(size) : held.subtract(size);
            String counterparty = taker ? t.maker() : t.taker();
            long s = seq[0]++;
            fills.add(new Ledger.Fill(address, s, uuid(address, "fill", s), m, token, side, t.price(), size, Math.min(now - 1, t.time()),
                    t.hash(), !taker, orderId(address, "fill", s), counterparty, orderId(counterparty, address, s), owner(counterparty),
                    r.nextInt(5) == 0, t.seq()));
        }
        return held;
    }

    /**
     * The first trade of {@code outcome} from minute {@code from} on, no earlier than the wallet's previous fill (epoch
     * second {@code previous}: its fills stay in time order) and up to minute {@code last}, not yet used, of at least
     * {@code size} shares; in the hour it is found in, preferably one the wallet can take whole (its taker on
     * {@code side}, at most {@code fits} shares, or any number for null). Null if the rest of the window has none.
     */
    private static Tape.Trade find(java.util.function.LongFunction<List<Tape.Trade>> hour, int outcome, long from, long previous, long last,
                                   Set<Long> used, BigDecimal size, String side, BigDecimal fits) {
        long lo = Math.max(from, Math.floorDiv(previous, 60));
        for (long h = Math.floorDiv(lo, 60); h <= Math.floorDiv(last, 60); h++) {
            Tape.Trade any = null;
            for (Tape.Trade t : hour.apply(h)) {
                if (t.time() / 60 < lo || t.time() / 60 > last || t.time() < previous) continue;
                if (t.outcome() != outcome || used.contains(t.seq()) || t.size().compareTo(size) < 0) continue;
                if (t.side().equals(side) && (fits == null || t.size().compareTo(fits) <= 0)) return t;
                if (any == null) any = t;
            }
            if (any != null) return any;
        }
        return null;
    }

    /** Orders resting at the books' existing levels: buys at a bid level, sells (of shares held) at an ask level. */
    private List<Ledger.Order> orders(SplittableRandom r, String address, List<World.Token> holding, Map<String, BigDecimal> held, int count) {
        List<Ledger.Order> out = new ArrayList<>();
        for (int i = 0; i < count && !holding.isEmpty(); i++) {
            World.Token t = holding.get(i % holding.size());
            ObjectNode book = quotes.book(t);
            boolean sell = i % 3 == 2;
            JsonNode side = book.get(sell ? "asks" : "bids");
            if (side.isEmpty()) continue;
            JsonNode level = side.get(side.size() - 1 - r.nextInt(Math.min(5, side.size())));
            BigDecimal levelSize = new BigDecimal(level.get("size").asText());
            BigDecimal min = BigDecimal.valueOf(t.minOrderSize());
            BigDecimal size = BigDecimal.valueOf(500 + r.nextInt(5500), 2).max(min).min(levelSize);
            if (sell) size = size.min(held.getOrDefault(t.tokenId(), BigDecimal.ZERO));
            if (size.compareTo(min) < 0) continue;
            boolean gtd = i % 4 == 3;
            out.add(new Ledger.Order(orderId(address, "order", i), markets().byToken(t.tokenId()), t, sell ? "SELL" : "BUY",
                    new BigDecimal(level.get("price").asText()), size, now - r.nextInt(7 * 86_400),
                    gtd ? "GTD" : "GTC", gtd ? now + 86_400L * (1 + r.nextInt(30)) : null));
        }
        return out;
    }

    /**
     * A demo wallet's quote for the liquidity rewards: a buy at the best bid, or the level below it, of a rewarded
     * market it holds (the first, in holding order, with such a level that can hold it), sized one to two times the rewards' minimum (ten minimum orders),
     * so it scores within the maximum spread of the midpoint and earns a share of the market's daily rate. It rests
     * inside the bid level, as every seeded order does.
     */
    private Ledger.Order rewardsQuote(SplittableRandom r, String address, List<World.Token> holding) {
        for (World.Token t : holding) {
            MarketIndex.Market m = markets().byToken(t.tokenId());
            if (m == null || !m.rewarded()) continue;
            JsonNode bids = quotes.book(t).get("bids");
            BigDecimal minimum = BigDecimal.valueOf(t.minOrderSize()).multiply(BigDecimal.TEN);
            // The best bid, or the one below it: both within the rewards' maximum spread of the midpoint.
            for (int k = 1; k <= Math.min(2, bids.size()); k++) {
                JsonNode level = bids.get(bids.size() - k);
                BigDecimal levelSize = new BigDecimal(level.get("size").asText());
                if (levelSize.compareTo(minimum) < 0) continue;
                BigDecimal size = minimum.multiply(BigDecimal.valueOf(100 + r.nextInt(101), 2)).setScale(2, RoundingMode.DOWN).min(levelSize);
                return new Ledger.Order(orderId(address, "rewards-quote", 0), m, t, "BUY", new BigDecimal(level.get("price").asText()), size,
                        now - 86_400 - r.nextInt(6 * 86_400), "GTC", null);
            }
        }
        return null;
    }

    /** A collateral amount in the token's base units (6 decimals), as the order book's balances are written. */
    public static String baseUnits(BigDecimal amount) {
        return amount.multiply(MILLION).setScale(0, RoundingMode.DOWN).toPlainString();
    }

    private String txHash(String address, String kind, long n) {
        return "0x" + hex(Hash.sha3(bytes(seed + ":" + address + ":" + kind + ":" + n)));
    }

    private String orderId(String address, String kind, long n) {
        return "0x" + hex(Hash.sha3(bytes(seed + ":order:" + address + ":" + kind + ":" + n)));
    }

    private String uuid(String address, String kind, long n) {
        return UUID.nameUUIDFromBytes(bytes(seed + ":" + address + ":" + kind + ":" + n)).toString();
    }

    public static String hex(byte[] b) {
        return Numeric.toHexStringNoPrefix(b);
    }

    static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The world's (for the market and token indexes). */
    public World world() {
        return world;
    }

    List<String> demo() {
        return addresses().demo();
    }

    /** A splitmix step, to seed each wallet's stream apart from the others. */
    private static final class PricePathMix {
        static long mix(long z) {
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }
}
