package org.marketlab.research;

import org.marketlab.pacing.RetryPolicy;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.clob.ClobData;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import org.marketlab.markets.Market;
import org.marketlab.markets.MarketData;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import tech.tablesaw.api.Table;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The event study against the sandbox's world: aligned on the jumps its minute histories show ({@code jumps}), the
 * study shows the jump at minute 0, the mean there being the jumps' mean, nothing before it, and a price that stays.
 */
class EventStudyTest {

    private static final Instant NOW = Instant.parse("2026-11-01T00:00:00Z");
    private static final double THRESHOLD = 0.03;
    private static Sandbox sandbox;
    private static Transport transport;
    private static final List<String> tokens = new ArrayList<>();
    private static final List<Instant> times = new ArrayList<>();
    private static final List<Double> changes = new ArrayList<>();

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(11).now(NOW).build();
        var urls = sandbox.start();
        transport = Transport.create(Profile.sandbox(11).withUrl(Service.CLOB, urls.get("clob").toString())
                .withUrl(Service.MARKETS, urls.get("markets").toString()), Clock.system(), RetryPolicy.DEFAULT);
        // the world's up-jumps over ten days, in minute histories of open undecided markets, an hour or more from the window's ends
        ClobData clob = new ClobData(transport);
        for (Market m : new MarketData(transport).markets().closed(false).order("volumeNum").ascending(false).limit(80).list()) {
            if (times.size() >= 12) break;
            String token = m.clobTokenIds().get(0);
            Table h = clob.history(token).start(NOW.minus(Duration.ofDays(10))).end(NOW).fidelity(1).table();
            Table j = PriceMoves.jumps(h, THRESHOLD);
            for (int i = 0; i < j.rowCount() && times.size() < 12; i++) {
                Instant t = j.instantColumn("time").get(i);
                double before = j.doubleColumn("before").get(i);
                if (j.doubleColumn("change").get(i) <= 0 || before < 0.1 || before > 0.85) continue;
                if (t.isBefore(NOW.minus(Duration.ofDays(10)).plus(Duration.ofHours(1))) || t.isAfter(NOW.minus(Duration.ofHours(1)))) continue;
                tokens.add(token);
                times.add(t);
                changes.add(j.doubleColumn("change").get(i));
            }
        }
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void alignedOnTheWorldsJumpsTheStudyShowsTheJump() {
        assertTrue(times.size() >= 5, "the world's minute histories hold jumps of " + THRESHOLD + " or more: " + times.size());
        Table study = new EventStudies(transport).study(tokens, times, Duration.ofMinutes(30), Duration.ofMinutes(60), null);
        assertEquals(91, study.rowCount(), "minutes -30 to 60");
        assertEquals(List.of("minute", "events", "mean", "q25", "median", "q75"), study.columnNames());
        int zero = 30;
        assertEquals(0, study.intColumn("minute").get(zero));
        assertEquals(times.size(), study.intColumn("events").get(zero), "every event has prices around it");
        double jump = changes.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
        assertEquals(jump, study.doubleColumn("mean").get(zero), 1e-6, "minute 0 is the price after the jump, the baseline the price before it");
        assertEquals(0, study.doubleColumn("mean").get(zero - 1), 1e-9, "minute -1 is the baseline itself");
        for (int k = 0; k < zero - 1; k++) {
            assertTrue(Math.abs(study.doubleColumn("mean").get(k)) < jump / 2, "before the event the mean moves less than the jump: minute "
                    + study.intColumn("minute").get(k) + " " + study.doubleColumn("mean").get(k) + " against " + jump);
        }
        assertTrue(study.doubleColumn("q25").get(zero) >= THRESHOLD - 1e-9, "every event jumped up by the threshold or more");
        // news moves the log-odds for good: an hour on, the mean change is still more than half the jump
        for (int k = zero + 30; k <= zero + 60; k++) {
            assertTrue(study.doubleColumn("mean").get(k) > jump / 2, "the jump stays: minute " + study.intColumn("minute").get(k) + " "
                    + study.doubleColumn("mean").get(k) + " against " + jump);
        }
        assertTrue(study.name().startsWith("event study of " + times.size() + " events"), study.name());
        var chart = org.marketlab.Charts.eventStudy(study);
        assertEquals(java.util.Set.of("upper quartile", "lower quartile", "mean", "median", "the event"), chart.getSeriesMap().keySet());
        assertEquals(100 * jump, chart.getSeriesMap().get("mean").getYData()[zero], 1e-3, "the chart is in cents");
        assertTrue(org.marketlab.Charts.png(chart).length > 10_000);
        var e = assertThrows(IllegalArgumentException.class, () -> org.marketlab.Charts.eventStudy(Table.create("not a study")));
        assertTrue(e.getMessage().contains("minute, events, mean, q25, median and q75"), e.getMessage());
    }

