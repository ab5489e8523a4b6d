package org.marketlab.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

/**
 * One perpetuals account of the sandbox, generated from the world seed and the owner's address: 90 days of
 * withdrawals (all four statuses), internal transfers (both directions) and funding charges (several
 * instruments), each more than 100 entries; open orders; positions; collateral.
 */
final class PerpsAccount {

    static final String[] STATUSES = {"pending", "confirmed", "removed", "failed"};
    static final long[] INSTRUMENTS = {0, 1, 2, 7, 4_294_967_295L};
    static final String[] SYMBOLS = {"BTC-PERP", "ETH-PERP", "SOL-PERP", "ELECTION-PERP", "INDEX-PERP"};

    final String owner;
    final List<ObjectNode> withdrawals = new ArrayList<>();
    final List<ObjectNode> transfers = new ArrayList<>();
    final List<ObjectNode> funding = new ArrayList<>();
    final List<ObjectNode> orders = new ArrayList<>();
    final List<ObjectNode> positions = new ArrayList<>();
    final BigDecimal margin;
    final String inviteCode;
    boolean inviteCreated;

    PerpsAccount(String owner, long worldSeed, long nowMillis) {
        this.owner = owner.toLowerCase(Locale.ROOT);
        SplittableRandom r = new SplittableRandom(worldSeed ^ PricePath.mix(Long.parseUnsignedLong(this.owner.substring(2, 17), 16)));
        long day = 86_400_000L;
        long from = nowMillis - 90 * day;
        String[] counterparties = new String[6];
        for (int i = 0; i < counterparties.length; i++) counterparties[i] = address(r);

        for (int i = 0; i < 150; i++) {
            long created = from + (long) (r.nextDouble() * 90 * day);
            String status = STATUSES[r.nextInt(10) < 6 ? 1 : r.nextInt(4)];
            ObjectNode w = World.JSON.objectNode();
            w.put("withdraw_id", 10_000 + i);
            w.put("asset", "USDC");
            w.put("amount", money(r, 10, 5000));
            w.put("to", r.nextInt(4) == 0 ? counterparties[r.nextInt(counterparties.length)] : this.owner);
            w.put("fee", "1.00");
            w.put("status", status);
            boolean mined = status.equals("confirmed") || status.equals("failed");
            w.put("hash", mined ? "0x" + hex(r, 64) : "0x");
            w.put("confirmations", status.equals("confirmed") ? 12 + r.nextInt(100) : status.equals("pending") ? r.nextInt(12) : 0);
            w.put("required_confirmations", 12);
            w.put("created_timestamp", created);
            if (status.equals("confirmed")) w.put("confirmed_timestamp", created + 60_000L * (5 + r.nextInt(120)));
            else w.put("confirmed_timestamp", 0); // an integer always, as official clients require: 0 until confirmed
            withdrawals.add(w);
        }
        for (int i = 0; i < 130; i++) {
            ObjectNode t = World.JSON.objectNode();
            t.put("transfer_id", 20_000 + i);
            t.put("asset", "USDC");
            t.put("amount", money(r, 1, 2000));
            t.put("direction", r.nextBoolean() ? "in" : "out");
            t.put("counterparty", counterparties[r.nextInt(counterparties.length)]);
            t.put("created_timestamp", from + (long) (r.nextDouble() * 90 * day));
            t.put("label", r.nextInt(3) == 0 ? "desk " + (1 + r.nextInt(4)) : "");
            transfers.add(t);
        }
        long id = 30_000;
        for (int k = 0; k < 3; k++) {
            long instrument = INSTRUMENTS[k == 2 ? 4 : k];
            double size = (r.nextBoolean() ? 1 : -1) * (0.5 + r.nextDouble() * 20);
            for (long ts = from - from % (8 * 3_600_000L) + 8 * 3_600_000L; ts <= nowMillis; ts += 8 * 3_600_000L) {
                double rate = (r.nextDouble() - 0.45) * 0.0004;
                ObjectNode f = World.JSON.objectNode();
                f.put("id", id++);
                f.put("instrument_id", instrument);
                f.put("size", dec(size, 4));
                f.put("funding_rate", dec(rate, 8));
                f.put("funding_asset", "USDC");
                f.put("funding", dec(-size * rate * 1000, 6));
                f.put("timestamp", ts);
                funding.add(f);
            }
            ObjectNode pos = World.JSON.objectNode();
            pos.put("instrument_id", instrument);
            pos.put("symbol", SYMBOLS[k == 2 ? 4 : k]);
            pos.put("size", dec(size, 4));
            pos.put("entry_price", dec(100 + r.nextDouble() * 900, 2));
            pos.put("unrealized_pnl", dec((r.nextDouble() - 0.5) * 500, 2));
            pos.put("return_on_equity", dec((r.nextDouble() - 0.5) * 0.4, 4));
            pos.put("leverage", 1 + r.nextInt(10));
            pos.put("cross", r.nextBoolean());
            pos.put("liquidation_price", dec(50 + r.nextDouble() * 40, 2));
            pos.put("cumulative_funding", dec((r.nextDouble() - 0.5) * 50, 4));
            double value = Math.abs(size) * pos.get("entry_price").asDouble();
            pos.put("position_value", dec(value, 2));
            pos.put("initial_margin", dec(value / pos.get("leverage").asInt(), 2));
            pos.put("maintenance_margin", dec(value / pos.get("leverage").asInt() / 2, 2));
            positions.add(pos);
        }
        for (int i = 0; i < 12; i++) {
            ObjectNode o = World.JSON.objectNode();
            o.put("oid", 900_000 + i);
            o.put("iid", INSTRUMENTS[i % 3]);
            o.put("buy", r.nextBoolean());
            o.put("p", dec(100 + r.nextDouble() * 900, 2));
            o.put("qty", dec(0.1 + r.nextDouble() * 5, 3));
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
        this.margin = new BigDecimal(money(r, 5_000, 50_000));
        this.inviteCode = "ML" + hex(r, 8).toUpperCase(Locale.ROOT);
    }

    static String address(SplittableRandom r) {
        return "0x" + hex(r, 40);
    }

    static String hex(SplittableRandom r, int n) {
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
}
