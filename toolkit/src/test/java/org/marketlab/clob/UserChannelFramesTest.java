package org.marketlab.clob;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class UserChannelFramesTest {

    @Test
    void aTypeThisVersionDoesNotKnowIsKeptWithItsTime() {
        List<UserMessage> m = UserFeed.parse("[{\"event_type\":\"balance\",\"amount\":\"5\",\"timestamp\":\"1795000000004\"},{\"event_type\":\"balance\"}]");
        assertEquals(2, m.size());
        var dated = assertInstanceOf(UserMessage.Unknown.class, m.get(0));
        assertEquals("balance", dated.eventType());
        assertTrue(dated.json().contains("\"amount\":\"5\""), dated.json());
        assertEquals(Instant.ofEpochMilli(1795000000004L), dated.timestamp());
        assertNull(assertInstanceOf(UserMessage.Unknown.class, m.get(1)).timestamp(), "no time in the frame, none in the record");
    }

    @Test
    void aFrameThatIsNotOneSaysSo() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> UserFeed.parse("[1]"));
        assertTrue(e.getMessage().startsWith("a user channel message is an object"), e.getMessage());
    }
}
