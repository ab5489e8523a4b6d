package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.function.LongSupplier;
import org.marketlab.sandbox.world.Assets;

/**
 * One perpetuals account of the sandbox, generated from the world seed, the world's anchor and the owner's address
 * alone (the same three give the same account, in any order of requests), on the world's asset paths ({@link Assets}):
 * three of the listed instruments (ids 1 to 8, SP500-USD to SOL-USD), each position opened before the histories start
 * at that day's level and marked at the level at the anchor; 90 days of deposits up to the anchor, the first one
 * funding the account; from 90 days before the anchor to two days after it, withdrawals (every status, some sharing a
 * timestamp), internal transfers (both directions) and funding charges every 8 hours on each position (held over all
 * of the histories) at the instrument's rate ({@link FundingRates}) and level then, each history well over the
 * 100-entry page; open orders with client order ids; an invite code. What the service shows is what has happened by the sandbox's
 * present: entries up to it, the collateral they leave, positions' funding so far. Orders, positions, marks and the
 * invite change as the account is used and traded ({@link PerpsMarket}'s fills, at the wall clock); the histories do
 * not, except that a funding charge is on the size held at its time.
 *
 * <p>The figures agree with each other: the account starts empty, and its collateral is every confirmed deposit and
 * transfer in and every funding payment, less every transfer out and every withdrawal not failed or removed (with its
 * fee), plus what live fills realised less their fees; no withdrawal or transfer out is more than the collateral free
 * of margin at its time; a withdrawal's status agrees with its confirmations (pending: not yet sent, no hash and none;
 * confirmed: at least the required number; failed: sent and reverted); a position's unrealised PnL is its size times
 * mark less entry price, its return on equity that over the margin it was opened with, its value size times mark, its
 * margins a share of its value by its leverage, its liquidation price beyond its mark (no position is being
 * liquidated: marks and fills stay on the safe side of it), and its cumulative funding the sum of its funding charges.
 * Open orders rest on the passive side of their instrument's mark.
 *
 * <p>The getters hand out copies in the service's wire form, for tests to compare a client's reading with.
 */
public final class PerpsAccount {

    static final List<String> WITHDRAWAL_STATUSES = List.of("pending", "confirmed", "removed", "failed");
    /** The listed instruments (the live exchange's ids and symbols) and the world's assets they follow. */
    static final long[] INSTRUMENTS = {1, 2, 3, 4, 5, 6, 7, 8};
    static final String[] SYMBOLS = {"SP500-USD", "GOLD-USD", "WTIOIL-USD", "NAS100-USD", "SILVER-USD", "BTC-USD", "ETH-USD", "SOL-USD"};
    static final String[] ASSETS = {"SP500", "GOLD", "WTIOIL", "NAS100", "SILVER", "BTC", "ETH", "SOL"};
    /** Decimals of each instrument's prices. */
    static final int[] PRICE_DECIMALS = {2, 2, 3, 2, 3, 1, 2, 3};
    /** How often each instrument is held: the crypto ones most. */
    private static final double[] POPULARITY = {1, 1, 0.6, 0.7, 0.4, 3, 2, 1.5};
    /** Share of an order's notional (price × quantity) held as margin while it rests: 10x. */
    static final BigDecimal ORDER_MARGIN_RATE = new BigDecimal("0.1");
    static final BigDecimal WITHDRAWAL_FEE = new BigDecimal("1.00");
    static final int REQUIRED_CONFIRMATIONS = 12;

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final long DAY = 86_400_000L;
    private static final long HOUR = 3_600_000L;
    private static final long FUNDING_INTERVAL = 8 * HOUR;

    /** A change of the collateral at a time (the time the service pages the entry on). */
    private record Flow(long time, BigDecimal amount) {
    }

    /** A position on an instrument: generated, then replaced as fills move it (size zero when closed). */
    private record Held(long instrument, String symbol, int leverage, boolean cross, BigDecimal size, BigDecimal entry) {

        /** The same position at another size and entry price. */
        Held moved(BigDecimal size, BigDecimal entry) {
            return new Held(instrument, symbol, leverage, cross, size, entry);
        }
    }

    /** A position's size after a live fill at {@code time}, and the mark then: what later funding is charged on. */
    private record Change(long time, long instrument, BigDecimal size, BigDecimal mark) {
    }

    /** What a fill did to its position: the size and entry price before it, and the profit it realised. */
    record Trade(BigDecimal previousSize, BigDecimal previousEntry, BigDecimal pnl) {
    }

