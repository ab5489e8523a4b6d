package org.marketlab.research;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The windows {@code Research.resolved()} reads a market's horizons in: the fewest, each within the service's 15 days. */
class ResolvedWindowsTest {

    private static final Instant END = Instant.parse("2026-06-30T12:00:00Z");
    private static final Duration LEAD = Duration.ofHours(2);

    private static List<Instant> before(Duration... hs) {
        return java.util.Arrays.stream(hs).map(END::minus).toList();
    }

    @Test
    void theDefaultHorizonsTakeTwoWindowsOneForOneAndSevenDaysOneForThirty() {
        List<Instant[]> w = ResolvedQuery.windows(before(Duration.ofDays(1), Duration.ofDays(7), Duration.ofDays(30)), LEAD);
        assertEquals(2, w.size());
        assertEquals(END.minus(Duration.ofDays(30)).minus(LEAD), w.get(0)[0]);
        assertEquals(END.minus(Duration.ofDays(30)), w.get(0)[1]);
        assertEquals(END.minus(Duration.ofDays(7)).minus(LEAD), w.get(1)[0]);
        assertEquals(END.minus(Duration.ofDays(1)), w.get(1)[1]);
    }

    @Test
    void horizonsWithinFifteenDaysShareOneWindowAndNoneIsLonger() {
        assertEquals(1, ResolvedQuery.windows(before(Duration.ofDays(1), Duration.ofDays(7)), LEAD).size());
        assertEquals(1, ResolvedQuery.windows(before(Duration.ofHours(1), Duration.ofDays(14)), LEAD).size());
        List<Instant[]> w = ResolvedQuery.windows(before(Duration.ofDays(1), Duration.ofDays(14), Duration.ofDays(28), Duration.ofDays(200)), LEAD);
        assertEquals(3, w.size());
        for (int i = 0; i < w.size(); i++) {
            assertTrue(Duration.between(w.get(i)[0], w.get(i)[1]).compareTo(ResolvedQuery.WINDOW) <= 0, "window " + i + " is at most 15 days");
            if (i > 0) assertTrue(w.get(i)[0].isAfter(w.get(i - 1)[1]), "windows are in time order and do not overlap");
        }
    }

    @Test
    void windowsThatWouldOverlapStartAfterThePreviousOne() {
        // The first window ends 14 days 21 hours after 30 days before; the next instant, 2 hours later, does not fit,
        // and its lead would reach back to that end.
        List<Instant[]> w = ResolvedQuery.windows(before(Duration.ofDays(30), Duration.ofDays(15).plusHours(3), Duration.ofDays(15).plusHours(1)), LEAD);
        assertEquals(2, w.size());
        assertEquals(END.minus(Duration.ofDays(15).plusHours(3)), w.get(0)[1]);
        assertEquals(w.get(0)[1].plusSeconds(1), w.get(1)[0]);
        assertTrue(ResolvedQuery.windows(List.of(), LEAD).isEmpty());
    }
}
