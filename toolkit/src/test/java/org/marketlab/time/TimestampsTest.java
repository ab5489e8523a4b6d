package org.marketlab.time;


import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TimestampsTest {

    @Test
    void everyFormTheServiceSendsIsRead() {
        Instant t = Instant.parse("2024-03-07T20:44:01.258Z");
        assertEquals(t, Timestamps.parse("2024-03-07T20:44:01.258Z"));
        assertEquals(t, Timestamps.parse("2024-03-07 20:44:01.258+00"));
        assertEquals(t, Timestamps.parse("2024-03-07 20:44:01.258+00:00"));
        assertEquals(t, Timestamps.parse("2024-03-07T21:44:01.258+01:00"));
        assertEquals(Instant.parse("2025-07-11T18:41:17.827458Z"), Timestamps.parse("2025-07-11T18:41:17.827458Z"));
        assertEquals(Instant.parse("2021-01-02T21:45:52Z"), Timestamps.parse("2021-01-02 21:45:52+00"));
        assertEquals(Instant.parse("2028-11-07T00:00:00Z"), Timestamps.parse("2028-11-07"));
        assertEquals(Instant.parse("2024-03-07T20:44:00Z"), Timestamps.parse("2024-03-07T20:44"));
        assertEquals(Instant.ofEpochMilli(1762356015123L), Timestamps.parse("1762356015123"));
        assertEquals(Instant.ofEpochSecond(1762356015L), Timestamps.parse("1762356015"));
        assertNull(Timestamps.parse(""));
        assertNull(Timestamps.parse(null));
    }

    @Test
    void unreadableTextSaysWhatIsAccepted() {
        var e = assertThrows(IllegalArgumentException.class, () -> Timestamps.parse("yesterday"));
        assertTrue(e.getMessage().contains("yesterday") && e.getMessage().contains("ISO 8601"), e.getMessage());
    }
}