    private final String owner;
    private final LongSupplier present;
    private final List<ObjectNode> withdrawals = new ArrayList<>();
    private final List<ObjectNode> transfers = new ArrayList<>();
    private final List<ObjectNode> deposits = new ArrayList<>();
    private final List<ObjectNode> funding = new ArrayList<>();
    /** The leverage of a position opened by a fill on an instrument the account held nothing in. */
    static final int DEFAULT_LEVERAGE = 10;
    private final List<Held> positions = new ArrayList<>();
    private final List<ObjectNode> orders = new ArrayList<>();
    /** Take-profit and stop-loss orders waiting for the mark to reach their trigger price (they hold no margin). */
    private final List<ObjectNode> triggers = new ArrayList<>();
    /** Withdrawals' and transfers' changes of the collateral (funding's are read from the charges). */
    private final List<Flow> flows = new ArrayList<>();
    /** Each instrument's mark price, moved by the market while the account trades. */
    private final Map<Long, BigDecimal> marks = new LinkedHashMap<>();
    private final List<Change> changes = new ArrayList<>();
    /** The balance before the first deposit: none (the account's money is its deposits). */
    private final BigDecimal opening = BigDecimal.ZERO;
    /** What live fills realised, less their fees. */
    private BigDecimal realised = BigDecimal.ZERO;
    private final String inviteCode;
    private final int referralCap;
    private final int referralsUsed;
    /** Length of the referral window, or 0 for a lifetime cap (then {@code cooldown_ms} is null). */
    private final long referralWindowMs;
    private long inviteCreatedAt = -1;

    /** The held positions' open times (epoch ms), in the order of {@link #positions}. */
    private final List<Long> opened = new ArrayList<>();

    /**
     * @param anchorMillis the world's anchor: the histories run from 90 days before it to two days after
     * @param present      the sandbox's present (Unix ms): what has happened by then is shown
     */
    PerpsAccount(String owner, long worldSeed, long anchorMillis, LongSupplier present) {
        this(owner, worldSeed, anchorMillis, present, Assets.of(worldSeed, Math.floorDiv(anchorMillis, 60_000)));
    }

    /**
     * An account on the world's asset paths: its positions were opened at the levels of their days, are marked at the
     * level at the anchor, and pay or receive each instrument's funding at the levels of their times.
     */
    PerpsAccount(String owner, long worldSeed, long anchorMillis, LongSupplier present, Assets assets) {
        this.owner = owner.toLowerCase(Locale.ROOT);
        this.present = present;
        SplittableRandom r = new SplittableRandom(worldSeed * 0x9E3779B97F4A7C15L ^ digest(this.owner));
        long from = anchorMillis - 90 * DAY;
        long horizon = anchorMillis + 2 * DAY;
        String[] counterparties = new String[6];
        for (int i = 0; i < counterparties.length; i++) counterparties[i] = "0x" + hex(r, 40);
        int[] picked = instruments(r);
        BigDecimal required = positions(r, picked, anchorMillis, assets);
        orders(r, picked, anchorMillis);
        required = required.add(orderMarginWith(null, null));
        withdrawalsDrawn(r, counterparties, from, horizon, anchorMillis);
        transfersDrawn(r, counterparties, from, horizon);
        fundingDrawn(worldSeed, picked, from, horizon, assets);
        deposits(worldSeed, anchorMillis, required);
        amounts(r, required);
        this.inviteCode = "ML" + hex(r, 8).toUpperCase(Locale.ROOT);
        this.referralWindowMs = r.nextBoolean() ? 0 : 7 * DAY;
        this.referralCap = 3 + r.nextInt(8);
        this.referralsUsed = r.nextInt(4) == 0 ? referralCap : r.nextInt(referralCap);
    }

    /** Three instruments of the eight, the crypto ones likelier, in id order. */
    private static int[] instruments(SplittableRandom r) {
        List<Integer> chosen = new ArrayList<>();
        while (chosen.size() < 3) {
            double total = 0;
            for (int i = 0; i < POPULARITY.length; i++) if (!chosen.contains(i)) total += POPULARITY[i];
            double u = r.nextDouble() * total;
            for (int i = 0; i < POPULARITY.length; i++) {
                if (chosen.contains(i)) continue;
                if ((u -= POPULARITY[i]) < 0) {
                    chosen.add(i);
                    break;
                }
            }
        }
        chosen.sort(null);
        return chosen.stream().mapToInt(Integer::intValue).toArray();
    }

    /** An instrument's price at a time: its asset's level on the world's path, to the instrument's decimals. */
    private static BigDecimal level(Assets assets, int instrument, long millis) {
        double v = assets.level(Assets.bySymbol(ASSETS[instrument]), Math.floorDiv(millis, 60_000));
        return bd(v, PRICE_DECIMALS[instrument]);
    }

    /**
     * The positions, held since some day of the three months before the histories start: a notional of two to sixty
     * thousand dollars at the level of that day (the entry), marked at the level at the anchor, with a leverage that
     * keeps the liquidation price well beyond the mark (a position the market has moved far from is on the side that
     * gained). Answers the margin they hold.
     */
    private BigDecimal positions(SplittableRandom r, int[] picked, long anchorMillis, Assets assets) {
        BigDecimal required = BigDecimal.ZERO;
        for (int i : picked) {
            long open = anchorMillis - 91 * DAY - (long) (r.nextDouble() * 90 * DAY);
            BigDecimal entry = level(assets, i, open), mark = level(assets, i, anchorMillis);
            double notional = 2_000 + r.nextDouble() * 58_000, moved = mark.doubleValue() / entry.doubleValue() - 1;
            int side = Math.abs(moved) > 0.3 ? (moved > 0 ? 1 : -1) : r.nextBoolean() ? 1 : -1;
            BigDecimal size = bd(side * notional / entry.doubleValue(), 4);
            if (size.signum() == 0) size = new BigDecimal("0.0001");
            // Liquidation is 0.5 / leverage from the entry: the mark must stay within 0.4 / leverage of it.
            double move = Math.abs(mark.doubleValue() / entry.doubleValue() - 1);
            int most = (int) Math.max(1, Math.min(20, Math.floor(0.4 / Math.max(move, 1e-9))));
            int leverage = 1 + r.nextInt(most);
            Held h = new Held(INSTRUMENTS[i], SYMBOLS[i], leverage, r.nextBoolean(), size, entry);
            positions.add(h);
            opened.add(open);
            marks.put(h.instrument(), mark);
            required = required.add(initialMargin(h, mark));
        }
        return required;
    }

