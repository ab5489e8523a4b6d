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

/**
 * One perpetuals account of the sandbox, generated from the world seed, the world's anchor and the owner's address
 * alone (the same three give the same account, in any order of requests): 90 days before the anchor to two days
 * after it of withdrawals (every status, some sharing a timestamp), internal transfers (both directions) and funding
 * charges every 8 hours on three instruments (among them the largest id, 4294967295), each history well over the
 * 100-entry page; 90 days of deposits up to the anchor; positions; open orders with client order ids; an invite code. What the service shows is what has
 * happened by the sandbox's present: entries up to it, the collateral they leave, positions' funding so far. Orders,
 * positions, marks and the invite change as the account is used and traded ({@link PerpsMarket}'s fills, at the
 * wall clock); the histories do not, except that a funding charge is on the size held at its time.
 *
 * <p>The figures agree with each other: the collateral is the opening balance plus every confirmed deposit, transfer in
 * and funding payment, less every transfer out and every withdrawal not failed or removed (with its fee), plus what live fills
 * realised less their fees; no withdrawal or transfer out is more than the collateral free of margin at its time; a
 * position's unrealised PnL is its size times mark less entry price, its return on equity that over the margin it
 * was opened with, its value size times mark, its margins a share of its value by its leverage, its liquidation price
 * beyond its mark (no position is being liquidated: marks and fills stay on the safe side of it), and its cumulative
 * funding the sum of its funding charges. Open orders rest on the passive side of their instrument's mark.
 *
 * <p>The getters hand out copies in the service's wire form, for tests to compare a client's reading with.
 */
public final class PerpsAccount {

    static final List<String> WITHDRAWAL_STATUSES = List.of("pending", "confirmed", "removed", "failed");
    static final long[] INSTRUMENTS = {0, 1, 2, 7, 4_294_967_295L};
    static final String[] SYMBOLS = {"BTC-PERP", "ETH-PERP", "SOL-PERP", "ELECTION-PERP", "INDEX-PERP"};
    /** Share of an order's notional (price × quantity) held as margin while it rests: 10x. */
    static final BigDecimal ORDER_MARGIN_RATE = new BigDecimal("0.1");
    static final BigDecimal WITHDRAWAL_FEE = new BigDecimal("1.00");

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final long DAY = 86_400_000L;
    private static final long HOUR = 3_600_000L;
    private static final long FUNDING_INTERVAL = 8 * HOUR;

    /** A change of the collateral at a time (the time the service pages the entry on). */
    private record Flow(long time, BigDecimal amount) {
    }

    /** A position on an instrument: generated, then moved by fills (size zero when closed). */
    private static final class Held {
        final long instrument;
        final String symbol;
        final int leverage;
        final boolean cross;
        BigDecimal size;
        BigDecimal entry;

