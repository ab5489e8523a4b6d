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
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * One perpetuals account of the sandbox, generated from the world seed and the owner's address alone (the same
 * pair gives the same account, in any order of requests): 90 days up to the world's "now" of withdrawals (every
 * status, some sharing a timestamp), internal transfers (both directions) and funding charges every 8 hours on
 * three instruments (among them the largest id, 4294967295), each history well over the 100-entry page; positions;
 * open orders with client order ids; collateral; an invite code. Orders and the invite change as the account is
 * used; the histories do not.
 *
 * <p>The getters hand out copies in the service's wire form, for tests to compare a client's reading with.
 */
public final class PerpsAccount {

    static final List<String> WITHDRAWAL_STATUSES = List.of("pending", "confirmed", "removed", "failed");
    static final long[] INSTRUMENTS = {0, 1, 2, 7, 4_294_967_295L};
    static final String[] SYMBOLS = {"BTC-PERP", "ETH-PERP", "SOL-PERP", "ELECTION-PERP", "INDEX-PERP"};
    /** Share of an order's notional (price × quantity) held as margin while it rests: 10x. */
    static final BigDecimal ORDER_MARGIN_RATE = new BigDecimal("0.1");

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final long DAY = 86_400_000L;
    private static final long FUNDING_INTERVAL = 8 * 3_600_000L;

    private final String owner;
    private final List<ObjectNode> withdrawals = new ArrayList<>();
    private final List<ObjectNode> transfers = new ArrayList<>();
    private final List<ObjectNode> funding = new ArrayList<>();
    private final List<ObjectNode> positions = new ArrayList<>();
    private final List<ObjectNode> orders = new ArrayList<>();
    /** Changes with the realised profit and the fees of fills ({@link PerpsMarket}). */
    private BigDecimal collateral;
    private final String inviteCode;
    private final int referralCap;
    private final int referralsUsed;
    /** Length of the referral window, or 0 for a lifetime cap (then {@code cooldown_ms} is null). */
    private final long referralWindowMs;
    private long inviteCreatedAt = -1;

    PerpsAccount(String owner, long worldSeed, long nowMillis) {
        this.owner = owner.toLowerCase(Locale.ROOT);
        SplittableRandom r = new SplittableRandom(worldSeed * 0x9E3779B97F4A7C15L ^ digest(this.owner));
        long from = nowMillis - 90 * DAY;
        String[] counterparties = new String[6];
        for (int i = 0; i < counterparties.length; i++) counterparties[i] = "0x" + hex(r, 40);

        int nWithdrawals = 140 + r.nextInt(40);
        long created = 0;
        for (int i = 0; i < nWithdrawals; i++) {
            // Every status at least once; then mostly confirmed. One in ten is sent in the same millisecond as the
            // one before (a batch), so that entries share a paging time.
            String status = i < 4 ? WITHDRAWAL_STATUSES.get(i) : r.nextInt(10) < 6 ? "confirmed" : WITHDRAWAL_STATUSES.get(r.nextInt(4));
            if (i < 4 || r.nextInt(10) != 0) created = from + (long) (r.nextDouble() * 90 * DAY);
            ObjectNode w = JSON.objectNode();
            w.put("withdraw_id", 10_000 + i);
            w.put("asset", "USDC");
            w.put("amount", money(r, 10, 5_000));
            w.put("fee", "1.00");
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
            if (status.equals("confirmed")) w.put("confirmed_timestamp", Math.min(nowMillis, created + 60_000L * (5 + r.nextInt(120))));
            withdrawals.add(w);
        }
        int nTransfers = 120 + r.nextInt(40);
        for (int i = 0; i < nTransfers; i++) {
            ObjectNode t = JSON.objectNode();
            t.put("transfer_id", 20_000 + i);
            t.put("asset", "USDC");
            t.put("amount", money(r, 1, 2_000));
            t.put("direction", i < 2 ? (i == 0 ? "in" : "out") : r.nextBoolean() ? "in" : "out");
            t.put("counterparty", counterparties[r.nextInt(counterparties.length)]);
            t.put("created_timestamp", from + (long) (r.nextDouble() * 90 * DAY));
            t.put("label", r.nextInt(3) == 0 ? "desk " + (1 + r.nextInt(4)) : "");
            transfers.add(t);
        }
        // Three instruments, the largest id always among them; funding every 8 hours on each, at the same instants.
        int a = r.nextInt(4), b = (a + 1 + r.nextInt(3)) % 4;
        int[] picked = {Math.min(a, b), Math.max(a, b), 4};
        long id = 30_000;
        long firstCharge = from - Math.floorMod(from, FUNDING_INTERVAL) + FUNDING_INTERVAL;
        double[] sizes = new double[picked.length];
        for (int k = 0; k < picked.length; k++) sizes[k] = (r.nextBoolean() ? 1 : -1) * (0.5 + r.nextDouble() * 20);
        for (long ts = firstCharge; ts <= nowMillis; ts += FUNDING_INTERVAL) {
            for (int k = 0; k < picked.length; k++) {
                double rate = (r.nextDouble() - 0.45) * 0.0004;
                ObjectNode f = JSON.objectNode();
                f.put("id", id++);
                f.put("instrument_id", INSTRUMENTS[picked[k]]);
                f.put("size", dec(sizes[k], 4));
                f.put("funding_rate", dec(rate, 8));
                f.put("funding_asset", "USDC");
                f.put("funding", dec(-sizes[k] * rate * 1_000, 6));
                f.put("timestamp", ts);
                funding.add(f);
            }
        }
        for (int k = 0; k < picked.length; k++) {
            ObjectNode p = JSON.objectNode();
            int leverage = 1 + r.nextInt(10);
            double entry = 100 + r.nextDouble() * 900;
            double value = Math.abs(sizes[k]) * entry;
            p.put("instrument_id", INSTRUMENTS[picked[k]]);
            p.put("symbol", SYMBOLS[picked[k]]);
            p.put("size", dec(sizes[k], 4));
            p.put("entry_price", dec(entry, 2));
            p.put("leverage", leverage);
            p.put("cross", r.nextBoolean());
            p.put("initial_margin", dec(value / leverage, 2));
            p.put("maintenance_margin", dec(value / leverage / 2, 2));
            p.put("position_value", dec(value, 2));
            p.put("liquidation_price", dec(entry * (sizes[k] > 0 ? 1 - 0.8 / leverage : 1 + 0.8 / leverage), 2));
            p.put("unrealized_pnl", dec((r.nextDouble() - 0.5) * 500, 2));
            p.put("return_on_equity", dec((r.nextDouble() - 0.5) * 0.4, 4));
            p.put("cumulative_funding", dec((r.nextDouble() - 0.5) * 50, 4));
            positions.add(p);
        }
        this.collateral = new BigDecimal(money(r, 5_000, 50_000));
        for (int i = 0; i < 12; i++) {
            ObjectNode o = JSON.objectNode();
            o.put("oid", 900_000 + i);
            o.put("iid", INSTRUMENTS[picked[i % picked.length]]);
            o.put("buy", r.nextBoolean());
            o.put("p", dec(100 + r.nextDouble() * 900, 2));
            // Small orders: together they hold a few percent of the collateral as margin.
            o.put("qty", dec(0.1 + r.nextDouble() * 2, 3));
            o.put("tif", "gtc");
            o.put("po", r.nextInt(4) == 0);
            o.put("ro", false);
            o.put("status", "open");
            o.put("rest", o.get("qty").asText());
            o.put("fill", "0");
            o.put("cts", nowMillis - r.nextInt(86_400_000));
            o.put("uts", o.get("cts").asLong());
            o.put("coid", hex(r, 32));
            orders.add(o);
        }
        this.inviteCode = "ML" + hex(r, 8).toUpperCase(Locale.ROOT);
        this.referralWindowMs = r.nextBoolean() ? 0 : 7 * DAY;
        this.referralCap = 3 + r.nextInt(8);
        this.referralsUsed = r.nextInt(4) == 0 ? referralCap : r.nextInt(referralCap);
    }