    @Test
    void oneTokenServesEveryTimeAndAWindowPastThePresentThins() {
        Instant late = NOW.minus(Duration.ofMinutes(20));
        Table study = new EventStudies(transport).study(List.of(tokens.get(0)), List.of(times.get(0), late), Duration.ofMinutes(10),
                Duration.ofMinutes(40), null);
        assertEquals(2, study.intColumn("events").get(10), "both events at minute 0");
        assertEquals(2, study.intColumn("events").get(30), "both at minute 20, the present");
        assertEquals(1, study.intColumn("events").get(31), "only the earlier event after the present");
    }

    @Test
    void aCoarserStepAndBadInput() {
        EventStudies s = new EventStudies(transport);
        Table hourly = s.study(tokens.subList(0, 2), times.subList(0, 2), Duration.ofHours(6), Duration.ofHours(6), Duration.ofMinutes(60));
        assertEquals(13, hourly.rowCount());
        assertEquals(-360, hourly.intColumn("minute").get(0));
        var e = assertThrows(IllegalArgumentException.class, () -> s.study(List.of("0x12"), times, Duration.ofHours(1), Duration.ofHours(1), null));
        assertTrue(e.getMessage().contains("token id"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> s.study(tokens.subList(0, 2), times.subList(0, 3), Duration.ofHours(1), Duration.ofHours(1), null));
        assertTrue(e.getMessage().contains("2 token ids for 3 times"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> s.study(tokens, List.of(), Duration.ofHours(1), Duration.ofHours(1), null));
        assertTrue(e.getMessage().contains("times is empty"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> s.study(tokens.subList(0, 1), times.subList(0, 1), Duration.ofHours(-1), Duration.ofHours(1), null));
        assertTrue(e.getMessage().contains("before is a whole number of minutes"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> s.study(tokens.subList(0, 1), times.subList(0, 1), Duration.ofDays(60), Duration.ofDays(60), null));
        assertTrue(e.getMessage().contains("at most 90 days"), e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> s.study(tokens.subList(0, 1), times.subList(0, 1), Duration.ofHours(1), Duration.ofHours(1), Duration.ofMinutes(7)));
        assertTrue(e.getMessage().contains("one of the histories' fidelities"), e.getMessage());
        Table none = s.study(tokens.subList(0, 1), List.of(Instant.parse("2001-01-01T00:00:00Z")), Duration.ofHours(1), Duration.ofHours(1), null);
        assertTrue(none.name().contains("1 of 1 without a price before the event left out"), none.name());
        assertEquals(0, none.intColumn("events").get(60));
    }

    @Test
    void jumpsAndMovesOfAHistory() {
        Table h = new ClobData(transport).history(tokens.get(0)).start(times.get(0).minus(Duration.ofHours(3))).end(times.get(0).plus(Duration.ofHours(3))).fidelity(1).table();
        Table j = PriceMoves.jumps(h, THRESHOLD);
        assertTrue(j.instantColumn("time").asList().contains(times.get(0)), "the jump is found again");
        for (int i = 0; i < j.rowCount(); i++) {
            assertTrue(Math.abs(j.doubleColumn("change").get(i)) >= THRESHOLD - 1e-9);
            assertEquals(j.doubleColumn("price").get(i) - j.doubleColumn("before").get(i), j.doubleColumn("change").get(i), 1e-6);
        }
        Table moves = PriceMoves.moves(List.of(h, h), Duration.ofHours(1));
        assertEquals(2, moves.rowCount());
        assertEquals(List.of("outcome", "steps", "first_price", "last_price", "change_cents", "sd_cents", "largest_cents"), moves.columnNames());
        double first = h.sortAscendingOn("time").doubleColumn("price").get(0);
        double last = h.sortAscendingOn("time").doubleColumn("price").get(h.rowCount() - 1);
        assertEquals(100 * (last - first), moves.doubleColumn("change_cents").get(0), 1e-3);
        assertTrue(Math.abs(moves.doubleColumn("largest_cents").get(0)) >= 100 * THRESHOLD - 1e-3 - 100 * 0.02,
                "the hour of the jump moved about as much as the jump");
        assertThrows(IllegalArgumentException.class, () -> PriceMoves.jumps(h, 0));
        assertThrows(IllegalArgumentException.class, () -> PriceMoves.jumps(h, 1.5));
        assertThrows(IllegalArgumentException.class, () -> PriceMoves.jumps(Table.create("x"), 0.1));
        assertThrows(IllegalArgumentException.class, () -> PriceMoves.moves(List.of(), Duration.ofHours(1)));
    }
}