    /** Twelve open orders resting on the passive side of their instrument's mark, each a few hundred to a few thousand dollars. */
    private void orders(SplittableRandom r, int[] picked, long anchorMillis) {
        for (int i = 0; i < 12; i++) {
            ObjectNode o = JSON.objectNode();
            long iid = INSTRUMENTS[picked[i % picked.length]];
            boolean buy = r.nextBoolean();
            BigDecimal mark = marks.get(iid);
            o.put("oid", 900_000 + i);
            o.put("iid", iid);
            o.put("buy", buy);
            // Resting on the passive side of the mark: bids 1 to 10 % below it, asks as far above.
            double away = 0.01 + r.nextDouble() * 0.09;
            o.put("p", dec(mark.doubleValue() * (buy ? 1 - away : 1 + away), mark.scale()));
            o.put("qty", dec(Math.max(0.001, (200 + r.nextDouble() * 4_800) / mark.doubleValue()), 3));
            o.put("tif", "gtc");
            o.put("po", r.nextInt(4) == 0);
            o.put("ro", false);
            o.put("status", "open");
            o.put("rest", o.get("qty").asText());
            o.put("fill", "0");
            o.put("cts", anchorMillis - r.nextInt(86_400_000));
            o.put("uts", o.get("cts").asLong());
            o.put("coid", hex(r, 32));
            orders.add(o);
        }
    }

    /**
     * Withdrawals (amounts follow, in time order): every status at least once, then mostly confirmed, a few removed or
     * failed, now and then one pending. One in ten is sent in the same millisecond as the one before (a batch), so that
     * entries share a paging time. A pending withdrawal is waiting to be sent (the last hours before the anchor): not
     * mined, no hash, no confirmations; a confirmed one has at least the required confirmations; a failed one was mined
     * and reverted (a hash, final); a removed one was cancelled before it was sent.
     */
    private void withdrawalsDrawn(SplittableRandom r, String[] counterparties, long from, long horizon, long anchorMillis) {
        int n = 140 + r.nextInt(40);
        long created = 0;
        for (int i = 0; i < n; i++) {
            int draw = r.nextInt(40);
            String status = i < 4 ? WITHDRAWAL_STATUSES.get(i) : draw == 0 ? "pending" : draw < 4 ? "removed" : draw < 7 ? "failed" : "confirmed";
            if (i < 4 || r.nextInt(10) != 0) created = from + (long) (r.nextDouble() * (horizon - from));
            if (status.equals("pending")) created = anchorMillis - (long) (r.nextDouble() * 6 * HOUR);
            ObjectNode w = JSON.objectNode();
            w.put("withdraw_id", 10_000 + i);
            w.put("asset", "USDC");
            w.put("amount", "0");
            w.put("fee", WITHDRAWAL_FEE.toPlainString());
            w.put("status", status);
            w.put("to", r.nextInt(4) == 0 ? counterparties[r.nextInt(counterparties.length)] : this.owner);
            boolean mined = status.equals("confirmed") || status.equals("failed");
            w.put("hash", mined ? "0x" + hex(r, 64) : "0x");
            w.put("confirmations", mined ? REQUIRED_CONFIRMATIONS + (status.equals("confirmed") ? r.nextInt(100) : 0) : 0);
            w.put("required_confirmations", REQUIRED_CONFIRMATIONS);
            w.put("created_timestamp", created);
            // Only a confirmed withdrawal has a confirmation time; the field is absent otherwise (the official
            // client reads it as optional and pages on it when present).
            if (status.equals("confirmed")) w.put("confirmed_timestamp", created + 60_000L * (5 + r.nextInt(120)));
            withdrawals.add(w);
        }
    }

    private void transfersDrawn(SplittableRandom r, String[] counterparties, long from, long horizon) {
        int n = 120 + r.nextInt(40);
        for (int i = 0; i < n; i++) {
            ObjectNode t = JSON.objectNode();
            t.put("transfer_id", 20_000 + i);
            t.put("type", "transfer");
            t.put("asset", "USDC");
            t.put("amount", "0");
            t.put("direction", i < 2 ? (i == 0 ? "in" : "out") : r.nextBoolean() ? "in" : "out");
            t.put("counterparty", counterparties[r.nextInt(counterparties.length)]);
            t.put("created_timestamp", from + (long) (r.nextDouble() * (horizon - from)));
            t.put("label", r.nextInt(3) == 0 ? "desk " + (1 + r.nextInt(4)) : "");
            transfers.add(t);
        }
    }

