package org.marketlab.markets;

import org.marketlab.pacing.RetryPolicy;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Token names belong to a connection, and each keeps a bounded number, the least recently used going first. */
class TokenNamesTest {

    private static Transport connection() {
        return Transport.create(Profile.sandbox(3), Clock.system(), RetryPolicy.DEFAULT);
    }

    @Test
    void eachConnectionLearnsItsOwn() {
        Transport a = connection(), b = connection();
        TokenNames.names(a).add("1234567890123456", "Will it rain? · Yes");
        assertEquals("Will it rain? · Yes", TokenNames.names(a).get("1234567890123456"));
        assertFalse(TokenNames.names(b).knows("1234567890123456"), "another connection has not read that market");
        assertEquals("123456…3456", TokenNames.names(b).get("1234567890123456"));
    }

    @Test
    void aConnectionKeepsAtMostItsBoundLeastRecentlyUsedFirst() {
        TokenNames n = TokenNames.names(connection());
        n.add("first", "the first name");
        n.add("second", "the second name");
        n.get("first"); // used again: now the second is the least recently used
        for (int i = 0; i < TokenNames.MAX_NAMES - 1; i++) n.add("t" + i, "name " + i);
        assertEquals(TokenNames.MAX_NAMES, n.size());
        assertTrue(n.knows("first"), "recently used: kept");
        assertFalse(n.knows("second"), "least recently used: gone");
    }
}
