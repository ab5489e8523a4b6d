package org.marketlab.sandbox.contracts;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.sandbox.wallets.MarketIndex;
import org.marketlab.sandbox.wallets.Wallets;
import org.marketlab.sandbox.world.World;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The combination module of the sandbox's protocol-v2 contracts: which markets may be combined (the combo catalogue),
 * the combos wallets hold, and their lifecycle activity.
 *
 * <p>A plain market's protocol-v2 condition id is the sandbox's own rule (no public source gives one): the module byte
 * ({@code 01} binary, {@code 02} neg-risk), then the first 30 bytes of {@code keccak256} of the market's condition id.
 * Its YES and NO position ids, and every combo's ids, follow {@link ComboIds}, the rules the official client applies.
 *
 * <p>Each demo wallet holds two combos from the world: one whose legs are two markets of one event, one whose legs
 * are markets of different events, bought with collateral that came in for them (so their cash reads as before).
 * A filled RFQ adds to a wallet's combo and takes its collateral ({@link #buy}, {@link #sell}).
 */
public final class Combos {

    /** One leg: a market's YES (0) or NO (1) position. */
    public record Leg(BigInteger positionId, MarketIndex.Market market, int outcome) {
        public World.Token token() {
            return market.tokens()[outcome];
        }

        /** {@code OPEN} while the market trades, {@code RESOLVED_WIN} / {@code RESOLVED_LOSS} once it resolved. */
        public String status() {
            if (!market.resolved()) return "OPEN";
            return market.payout(outcome) == 1 ? "RESOLVED_WIN" : "RESOLVED_LOSS";
        }
    }

    /** A combo: its condition id ({@code 0x03…}, 31 bytes), its YES and NO position ids, its legs sorted by position id. */
    public record Combo(String conditionId, BigInteger yes, BigInteger no, List<Leg> legs) {

        /** {@code OPEN}, {@code PARTIAL} (some legs won, none lost), {@code RESOLVED_WIN} or {@code RESOLVED_LOSS}. */
        public String status() {
            int won = 0;
            for (Leg l : legs) {
                String s = l.status();
                if (s.equals("RESOLVED_LOSS")) return "RESOLVED_LOSS";
                if (s.equals("RESOLVED_WIN")) won++;
            }
            return won == legs.size() ? "RESOLVED_WIN" : won > 0 ? "PARTIAL" : "OPEN";
        }

        public int resolvedLegs() {
            return (int) legs.stream().filter(l -> !l.status().equals("OPEN")).count();
        }
    }

    /** What a wallet holds of a combo's YES position. Costs are USDC; {@code size} is shares. */
    public record Holding(String wallet, Combo combo, BigDecimal size, BigDecimal grossCost, BigDecimal fees, BigDecimal realized,
                          long firstEntry, long updated) {
        public BigDecimal avgPrice() {
            return size.signum() == 0 ? BigDecimal.ZERO : grossCost.divide(size, 6, RoundingMode.HALF_UP);
        }
    }

    /** One lifecycle row of a wallet's combos: {@code SPLIT} mints the YES it holds, {@code MERGE} returns it for collateral. */
    public record Activity(String id, String wallet, String type, Combo combo, BigDecimal amount, long time, String txHash, long block) {
    }

    /** Every seeded demo wallet holds this many combos. */
    static final int SEEDED_PER_WALLET = 2;
    private static final int DEMO_WALLETS = 5;

    private final Wallets wallets;
    private Map<BigInteger, Leg> legs;
    private List<MarketIndex.Market> catalogue;
    private final Map<String, Map<String, Holding>> holdings = new HashMap<>();
    private final Map<String, List<Activity>> activity = new HashMap<>();
    private boolean seeded;
    private long sequence;

    public Combos(Wallets wallets) {
        this.wallets = wallets;
    }

    public Wallets wallets() {
        return wallets;
    }

    /** The protocol-v2 condition id of a plain market (the sandbox's rule, see the class comment). */
    public static String conditionId(MarketIndex.Market m) {
        byte[] h = Hash.sha3(Numeric.hexStringToByteArray(m.conditionId()));
        byte[] c = new byte[31];
        c[0] = (byte) (m.negRisk() ? 2 : 1);
        System.arraycopy(h, 0, c, 1, 30);
        return Numeric.toHexString(c);
    }