    /**
     * A funding charge every 8 hours on each position while it is held: the size times the instrument's level then
     * times the instrument's rate, which is the world's, the same for every account ({@link FundingRates}).
     */
    private void fundingDrawn(long worldSeed, int[] picked, long from, long horizon, Assets assets) {
        long id = 30_000;
        long firstCharge = from - Math.floorMod(from, FUNDING_INTERVAL) + FUNDING_INTERVAL;
        for (long ts = firstCharge; ts <= horizon; ts += FUNDING_INTERVAL) {
            for (int k = 0; k < picked.length; k++) {
                Held h = positions.get(k);
                if (ts < opened.get(k)) continue;
                BigDecimal rate = FundingRates.rate(worldSeed, picked[k], ts);
                BigDecimal mark = level(assets, picked[k], ts);
                ObjectNode f = JSON.objectNode();
                f.put("id", id++);
                f.put("instrument_id", h.instrument());
                f.put("size", h.size().toPlainString());
                f.put("funding_rate", rate.toPlainString());
                f.put("funding_asset", "USDC");
                // Longs pay shorts when the rate is positive: a payment is the notional (size at the level) times the rate.
                f.put("funding", charge(h.size(), mark, rate).toPlainString());
                f.put("timestamp", ts);
                funding.add(f);
            }
        }
    }

    /**
     * The amounts, in time order: the account starts empty and is funded by its deposits (the first, 90 days before
     * the anchor, covering the positions' margin and then some); withdrawals and transfers out take a small share of
     * the collateral free of margin at their time, transfers in bring a small share of what has been deposited.
     */
    private void amounts(SplittableRandom r, BigDecimal required) {
        List<ObjectNode> entries = new ArrayList<>(withdrawals);
        entries.addAll(transfers);
        entries.addAll(funding);
        entries.addAll(deposits);
        entries.sort(Comparator.comparingLong(PerpsAccount::time).thenComparingLong(PerpsAccount::entryId));
        BigDecimal balance = opening, deposited = BigDecimal.ZERO;
        for (ObjectNode e : entries) {
            BigDecimal free = balance.subtract(required).max(BigDecimal.ZERO);
            BigDecimal change;
            if (e.has("withdraw_id")) {
                BigDecimal amount = free.subtract(WITHDRAWAL_FEE).max(BigDecimal.ZERO).multiply(BigDecimal.valueOf(0.003 + 0.022 * r.nextDouble()))
                        .setScale(2, RoundingMode.DOWN);
                e.put("amount", amount.toPlainString());
                String status = e.get("status").asText();
                change = status.equals("confirmed") || status.equals("pending") ? amount.add(WITHDRAWAL_FEE).negate() : BigDecimal.ZERO;
            } else if (e.has("transfer_id")) {
                boolean in = e.get("direction").asText().equals("in");
                BigDecimal amount = (in ? deposited.multiply(BigDecimal.valueOf(0.002 + 0.018 * r.nextDouble()))
                        : free.multiply(BigDecimal.valueOf(0.003 + 0.017 * r.nextDouble()))).setScale(2, RoundingMode.DOWN);
                e.put("amount", amount.toPlainString());
                change = in ? amount : amount.negate();
            } else if (e.has("from")) {
                change = e.get("status").asText().equals("confirmed") ? new BigDecimal(e.get("amount").asText()) : BigDecimal.ZERO;
                deposited = deposited.add(change);
            } else {
                change = new BigDecimal(e.get("funding").asText());
            }
            balance = balance.add(change);
            if (!e.has("funding")) flows.add(new Flow(time(e), change));
        }
    }

    /**
     * 90 days of deposits up to the anchor, from their own draws: the first, at the start, confirmed and large enough
     * for the positions' margin one and a half to four times over and some; then every status, mostly confirmed. A
     * deposit comes from the chain, so it always has a hash: a pending one is waiting for its confirmations (fewer than
     * required), a removed one was dropped (none). A confirmed one adds its amount when it is confirmed.
     */
    private void deposits(long worldSeed, long anchorMillis, BigDecimal required) {
        SplittableRandom r = new SplittableRandom((worldSeed * 0x632BE59BD9B4E019L ^ owner.hashCode()) ^ 0x5DEECE66DL);
        int n = 24 + r.nextInt(24);
        for (int i = 0; i < n; i++) {
            String status = i == 0 ? "confirmed" : i < 3 ? List.of("pending", "removed").get(i - 1) : r.nextInt(10) < 8 ? "confirmed" : "pending";
            long created = i == 0 ? anchorMillis - 90 * DAY - HOUR : anchorMillis - 90 * DAY + (long) (r.nextDouble() * 90 * DAY);
            BigDecimal amount = i == 0 ? required.multiply(BigDecimal.valueOf(1.5 + 2.5 * r.nextDouble())).add(BigDecimal.valueOf(2_000 + r.nextDouble() * 18_000))
                    : BigDecimal.valueOf(50 + r.nextDouble() * 9_950);
            ObjectNode d = JSON.objectNode();
            d.put("hash", "0x" + hex(r, 64));
            d.put("asset", "USDC");
            d.put("amount", amount.setScale(2, RoundingMode.HALF_UP).toPlainString());
            d.put("status", status);
            d.put("from", "0x" + hex(r, 40));
            d.put("to", owner);
            d.put("confirmations", status.equals("confirmed") ? REQUIRED_CONFIRMATIONS + r.nextInt(200)
                    : status.equals("pending") ? 1 + r.nextInt(REQUIRED_CONFIRMATIONS - 1) : 0);
            d.put("required_confirmations", REQUIRED_CONFIRMATIONS);
            d.put("created_timestamp", created);
            if (status.equals("confirmed")) d.put("confirmed_timestamp", Math.min(anchorMillis, created + 60_000L * (2 + r.nextInt(30))));
            deposits.add(d);
        }
    }

