package org.marketlab.perps;

import org.junit.jupiter.api.Test;
import org.marketlab.http.MalformedResponseException;
import org.marketlab.http.OperationRefusedException;
import org.marketlab.internal.transport.Decoding;
import org.marketlab.internal.transport.Document;

import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A perpetuals answer of 2xx with {status: err} is a refusal, never a record (an invite here). */
class RepliesTest {

    private static Document answer(String body) {
        return new Document("POST perps/v1/account/invite", 200, Map.of(), body.getBytes(StandardCharsets.UTF_8), Decoding.mapper());
    }

    @Test
    void anErrStatusIsTypedWithTheServersError() {
        var e = assertThrows(OperationRefusedException.class,
                () -> PerpsRequests.checked(answer("{\"status\":\"err\",\"error\":\"invites are disabled\"}")).read(Invite.class));
        assertEquals("invites are disabled", e.serverMessage());
        assertEquals(200, e.status());
        assertTrue(e.getMessage().contains("/v1/account/invite"), e.getMessage());
        var none = assertThrows(OperationRefusedException.class, () -> PerpsRequests.checked(answer("{\"status\":\"err\"}")));
        assertTrue(none.getMessage().contains("no error given"), none.getMessage());
    }

    @Test
    void anOkStatusReadsAndAWrongShapeIsMalformed() {
        Invite i = PerpsRequests.checked(answer("{\"status\":\"ok\",\"code\":\"ABC\",\"referrals_available\":3,\"cooldown_ms\":null}")).read(Invite.class);
        assertEquals("ABC", i.code());
        assertThrows(MalformedResponseException.class,
                () -> PerpsRequests.checked(answer("{\"status\":\"ok\",\"referrals_available\":\"many\"}")).read(Invite.class));
    }
}
