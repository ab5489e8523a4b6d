package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.marketlab.Interop;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.World;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The official {@code @polymarket/clob-client-v2}, pointed at the sandbox, reads the same book, midpoint,
 * prices, spread, last trade, tick size, neg-risk and price history as the toolkit; and its own book-hash
 * function reproduces the hash the sandbox sent.
 */
class OfficialClientInteropTest {

    @Test
    void officialClientAndToolkitReadTheSame() throws Exception {
        Instant now = Instant.parse("2026-11-01T00:00:00Z");
        try (Sandbox sandbox = Sandbox.builder().seed(5).now(now).build()) {
            String url = sandbox.start().get("clob").toString();
            ClobData clob = new ClobData(Transport.create(Profile.sandbox(5).withUrl(Service.CLOB, url), Clock.system(),
                    Transport.RetryPolicy.DEFAULT));
            World.Token token = sandbox.world().tokens().stream().filter(t -> !t.closed()).findFirst().orElseThrow();
            String id = token.tokenId();
            Instant from = now.minus(Duration.ofDays(1));
            JsonNode js = Interop.run("clob-read.mjs", url, id, Long.toString(from.getEpochSecond()), Long.toString(now.getEpochSecond()));

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
            List<PricePoint> history = Queries.history(clob.transport(), id).start(from).end(now).fidelity(60).list();
            JsonNode h = js.path("history").path("history");
            assertEquals(h.size(), history.size());
            for (int i = 0; i < h.size(); i++) {
                assertEquals(h.get(i).path("t").asLong(), history.get(i).time().getEpochSecond());
                assertEquals(h.get(i).path("p").asDouble(), history.get(i).price());
            }
        }
    }

    private static List<Level> levels(JsonNode a) {
        List<Level> out = new java.util.ArrayList<>();
        for (JsonNode l : a) out.add(new Level(new BigDecimal(l.path("price").asText()), new BigDecimal(l.path("size").asText())));
        return out;
    }
}