    // ---- what tests compare with ---------------------------------------------------------------------------------

    /** The owner's address, lower case. */
    public String owner() {
        return owner;
    }

    /** Every withdrawal, in generation order (not the service's order). */
    public List<JsonNode> withdrawals() {
        return copies(withdrawals);
    }

    public List<JsonNode> internalTransfers() {
        return copies(transfers);
    }

    public List<JsonNode> funding() {
        return copies(funding);
    }

    public List<JsonNode> positions() {
        return copies(positions);
    }

    /** The open orders now, in the abbreviated form of the specification's Order. */
    public synchronized List<JsonNode> openOrders() {
        return copies(orders);
    }

    /** The collateral the margin check measures orders against. */
    public synchronized BigDecimal collateral() {
        return collateral;
    }

    /** The time the service pages a withdrawal on: its confirmation when it has one, else its creation. */
    public static long pagingTime(JsonNode withdrawal) {
        JsonNode c = withdrawal.get("confirmed_timestamp");
        return c != null && c.canConvertToLong() && c.asLong() > 0 ? c.asLong() : withdrawal.get("created_timestamp").asLong();
    }

    // ---- the service's side -------------------------------------------------------------------------------------

    List<ObjectNode> withdrawalRows() {
        return withdrawals;
    }

    List<ObjectNode> transferRows() {
        return transfers;
    }

    List<ObjectNode> fundingRows() {
        return funding;
    }

    List<ObjectNode> positionRows() {
        return positions;
    }

    /** The live list of open orders (the caller holds this account's lock). */
    List<ObjectNode> orderRows() {
        return orders;
    }

    synchronized void addCollateral(BigDecimal amount) {
        collateral = collateral.add(amount);
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

    synchronized BigDecimal unrealizedPnl() {
        BigDecimal sum = BigDecimal.ZERO;
        for (ObjectNode p : positions) sum = sum.add(new BigDecimal(p.get("unrealized_pnl").asText()));
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

    private static String dec(double v, int scale) {
        return BigDecimal.valueOf(v).setScale(scale, RoundingMode.HALF_UP).toPlainString();
    }

    private static List<JsonNode> copies(List<ObjectNode> rows) {
        List<JsonNode> out = new ArrayList<>(rows.size());
        for (ObjectNode n : rows) out.add(n.deepCopy());
        return out;
    }
}
