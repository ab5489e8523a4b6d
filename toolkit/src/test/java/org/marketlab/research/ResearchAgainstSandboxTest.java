package org.marketlab.research;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.marketlab.Charts;
import org.marketlab.Research;
import org.marketlab.accounts.AccountsSandbox;
import org.marketlab.accounts.MarketTradesQuery;
import org.marketlab.accounts.Trade;
import org.marketlab.clob.ClobData;
import org.marketlab.config.Progress;
import org.marketlab.Datasets;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Transport;
import org.marketlab.markets.Market;
import org.marketlab.markets.MarketData;
import org.marketlab.config.Service;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Resolved markets and a market's tape read over HTTP from a real sandbox, each checked against the raw answers. */
class ResearchAgainstSandboxTest {

    private static Transport transport() {
        return AccountsSandbox.transport();
    }

    /**
     * The last raw {@code /prices-history} point at or before {@code at}, as the service sends it: read over the 14 days
     * up to {@code at} (within the service's 15-day window; hourly points leave none of them empty).
     */
    private static Double rawPrice(String token, Instant start, Instant end, Instant at) {
        Instant from = start.isAfter(at.minus(java.time.Duration.ofDays(14))) ? start : at.minus(java.time.Duration.ofDays(14));
        Instant to = end.isBefore(at) ? end : at;
        JsonNode h = transport().send(Call.get(Service.CLOB, "/prices-history", Query.empty().with("market", token)
                .with("startTs", from.getEpochSecond()).with("endTs", to.getEpochSecond()).with("fidelity", 60))).tree().get("history");
        Double found = null;
        for (JsonNode p : h) if (p.get("t").asLong() <= at.getEpochSecond()) found = p.get("p").asDouble();
        return found;
    }

    @Test
    void resolvedMarketsAgreeWithTheirEventsAndHistories() {
        List<Progress> progress = new ArrayList<>();
        ResolvedQuery q = ResolvedQuery.of(transport()).category("Sports").limit(40).onProgress(progress::add);
        List<Resolved> list = q.list();
        assertEquals(40, list.size());
        assertTrue(progress.get(progress.size() - 1).finished());
        assertTrue(progress.get(progress.size() - 1).requests() >= 41, progress.toString());
        Table table = ResolvedQuery.table(list, q.horizons());
        assertEquals(List.of("market_id", "question", "event", "category", "tags", "outcome", "yes_won", "end_time", "volume",
                "price_1d", "price_7d", "price_30d", "notes", "condition_id", "event_id", "yes_token"), table.columnNames());
        MarketData data = new MarketData(transport());
        for (Resolved r : list.subList(0, 8)) {
            assertEquals("Sports", r.category());
            Market m = data.market(r.marketId());
            assertEquals(Boolean.TRUE, m.closed());
            int winner = m.outcomePrices().get(0).compareTo(BigDecimal.ONE) == 0 ? 0 : 1;
            assertEquals(winner == 0, r.yesWon(), r.toString());
            assertEquals(m.outcomes().get(winner), r.outcome());
            assertEquals(m.clobTokenIds().get(0), r.yesToken());
            Instant start = r.endTime().minus(Duration.ofDays(30)).minus(Duration.ofMinutes(120));
            for (Duration h : q.horizons()) {
                Instant at = r.endTime().minus(h);
                if (m.startDate() != null && at.isBefore(m.startDate())) {
                    assertNull(r.price(h), r.toString());
                    continue;
                }
                assertEquals(rawPrice(r.yesToken(), start, r.endTime(), at), r.price(h), r.question() + " at " + h);
            }
        }
    }

