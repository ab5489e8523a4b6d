package org.marketlab.internal.transport;

import org.junit.jupiter.api.Test;
import org.marketlab.http.AuthenticationException;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.http.NotFoundException;
import org.marketlab.http.RateLimitedException;
import org.marketlab.http.ServerException;
import org.marketlab.http.ServiceException;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/**
 * Every error row the specification documents for the order-book account calls (authentication, API and builder keys,
 * orders, trades, builder trades, balance-allowance, market by condition id) arrives as the typed exception of its
 * meaning, with the server's message kept.
 */
class AccountErrorRowsTest {

    private record Row(int status, String message, Class<? extends ServiceException> type) {
    }

    @Test
    void everyDocumentedRowIsTyped() {
        List<Row> rows = List.of(
                new Row(401, "Unauthorized/Invalid api key", AuthenticationException.class),
                new Row(401, "Invalid L1 Request headers", AuthenticationException.class),
                new Row(400, "Could not create api key", InvalidRequestException.class),
                new Row(400, "Could not derive api key!", InvalidRequestException.class),
                new Row(500, "Could not retrieve API keys", ServerException.class),
                new Row(500, "Could not delete API key", ServerException.class),
                new Row(500, "could not create builder api key", ServerException.class),
                new Row(500, "could not get builder api keys", ServerException.class),
                new Row(400, "invalid revoke builder api key body", InvalidRequestException.class),
                new Row(400, "invalid revoke builder api key headers", InvalidRequestException.class),
                new Row(500, "could not revoke the builder api key: 0193-abc", ServerException.class),
                new Row(400, "invalid builder trade params", InvalidRequestException.class),
                new Row(500, "could not fetch builder trades", ServerException.class),
                new Row(400, "Invalid asset type", InvalidRequestException.class),
                new Row(400, "Invalid signature_type", InvalidRequestException.class),
                new Row(400, "Invalid orderID", InvalidRequestException.class),
                new Row(400, "invalid order params payload", InvalidRequestException.class),
                new Row(400, "Invalid trade params payload", InvalidRequestException.class),
                new Row(500, "Internal server error", ServerException.class),
                new Row(400, "Invalid market", InvalidRequestException.class),
                new Row(404, "market not found", NotFoundException.class),
                new Row(400, "market not found", NotFoundException.class),        // the 'not found' override
                new Row(500, "unauthorized: key revoked", AuthenticationException.class), // the 'unauthorized' override
                new Row(429, "Too Many Requests", RateLimitedException.class));
        for (Row r : rows) {
            ServiceException e = ErrorMapper.map(r.status(), r.message(), "GET clob/x", null);
            assertInstanceOf(r.type(), e, r.status() + " " + r.message());
            assertEquals(r.message(), e.serverMessage());
        }
    }
}
