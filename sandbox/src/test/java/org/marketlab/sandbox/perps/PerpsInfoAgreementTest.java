package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.Sandbox;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The perpetuals exchange's public market data ({@code /v1/info/*}) and its accounts are one market: the instruments
 * listed are the ones the accounts trade, under the same ids and symbols; at the world's anchor, where the accounts'
 * positions are marked, each ticker's mark is the positions' mark; the book stands around it; and the funding history
 * has the rates the accounts are charged at the same times. Read over HTTP from a sandbox whose clock is the anchor.
 */
class PerpsInfoAgreementTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Instant ANCHOR = Instant.parse("2026-11-01T00:00:00Z");

    @Test
    void infoAndAccountsAreOneMarket() throws Exception {
        try (Sandbox s = Sandbox.builder().seed(7).now(ANCHOR).clock(ANCHOR::toEpochMilli).build()) {
            URI perps = s.start().get("perps");
            HttpClient http = HttpClient.newHttpClient();

            Map<Long, String> listed = new HashMap<>();
            for (JsonNode i : get(http, perps, "/v1/info/instruments")) listed.put(i.get("instrument_id").asLong(), i.get("symbol").asText());
            Map<Long, String> traded = new HashMap<>();
            for (int k = 0; k < PerpsAccount.INSTRUMENTS.length; k++) traded.put(PerpsAccount.INSTRUMENTS[k], PerpsAccount.SYMBOLS[k]);
            assertEquals(traded, listed, "the instruments listed are the ones the accounts trade, by id and symbol");

            Map<Long, BigDecimal> marks = new HashMap<>();
            for (JsonNode t : get(http, perps, "/v1/info/tickers")) {
                assertEquals(listed.get(t.get("instrument_id").asLong()), t.get("symbol").asText());
                marks.put(t.get("instrument_id").asLong(), new BigDecimal(t.get("mark_price").asText()));
            }
            assertEquals(listed.keySet(), marks.keySet(), "a ticker per instrument");

            // Accounts of several owners: every position's instrument, symbol and mark are the listed ones.
            int positions = 0;
            List<String> owners = new ArrayList<>();
            for (int n = 1; n <= 6; n++) owners.add(String.format("0x%040x", 0xA11CEL * n));
            for (String owner : owners) {
                PerpsAccount a = s.perps().account(owner);
                for (ObjectNode p : a.positionRows()) {
                    long id = p.get("instrument_id").asLong();
                    assertEquals(listed.get(id), p.get("symbol").asText(), "the position's symbol is the instrument's: " + p);
                    assertEquals(0, marks.get(id).compareTo(new BigDecimal(p.get("mark_price").asText())),
                            "the position's mark is the ticker's: " + p + " against " + marks.get(id));
                    positions++;
                }
                // Each funding charge's rate is the funding history's rate at that time.
                Map<String, String> history = new HashMap<>();
                for (ObjectNode f : a.fundingRows().subList(0, Math.min(9, a.fundingRows().size()))) {
                    long id = f.get("instrument_id").asLong(), ts = f.get("timestamp").asLong();
                    String key = id + "@" + ts;
                    if (!history.containsKey(key)) {
                        JsonNode rows = get(http, perps, "/v1/info/funding?instrument_id=" + id + "&start_timestamp=" + ts + "&end_timestamp=" + ts).get("data");
                        assertEquals(1, rows.size(), "one funding period at " + ts + ": " + rows);
                        history.put(key, rows.get(0).get("funding_rate").asText());
                    }
                    assertEquals(0, new BigDecimal(history.get(key)).compareTo(new BigDecimal(f.get("funding_rate").asText())),
                            "the account's funding charge is at the market's rate: " + f);
                }
            }
            assertTrue(positions >= owners.size() * 3, "every account holds three positions, " + positions + " read");

            // The book stands around the mark.
            for (long id : listed.keySet()) {
                JsonNode book = get(http, perps, "/v1/info/book?instrument_id=" + id + "&depth=5");
                BigDecimal bid = new BigDecimal(book.get("bids").get(0).get(0).asText()), ask = new BigDecimal(book.get("asks").get(0).get(0).asText());
                assertTrue(bid.compareTo(marks.get(id)) < 0 && ask.compareTo(marks.get(id)) > 0, id + ": " + bid + " < " + marks.get(id) + " < " + ask);
            }
        }
    }

    private static JsonNode get(HttpClient http, URI base, String path) throws Exception {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), path + ": " + r.body());
        return JSON.readTree(r.body());
    }
}
