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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * ccxt's Polymarket exchange (npm {@code ccxt}, unchanged) follows a sandbox book with {@code watchOrderBook} and its
 * trades with {@code watchTrades}, beside a {@link MarketFeed} on the same token, while the sandbox's flow moves the
 * book: once the flow stops, ccxt's book is {@code /book}'s level for level, as the feed's is, and both saw the same
 * trades in the same order.
 */
class CcxtMarketChannelInteropTest {

    @Test
    void ccxtAndTheFeedSeeTheSameBookAndTrades() throws Exception {
        try (Sandbox sandbox = TradingSandbox.start()) {
            sandbox.enforceLimits(false);
            sandbox.clobChannels().flowInterval(0);
            Transport transport = TradingSandbox.transport(sandbox, 3);
            ClobData data = new ClobData(transport);
            String token = sandbox.world().tokens().stream().filter(t -> !t.closed()).map(World.Token::tokenId).findFirst().orElseThrow();
            Path dir = Interop.root().resolve("interop");
            if (!Files.isDirectory(dir.resolve("node_modules/ccxt"))) {
                throw new IllegalStateException("ccxt is not installed in " + dir + ": run scripts/prerequisites (scripts/test does)");
            }
            Map<String, java.net.URI> urls = sandbox.urls();
            Process node = new ProcessBuilder("node", "clob-market-ccxt.mjs", urls.get("markets").toString(), urls.get("clob").toString(),
                    urls.get("data").toString(), urls.get("clob_ws").toString(), token).directory(dir.toFile()).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8));
                 MarketFeed feed = MarketFeed.open(data, List.of(token), MarketFeedAgainstSandboxTest.FAST)) {
                String ready = out.readLine();
                assertEquals("{\"ready\":true}", ready, () -> "ccxt did not start: " + stderr(node));
                sandbox.clobChannels().flowInterval(10);
                Thread.sleep(3_000);
                sandbox.clobChannels().flowInterval(0);
                Thread.sleep(500);
                Book rest = data.book(token);
                Book local = feed.book(token);
                List<String> feedTrades = new ArrayList<>();
                for (MarketMessage.LastTrade t : feed.trades()) {
                    feedTrades.add(t.side().name().toLowerCase() + " " + t.size().stripTrailingZeros().toPlainString() + " @ "
                            + t.price().stripTrailingZeros().toPlainString());
                }
                node.getOutputStream().close();
                String last = out.readLine();
                assertTrue(last != null, () -> "ccxt printed no book: " + stderr(node));
                JsonNode seen = JsonMapper.builder().build().readTree(last);
                assertTrue(node.waitFor(20, TimeUnit.SECONDS), "ccxt's script ends");
                assertTrue(seen.path("updates").asInt() > 10, "the flow moved ccxt's book: " + seen.path("updates"));
                assertEquals(levels(rest.bids()), levels(seen.get("bids")), "bids: ccxt's are /book's");
                assertEquals(levels(rest.asks()), levels(seen.get("asks")), "asks: ccxt's are /book's");
                assertEquals(levels(rest.bids()), levels(local.bids()), "and the feed's");
                assertEquals(levels(rest.asks()), levels(local.asks()));
                List<String> ccxtTrades = new ArrayList<>();
                for (JsonNode t : seen.get("trades")) {
                    ccxtTrades.add(t.get("side").asText() + " " + new BigDecimal(t.get("amount").asText()).stripTrailingZeros().toPlainString()
                            + " @ " + new BigDecimal(t.get("price").asText()).stripTrailingZeros().toPlainString());
                }
                assertTrue(!feedTrades.isEmpty(), "the flow traded: " + feedTrades);
                assertEquals(feedTrades, ccxtTrades, "ccxt's trades are the feed's, in order");
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
            if (p.isAlive()) p.destroy();
            return new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        } catch (Exception e) {
            return e.toString();
        }
    }
}