    @Test
    void aHorizonLongerThanAMarketsLifeIsANullPriceWithANote() {
        Duration year = Duration.ofDays(366);
        List<Resolved> list = ResolvedQuery.of(transport()).horizons(Duration.ofDays(1), year).limit(30).list();
        Resolved young = list.stream().filter(r -> r.price(year) == null).findFirst().orElseThrow();
        assertTrue(young.notes().startsWith("366d: the market opened "), young.notes());
        assertTrue(young.notes().contains("less than 366d before its end"), young.notes());
        Table t = ResolvedQuery.table(list, List.of(Duration.ofDays(1), year));
        assertTrue(t.doubleColumn("price_366d").countMissing() > 0);
        assertTrue(t.doubleColumn("price_1d").countMissing() < t.rowCount());
    }

    /** A harvest stopped by a failure half-way and run again ends with the rows of one uninterrupted run. */
    @Test
    void theHarvestResumesWhereItStopped(@org.junit.jupiter.api.io.TempDir Path dir) {
        ResolvedQuery q = ResolvedQuery.of(transport()).limit(700).horizons(Duration.ofDays(7));
        AtomicReference<Long> seen = new AtomicReference<>(0L);
        RuntimeException stop = assertThrows(IllegalStateException.class, () -> q.onProgress(p -> {
            seen.set(p.done());
            if (p.done() >= 600 && !p.finished()) throw new IllegalStateException("stopped on purpose at " + p.done());
        }).toParquet(dir.resolve("resolved")));
        assertTrue(stop.getMessage().startsWith("stopped on purpose"), stop.getMessage());
        long before = Datasets.sql("select count(*) as n from '" + dir.resolve("resolved") + "/**/*.parquet'").table().longColumn("n").get(0);
        assertTrue(before > 0 && before < 700, "some pages were kept before the failure: " + before);
        q.toParquet(dir.resolve("resolved"));
        Table again = Datasets.sql("select market_id, horizon, price from '" + dir.resolve("resolved") + "/**/*.parquet' order by market_id").table();
        q.toParquet(dir.resolve("once"));
        Table once = Datasets.sql("select market_id, horizon, price from '" + dir.resolve("once") + "/**/*.parquet' order by market_id").table();
        assertEquals(700, again.rowCount());
        assertEquals(once.toString(), again.toString());
        Set<String> ids = new HashSet<>(again.stringColumn("market_id").asList());
        assertEquals(700, ids.size(), "no market twice");
        Calibration c = Research.calibration(Datasets.load(dir.resolve("resolved")), Duration.ofDays(7));
        assertEquals(700 - c.skipped(), c.count());
    }

