package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.junit.jupiter.api.Test;
import org.marketlab.Interop;
import org.marketlab.internal.transport.Transport;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.world.World;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official {@code @polymarket/client} (npm, unchanged) follows a sandbox book on the market channel with its
 * subscription helper, beside a {@link MarketFeed} on the same token, while the sandbox's flow moves the book: once the
 * flow stops, both hold the book {@code /book} serves, level for level, and the same last hash.
 */
class OfficialClientMarketChannelInteropTest {

    @Test
    void theOfficialClientAndTheFeedSeeTheSameBook() throws Exception {
        try (Sandbox sandbox = TradingSandbox.start()) {
            sandbox.enforceLimits(false);
            sandbox.clobChannels().flowInterval(0);
            Transport transport = TradingSandbox.transport(sandbox, 3);
            ClobData data = new ClobData(transport);
            String token = sandbox.world().tokens().stream().filter(t -> !t.closed()).map(World.Token::tokenId).findFirst().orElseThrow();
            Path dir = Interop.root().resolve("interop");
            if (!Files.isDirectory(dir.resolve("node_modules"))) {
                throw new IllegalStateException("the official clients are not installed in " + dir + ": run scripts/prerequisites (scripts/test does)");
            }
            Process node = new ProcessBuilder("node", "clob-market-live.mjs", sandbox.urls().get("clob").toString(),
                    sandbox.urls().get("clob_ws").toString(), token).directory(dir.toFile()).redirectErrorStream(false).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8));
                 MarketFeed feed = MarketFeed.open(data, List.of(token), MarketFeedAgainstSandboxTest.FAST)) {
                String ready = out.readLine();
                assertEquals("{\"ready\":true}", ready, () -> "the official client did not start: " + stderr(node));
                sandbox.clobChannels().flowInterval(10);
                Thread.sleep(2_000);
                sandbox.clobChannels().flowInterval(0);
                Thread.sleep(500);
                Book rest = data.book(token);
                Book local = feed.book(token);
                node.getOutputStream().close();
                JsonNode official = JsonMapper.builder().build().readTree(out.readLine());
                assertTrue(node.waitFor(20, TimeUnit.SECONDS), "the official client ends");
                assertTrue(official.path("events").path("price_change").asInt() > 10, "the flow moved the book: " + official.path("events"));
                assertEquals(levels(rest.bids()), levels(official.get("bids")), "bids: the official client's are /book's");
                assertEquals(levels(rest.asks()), levels(official.get("asks")), "asks");
                assertEquals(rest.hash(), official.get("hash").asText(), "the official client's last hash is /book's");
                assertEquals(levels(rest.bids()), levels(local.bids()), "and the feed's");
                assertEquals(levels(rest.asks()), levels(local.asks()));
                assertEquals(rest.hash(), local.hash());
            } finally {
                node.destroy();
            }
        }
    }

    private static Map<BigDecimal, BigDecimal> levels(List<Level> side) {
        Map<BigDecimal, BigDecimal> out = new TreeMap<>();
        for (Level l : side) out.put(l.price().stripTrailingZeros(), l.size().stripTrailingZeros());
        return out;
    }

    private static Map<BigDecimal, BigDecimal> levels(JsonNode side) {
        Map<BigDecimal, BigDecimal> out = new TreeMap<>();
        for (JsonNode l : side) out.put(new BigDecimal(l.get("price").asText()).stripTrailingZeros(), new BigDecimal(l.get("size").asText()).stripTrailingZeros());
        return out;
    }

    private static String stderr(Process p) {
        try {
            return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (Exception e) {
            return e.toString();
        }
    }
}
