package org.marketlab.internal.transport;

import org.marketlab.http.*;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ErrorMapperTest {

    @Test
    void statusOverrideRuleOfTheSpecification() {
        // "a message containing not found gives 404, unauthorized gives 401, context canceled gives 400"
        ServiceException e = ErrorMapper.map(400, "market not found", "GET clob/tick-size", null);
        assertInstanceOf(NotFoundException.class, e);
        assertEquals(404, e.status());
        assertTrue(e.getMessage().contains("sent as 400"), e.getMessage());
        assertInstanceOf(AuthenticationException.class, ErrorMapper.map(500, "Unauthorized/Invalid api key", "x", null));
        assertEquals(400, ErrorMapper.map(500, "context canceled", "x", null).status());
    }

    @Test
    void statusesMapByMeaning() {
        assertInstanceOf(InvalidRequestException.class, ErrorMapper.map(400, "Invalid token id", "x", null));
        assertInstanceOf(InvalidRequestException.class, ErrorMapper.map(422, "offset too large", "x", null));
        assertInstanceOf(RateLimitedException.class, ErrorMapper.map(429, "Too Many Requests", "x", null));
        assertInstanceOf(ServerException.class, ErrorMapper.map(425, null, "x", null));
        assertInstanceOf(ServerException.class, ErrorMapper.map(500, "order timed out", "x", null));
        assertInstanceOf(ExchangeModeException.class,
                ErrorMapper.map(503, "Trading is currently cancel-only. New orders are not accepted, but cancels are allowed.", "x", null));
        assertInstanceOf(ExchangeModeException.class,
                ErrorMapper.map(503, "post-only mode: only post-only orders and cancels are allowed", "x", null));
    }

    @Test
    void messageNamesEndpointStatusAndServerText() {
        ServiceException e = ErrorMapper.map(400, "Invalid side", "GET http://127.0.0.1:1/price", java.time.Duration.ofSeconds(2));
        assertEquals("GET http://127.0.0.1:1/price answered 400: Invalid side; retry after 2000 ms", e.getMessage());
        assertEquals("Invalid side", e.serverMessage());
    }
}