    /** When an entry of any history happened, as the service pages it. */
    private static long time(ObjectNode e) {
        if (e.has("withdraw_id") || e.has("from")) return pagingTime(e); // a withdrawal or a deposit
        return e.has("transfer_id") ? e.get("created_timestamp").asLong() : e.get("timestamp").asLong();
    }

    private static long entryId(ObjectNode e) {
        if (e.has("from")) return 0; // deposits carry no id; the sort keeps their order
        return e.has("withdraw_id") ? e.get("withdraw_id").asLong() : e.has("transfer_id") ? e.get("transfer_id").asLong() : e.get("id").asLong();
    }

    // ---- funds moved on the chain ---------------------------------------------------------------------------------

    /**
     * A deposit the sandbox's chain node mined (the deposit contract's {@code deposit}): confirmed at once, as the
     * node's blocks are final when mined, its amount added to the collateral.
     */
    public synchronized void depositFromChain(String hash, String from, BigDecimal amount) {
        long t = present.getAsLong();
        ObjectNode d = JSON.objectNode();
        d.put("hash", hash);
        d.put("asset", "USDC");
        d.put("amount", amount.toPlainString());
        d.put("from", from);
        deposits.add(confirmedNow(d, owner, t));
        flows.add(new Flow(t, amount));
    }

    /**
     * A withdrawal the owner signed: checked against the collateral free of margin first (a refusal changes nothing),
     * then taken from the collateral and paid on the chain by {@code payout} (which answers the transaction's hash);
     * confirmed at once. Its id.
     */
    public synchronized long withdraw(String to, BigDecimal amount, BigDecimal fee, java.util.function.BiFunction<String, BigDecimal, String> payout) {
        BigDecimal free = freeCollateral();
        if (amount.add(fee).compareTo(free) > 0) {
            throw new IllegalArgumentException("insufficient free collateral: " + amount.add(fee).toPlainString() + " asked, "
                    + free.max(BigDecimal.ZERO).toPlainString() + " free of margin");
        }
        long id = 10_000;
        for (ObjectNode w : withdrawals) id = Math.max(id, w.get("withdraw_id").asLong() + 1);
        long t = present.getAsLong();
        String hash = payout.apply(to, amount);
        ObjectNode w = JSON.objectNode();
        w.put("withdraw_id", id);
        w.put("asset", "USDC");
        w.put("amount", amount.toPlainString());
        w.put("fee", fee.toPlainString());
        w.put("hash", hash);
        withdrawals.add(confirmedNow(w, to, t));
        flows.add(new Flow(t, amount.add(fee).negate()));
        return id;
    }

    /** An entry moved on the chain at {@code t}: to {@code to}, confirmed in the block that mined it. */
    private static ObjectNode confirmedNow(ObjectNode e, String to, long t) {
        e.put("status", "confirmed");
        e.put("to", to);
        e.put("confirmations", REQUIRED_CONFIRMATIONS);
        e.put("required_confirmations", REQUIRED_CONFIRMATIONS);
        e.put("created_timestamp", t);
        e.put("confirmed_timestamp", t);
        return e;
    }

    // ---- what tests compare with ---------------------------------------------------------------------------------

    /** The owner's address, lower case. */
    public String owner() {
        return owner;
    }

    /** Every withdrawal up to the present, in generation order (not the service's order). */
    public List<JsonNode> withdrawals() {
        return copies(withdrawalRows());
    }

    public List<JsonNode> internalTransfers() {
        return copies(transferRows());
    }

    /** Every deposit up to the present, in generation order. */
    public List<JsonNode> deposits() {
        return copies(depositRows());
    }

    public List<JsonNode> funding() {
        return copies(fundingRows());
    }

    /** The positions, their cumulative funding that of the charges up to the present. */
    public List<JsonNode> positions() {
        return copies(positionRows());
    }

    /** The open orders now, in the abbreviated form of the specification's Order. */
    public synchronized List<JsonNode> openOrders() {
        return copies(orders);
    }

    /** The take-profit and stop-loss orders not yet triggered (copies). */
    public synchronized List<JsonNode> triggers() {
        return copies(triggers);
    }

    /**
     * The collateral: every change of it since the account opened empty, up to the present (deposits, transfers,
     * withdrawals, funding as charged on the sizes held), and what live fills realised less their fees.
     */
    public synchronized BigDecimal collateral() {
        long now = present.getAsLong();
        BigDecimal c = opening.add(realised);
        for (Flow f : flows) if (f.time() <= now) c = c.add(f.amount());
        for (ObjectNode f : fundingRows()) c = c.add(new BigDecimal(f.get("funding").asText()));
        return c;
    }

    /** What the positions hold as initial margin. */
    public synchronized BigDecimal initialMargin() {
        BigDecimal sum = BigDecimal.ZERO;
        for (Held h : positions) sum = sum.add(initialMargin(h, marks.get(h.instrument())));
        return sum;
    }

