package org.marketlab.perps;

import org.marketlab.pacing.RetryPolicy;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.junit.jupiter.api.Test;
import org.marketlab.Interop;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.perps.PerpsSandbox;
import org.marketlab.signing.Wallet;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official {@code @polymarket/client} and the toolkit listen to the same account's real-time channel on the
 * sandbox while orders are modified, filled (by the market and across the mark) and cancelled: both receive the same
 * frames, in the same order, with the same per-channel {@code sq}, and the SDK reports no sequence gap.
 */
class OfficialClientLiveInteropTest {

    @Test
    void theOfficialClientReceivesTheFramesTheToolkitReceives() throws Exception {
        try (Sandbox sandbox = Sandbox.builder().seed(17).now(Instant.parse("2026-11-01T00:00:00Z")).build()) {
            var urls = sandbox.start();
            PerpsSandbox perps = sandbox.perps();
            perps.market().fillInterval(0).portfolioInterval(0); // only this test's actions push frames
            Wallet owner = Wallet.random();
            var dir = Interop.root().resolve("interop");
            if (!Files.isDirectory(dir.resolve("node_modules"))) throw new IllegalStateException("run scripts/prerequisites: no node_modules in " + dir);
            Process node = new ProcessBuilder("node", "perps-live.mjs", urls.get("clob").toString(), urls.get("perps").toString(),
                    urls.get("perps_ws").toString(), owner.exportPrivateKey()).directory(dir.toFile()).redirectErrorStream(false).start();
            try {
                BufferedReader out = new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8));
                String ready = out.readLine();
                if (ready == null || !ready.contains("ready")) {
                    throw new AssertionError("the SDK did not start: " + new String(node.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
                }
                Transport t = Transport.create(Profile.sandbox(17).withUrl(Service.PERPS, urls.get("perps").toString())
                        .withUrl(Service.PERPS_WS, urls.get("perps_ws").toString()), Clock.system(), RetryPolicy.DEFAULT);
                PerpsSession ours = PerpsSession.open(t, owner, PerpsSandboxFixture.roomy());
                List<String> seen = new java.util.concurrent.CopyOnWriteArrayList<>(); // read by the test thread while the feed adds
                try (LiveFeed feed = ours.live()) {
                    feed.onOrder(o -> seen.add("orders " + o.oid() + " " + o.status() + " " + o.p().stripTrailingZeros().toPlainString() + " "
                                    + o.rest().stripTrailingZeros().toPlainString() + " " + o.fill().stripTrailingZeros().toPlainString() + " "
                                    + o.uts().toEpochMilli()))
                            .onFill(f -> seen.add("fills " + f.tid() + " " + f.qty().stripTrailingZeros().toPlainString()))
                            .onPortfolio(p -> seen.add("portfolio " + p.timestamp().toEpochMilli() + " "
                                    + p.margin().totalAccountValue().stripTrailingZeros().toPlainString()));
                    List<Order> open = ours.openOrders();
                    Order a = open.get(0), b = open.get(1);
                    assertTrue(ours.modifyOrders(Map.of(a.coid(), Modification.of(LiveFeedTest.passive(a), LiveFeedTest.more(a, 400)))).get(0).ok());
                    perps.market().fillNow(owner.address());
                    assertTrue(ours.cancelOrders(List.of(b.oid())).get(0).ok());
                    // An order the fill process left open (which one it fills depends on the random owner), perhaps filled in
                    // part: its new quantity exceeds what is filled, as the exchange requires of a modification.
                    Order c = ours.openOrders().stream().filter(o -> o.oid() != a.oid() && o.oid() != b.oid()).findFirst().orElseThrow();
                    String qty = LiveFeedTest.more(c, 300);
                    var crossing = ours.modifyOrders(Map.of(c.coid(), Modification.of(LiveFeedTest.across(c), qty))).get(0);
                    assertTrue(crossing.ok(), "the modification of " + c + " across the mark: " + crossing);
                    LiveFeedTest.await(() -> seen.stream().filter(x -> x.startsWith("fills")).count() >= 2 && seen.size() >= 11, "the toolkit's frames");
                    Thread.sleep(500);
                }
                node.getOutputStream().close();
                String last = out.readLine();
                if (!node.waitFor(30, TimeUnit.SECONDS)) throw new AssertionError("the SDK did not finish");
                assertTrue(last != null, "the SDK printed its events: " + new String(node.getErrorStream().readAllBytes(), StandardCharsets.UTF_8));
                JsonNode events = JsonMapper.builder().build().readTree(last).path("events");
                List<String> theirs = new ArrayList<>();
                java.util.Map<String, Long> sq = new java.util.HashMap<>();
                for (JsonNode e : events) {
                    assertTrue(e.has("ch"), "no other event (such as a resync for a gap): " + e);
                    String ch = e.path("ch").asText();
                    assertEquals(sq.getOrDefault(ch, 0L) + 1, e.path("sq").asLong(), "the SDK sees consecutive sq on " + ch + ": " + events);
                    sq.put(ch, e.path("sq").asLong());
                    switch (ch) {
                        case "orders" -> theirs.add("orders " + e.path("oid").asLong() + " " + e.path("status").asText() + " " + dec(e, "p") + " "
                                + dec(e, "rest") + " " + dec(e, "fill") + " " + e.path("uts").asLong());
                        case "fills" -> {
                            for (int i = 0; i < e.path("tids").size(); i++) {
                                theirs.add("fills " + e.path("tids").get(i).asLong() + " " + new BigDecimal(e.path("qty").get(i).asText()).stripTrailingZeros().toPlainString());
                            }
                        }
                        case "portfolio" -> theirs.add("portfolio " + e.path("ts").asLong() + " " + dec(e, "value"));
                        default -> throw new AssertionError("unexpected channel " + ch);
                    }
                }
                assertEquals(List.copyOf(seen), theirs, "the same frames, in the same order");
                assertTrue(theirs.size() >= 11, theirs.toString());
            } finally {
                node.destroyForcibly();
            }
        }
    }

    private static String dec(JsonNode e, String field) {
        return new BigDecimal(e.path(field).asText()).stripTrailingZeros().toPlainString();
    }
}
