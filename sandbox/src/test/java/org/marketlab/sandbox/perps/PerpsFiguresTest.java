package org.marketlab.sandbox.perps;

import org.marketlab.sandbox.world.Assets;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A perpetuals account's figures agree with each other, for many owners: positions (PnL, return on equity,
 * margins, liquidation), funding against positions, and the histories against the collateral they leave; what is
 * shown is what has happened by the present.
 */
class PerpsFiguresTest {

    private static final Instant ANCHOR = Instant.parse("2026-11-01T00:00:00Z");
    private static final long PRESENT = ANCHOR.plus(Duration.ofHours(15)).toEpochMilli();

    private static List<String> owners(int n) {
        SplittableRandom r = new SplittableRandom(99);
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            StringBuilder b = new StringBuilder("0x");
            for (int k = 0; k < 40; k++) b.append(Character.forDigit(r.nextInt(16), 16));
            out.add(b.toString());
        }
        return out;
    }

    /** The world's asset paths, as the sandbox of seed 7 anchored at {@link #ANCHOR} has them. */
    private static final Assets ASSETS = Assets.of(7, ANCHOR.getEpochSecond() / 60);

    /** The asset an instrument's symbol follows: "BTC-USD" follows BTC. */
    private static String asset(String symbol) {
        return symbol.substring(0, symbol.indexOf('-'));
    }

    private static BigDecimal dec(JsonNode n, String field) {
        return new BigDecimal(n.get(field).asText());
    }

    @Test
    void positionsAreArithmeticallyConsistent() {
        int positions = 0, losses = 0, gains = 0;
        for (String owner : owners(60)) {
            PerpsAccount a = new PerpsAccount(owner, 7, ANCHOR.toEpochMilli(), () -> PRESENT);
            BigDecimal initial = BigDecimal.ZERO;
            for (JsonNode p : a.positions()) {
                positions++;
                BigDecimal size = dec(p, "size"), entry = dec(p, "entry_price"), mark = dec(p, "mark_price");
                BigDecimal lev = BigDecimal.valueOf(p.get("leverage").asInt());
                BigDecimal pnl = dec(p, "unrealized_pnl"), value = dec(p, "position_value"), im = dec(p, "initial_margin");
                assertEquals(0, size.multiply(mark.subtract(entry)).setScale(2, RoundingMode.HALF_UP).compareTo(pnl), "PnL is size × (mark − entry): " + p);
                assertEquals(0, size.abs().multiply(mark).setScale(2, RoundingMode.HALF_UP).compareTo(value), "value is |size| × mark: " + p);
                assertEquals(0, value.divide(lev, 2, RoundingMode.HALF_UP).compareTo(im), "initial margin is value / leverage: " + p);
                assertEquals(0, im.divide(BigDecimal.valueOf(2), 2, RoundingMode.HALF_UP).compareTo(dec(p, "maintenance_margin")), p.toString());
                BigDecimal roe = dec(p, "return_on_equity");
                assertEquals(pnl.signum(), roe.signum(), "return on equity has the sign of PnL: " + p);
                BigDecimal openingMargin = size.abs().multiply(entry).divide(lev, 8, RoundingMode.HALF_UP);
                assertEquals(0, pnl.divide(openingMargin, 4, RoundingMode.HALF_UP).compareTo(roe), "ROE is PnL over the opening margin: " + p);
                // No position is being liquidated: its loss is less than its margin, its mark short of its liquidation price.
                assertTrue(pnl.negate().compareTo(openingMargin) < 0, "a loss within the margin: " + p);
                BigDecimal liq = dec(p, "liquidation_price");
                assertTrue(size.signum() > 0 ? mark.compareTo(liq) > 0 && liq.compareTo(entry) < 0 : mark.compareTo(liq) < 0 && liq.compareTo(entry) > 0,
                        "the mark has not reached the liquidation price: " + p);
                if (pnl.signum() < 0) losses++;
                if (pnl.signum() > 0) gains++;
                initial = initial.add(im);
            }
            assertEquals(0, initial.compareTo(a.initialMargin()));
            assertTrue(a.collateral().compareTo(initial) > 0, "the collateral covers the positions' margin");
        }
        assertEquals(180, positions);
        assertTrue(losses > 30 && gains > 30, losses + " losing, " + gains + " winning");
    }

    @Test
    void fundingChargesAreTheHeldPositionsAndSumToTheirCumulativeFunding() {
        for (String owner : owners(20)) {
            PerpsAccount a = new PerpsAccount(owner, 7, ANCHOR.toEpochMilli(), () -> PRESENT);
            for (JsonNode p : a.positions()) {
                long instrument = p.get("instrument_id").asLong();
                BigDecimal sum = BigDecimal.ZERO;
                int charges = 0;
                for (JsonNode f : a.funding()) {
                    if (f.get("instrument_id").asLong() != instrument) continue;
                    charges++;
                    assertEquals(0, dec(f, "size").compareTo(dec(p, "size")), "charged on the position's size");
                    // The notional at the instrument's level of the charge's time (its asset's path) times the rate.
                    BigDecimal level = BigDecimal.valueOf(ASSETS.level(Assets.bySymbol(asset(p.get("symbol").asText())), f.get("timestamp").asLong() / 60_000));
                    BigDecimal expected = dec(p, "size").multiply(level).multiply(dec(f, "funding_rate")).negate();
                    assertEquals(expected.doubleValue(), dec(f, "funding").doubleValue(), Math.abs(expected.doubleValue()) * 1e-3 + 1e-6,
                            "funding is the notional then times the rate, paid by longs when positive: " + f);
                    sum = sum.add(dec(f, "funding"));
                }
                assertTrue(charges > 250, "every 8 hours for 90 days: " + charges);
                assertEquals(0, sum.compareTo(dec(p, "cumulative_funding")), "cumulative funding of " + p);
            }
        }
    }

    /** Withdrawals and transfers never take more than the account held at their time (deposits in, as confirmed). */
    @Test
    void historiesStayWithinWhatTheAccountHeld() {
        for (String owner : owners(60)) {
            PerpsAccount a = new PerpsAccount(owner, 7, ANCHOR.toEpochMilli(), () -> PRESENT);
            record Flow(long time, BigDecimal change, BigDecimal taken) {
            }
            List<Flow> flows = new ArrayList<>();
            BigDecimal withdrawn = BigDecimal.ZERO;
            for (JsonNode w : a.withdrawals()) {
                String status = w.get("status").asText();
                boolean debited = status.equals("confirmed") || status.equals("pending");
                BigDecimal out = dec(w, "amount").add(dec(w, "fee"));
                assertTrue(dec(w, "amount").signum() >= 0);
                flows.add(new Flow(PerpsAccount.pagingTime(w), debited ? out.negate() : BigDecimal.ZERO, out));
                if (debited) withdrawn = withdrawn.add(dec(w, "amount"));
            }
            for (JsonNode t : a.internalTransfers()) {
                BigDecimal amount = dec(t, "amount");
                boolean in = t.get("direction").asText().equals("in");
                flows.add(new Flow(t.get("created_timestamp").asLong(), in ? amount : amount.negate(), in ? BigDecimal.ZERO : amount));
            }
            for (JsonNode f : a.funding()) flows.add(new Flow(f.get("timestamp").asLong(), dec(f, "funding"), BigDecimal.ZERO));
            int confirmed = 0;
            BigDecimal deposited = BigDecimal.ZERO;
            for (JsonNode d : a.deposits()) {
                boolean credited = d.get("status").asText().equals("confirmed");
                if (credited) {
                    confirmed++;
                    deposited = deposited.add(dec(d, "amount"));
                }
                flows.add(new Flow(PerpsAccount.pagingTime(d), credited ? dec(d, "amount") : BigDecimal.ZERO, BigDecimal.ZERO));
            }
            assertTrue(confirmed > 0, "confirmed deposits");
            flows.sort(Comparator.comparingLong(Flow::time));
            BigDecimal net = flows.stream().map(Flow::change).reduce(BigDecimal.ZERO, BigDecimal::add);
            BigDecimal opening = a.collateral().subtract(net);
            assertEquals(0, opening.signum(), "the account starts empty, its deposits fund it: " + opening);
            BigDecimal balance = opening;
            for (Flow f : flows) {
                assertTrue(f.taken().compareTo(balance) <= 0, String.format(Locale.ROOT, "%s taken at %d from %s", f.taken(), f.time(), balance));
                balance = balance.add(f.change());
                assertTrue(balance.signum() >= 0, "never below zero");
            }
            assertEquals(0, balance.compareTo(a.collateral()));
            // What left was of the size of the account, not many times it.
            assertTrue(withdrawn.compareTo(opening.add(deposited).multiply(BigDecimal.valueOf(3))) < 0,
                    withdrawn + " withdrawn from an opening " + opening + " and deposits of " + deposited);
        }
    }

    @Test
    void theHistoriesRunToThePresentAndNoFurther() {
        String owner = owners(1).get(0);
        long morning = ANCHOR.plus(Duration.ofHours(2)).toEpochMilli();
        PerpsAccount early = new PerpsAccount(owner, 7, ANCHOR.toEpochMilli(), () -> morning);
        PerpsAccount late = new PerpsAccount(owner, 7, ANCHOR.toEpochMilli(), () -> PRESENT);
        for (JsonNode f : late.funding()) assertTrue(f.get("timestamp").asLong() <= PRESENT);
        long lastCharge = late.funding().stream().mapToLong(f -> f.get("timestamp").asLong()).max().orElseThrow();
        assertTrue(PRESENT - lastCharge < 8 * 3_600_000L, "the last funding charge is within 8 hours of the present");
        assertEquals(ANCHOR.plus(Duration.ofHours(8)).toEpochMilli(), lastCharge);
        assertTrue(late.funding().size() > early.funding().size(), "later, more charges");
        assertTrue(late.funding().containsAll(early.funding()), "the same charges, and more");
        // The collateral at each present is the opening plus what happened by then.
        BigDecimal between = BigDecimal.ZERO;
        for (JsonNode f : late.funding()) if (f.get("timestamp").asLong() > morning) between = between.add(dec(f, "funding"));
        for (JsonNode t : late.internalTransfers()) {
            if (t.get("created_timestamp").asLong() > morning) between = between.add(t.get("direction").asText().equals("in") ? dec(t, "amount") : dec(t, "amount").negate());
        }
        for (JsonNode w : late.withdrawals()) {
            String s = w.get("status").asText();
            if (PerpsAccount.pagingTime(w) > morning && (s.equals("confirmed") || s.equals("pending"))) between = between.subtract(dec(w, "amount").add(dec(w, "fee")));
        }
        for (JsonNode d : late.deposits()) {
            if (PerpsAccount.pagingTime(d) > morning && d.get("status").asText().equals("confirmed")) between = between.add(dec(d, "amount"));
        }
        assertEquals(0, early.collateral().add(between).compareTo(late.collateral()));
    }

    /**
     * Live fills on top of the generated account: a fill realises its profit less its fee into the collateral, moves
     * the position (a reduction keeps the entry price, a close removes the position), and funding charged after it is
     * on the size then held, none while closed; the positions' identities hold throughout, marks wander but stay short
     * of the liquidation price.
     */
    @Test
    void liveFillsMoveThePositionsTheCollateralAndTheFundingAfterThem() {
        AtomicLong present = new AtomicLong(PRESENT);
        for (String owner : owners(20)) {
            present.set(PRESENT);
            PerpsAccount a = new PerpsAccount(owner, 7, ANCHOR.toEpochMilli(), present::get);
            BigDecimal before = a.collateral();
            List<JsonNode> positions = a.positions();
            JsonNode reduced = positions.get(0), closed = positions.get(1);
            long reducedId = reduced.get("instrument_id").asLong(), closedId = closed.get("instrument_id").asLong();
            BigDecimal size = dec(reduced, "size"), entry = dec(reduced, "entry_price");
            long at = PRESENT + 60_000;

            // Half of the first position closed at its mark, as taker: its PnL realised, the entry price unchanged.
            BigDecimal mark = a.mark(reducedId);
            BigDecimal half = size.abs().divide(BigDecimal.valueOf(2), 4, RoundingMode.DOWN);
            BigDecimal fee = half.multiply(mark).multiply(new BigDecimal(PerpsMarket.TAKER_FEE)).setScale(6, RoundingMode.HALF_UP);
            PerpsAccount.Trade t = a.fill(reducedId, size.signum() < 0, half, mark, fee, at);
            assertEquals(0, t.previousSize().compareTo(size));
            assertEquals(0, t.previousEntry().compareTo(entry));
            BigDecimal pnl = mark.subtract(entry).multiply(half).multiply(BigDecimal.valueOf(size.signum())).setScale(6, RoundingMode.HALF_UP);
            assertEquals(0, pnl.compareTo(t.pnl()), "the profit of what was closed");
            // The second closed whole, at its mark.
            BigDecimal closedSize = dec(closed, "size");
            BigDecimal closedMark = a.mark(closedId);
            BigDecimal fee2 = closedSize.abs().multiply(closedMark).multiply(new BigDecimal(PerpsMarket.TAKER_FEE)).setScale(6, RoundingMode.HALF_UP);
            PerpsAccount.Trade t2 = a.fill(closedId, closedSize.signum() < 0, closedSize.abs(), closedMark, fee2, at + 1);

            BigDecimal realised = t.pnl().subtract(fee).add(t2.pnl()).subtract(fee2);
            assertEquals(0, before.add(realised).compareTo(a.collateral()), "the collateral moved by what the fills realised, less fees");
            assertEquals(0, realised.compareTo(a.realised()));
            assertEquals(2, a.positions().size(), "the closed position is gone");
            JsonNode now = a.positions().stream().filter(p -> p.get("instrument_id").asLong() == reducedId).findFirst().orElseThrow();
            assertEquals(0, size.subtract(size.signum() > 0 ? half : half.negate()).compareTo(dec(now, "size")));
            assertEquals(0, entry.compareTo(dec(now, "entry_price")), "a reduction keeps the entry price");

            // The market's draws move the marks, never to a liquidation price; the identities hold at every step.
            SplittableRandom draws = new SplittableRandom(owner.hashCode());
            for (int i = 0; i < 400; i++) {
                a.wander(draws);
                if (i % 50 == 0) assertPositionsAddUp(a);
            }

            // Past the next funding time: charged on the size held then, none on the closed position.
            long nextCharge = ANCHOR.plus(Duration.ofHours(16)).toEpochMilli();
            present.set(nextCharge + 1);
            List<JsonNode> charges = a.funding().stream().filter(f -> f.get("timestamp").asLong() == nextCharge).toList();
            assertEquals(2, charges.size(), "a charge on each held position: " + charges);
            for (JsonNode f : charges) {
                assertFalse(f.get("instrument_id").asLong() == closedId, "nothing charged on a closed position");
                if (f.get("instrument_id").asLong() == reducedId) {
                    assertEquals(0, dec(f, "size").compareTo(dec(now, "size")), "charged on the size held");
                    BigDecimal expected = dec(now, "size").multiply(mark).multiply(dec(f, "funding_rate")).negate().setScale(6, RoundingMode.HALF_UP);
                    assertEquals(0, expected.compareTo(dec(f, "funding")), "at the mark of the fill before it");
                }
            }
            assertPositionsAddUp(a);
            // The collateral is still the opening, the history up to the present and the fills.
            BigDecimal between = BigDecimal.ZERO;
            for (JsonNode f : a.funding()) if (f.get("timestamp").asLong() > PRESENT) between = between.add(dec(f, "funding"));
            for (JsonNode tr : a.internalTransfers()) {
                if (tr.get("created_timestamp").asLong() > PRESENT) between = between.add(tr.get("direction").asText().equals("in") ? dec(tr, "amount") : dec(tr, "amount").negate());
            }
            for (JsonNode w : a.withdrawals()) {
                String st = w.get("status").asText();
                if (PerpsAccount.pagingTime(w) > PRESENT && (st.equals("confirmed") || st.equals("pending"))) between = between.subtract(dec(w, "amount").add(dec(w, "fee")));
            }
            assertEquals(0, before.add(realised).add(between).compareTo(a.collateral()));
        }
    }

    private static void assertPositionsAddUp(PerpsAccount a) {
        BigDecimal cumulative = BigDecimal.ZERO;
        for (JsonNode p : a.positions()) {
            BigDecimal size = dec(p, "size"), entry = dec(p, "entry_price"), mark = dec(p, "mark_price");
            BigDecimal lev = BigDecimal.valueOf(p.get("leverage").asInt());
            BigDecimal pnl = dec(p, "unrealized_pnl");
            assertEquals(0, size.multiply(mark.subtract(entry)).setScale(2, RoundingMode.HALF_UP).compareTo(pnl), p.toString());
            assertEquals(0, size.abs().multiply(mark).setScale(2, RoundingMode.HALF_UP).compareTo(dec(p, "position_value")), p.toString());
            BigDecimal openingMargin = size.abs().multiply(entry).divide(lev, 8, RoundingMode.HALF_UP);
            assertEquals(0, pnl.divide(openingMargin, 4, RoundingMode.HALF_UP).compareTo(dec(p, "return_on_equity")), p.toString());
            BigDecimal roe = dec(p, "return_on_equity");
            assertTrue(roe.signum() == 0 || roe.signum() == pnl.signum(), "return on equity has the sign of PnL: " + p);
            BigDecimal liq = dec(p, "liquidation_price");
            assertTrue(size.signum() > 0 ? mark.compareTo(liq) > 0 : mark.compareTo(liq) < 0, "the mark short of the liquidation price: " + p);
            assertTrue(pnl.negate().compareTo(openingMargin) < 0, "a loss within the margin: " + p);
            long id = p.get("instrument_id").asLong();
            BigDecimal sum = a.funding().stream().filter(f -> f.get("instrument_id").asLong() == id).map(f -> dec(f, "funding")).reduce(BigDecimal.ZERO, BigDecimal::add);
            assertEquals(0, sum.compareTo(dec(p, "cumulative_funding")), "cumulative funding is the charges' sum: " + p);
            cumulative = cumulative.add(dec(p, "initial_margin"));
        }
        assertEquals(0, cumulative.compareTo(a.initialMargin()));
    }
}