    /** The collateral not held by the positions: what open orders can hold as margin. */
    synchronized BigDecimal freeCollateral() {
        return collateral().subtract(initialMargin());
    }
    /** The time the service pages a withdrawal on: its confirmation when it has one, else its creation. */
    public static long pagingTime(JsonNode withdrawal) {
        JsonNode c = withdrawal.get("confirmed_timestamp");
        return c != null && c.canConvertToLong() && c.asLong() > 0 ? c.asLong() : withdrawal.get("created_timestamp").asLong();
    }

    // ---- the service's side -------------------------------------------------------------------------------------

    List<ObjectNode> withdrawalRows() {
        return upToPresent(withdrawals);
    }

    List<ObjectNode> transferRows() {
        return upToPresent(transfers);
    }

    List<ObjectNode> depositRows() {
        return upToPresent(deposits);
    }

    /**
     * The funding charges up to the present: as generated, until a live fill changes the position; from then on
     * on the size held at the charge's time at the mark of that fill, and none while the position is closed.
     */
    synchronized List<ObjectNode> fundingRows() {
        List<ObjectNode> out = upToPresent(funding);
        if (changes.isEmpty()) return out;
        for (int i = out.size() - 1; i >= 0; i--) {
            ObjectNode f = out.get(i);
            Change c = heldAt(f.get("instrument_id").asLong(), f.get("timestamp").asLong());
            if (c == null) continue;
            if (c.size().signum() == 0) {
                out.remove(i);
            } else {
                ObjectNode x = f.deepCopy();
                x.put("size", c.size().toPlainString());
                x.put("funding", charge(c.size(), c.mark(), new BigDecimal(f.get("funding_rate").asText())).toPlainString());
                out.set(i, x);
            }
        }
        return out;
    }

    /** The last live change of the position on {@code instrument} at or before {@code time}, or null. */
    private Change heldAt(long instrument, long time) {
        for (int i = changes.size() - 1; i >= 0; i--) {
            Change c = changes.get(i);
            if (c.instrument() == instrument && c.time() <= time) return c;
        }
        return null;
    }

    /** The open positions in the wire form (fresh documents), their cumulative funding that of their charges so far. */
    synchronized List<ObjectNode> positionRows() {
        List<ObjectNode> charges = fundingRows();
        List<ObjectNode> out = new ArrayList<>(positions.size());
        for (Held h : positions) {
            if (h.size().signum() == 0) continue;
            BigDecimal sum = BigDecimal.ZERO;
            for (ObjectNode f : charges) if (f.get("instrument_id").asLong() == h.instrument()) sum = sum.add(new BigDecimal(f.get("funding").asText()));
            out.add(row(h, marks.get(h.instrument()), sum));
        }
        return out;
    }

    /** A position in the wire form: its figures from its size, entry price, mark and leverage. */
    private static ObjectNode row(Held h, BigDecimal mark, BigDecimal cumulativeFunding) {
        BigDecimal lev = BigDecimal.valueOf(h.leverage());
        BigDecimal value = h.size().abs().multiply(mark).setScale(2, RoundingMode.HALF_UP);
        BigDecimal initial = value.divide(lev, 2, RoundingMode.HALF_UP);
        BigDecimal pnl = h.size().multiply(mark.subtract(h.entry())).setScale(2, RoundingMode.HALF_UP);
        ObjectNode p = JSON.objectNode();
        p.put("instrument_id", h.instrument());
        p.put("symbol", h.symbol());
        p.put("size", h.size().toPlainString());
        p.put("entry_price", h.entry().toPlainString());
        p.put("mark_price", mark.toPlainString());
        p.put("leverage", h.leverage());
        p.put("cross", h.cross());
        p.put("initial_margin", initial.toPlainString());
        p.put("maintenance_margin", initial.divide(BigDecimal.valueOf(2), 2, RoundingMode.HALF_UP).toPlainString());
        p.put("position_value", value.toPlainString());
        p.put("liquidation_price", liquidationPrice(h).toPlainString());
        p.put("unrealized_pnl", pnl.toPlainString());
        p.put("return_on_equity", pnl.divide(openingMargin(h), 4, RoundingMode.HALF_UP).toPlainString());
        p.put("cumulative_funding", cumulativeFunding.toPlainString());
        // The position's place in the auto-deleveraging queue, 0 (last to be deleveraged) to 3: none here is at risk.
        p.put("adl_index", 0);
        return p;
    }

    private static BigDecimal initialMargin(Held h, BigDecimal mark) {
        return h.size().abs().multiply(mark).setScale(2, RoundingMode.HALF_UP).divide(BigDecimal.valueOf(h.leverage()), 2, RoundingMode.HALF_UP);
    }

    /** The margin the position was opened with: its size at its entry price over its leverage. */
    private static BigDecimal openingMargin(Held h) {
        return h.size().abs().multiply(h.entry()).divide(BigDecimal.valueOf(h.leverage()), 8, RoundingMode.HALF_UP);
    }