        Held(long instrument, String symbol, int leverage, boolean cross, BigDecimal size, BigDecimal entry) {
            this.instrument = instrument;
            this.symbol = symbol;
            this.leverage = leverage;
            this.cross = cross;
            this.size = size;
            this.entry = entry;
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
    private final List<Held> positions = new ArrayList<>();
    private final List<ObjectNode> orders = new ArrayList<>();
    /** Withdrawals' and transfers' changes of the collateral (funding's are read from the charges). */
    private final List<Flow> flows = new ArrayList<>();
    /** Each instrument's mark price, moved by the market while the account trades. */
    private final Map<Long, BigDecimal> marks = new LinkedHashMap<>();
    private final List<Change> changes = new ArrayList<>();
    private final BigDecimal opening;
    /** What live fills realised, less their fees. */
    private BigDecimal realised = BigDecimal.ZERO;
    private final String inviteCode;
    private final int referralCap;
    private final int referralsUsed;
    /** Length of the referral window, or 0 for a lifetime cap (then {@code cooldown_ms} is null). */
    private final long referralWindowMs;
    private long inviteCreatedAt = -1;

    /**
     * @param anchorMillis the world's anchor: the histories run from 90 days before it to two days after
     * @param present      the sandbox's present (Unix ms): what has happened by then is shown
     */
    PerpsAccount(String owner, long worldSeed, long anchorMillis, LongSupplier present) {
        this.owner = owner.toLowerCase(Locale.ROOT);
        this.present = present;
        // One random stream, drawn in this order: the same seed, anchor and owner give the same account.
        SplittableRandom r = new SplittableRandom(worldSeed * 0x9E3779B97F4A7C15L ^ digest(this.owner));
        long from = anchorMillis - 90 * DAY;
        long horizon = anchorMillis + 2 * DAY;
        String[] counterparties = new String[6];
        for (int i = 0; i < counterparties.length; i++) counterparties[i] = "0x" + hex(r, 40);
        Holdings held = drawPositions(r);
        drawOrders(r, held.picked(), anchorMillis);
        BigDecimal required = held.margin().add(orderMarginWith(null, null));
        // The opening balance (90 days before the anchor) covers the margin one and a half to four times over, and some.
        this.opening = required.multiply(BigDecimal.valueOf(1.5 + 2.5 * r.nextDouble())).add(new BigDecimal(money(r, 2_000, 20_000)))
                .setScale(2, RoundingMode.HALF_UP);
        drawWithdrawals(r, from, horizon, anchorMillis, counterparties);
        drawTransfers(r, from, horizon, counterparties);
        drawFunding(r, from, horizon, held);
        deposits(worldSeed, anchorMillis);
        settleAmounts(r, required);
        this.inviteCode = "ML" + hex(r, 8).toUpperCase(Locale.ROOT);
        this.referralWindowMs = r.nextBoolean() ? 0 : 7 * DAY;
        this.referralCap = 3 + r.nextInt(8);
        this.referralsUsed = r.nextInt(4) == 0 ? referralCap : r.nextInt(referralCap);
    }

    /** The generated positions: which instruments (indexes into {@link #INSTRUMENTS}), their sizes, the margin they hold. */
    private record Holdings(int[] picked, BigDecimal[] sizes, BigDecimal margin) {
    }

    /** Positions held over the whole history: three instruments, the largest id always among them, with their marks. */
    private Holdings drawPositions(SplittableRandom r) {
        int a = r.nextInt(4), b = (a + 1 + r.nextInt(3)) % 4;
        int[] picked = {Math.min(a, b), Math.max(a, b), 4};
        BigDecimal[] sizes = new BigDecimal[picked.length];
        BigDecimal required = BigDecimal.ZERO;
        for (int k = 0; k < picked.length; k++) {
            int leverage = 1 + r.nextInt(10);
            BigDecimal size = bd((r.nextBoolean() ? 1 : -1) * (0.5 + r.nextDouble() * 20), 4);
            BigDecimal entry = bd(100 + r.nextDouble() * 900, 2);
            // The mark has moved from the entry by less than 0.3 / leverage either way; liquidation is 0.5 / leverage away.
            BigDecimal mark = bd(entry.doubleValue() * (1 + (r.nextDouble() - 0.5) * 0.6 / leverage), 2);
            Held h = new Held(INSTRUMENTS[picked[k]], SYMBOLS[picked[k]], leverage, r.nextBoolean(), size, entry);
            positions.add(h);
            marks.put(h.instrument, mark);
            sizes[k] = size;
            required = required.add(initialMargin(h, mark));
        }
        return new Holdings(picked, sizes, required);
    }

    /** Twelve open orders on the held instruments, resting on the passive side of their marks. */
    private void drawOrders(SplittableRandom r, int[] picked, long anchorMillis) {
        for (int i = 0; i < 12; i++) {
            ObjectNode o = JSON.objectNode();
            long iid = INSTRUMENTS[picked[i % picked.length]];
            boolean buy = r.nextBoolean();
            o.put("oid", 900_000 + i);
            o.put("iid", iid);
            o.put("buy", buy);
            // Resting on the passive side of the mark: bids 1 to 10 % below it, asks as far above.
            double away = 0.01 + r.nextDouble() * 0.09;
            o.put("p", dec(marks.get(iid).doubleValue() * (buy ? 1 - away : 1 + away), 2));
            // Small orders: together they hold a few percent of the collateral as margin.
            o.put("qty", dec(0.1 + r.nextDouble() * 2, 3));
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
     * When each withdrawal happens and its status; its amount follows in {@link #settleAmounts}. Every status at least
     * once; then mostly confirmed, a few removed or failed, now and then one pending. One in ten is sent in the same
     * millisecond as the one before (a batch), so that entries share a paging time. Pending ones are the last hours'
     * before the anchor.
     */
    private void drawWithdrawals(SplittableRandom r, long from, long horizon, long anchorMillis, String[] counterparties) {
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
            w.put("confirmations", switch (status) {
                case "confirmed" -> 12 + r.nextInt(100);
                case "pending" -> r.nextInt(12);
                default -> 0;
            });
            w.put("required_confirmations", 12);
            w.put("created_timestamp", created);
            // Only a confirmed withdrawal has a confirmation time; the field is absent otherwise (the official
            // client reads it as optional and pages on it when present).
            if (status.equals("confirmed")) w.put("confirmed_timestamp", created + 60_000L * (5 + r.nextInt(120)));
            withdrawals.add(w);
        }
    }

    /** Internal transfers in both directions, with counterparties and labels; their amounts follow in {@link #settleAmounts}. */
    private void drawTransfers(SplittableRandom r, long from, long horizon, String[] counterparties) {
        int n = 120 + r.nextInt(40);
        for (int i = 0; i < n; i++) {
            ObjectNode t = JSON.objectNode();
            t.put("transfer_id", 20_000 + i);
            t.put("asset", "USDC");
            t.put("amount", "0");
            t.put("direction", i < 2 ? (i == 0 ? "in" : "out") : r.nextBoolean() ? "in" : "out");
            t.put("counterparty", counterparties[r.nextInt(counterparties.length)]);
            t.put("created_timestamp", from + (long) (r.nextDouble() * (horizon - from)));
            t.put("label", r.nextInt(3) == 0 ? "desk " + (1 + r.nextInt(4)) : "");
            transfers.add(t);
        }
    }

    /** A funding charge every 8 hours on each held instrument: longs pay shorts when the rate is positive. */
    private void drawFunding(SplittableRandom r, long from, long horizon, Holdings held) {
        long id = 30_000;
        long firstCharge = from - Math.floorMod(from, FUNDING_INTERVAL) + FUNDING_INTERVAL;
        for (long ts = firstCharge; ts <= horizon; ts += FUNDING_INTERVAL) {
            for (int k = 0; k < held.picked().length; k++) {
                long instrument = INSTRUMENTS[held.picked()[k]];
                BigDecimal rate = bd((r.nextDouble() - 0.45) * 0.0004, 8);
                ObjectNode f = JSON.objectNode();
                f.put("id", id++);
                f.put("instrument_id", instrument);
                f.put("size", held.sizes()[k].toPlainString());
                f.put("funding_rate", rate.toPlainString());
                f.put("funding_asset", "USDC");
                // A payment is the notional (size at the mark) times the rate.
                f.put("funding", charge(held.sizes()[k], marks.get(instrument), rate).toPlainString());
                f.put("timestamp", ts);
                funding.add(f);
            }
        }
    }

    /**
     * The amounts, in time order: withdrawals and transfers out take a small share of the collateral free of margin at
     * their time, transfers in bring a small share of the opening balance, confirmed deposits theirs, funding its charge.
     */
    private void settleAmounts(SplittableRandom r, BigDecimal required) {
        List<ObjectNode> entries = new ArrayList<>(withdrawals);
        entries.addAll(transfers);
        entries.addAll(funding);
        entries.addAll(deposits);
        entries.sort(Comparator.comparingLong(PerpsAccount::time).thenComparingLong(PerpsAccount::entryId));
        BigDecimal balance = opening;
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
                BigDecimal amount = (in ? opening.multiply(BigDecimal.valueOf(0.005 + 0.035 * r.nextDouble()))
                        : free.multiply(BigDecimal.valueOf(0.003 + 0.017 * r.nextDouble()))).setScale(2, RoundingMode.DOWN);
                e.put("amount", amount.toPlainString());
                change = in ? amount : amount.negate();
            } else if (e.has("from")) {
                change = e.get("status").asText().equals("confirmed") ? new BigDecimal(e.get("amount").asText()) : BigDecimal.ZERO;
            } else {
                change = new BigDecimal(e.get("funding").asText());
            }
            balance = balance.add(change);
            if (!e.has("funding")) flows.add(new Flow(time(e), change));
        }
    }

    /**
     * 90 days of deposits up to the anchor (every status; mostly confirmed), from a random stream of their own, so
     * that they draw nothing from the account's; a confirmed one adds its amount to the collateral when it is confirmed.
     */
    private void deposits(long worldSeed, long anchorMillis) {
        SplittableRandom r = new SplittableRandom((worldSeed * 0x632BE59BD9B4E019L ^ owner.hashCode()) ^ 0x5DEECE66DL);
        int n = 24 + r.nextInt(24);
        for (int i = 0; i < n; i++) {
            String status = i < 3 ? List.of("pending", "confirmed", "removed").get(i) : r.nextInt(10) < 8 ? "confirmed" : "pending";
            long created = anchorMillis - 90 * DAY + (long) (r.nextDouble() * 90 * DAY);
            ObjectNode d = JSON.objectNode();
            d.put("hash", "0x" + hex(r, 64));
            d.put("asset", "USDC");
            d.put("amount", BigDecimal.valueOf(50 + r.nextDouble() * 9_950).setScale(2, RoundingMode.HALF_UP).toPlainString());
            d.put("status", status);
            d.put("from", "0x" + hex(r, 40));
            d.put("to", owner);
            d.put("confirmations", status.equals("confirmed") ? 12 + r.nextInt(200) : status.equals("pending") ? r.nextInt(12) : 0);
            d.put("required_confirmations", 12);
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

    /**
     * The collateral: the opening balance and every change of it since, up to the present (funding as charged on
     * the sizes held), and what live fills realised less their fees.
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
        for (Held h : positions) sum = sum.add(initialMargin(h, marks.get(h.instrument)));
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
            if (h.size.signum() == 0) continue;
            BigDecimal sum = BigDecimal.ZERO;
            for (ObjectNode f : charges) if (f.get("instrument_id").asLong() == h.instrument) sum = sum.add(new BigDecimal(f.get("funding").asText()));
            out.add(row(h, marks.get(h.instrument), sum));
        }
        return out;
    }

    /** A position in the wire form: its figures from its size, entry price, mark and leverage. */
    private static ObjectNode row(Held h, BigDecimal mark, BigDecimal cumulativeFunding) {
        BigDecimal lev = BigDecimal.valueOf(h.leverage);
        BigDecimal value = h.size.abs().multiply(mark).setScale(2, RoundingMode.HALF_UP);
        BigDecimal initial = value.divide(lev, 2, RoundingMode.HALF_UP);
        BigDecimal pnl = h.size.multiply(mark.subtract(h.entry)).setScale(2, RoundingMode.HALF_UP);
        ObjectNode p = JSON.objectNode();
        p.put("instrument_id", h.instrument);
        p.put("symbol", h.symbol);
        p.put("size", h.size.toPlainString());
        p.put("entry_price", h.entry.toPlainString());
        p.put("mark_price", mark.toPlainString());
        p.put("leverage", h.leverage);
        p.put("cross", h.cross);
        p.put("initial_margin", initial.toPlainString());
        p.put("maintenance_margin", initial.divide(BigDecimal.valueOf(2), 2, RoundingMode.HALF_UP).toPlainString());
        p.put("position_value", value.toPlainString());
        p.put("liquidation_price", liquidationPrice(h).toPlainString());
        p.put("unrealized_pnl", pnl.toPlainString());
        p.put("return_on_equity", pnl.divide(openingMargin(h), 4, RoundingMode.HALF_UP).toPlainString());
        p.put("cumulative_funding", cumulativeFunding.toPlainString());
        return p;
    }

    private static BigDecimal initialMargin(Held h, BigDecimal mark) {
        return h.size.abs().multiply(mark).setScale(2, RoundingMode.HALF_UP).divide(BigDecimal.valueOf(h.leverage), 2, RoundingMode.HALF_UP);
    }

    /** The margin the position was opened with: its size at its entry price over its leverage. */
    private static BigDecimal openingMargin(Held h) {
        return h.size.abs().multiply(h.entry).divide(BigDecimal.valueOf(h.leverage), 8, RoundingMode.HALF_UP);
    }

    /** Half the opening margin lost: 0.5 / leverage from the entry price, below it for a long, above for a short. */
    private static BigDecimal liquidationPrice(Held h) {
        BigDecimal move = BigDecimal.valueOf(h.size.signum() > 0 ? -0.5 : 0.5).divide(BigDecimal.valueOf(h.leverage), 8, RoundingMode.HALF_UP);
        return h.entry.multiply(BigDecimal.ONE.add(move)).setScale(2, RoundingMode.HALF_UP);
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
            BigDecimal mark = marks.get(h.instrument);
            double step = (r.nextDouble() - 0.5) * 0.01;
            BigDecimal moved = bd(mark.doubleValue() * (1 + step), 2);
            if (h.size.signum() != 0 && (h.size.signum() > 0 ? moved.compareTo(liquidationPrice(h)) <= 0 : moved.compareTo(liquidationPrice(h)) >= 0)) {
                moved = bd(mark.doubleValue() * (1 - step), 2);
            }
            marks.put(h.instrument, moved);
        }
    }

    /**
     * A fill of {@code qty} at {@code price} on {@code instrument} at {@code time} (a buy when {@code buy}): moves the
     * position (a new entry price when it grows or turns, the same when it shrinks), realises the profit of what it
     * closed, and charges {@code fee}.
     */
    synchronized Trade fill(long instrument, boolean buy, BigDecimal qty, BigDecimal price, BigDecimal fee, long time) {
        Held h = null;
        for (Held x : positions) if (x.instrument == instrument) h = x;
        if (h == null) throw new IllegalArgumentException("the account trades no instrument " + instrument);
        BigDecimal size = h.size, entry = h.entry;
        BigDecimal signed = buy ? qty : qty.negate();
        BigDecimal after = size.add(signed);
        BigDecimal pnl = BigDecimal.ZERO;
        if (size.signum() == 0 || size.signum() == signed.signum()) {
            h.entry = size.abs().multiply(entry).add(qty.multiply(price)).divide(after.abs(), 2, RoundingMode.HALF_UP);
        } else {
            BigDecimal closed = qty.min(size.abs());
            pnl = price.subtract(entry).multiply(closed).multiply(BigDecimal.valueOf(size.signum())).setScale(6, RoundingMode.HALF_UP);
            if (after.signum() != size.signum()) h.entry = after.signum() == 0 ? entry : price;
        }
        h.size = after;
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

    /** The open order with client order id {@code coid}, or null. */
    synchronized ObjectNode orderByCoid(String coid) {
        return orders.stream().filter(o -> o.get("coid").asText().equals(coid)).findFirst().orElse(null);
    }

    /** Removes and returns the open order {@code oid}, or null. */
    synchronized ObjectNode cancel(long oid) {
        for (int i = 0; i < orders.size(); i++) {
            if (orders.get(i).get("oid").asLong() == oid) return orders.remove(i);
        }
        return null;
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