    /** The protocol-v2 YES (0) or NO (1) position id of a plain market. */
    public static BigInteger positionId(MarketIndex.Market m, int outcome) {
        return ComboIds.positionId(conditionId(m), outcome);
    }

    /** The leg a protocol-v2 position id names, or null when no market of the world has it. */
    public synchronized Leg leg(BigInteger positionId) {
        return legs().get(positionId);
    }

    private Map<BigInteger, Leg> legs() {
        if (legs == null) {
            Map<BigInteger, Leg> out = new HashMap<>();
            List<MarketIndex.Market> open = new ArrayList<>();
            for (World.Token t : wallets.world().tokens()) {
                if (t.index() != 0) continue;
                MarketIndex.Market m = wallets.markets().byCondition(t.conditionId());
                if (m == null) continue;
                for (int o = 0; o < 2; o++) {
                    BigInteger id = positionId(m, o);
                    out.put(id, new Leg(id, m, o));
                }
                if (!m.closed()) open.add(m);
            }
            legs = out;
            catalogue = List.copyOf(open);
        }
        return legs;
    }

    /** The markets a combo may take legs from: every open market, in the world's order. */
    public synchronized List<MarketIndex.Market> catalogue() {
        legs();
        return catalogue;
    }

    /** The combo of these legs, checked by {@link ComboIds}' rules and the world's (every leg a market of it). */
    public synchronized Combo combo(List<BigInteger> positionIds) {
        String condition = ComboIds.comboConditionId(positionIds);
        List<Leg> found = new ArrayList<>();
        for (BigInteger id : positionIds) {
            Leg l = legs().get(id);
            if (l == null) throw new IllegalArgumentException("no market of the sandbox has the position id " + id);
            found.add(l);
        }
        found.sort(Comparator.comparing(Leg::positionId));
        return new Combo(condition, ComboIds.positionId(condition, 0), ComboIds.positionId(condition, 1), List.copyOf(found));
    }

    /**
     * Two legs that cannot both come true: the YES of two markets of one neg-risk event (at most one of its outcomes
     * wins). Null when there are none.
     */
    public static String contradiction(List<Leg> legs) {
        Map<String, Leg> yesByEvent = new HashMap<>();
        for (Leg l : legs) {
            if (!l.market().negRisk() || l.outcome() != 0) continue;
            Leg other = yesByEvent.putIfAbsent(l.market().eventId(), l);
            if (other != null) {
                return "the YES legs of \"" + other.market().title() + "\" and \"" + l.market().title()
                        + "\" cannot both come true: one event's neg-risk markets have one winner";
            }
        }
        return null;
    }

    /** A leg's price now: its token's midpoint while open, its resolution price once closed. */
    public BigDecimal price(Leg leg) {
        if (leg.market().closed()) return BigDecimal.valueOf(leg.token().price());
        return wallets.quotes().midpoint(leg.token());
    }

    /**
     * The probability the combo comes true, from the legs' prices: legs of different events multiply; the legs of one
     * neg-risk event combine exactly (its markets are mutually exclusive: one YES leg is that market's price, NO legs
     * alone are one less the sum of their markets' YES prices).
     */
    public BigDecimal fair(Combo c) {
        Map<String, List<Leg>> groups = new LinkedHashMap<>();
        for (Leg l : c.legs()) groups.computeIfAbsent(l.market().negRisk() ? "e" + l.market().eventId() : "m" + l.market().conditionId(), k -> new ArrayList<>()).add(l);
        BigDecimal p = BigDecimal.ONE;
        for (List<Leg> g : groups.values()) {
            Leg yes = g.stream().filter(l -> l.outcome() == 0).findFirst().orElse(null);
            BigDecimal q;
            if (g.size() == 1) q = price(g.get(0));
            else if (yes != null) q = price(yes);
            else {
                q = BigDecimal.ONE;
                for (Leg l : g) q = q.subtract(price(new Leg(positionId(l.market(), 0), l.market(), 0)));
                q = q.max(BigDecimal.ZERO);
            }
            p = p.multiply(q);
        }
        return p.setScale(6, RoundingMode.HALF_UP);
    }

