package org.marketlab.internal.live;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ListenersTest {

    sealed interface Note permits Low, High {
    }

    record Low(int n) implements Note {
    }

    record High(int n) implements Note {
    }

    private final Object feed = new Object();
    private final Listeners<Object> listeners = new Listeners<>(feed);
    private final List<String> heard = new ArrayList<>();

    @Test
    void aValueReachesItsOwnTypesListenersBeforeItsFamilysInTheOrderAdded() {
        assertSame(feed, listeners.on(Note.class, n -> heard.add("note " + n)));
        listeners.on(Low.class, l -> heard.add("low " + l.n()));
        listeners.on(High.class, h -> heard.add("high " + h.n()));
        listeners.on(Low.class, l -> heard.add("low again " + l.n()));
        listeners.tell(new Low(1));
        listeners.tell(new High(2));
        assertEquals(List.of("low 1", "low again 1", "note Low[n=1]", "high 2", "note High[n=2]"), heard);
    }

    @Test
    void wantsSaysWhetherAnyListenerTakesTheType() {
        assertFalse(listeners.wants(Low.class));
        listeners.on(High.class, h -> { });
        assertFalse(listeners.wants(Low.class), "a sibling's listener does not take it");
        assertFalse(listeners.wants(Note.class), "a subtype's listener does not take every note");
        listeners.on(Note.class, n -> { });
        assertTrue(listeners.wants(Low.class));
        assertTrue(listeners.wants(Note.class));
    }

    @Test
    void tellStopsAtAThrowingListenerAndTellEachPassesItOver() {
        listeners.on(Low.class, l -> {
            throw new IllegalStateException("listener " + l.n());
        });
        listeners.on(Note.class, n -> heard.add("note"));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> listeners.tell(new Low(3)));
        assertEquals("listener 3", e.getMessage());
        assertEquals(List.of(), heard, "the rest are not told");
        listeners.tellEach(new Low(4));
        assertEquals(List.of("note"), heard);
    }

    @Test
    void aNullListenerIsRefused() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> listeners.on(Low.class, null));
        assertEquals("listener", e.getMessage());
    }
}