    /** Half the opening margin lost: 0.5 / leverage from the entry price, below it for a long, above for a short. */
    private static BigDecimal liquidationPrice(Held h) {
        BigDecimal move = BigDecimal.valueOf(h.size().signum() > 0 ? -0.5 : 0.5).divide(BigDecimal.valueOf(h.leverage()), 8, RoundingMode.HALF_UP);
        return h.entry().multiply(BigDecimal.ONE.add(move)).setScale(2, RoundingMode.HALF_UP);
    }

    /** A funding payment: the notional (size at the mark) times the rate, longs paying shorts when it is positive. */
    private static BigDecimal charge(BigDecimal size, BigDecimal mark, BigDecimal rate) {
        return size.multiply(mark).multiply(rate).negate().setScale(6, RoundingMode.HALF_UP);
    }

    // ---- trading (PerpsMarket, under this account's lock) ------------------------------------------------------------

    /** The live list of open orders (the caller holds this account's lock). */
    List<ObjectNode> orderRows() {
        return orders;
    }

    /** The mark price of an instrument the account trades. */
    synchronized BigDecimal mark(long instrument) {
        BigDecimal m = marks.get(instrument);
        if (m == null) throw new IllegalArgumentException("the account trades no instrument " + instrument);
        return m;
    }

    /**
     * Moves every mark by up to half a percent, one draw of {@code r} each; a step that would take a mark to or past
     * its position's liquidation price is taken the other way.
     */
    synchronized void wander(SplittableRandom r) {
        for (Held h : positions) {
            BigDecimal mark = marks.get(h.instrument());
            double step = (r.nextDouble() - 0.5) * 0.01;
            BigDecimal moved = bd(mark.doubleValue() * (1 + step), 2);
            if (h.size().signum() != 0 && (h.size().signum() > 0 ? moved.compareTo(liquidationPrice(h)) <= 0 : moved.compareTo(liquidationPrice(h)) >= 0)) {
                moved = bd(mark.doubleValue() * (1 - step), 2);
            }
            marks.put(h.instrument(), moved);
        }
    }

    /**
     * A fill of {@code qty} at {@code price} on {@code instrument} at {@code time} (a buy when {@code buy}): moves the
     * position (a new entry price when it grows or turns, the same when it shrinks), realises the profit of what it
     * closed, and charges {@code fee}.
     */
    synchronized Trade fill(long instrument, boolean buy, BigDecimal qty, BigDecimal price, BigDecimal fee, long time) {
        int at = -1;
        for (int k = 0; k < positions.size(); k++) if (positions.get(k).instrument() == instrument) at = k;
        if (at < 0) { // the first fill on an instrument opens a position there, cross-margined at the default leverage
            PerpsInfo.Instrument listed = PerpsInfo.instrument(instrument);
            positions.add(new Held(instrument, listed != null ? listed.symbol() : "PERP-" + instrument, DEFAULT_LEVERAGE, true, BigDecimal.ZERO, price));
            at = positions.size() - 1;
        }
        Held h = positions.get(at);
        BigDecimal size = h.size(), entry = h.entry();
        BigDecimal newEntry = entry;
        BigDecimal signed = buy ? qty : qty.negate();
        BigDecimal after = size.add(signed);
        BigDecimal pnl = BigDecimal.ZERO;
        if (size.signum() == 0 || size.signum() == signed.signum()) {
            newEntry = size.abs().multiply(entry).add(qty.multiply(price)).divide(after.abs(), 2, RoundingMode.HALF_UP);
        } else {
            BigDecimal closed = qty.min(size.abs());
            pnl = price.subtract(entry).multiply(closed).multiply(BigDecimal.valueOf(size.signum())).setScale(6, RoundingMode.HALF_UP);
            if (after.signum() != size.signum()) newEntry = after.signum() == 0 ? entry : price;
        }
        positions.set(at, h.moved(after, newEntry));
        changes.add(new Change(time, instrument, after, marks.get(instrument)));
        realised = realised.add(pnl).subtract(fee);
        return new Trade(size, entry, pnl);
    }

    /** What live fills realised, less their fees. */
    synchronized BigDecimal realised() {
        return realised;
    }

    private List<ObjectNode> upToPresent(List<ObjectNode> rows) {
        long now = present.getAsLong();
        List<ObjectNode> out = new ArrayList<>(rows.size());
        for (ObjectNode n : rows) if (time(n) <= now) out.add(n);
        return out;
    }

    private long nextOid = 950_000;

    /** The id of a new order. */
    synchronized long nextOid() {
        return nextOid++;
    }

    /** The mark of {@code instrument}, the market's {@code mark} from now on when the account had none for it. */
    synchronized BigDecimal markOr(long instrument, BigDecimal mark) {
        return marks.computeIfAbsent(instrument, k -> mark);
    }

    /** The open order with client order id {@code coid}, or null. */
    synchronized ObjectNode orderByCoid(String coid) {
        return orders.stream().filter(o -> o.get("coid").asText().equals(coid)).findFirst().orElse(null);
    }

    /** Removes and returns the open order or untriggered take-profit or stop-loss {@code oid}, or null. */
    synchronized ObjectNode cancel(long oid) {
        for (int i = 0; i < orders.size(); i++) {
            if (orders.get(i).get("oid").asLong() == oid) return orders.remove(i);
        }
        for (int i = 0; i < triggers.size(); i++) {
            if (triggers.get(i).get("oid").asLong() == oid) return triggers.remove(i);
        }
        return null;
    }