    /** The combos a wallet holds (seeded ones included), newest entry first. */
    public synchronized List<Holding> holdings(String wallet) {
        seed();
        List<Holding> out = new ArrayList<>(holdings.getOrDefault(wallet.toLowerCase(Locale.ROOT), Map.of()).values());
        out.sort(Comparator.comparingLong(Holding::firstEntry).reversed().thenComparing(h -> h.combo().conditionId()));
        return out;
    }

    /** The shares of a combo's YES a wallet holds. */
    public synchronized BigDecimal held(String wallet, Combo c) {
        seed();
        Holding h = holdings.getOrDefault(wallet.toLowerCase(Locale.ROOT), Map.of()).get(c.conditionId());
        return h == null ? BigDecimal.ZERO : h.size();
    }

    /** A wallet's combo lifecycle rows, newest first. */
    public synchronized List<Activity> activity(String wallet) {
        seed();
        List<Activity> out = new ArrayList<>(activity.getOrDefault(wallet.toLowerCase(Locale.ROOT), List.of()));
        out.sort(Comparator.comparingLong(Activity::time).reversed().thenComparing(Activity::id, Comparator.reverseOrder()));
        return out;
    }

    /**
     * A filled BUY: the wallet pays {@code cost} of collateral and receives {@code shares} of the combo's YES (the
     * exchange splits both sides' collateral into the combo's YES, the requester's, and NO, the maker's). The caller
     * checked the wallet's balance under the same lock ({@link #lock()}).
     */
    public synchronized Activity buy(String wallet, Combo c, BigDecimal shares, BigDecimal cost, long second, String txHash) {
        seed();
        String w = wallet.toLowerCase(Locale.ROOT);
        wallets.changeLedger(w, l -> l.withChain(List.of(), List.of(), cost.negate()));
        Holding h = holdings.computeIfAbsent(w, k -> new LinkedHashMap<>()).get(c.conditionId());
        Holding next = h == null ? new Holding(w, c, shares, cost, BigDecimal.ZERO, BigDecimal.ZERO, second, second)
                : new Holding(w, c, h.size().add(shares), h.grossCost().add(cost), h.fees(), h.realized(), h.firstEntry(), second);
        holdings.get(w).put(c.conditionId(), next);
        return record(w, "SPLIT", c, cost, second, txHash);
    }

    /** A filled SELL: the wallet gives {@code shares} of the combo's YES and receives {@code proceeds}. */
    public synchronized Activity sell(String wallet, Combo c, BigDecimal shares, BigDecimal proceeds, long second, String txHash) {
        seed();
        String w = wallet.toLowerCase(Locale.ROOT);
        Holding h = holdings.getOrDefault(w, Map.of()).get(c.conditionId());
        if (h == null || h.size().compareTo(shares) < 0) throw new IllegalStateException("the wallet holds less than " + shares + " of " + c.conditionId());
        wallets.changeLedger(w, l -> l.withChain(List.of(), List.of(), proceeds));
        BigDecimal left = h.size().subtract(shares);
        BigDecimal costLeft = h.grossCost().multiply(left).divide(h.size(), 6, RoundingMode.HALF_UP);
        BigDecimal realized = h.realized().add(proceeds.subtract(h.grossCost().subtract(costLeft)));
        holdings.get(w).put(c.conditionId(), new Holding(w, c, left, costLeft, h.fees(), realized, h.firstEntry(), second));
        return record(w, "MERGE", c, proceeds, second, txHash);
    }

    /** The lock under which a balance check and the fill that follows it run (this object's). */
    public Object lock() {
        return this;
    }

    private Activity record(String wallet, String type, Combo c, BigDecimal amount, long second, String txHash) {
        long n = ++sequence;
        Activity a = new Activity("combo-" + n, wallet, type, c, amount, second, txHash, block(second));
        activity.computeIfAbsent(wallet, k -> new ArrayList<>()).add(a);
        return a;
    }

