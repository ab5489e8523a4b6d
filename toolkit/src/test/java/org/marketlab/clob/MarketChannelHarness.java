package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.marketlab.Interop;
import org.marketlab.internal.transport.Transport;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.world.World;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the market-channel interop tests share: a client written elsewhere, run by a script of {@code interop/}, follows
 * one token of a sandbox beside a {@link MarketFeed} while the sandbox's flow moves its book. The script prints
 * {@code {"ready":true}} once it holds the first book and, for each line on its standard input, one JSON line of what it
 * holds. {@link #follow} starts the flow once both follow the token, runs it for a while, stops it, and answers the
 * script's line, {@code /book}'s book, the feed's book and the feed's trades, for the test to compare, once the test
 * says they have settled (the last frames reach both followers late on a loaded machine) or after 30 s.
 */
final class MarketChannelHarness {

    private MarketChannelHarness() {
    }

    /** What the script and the feed hold once the flow stopped, and the book {@code /book} serves then. */
    record Outcome(JsonNode client, Book rest, Book feed, List<MarketMessage.LastTrade> feedTrades) {

        /** Whether the script's book and the feed's are {@code /book}'s, level for level. */
        boolean booksAgree() {
            return feed != null && levels(rest.bids()).equals(levels(client.get("bids"))) && levels(rest.asks()).equals(levels(client.get("asks")))
                    && levels(rest.bids()).equals(levels(feed.bids())) && levels(rest.asks()).equals(levels(feed.asks()));
        }
    }

    /**
     * Runs {@code node <script> <args(urls, token)>} against a sandbox whose flow runs for {@code flowMillis};
     * {@code client} names the client in failures. Once the flow stops, asks the script for what it holds until
     * {@code settled} holds of the outcome or 30 s have passed (a bound against a hang, not a speed), and answers the last.
     */
    static Outcome follow(String client, String script, BiFunction<Map<String, URI>, String, List<String>> args, long flowMillis,
                          Predicate<Outcome> settled) throws Exception {
        try (Sandbox sandbox = TradingSandbox.start()) {
            sandbox.enforceLimits(false);
            sandbox.clobChannels().flowInterval(0);
            Transport transport = TradingSandbox.transport(sandbox, 3);
            ClobData data = new ClobData(transport);
            String token = sandbox.world().tokens().stream().filter(t -> !t.closed()).map(World.Token::tokenId).findFirst().orElseThrow();
            Path dir = Interop.root().resolve("interop");
            if (!Files.isDirectory(dir.resolve("node_modules"))) {
                throw new IllegalStateException("the npm clients are not installed in " + dir + ": run scripts/prerequisites (scripts/test does)");
            }
            List<String> command = new ArrayList<>(List.of("node", script));
            command.addAll(args.apply(sandbox.urls(), token));
            Process node = new ProcessBuilder(command).directory(dir.toFile()).start();
            try (BufferedReader out = new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8));
                 MarketFeed feed = MarketFeed.open(data, List.of(token), MarketFeedAgainstSandboxTest.FAST)) {
                assertEquals("{\"ready\":true}", out.readLine(), () -> client + " did not start: " + stderr(node));
                sandbox.clobChannels().flowInterval(10);
                Thread.sleep(flowMillis);
                sandbox.clobChannels().flowInterval(0);
                Writer in = new OutputStreamWriter(node.getOutputStream(), StandardCharsets.UTF_8);
                long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
                Outcome now;
                while (true) {
                    in.write("\n");
                    in.flush();
                    String line = out.readLine();
                    assertTrue(line != null, () -> client + " printed nothing: " + stderr(node));
                    now = new Outcome(JsonMapper.builder().build().readTree(line), data.book(token), feed.book(token), new ArrayList<>(feed.trades()));
                    if (settled.test(now) || System.nanoTime() > until) break;
                    Thread.sleep(50);
                }
                in.close();
                assertTrue(node.waitFor(20, TimeUnit.SECONDS), client + "'s script ends");
                return now;
            } finally {
                node.destroy();
            }
        }
    }

    /** A side's levels, price to size, without trailing zeros. */
    static Map<BigDecimal, BigDecimal> levels(List<Level> side) {
        Map<BigDecimal, BigDecimal> out = new TreeMap<>();
        for (Level l : side) out.put(l.price().stripTrailingZeros(), l.size().stripTrailingZeros());
        return out;
    }

    /** A side's levels as a script printed them ({@code [{price, size}]}), price to size. */
    static Map<BigDecimal, BigDecimal> levels(JsonNode side) {
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