    /** The live list of untriggered take-profit and stop-loss orders (the caller holds this account's lock). */
    List<ObjectNode> triggerRows() {
        return triggers;
    }

    /**
     * When the position cycle on {@code instrument} held at {@code time} began: the last live change that opened it
     * from flat or turned its side, else the first funding charge on it (the generated history's position), else
     * {@code fallback}.
     */
    synchronized long cycleStart(long instrument, long time, long fallback) {
        long start = -1;
        int previous = Integer.MIN_VALUE; // the side before the first live change is the generated position's
        for (Change c : changes) {
            if (c.instrument() != instrument || c.time() > time) continue;
            int side = c.size().signum();
            if (side != 0 && previous != Integer.MIN_VALUE && side != previous) start = c.time();
            previous = side;
        }
        if (start >= 0) return start;
        for (ObjectNode f : fundingRows()) {
            if (f.get("instrument_id").asLong() == instrument) start = start < 0 ? f.get("timestamp").asLong() : Math.min(start, f.get("timestamp").asLong());
        }
        return start >= 0 ? start : fallback;
    }

    /** The live changes of the position on {@code instrument} in {@code [from, to]}: {@code [time, size after]} each. */
    synchronized List<long[]> growth(long instrument, long from, long to) {
        List<long[]> out = new ArrayList<>();
        BigDecimal before = null;
        for (Change c : changes) {
            if (c.instrument() != instrument || c.time() > to) continue;
            if (c.time() >= from && before != null) out.add(new long[]{c.time(), c.size().abs().compareTo(before.abs()) > 0 ? 1 : 0});
            before = c.size();
        }
        return out;
    }

    /** The leverage of the position on {@code instrument} (1 when the account never traded it). */
    synchronized int leverage(long instrument) {
        for (Held h : positions) if (h.instrument() == instrument) return h.leverage();
        return 1;
    }

    /** The signed size of the position on {@code instrument}, zero when flat or never traded. */
    synchronized BigDecimal positionSize(long instrument) {
        for (Held h : positions) if (h.instrument() == instrument) return h.size();
        return BigDecimal.ZERO;
    }

    /** Margin the open orders would hold if {@code coid}'s order had notional {@code replaced} (null: as it is). */
    synchronized BigDecimal orderMarginWith(String coid, BigDecimal replaced) {
        BigDecimal total = BigDecimal.ZERO;
        for (ObjectNode o : orders) {
            BigDecimal notional = o.get("coid").asText().equals(coid) && replaced != null ? replaced
                    : new BigDecimal(o.get("p").asText()).multiply(new BigDecimal(o.get("rest").asText()));
            total = total.add(notional.multiply(ORDER_MARGIN_RATE));
        }
        return total;
    }

    /** The primary invite code, created on the first call (at {@code now}) and the same after. */
    synchronized ObjectNode invite(long now) {
        if (inviteCreatedAt < 0) inviteCreatedAt = now;
        ObjectNode out = JSON.objectNode();
        out.put("status", "ok");
        out.put("code", inviteCode);
        if (referralWindowMs == 0) {
            out.put("referrals_available", referralCap - referralsUsed);
            out.putNull("cooldown_ms"); // a lifetime cap: no windowed cooldown applies
        } else {
            // A windowed cap, the window starting when the code was made: used up until it ends, then whole again.
            long windowEnd = inviteCreatedAt + referralWindowMs;
            boolean exhausted = referralsUsed >= referralCap && now < windowEnd;
            out.put("referrals_available", exhausted ? 0 : now < windowEnd ? referralCap - referralsUsed : referralCap);
            out.put("cooldown_ms", exhausted ? windowEnd - now : 0);
        }
        return out;
    }

    /** The open positions' unrealised PnL. */
    synchronized BigDecimal unrealizedPnl() {
        BigDecimal sum = BigDecimal.ZERO;
        for (ObjectNode p : positionRows()) sum = sum.add(new BigDecimal(p.get("unrealized_pnl").asText()));
        return sum;
    }

    // ---- generation helpers --------------------------------------------------------------------------------------

    private static long digest(String owner) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(owner.getBytes(StandardCharsets.UTF_8));
            long v = 0;
            for (int i = 0; i < 8; i++) v = v << 8 | (h[i] & 0xff);
            return v;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String hex(SplittableRandom r, int n) {
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) b.append(Character.forDigit(r.nextInt(16), 16));
        return b.toString();
    }

    private static String money(SplittableRandom r, double lo, double hi) {
        return BigDecimal.valueOf(lo + r.nextDouble() * (hi - lo)).setScale(2, RoundingMode.HALF_UP).toPlainString();
    }

    private static BigDecimal bd(double v, int scale) {
        return BigDecimal.valueOf(v).setScale(scale, RoundingMode.HALF_UP);
    }

    private static String dec(double v, int scale) {
        return BigDecimal.valueOf(v).setScale(scale, RoundingMode.HALF_UP).toPlainString();
    }

    private static List<JsonNode> copies(List<ObjectNode> rows) {
        List<JsonNode> out = new ArrayList<>(rows.size());
        for (ObjectNode n : rows) out.add(n.deepCopy());
        return out;
    }
}