    /** The Polygon block of a second: about one every two seconds (the chain's pace), counted from a fixed origin. */
    static long block(long second) {
        return 60_000_000L + (second - 1_700_000_000L) / 2;
    }

    /** A transaction hash for a combo move, derived from what it is. */
    public static String txHash(String... parts) {
        return Numeric.toHexString(Hash.sha3(String.join("|", parts).getBytes(StandardCharsets.UTF_8)));
    }

    /** The demo wallets' combos, drawn once from the world: one within an event, one across events, each. */
    private void seed() {
        if (seeded) return;
        seeded = true;
        List<MarketIndex.Market> open = new ArrayList<>();
        for (MarketIndex.Market m : catalogue()) {
            double p = m.tokens()[0].price();
            if (p >= 0.15 && p <= 0.85) open.add(m);
        }
        if (open.size() < 4) return;
        Map<String, List<MarketIndex.Market>> byEvent = new LinkedHashMap<>();
        for (MarketIndex.Market m : open) byEvent.computeIfAbsent(m.eventId(), k -> new ArrayList<>()).add(m);
        List<List<MarketIndex.Market>> grouped = byEvent.values().stream().filter(g -> g.size() >= 2).toList();
        long anchor = wallets.anchorSecond();
        List<String> demo = wallets.seeded().subList(0, Math.min(DEMO_WALLETS, wallets.seeded().size()));
        for (int n = 0; n < demo.size(); n++) {
            String w = demo.get(n);
            long draw = wallets.world().seed() * 31 + n;
            List<List<Leg>> picks = new ArrayList<>();
            if (!grouped.isEmpty()) {
                List<MarketIndex.Market> g = grouped.get((int) Math.floorMod(draw, (long) grouped.size()));
                // One event: the YES of one market with the NO of another (both can come true, even in a neg-risk event).
                picks.add(List.of(legOf(g.get(0), 0), legOf(g.get(1), 1)));
            }
            List<Leg> across = new ArrayList<>();
            java.util.Set<String> events = new java.util.HashSet<>();
            for (int k = 0; across.size() < 2 + n % 2 && k < open.size(); k++) {
                MarketIndex.Market m = open.get((int) Math.floorMod(draw * 7919 + k * 104_729L, (long) open.size()));
                if (events.add(m.eventId())) across.add(legOf(m, (n + k) % 2));
            }
            if (across.size() >= 2) picks.add(across);
            for (int k = 0; k < picks.size() && k < SEEDED_PER_WALLET; k++) {
                Combo c = combo(picks.get(k).stream().map(Leg::positionId).toList());
                BigDecimal shares = BigDecimal.valueOf(40 + 35L * ((n + 3 * k) % 5));
                BigDecimal price = fair(c).max(new BigDecimal("0.01"));
                BigDecimal cost = shares.multiply(price).setScale(6, RoundingMode.HALF_UP);
                long at = anchor - 86_400L * (3 + 2 * k + n);
                holdings.computeIfAbsent(w, x -> new LinkedHashMap<>())
                        .put(c.conditionId(), new Holding(w, c, shares, cost, BigDecimal.ZERO, BigDecimal.ZERO, at, at));
                record(w, "SPLIT", c, cost, at, txHash("seeded combo", w, c.conditionId()));
            }
        }
    }

    private Leg legOf(MarketIndex.Market m, int outcome) {
        BigInteger id = positionId(m, outcome);
        return new Leg(id, m, outcome);
    }

    /** The event document's tag labels of a market, for the catalogue. */
    public List<String> tags(MarketIndex.Market m) {
        World.EventFacts e = wallets.world().event(Long.parseLong(m.eventId()));
        List<String> out = new ArrayList<>();
        if (e != null) for (JsonNode t : e.document().path("tags")) out.add(t.path("label").asText());
        return out;
    }

    /** The market's document in its event's, or a missing node. */
    public JsonNode document(MarketIndex.Market m) {
        World.EventFacts e = wallets.world().event(Long.parseLong(m.eventId()));
        if (e != null) for (JsonNode d : e.document().path("markets")) if (d.path("conditionId").asText().equals(m.conditionId())) return d;
        return com.fasterxml.jackson.databind.node.MissingNode.getInstance();
    }
}
