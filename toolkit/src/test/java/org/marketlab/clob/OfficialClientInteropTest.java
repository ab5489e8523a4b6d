package org.marketlab.clob;

import org.marketlab.pacing.RetryPolicy;
import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.marketlab.Interop;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.http.NotFoundException;
import org.marketlab.http.ServiceException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official {@code @polymarket/clob-client-v2} (interop/clob-read.mjs), pointed at the sandbox, reads the same
 * book, midpoint, prices, spread, last trade, tick size, neg-risk, price history and batch answers as the toolkit,
 * sees the same errors, and its own book-hash function reproduces the hash the sandbox sent. Never skipped: without
 * Node.js or interop/node_modules it fails, naming the command that installs them (scripts/prerequisites).
 */
class OfficialClientInteropTest {


    @Test
    void officialClientAndToolkitReadTheSame() throws Exception {
        Instant now = Instant.parse("2026-11-01T00:00:00Z");
        try (Sandbox sandbox = Sandbox.builder().seed(5).now(now).build()) {
            String url = sandbox.start().get("clob").toString();
            Transport transport = Transport.create(Profile.sandbox(5).withUrl(Service.CLOB, url), Clock.system(),
                    RetryPolicy.DEFAULT);
            ClobData clob = new ClobData(transport);
            World.Token token = sandbox.world().tokens().stream().filter(t -> !t.closed()).findFirst().orElseThrow();
            World.Token closed = sandbox.world().tokens().stream().filter(World.Token::closed).findFirst().orElseThrow();
            String id = token.tokenId();
            Instant from = now.minus(Duration.ofDays(1));
            JsonNode js = Interop.run("clob-read.mjs", url, id, Long.toString(from.getEpochSecond()), Long.toString(now.getEpochSecond()),
                    closed.tokenId());

            Book book = clob.book(id);
            assertEquals(js.path("sentHash").asText(), js.path("recomputedHash").asText(), "the official client recomputes the sandbox's hash");
            assertEquals(book.hash(), js.path("sentHash").asText());
            assertEquals(levels(js.path("book").path("bids")), book.bids());
            assertEquals(levels(js.path("book").path("asks")), book.asks());
            assertEquals(new BigDecimal(js.path("midpoint").path("mid").asText()), clob.midpoint(id));
            assertEquals(new BigDecimal(js.path("buy").path("price").asText()), clob.price(id, Side.BUY));
            assertEquals(new BigDecimal(js.path("sell").path("price").asText()), clob.price(id, Side.SELL));
            assertEquals(new BigDecimal(js.path("spread").path("spread").asText()), clob.spread(id));
            LastTrade last = clob.lastTradePrice(id);
            assertEquals(new BigDecimal(js.path("lastTrade").path("price").asText()), last.price());
            assertEquals(js.path("lastTrade").path("side").asText(), last.side().name());
            assertEquals(0, new BigDecimal(js.path("tickSize").asText()).compareTo(clob.tickSize(id)));
            assertEquals(js.path("negRisk").asBoolean(), clob.negRisk(id));
            List<PricePoint> history = clob.history(id).start(from).end(now).fidelity(60).list();
            JsonNode h = js.path("history").path("history");
            assertEquals(25, h.size());
            assertEquals(h.size(), history.size());
            for (int i = 0; i < h.size(); i++) {
                assertEquals(h.get(i).path("t").asLong(), history.get(i).time().getEpochSecond());
                assertEquals(h.get(i).path("p").asDouble(), history.get(i).price());
            }
            assertTrue(Math.abs(js.path("serverTime").asLong() - clob.serverTime().getEpochSecond()) <= 5, "GET /time");
            assertEquals("OK", js.path("ok").asText());

            // Batches.
            assertEquals(book.hash(), js.path("books").path(0).path("hash").asText());
            assertEquals(new BigDecimal(js.path("midpoints").path(id).asText()), clob.midpoints(List.of(id)).get(id));
            assertEquals(new BigDecimal(js.path("spreads").path(id).asText()), clob.spreads(List.of(id)).get(id));
            Map<Side, BigDecimal> prices = clob.prices(List.of(id)).get(id);
            assertEquals(new BigDecimal(js.path("prices").path(id).path("BUY").asText()), prices.get(Side.BUY));
            assertEquals(new BigDecimal(js.path("prices").path(id).path("SELL").asText()), prices.get(Side.SELL));
            JsonNode lastTrades = js.path("lastTrades").path(0);
            assertEquals(id, lastTrades.path("token_id").asText());
            assertEquals(clob.lastTradePrices(List.of(id)).get(id), new LastTrade(id, new BigDecimal(lastTrades.path("price").asText()),
                    Side.of(lastTrades.path("side").asText())));

            // Errors: the official client reads {error, status}; the toolkit throws the matching type.
            JsonNode errors = js.path("errors");
            same(errors.path("book"), assertThrows(NotFoundException.class, () -> clob.book(closed.tokenId())));
            same(errors.path("midpoint"), assertThrows(NotFoundException.class, () -> clob.midpoint(closed.tokenId())));
            Transport t = transport;
            same(errors.path("side"), assertThrows(InvalidRequestException.class, () -> t.send(org.marketlab.internal.transport.Call.get(Service.CLOB, "/price",
                    org.marketlab.internal.transport.Query.empty().with("token_id", id).with("side", "buy")))));
        }
    }

    private static void same(JsonNode official, ServiceException toolkit) {
        assertEquals(official.path("error").asText(), toolkit.serverMessage());
        assertEquals(official.path("status").asInt(), toolkit.status());
    }

    private static List<Level> levels(JsonNode a) {
        List<Level> out = new java.util.ArrayList<>();
        for (JsonNode l : a) out.add(new Level(new BigDecimal(l.path("price").asText()), new BigDecimal(l.path("size").asText())));
        return out;
    }
}
