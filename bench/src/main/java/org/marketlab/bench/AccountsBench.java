package org.marketlab.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.wallets.Wallets;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Instant;
import java.util.Locale;

/**
 * A 10,000-trade wallet (the sandbox's demo wallet 2) read over HTTP from the sandbox's Data API, with the
 * published IP windows held (not refused): the v2 trade feed walked by cursor at 1,000 and at 100 rows a page,
 * the v1 feed in one 10,000-row page (where v1 stops: offsets end at 10,000), and the v2 activity feed. Prints
 * rows, requests, time, and what the sandbox held. Plain HTTP, no toolkit: the wire's own cost.
 * Run: {@code scripts/bench accounts}.
 */
public final class AccountsBench {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newHttpClient();

    public static void main(String[] args) throws Exception {
        try (Sandbox sandbox = Sandbox.builder().seed(7).now(Instant.parse("2026-11-01T00:00:00Z")).build()) {
            URI data = sandbox.start().get("data");
            String user = Wallets.demoAddress(2);
            // The wallet's history is generated on its first read; time that apart.
            long g = System.nanoTime();
            get(data, "/v2/trades?user=" + user + "&limit=1");
            System.out.printf(Locale.ROOT, "first read of the wallet (generates its history): %.0f ms%n", (System.nanoTime() - g) / 1e6);
            for (int run = 0; run < 2; run++) {
                walk(data, "v2 /v2/trades, 1,000 a page", "/v2/trades?user=" + user + "&taker_only=false&limit=1000");
                walk(data, "v2 /v2/trades, 100 a page  ", "/v2/trades?user=" + user + "&taker_only=false&limit=100");
                walk(data, "v2 /v2/activity, 1,000 a page", "/v2/activity?user=" + user + "&limit=1000");
                long t0 = System.nanoTime();
                JsonNode v1 = get(data, "/trades?user=" + user + "&takerOnly=false&limit=10000");
                System.out.printf(Locale.ROOT, "v1 /trades, one 10,000-row page: %d rows, 1 request, %.0f ms%n", v1.size(), (System.nanoTime() - t0) / 1e6);
            }
            System.out.printf(Locale.ROOT, "requests held over a window: %d (%.1f s in all), refused: %d%n", sandbox.stats().throttledCount(),
                    sandbox.stats().throttledTime().toMillis() / 1e3, sandbox.stats().rateLimitedCount());
        }
        System.exit(0);
    }

    private static void walk(URI base, String label, String query) throws Exception {
        long t0 = System.nanoTime();
        int rows = 0, requests = 0;
        String cursor = null;
        while (true) {
            JsonNode page = get(base, query + (cursor == null ? "" : "&cursor=" + cursor));
            requests++;
            rows += page.get("data").size();
            if (!page.get("pagination").get("has_more").asBoolean()) break;
            cursor = page.get("pagination").get("next_cursor").asText();
        }
        System.out.printf(Locale.ROOT, "%s: %d rows, %d requests, %.0f ms%n", label, rows, requests, (System.nanoTime() - t0) / 1e6);
    }

    private static JsonNode get(URI base, String pathAndQuery) throws Exception {
        HttpResponse<byte[]> r = HTTP.send(HttpRequest.newBuilder(base.resolve(pathAndQuery)).build(), HttpResponse.BodyHandlers.ofByteArray());
        if (r.statusCode() != 200) throw new IllegalStateException(pathAndQuery + ": " + r.statusCode());
        return JSON.readTree(r.body());
    }
}