    @Test
    void badInputIsRefusedBeforeAnythingIsSent() {
        ResolvedQuery q = ResolvedQuery.of(transport());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> q.limit(0)).getMessage().contains("1 or more"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> q.horizons(new Duration[0])).getMessage().contains("give one or more"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> q.horizons(Duration.ZERO)).getMessage().contains("from 1 minute to 366 days"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> q.horizons(Duration.ofDays(1), Duration.ofHours(24))).getMessage().contains("given twice"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> q.fidelity(0)).getMessage().contains("1 to 1440"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> q.minVolume(-1)).getMessage().contains("0 or more"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> q.closedBetween(Instant.parse("2026-02-01T00:00:00Z"),
                Instant.parse("2026-01-01T00:00:00Z"))).getMessage().contains("is after"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> q.category(" ")).getMessage().contains("category"));
        var id = assertThrows(IllegalArgumentException.class, () -> MarketTradesQuery.of(transport(), "0x1234"));
        assertTrue(id.getMessage().contains("0x followed by 64 hex digits"), id.getMessage());
        MarketTradesQuery tape = MarketTradesQuery.of(transport(), "0x" + "ab".repeat(32));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> tape.side("HOLD")).getMessage().contains("BUY or SELL"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> tape.minSize(-5)).getMessage().contains("above 0"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> tape.minSize(5).minNotional(10)).getMessage().contains("one amount filter"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> tape.from(Instant.parse("2026-02-01T00:00:00Z"))
                .to(Instant.parse("2026-01-01T00:00:00Z"))).getMessage().contains("is after"));
    }

    /** A market that has trades: the first seeded wallet's first trade's market. */
    private static String tradedMarket() {
        return new org.marketlab.accounts.Account(transport(), org.marketlab.signing.Wallet.demo(1).address()).trades().limit(1).list().get(0).conditionId();
    }

    /** The raw v2 pages of a market's tape in a window, every page, newest first. */
    private static List<JsonNode> rawTape(String condition, Instant from, Instant to) {
        List<JsonNode> out = new ArrayList<>();
        String cursor = null;
        do {
            Query q = Query.empty().with("condition", condition).with("taker_only", true).with("limit", 1000)
                    .with("start", from.getEpochSecond()).with("end", to.getEpochSecond());
            if (cursor != null) q = q.with("cursor", cursor);
            JsonNode page = transport().send(Call.get(Service.DATA, "/v2/trades", q)).tree();
            page.get("data").forEach(out::add);
            cursor = page.at("/pagination/has_more").asBoolean() ? page.at("/pagination/next_cursor").asText() : null;
        } while (cursor != null);
        return out;
    }

    @Test
    void theTapeIsEveryPageAndItsFiltersHold() throws Exception {
        String condition = tradedMarket();
        Instant to = AccountsSandbox.NOW, from = to.minus(Duration.ofDays(3));
        List<Trade> all = MarketTradesQuery.of(transport(), condition).from(from).to(to).pageSize(97).list();
        List<JsonNode> raw = rawTape(condition, from, to);
        assertFalse(raw.isEmpty());
        assertEquals(raw.size(), all.size(), "every page, small pages and large");
        for (int i = 0; i < raw.size(); i++) {
            assertEquals(raw.get(i).get("transaction_hash").asText(), all.get(i).transactionHash());
            assertEquals(new BigDecimal(raw.get(i).get("size").asText()), all.get(i).size());
        }
        Table tape = MarketTradesQuery.of(transport(), condition).from(from).to(to).table();
        assertEquals(MarketTradesQuery.COLUMNS, tape.columnNames());
        assertEquals(all.size(), tape.rowCount());
        for (int i = 1; i < tape.rowCount(); i++) assertFalse(tape.instantColumn("time").get(i).isBefore(tape.instantColumn("time").get(i - 1)));
        double sizes = all.stream().mapToDouble(t -> t.size().doubleValue()).sorted().toArray()[all.size() / 2];
        List<Trade> big = MarketTradesQuery.of(transport(), condition).from(from).to(to).minSize(sizes).list();
        assertTrue(!big.isEmpty() && big.size() < all.size() + 1);
        assertTrue(big.stream().allMatch(t -> t.size().doubleValue() >= sizes));
        assertEquals(all.stream().filter(t -> t.size().doubleValue() >= sizes).count(), big.size());
        List<Trade> sells = MarketTradesQuery.of(transport(), condition).from(from).to(to).side("SELL").list();
        assertEquals(all.stream().filter(t -> t.side().equals("SELL")).count(), sells.size());
        Instant mid = tape.instantColumn("time").get(tape.rowCount() / 2);
        List<Trade> later = MarketTradesQuery.of(transport(), condition).from(mid).to(to).list();
        assertEquals(all.stream().filter(t -> !t.timestamp().isBefore(mid)).count(), later.size());
        Table hours = Research.tapeByHour(tape);
        assertEquals(tape.rowCount(), (int) hours.intColumn("trades").sum());
        assertEquals(tape.doubleColumn("notional").sum(), hours.doubleColumn("notional").sum(), 1e-6);
        assertTrue(Charts.png(Charts.tape(tape)).length > 5000);
        Path dir = Files.createTempDirectory("tape");
        MarketTradesQuery.of(transport(), condition).from(from).to(to).toParquet(dir.resolve("tape"));
        assertEquals(all.size(), Datasets.sql("select count(*) as n from '" + dir.resolve("tape") + "/**/*.parquet'").table().longColumn("n").get(0));
    }
}
