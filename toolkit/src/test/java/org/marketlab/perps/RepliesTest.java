package org.marketlab.perps;

import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.Call;
import org.marketlab.http.MalformedResponseException;
import org.marketlab.http.OperationRefusedException;
import org.marketlab.http.Query;
import org.marketlab.http.Response;
import org.marketlab.http.Transport;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A perpetuals answer of 2xx with {status: err} is a refusal, never a record (an invite here). */
class RepliesTest {

    private static final Transport T = Transport.of(Profile.sandbox());
    private static final Call INVITE = new Call(Service.PERPS, "POST", "/v1/account/invite", Query.empty(), Map.of(), new byte[0], Call.Safety.UNSAFE);

    private static Response answer(String body) {
        return new Response(200, URI.create("http://127.0.0.1:1/v1/account/invite"), Map.of(), body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void anErrStatusIsTypedWithTheServersError() {
        var e = assertThrows(OperationRefusedException.class,
                () -> Replies.as(T, INVITE, answer("{\"status\":\"err\",\"error\":\"invites are disabled\"}"), Invite.class));
        assertEquals("invites are disabled", e.serverMessage());
        assertEquals(200, e.status());
        assertTrue(e.getMessage().contains("/v1/account/invite"), e.getMessage());
        var none = assertThrows(OperationRefusedException.class, () -> Replies.as(T, INVITE, answer("{\"status\":\"err\"}"), Invite.class));
        assertTrue(none.getMessage().contains("no error given"), none.getMessage());
    }

    @Test
    void anOkStatusReadsAndAWrongShapeIsMalformed() {
        Invite i = Replies.as(T, INVITE, answer("{\"status\":\"ok\",\"code\":\"ABC\",\"referrals_available\":3,\"cooldown_ms\":null}"), Invite.class);
        assertEquals("ABC", i.code());
        assertThrows(MalformedResponseException.class,
                () -> Replies.as(T, INVITE, answer("{\"status\":\"ok\",\"referrals_available\":\"many\"}"), Invite.class));
    }
}
