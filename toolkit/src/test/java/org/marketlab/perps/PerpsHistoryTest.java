package org.marketlab.perps;

import org.marketlab.pacing.RetryPolicy;
import org.marketlab.auth.CredentialStore;
import com.fasterxml.jackson.databind.JsonNode;
import com.sun.net.httpserver.HttpServer;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Progress;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.VirtualClock;
import org.marketlab.pacing.WeightBudget;
import org.marketlab.sandbox.perps.PerpsAccount;
import org.marketlab.signing.Wallet;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every history filter, read page after page past the 100-entry cap, against the account the sandbox generated:
 * the same entries in the same order (newest first), none twice, none missing.
 */
class PerpsHistoryTest {

    private static Wallet owner;
    private static PerpsSession session;
    private static PerpsAccount account;

    @BeforeAll
    static void open() {
        owner = Wallet.random();
        session = PerpsSandboxFixture.session(owner);
        account = PerpsSandboxFixture.perps().account(owner.address());
    }

    /** The sandbox's entries that pass {@code filter} with time in [from, to], newest first, ties by id. */
    private static List<Long> expected(List<JsonNode> all, ToLongFunction<JsonNode> time, String id, Predicate<JsonNode> filter,
                                       Instant from, Instant to) {
        long lo = from == null ? Long.MIN_VALUE : from.toEpochMilli(), hi = to == null ? Long.MAX_VALUE : to.toEpochMilli();
        return all.stream().filter(filter).filter(n -> time.applyAsLong(n) >= lo && time.applyAsLong(n) <= hi)
                .sorted(Comparator.<JsonNode>comparingLong(time).thenComparingLong(n -> n.get(id).asLong()).reversed())
                .map(n -> n.get(id).asLong()).toList();
    }

    private static long pages(int entries) {
        return Math.max(1, (entries + 99) / 100);
    }

    @Test
    void withdrawalsEveryFilterNoDuplicateNoGap() {
        List<JsonNode> all = account.withdrawals();
        ToLongFunction<JsonNode> time = PerpsAccount::pagingTime;
        assertTrue(all.size() > 100, "more than a page");
        List<Withdrawal> read = session.withdrawals().list();
        assertEquals(expected(all, time, "withdraw_id", n -> true, null, null), read.stream().map(Withdrawal::withdrawId).toList());
        // Field by field, for every entry.
        for (Withdrawal w : read) {
            JsonNode n = all.stream().filter(x -> x.get("withdraw_id").asLong() == w.withdrawId()).findFirst().orElseThrow();
            assertEquals(new BigDecimal(n.get("amount").asText()), w.amount());
            assertEquals(new BigDecimal(n.get("fee").asText()), w.fee());
            assertEquals(n.get("status").asText(), w.status());
            assertEquals(n.get("hash").asText(), w.hash());
            assertEquals(n.get("to").asText(), w.to());
            assertEquals(Instant.ofEpochMilli(n.get("created_timestamp").asLong()), w.createdAt());
            assertEquals(n.has("confirmed_timestamp") ? Instant.ofEpochMilli(n.get("confirmed_timestamp").asLong()) : null, w.confirmedAt());
            assertEquals(n.get("status").asText().equals("confirmed"), w.confirmedAt() != null);
            assertEquals(Instant.ofEpochMilli(PerpsAccount.pagingTime(n)), w.pagingTime());
        }
        for (String status : List.of("pending", "confirmed", "removed", "failed")) {
            List<Long> want = expected(all, time, "withdraw_id", n -> n.get("status").asText().equals(status), null, null);
            assertFalse(want.isEmpty(), "the sandbox has every status: " + status);
            assertEquals(want, session.withdrawals().status(status).list().stream().map(Withdrawal::withdrawId).toList(), status);
        }
        Withdrawal mined = read.stream().filter(w -> w.hash().length() > 2).findFirst().orElseThrow();
        assertEquals(List.of(mined), session.withdrawals().hash(mined.hash()).list());
        assertEquals(List.of(mined), session.withdrawals().hash(mined.hash().toUpperCase().replace("0X", "0x")).list(), "hashes compare without case");
        assertTrue(session.withdrawals().hash("0x" + "ab".repeat(32)).list().isEmpty());

        // Windows, both ends inclusive, on the paging time.
        Instant from = read.get(read.size() - 30).pagingTime(), to = read.get(20).pagingTime();
        assertEquals(expected(all, time, "withdraw_id", n -> true, from, to),
                session.withdrawals().from(from).to(to).list().stream().map(Withdrawal::withdrawId).toList());
        assertEquals(expected(all, time, "withdraw_id", n -> n.get("status").asText().equals("confirmed"), from, null),
                session.withdrawals().status("confirmed").from(from).list().stream().map(Withdrawal::withdrawId).toList());
        assertTrue(session.withdrawals().to(Instant.parse("2020-01-01T00:00:00Z")).list().isEmpty());
    }

    @Test
    void entriesSharingATimeAcrossAPageBoundaryAreReadOnce() {
        // The sandbox batches some withdrawals in one millisecond and charges funding on three instruments at once,
        // so pages end inside a group of equal times: the next page, asked from that time, repeats them.
        List<JsonNode> funding = account.funding();
        List<Long> want = expected(funding, n -> n.get("timestamp").asLong(), "id", n -> true, null, null);
        List<JsonNode> byId = funding.stream().sorted(Comparator.comparingLong(n -> want.indexOf(n.get("id").asLong()))).toList();
        assertEquals(byId.get(99).get("timestamp").asLong(), byId.get(100).get("timestamp").asLong(), "a page ends inside a group of equal times");

        long before = PerpsSandboxFixture.sandbox().stats().requests("perps", "/v1/account/funding");
        List<Progress> reports = new ArrayList<>();
        List<FundingCharge> read = session.funding().onProgress(reports::add).list();
        long requests = PerpsSandboxFixture.sandbox().stats().requests("perps", "/v1/account/funding") - before;
        assertEquals(want, read.stream().map(FundingCharge::id).toList(), "same entries, same order, none twice");
        assertTrue(requests >= pages(want.size()), "at least entries/100 pages: " + requests);
        Progress last = reports.get(reports.size() - 1);
        assertTrue(last.finished());
        assertEquals(read.size(), last.done());
        assertEquals(read.size(), last.total());
        assertEquals(requests, last.requests());
        assertEquals(requests + 1, reports.size(), "one report a page and a final one");
    }

    @Test
    void internalTransfersByDirectionAndWindow() {
        List<JsonNode> all = account.internalTransfers();
        ToLongFunction<JsonNode> time = n -> n.get("created_timestamp").asLong();
        assertTrue(all.size() > 100);
        List<InternalTransfer> read = session.internalTransfers().list();
        assertEquals(expected(all, time, "transfer_id", n -> true, null, null), read.stream().map(InternalTransfer::transferId).toList());
        for (String d : List.of("in", "out")) {
            List<Long> want = expected(all, time, "transfer_id", n -> n.get("direction").asText().equals(d), null, null);
            assertFalse(want.isEmpty());
            assertEquals(want, session.internalTransfers().direction(d).list().stream().map(InternalTransfer::transferId).toList(), d);
        }
        InternalTransfer t = read.get(40);
        JsonNode n = all.stream().filter(x -> x.get("transfer_id").asLong() == t.transferId()).findFirst().orElseThrow();
        assertEquals(new BigDecimal(n.get("amount").asText()), t.amount());
        assertEquals(n.get("counterparty").asText(), t.counterparty());
        assertEquals(n.get("label").asText(), t.label());
        Instant from = read.get(90).createdAt(), to = read.get(10).createdAt();
        assertEquals(expected(all, time, "transfer_id", x -> x.get("direction").asText().equals("out"), from, to),
                session.internalTransfers().direction("out").from(from).to(to).list().stream().map(InternalTransfer::transferId).toList());
    }

    @Test
    void fundingByInstrumentAndTheLargestId() {
        List<JsonNode> all = account.funding();
        ToLongFunction<JsonNode> time = n -> n.get("timestamp").asLong();
        List<Long> instruments = all.stream().map(n -> n.get("instrument_id").asLong()).distinct().toList();
        assertEquals(3, instruments.size());
        assertTrue(instruments.stream().allMatch(i -> i >= 1 && i <= 8), "listed instruments: " + instruments);
        assertTrue(session.funding().instrument(FundingQuery.MAX_INSTRUMENT).list().isEmpty(), "the largest id is a valid filter");
        for (long i : instruments) {
            List<Long> want = expected(all, time, "id", n -> n.get("instrument_id").asLong() == i, null, null);
            assertTrue(want.size() > 100, "each instrument pages too");
            List<FundingCharge> got = session.funding().instrument(i).list();
            assertEquals(want, got.stream().map(FundingCharge::id).toList(), "instrument " + i);
            assertTrue(got.stream().allMatch(f -> f.instrumentId() == i));
        }
        Instant from = NOW().minus(Duration.ofDays(30)), to = NOW().minus(Duration.ofDays(10));
        assertEquals(expected(all, time, "id", n -> n.get("instrument_id").asLong() == FundingQuery.MAX_INSTRUMENT, from, to),
                session.funding().instrument(FundingQuery.MAX_INSTRUMENT).from(from).to(to).list().stream().map(FundingCharge::id).toList());
        FundingCharge f = session.funding().list().get(0);
        JsonNode n = all.stream().filter(x -> x.get("id").asLong() == f.id()).findFirst().orElseThrow();
        assertEquals(new BigDecimal(n.get("funding_rate").asText()), f.fundingRate());
        assertEquals(new BigDecimal(n.get("funding").asText()), f.funding());
        assertEquals(new BigDecimal(n.get("size").asText()), f.size());
    }

    private static Instant NOW() {
        return PerpsSandboxFixture.NOW;
    }

    @Test
    void tablesStreamsAndArgumentErrors() {
        Table t = session.funding().table();
        assertEquals(account.funding().size(), t.rowCount());
        assertTrue(t.columnNames().containsAll(List.of("id", "instrument_id", "size", "funding_rate", "funding_asset", "funding", "timestamp")));
        // Funding carries the instrument's symbol, as the account's positions name it.
        assertEquals(t.columnIndex("instrument_id") + 1, t.columnIndex("symbol"));
        var symbols = new java.util.HashMap<Long, String>();
        for (var p : session.portfolio().positions()) symbols.put(p.instrumentId(), p.symbol());
        assertTrue(!symbols.isEmpty());
        int named = 0;
        for (int i = 0; i < t.rowCount(); i++) {
            long id = t.longColumn("instrument_id").get(i);
            assertEquals(symbols.getOrDefault(id, "instrument " + id), t.stringColumn("symbol").get(i));
            if (symbols.containsKey(id)) named++;
        }
        assertTrue(named > 0, "some charges are on held instruments");
        Table w = session.withdrawals().status("pending").table();
        assertTrue(w.columnNames().containsAll(List.of("withdraw_id", "amount", "status", "hash", "to", "created_timestamp", "confirmed_timestamp")));
        assertEquals("withdrawals", w.name());

        long before = PerpsSandboxFixture.sandbox().stats().requests("perps", "/v1/account/funding");
        assertEquals(5, session.funding().stream().limit(5).count());
        assertEquals(1, PerpsSandboxFixture.sandbox().stats().requests("perps", "/v1/account/funding") - before, "a stream reads only what it needs");

        assertThrows(IllegalArgumentException.class, () -> session.withdrawals().status("stuck"));
        assertThrows(IllegalArgumentException.class, () -> session.withdrawals().hash("abc"));
        assertThrows(IllegalArgumentException.class, () -> session.internalTransfers().direction("sideways"));
        assertThrows(IllegalArgumentException.class, () -> session.funding().instrument(-1));
        assertThrows(IllegalArgumentException.class, () -> session.funding().instrument(4_294_967_296L));
        var e = assertThrows(IllegalArgumentException.class, () -> session.funding().from(NOW()).to(NOW().minusSeconds(1)));
        assertTrue(e.getMessage().contains("after"), e.getMessage());
    }

    @Test
    void pagesWaitForTheWeightBudget() {
        VirtualClock clock = new VirtualClock();
        WeightBudget small = new WeightBudget(30, Duration.ofSeconds(10), clock);
        Wallet o = Wallet.random();
        PerpsSession s = PerpsSession.open(PerpsSandboxFixture.transport(), o, PerpsSession.Options.defaults().store(CredentialStore.memory()).budget(small));
        long start = clock.nanoTime();
        int n = s.funding().list().size();
        long pagesRead = s.weightUsed() - 3;  // after createProxy (1) and the credentials check (2)
        assertTrue(pagesRead >= 10 * pages(n));
        // 30 to start with, 3 per second after: every weight beyond the first 30 waited its share of the refill.
        double waited = (clock.nanoTime() - start) / 1e9;
        assertTrue(Math.abs(waited - (s.weightUsed() - 3 - 27) / 3.0) < 0.01, "waited " + waited + " s for " + s.weightUsed());
        assertEquals(s.weightUsed(), PerpsSandboxFixture.perps().weight(o.address()), "the toolkit counts weight as the sandbox does");
        assertThrows(IllegalArgumentException.class, () -> PerpsSession.open(PerpsSandboxFixture.transport(), Wallet.random(),
                PerpsSession.Options.defaults().store(CredentialStore.memory()).budget(new WeightBudget(5, Duration.ofSeconds(1), Clock.system())))
                .funding().list(), "a page (10) larger than the whole budget (5) can never be sent");
    }

    @Test
    void moreThanAPageOfEntriesAtOneTimeIsReportedNotSkipped() throws Exception {
        // A server that answers 100 entries of one time and more=true, whatever it is asked: no window moves past them.
        Wallet proxy = Wallet.random();
        long expiryNanos = (System.currentTimeMillis() + 3_600_000) * 1_000_000;
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/v1/account/credentials", x -> reply(x, "{\"address\":\"" + owner.address() + "\",\"keys\":[{\"proxy\":\""
                + proxy.address().toLowerCase() + "\",\"expiry\":" + expiryNanos + "}]}"));
        StringBuilder page = new StringBuilder("{\"more\":true,\"data\":[");
        for (int i = 0; i < 100; i++) {
            page.append(i == 0 ? "" : ",").append("{\"transfer_id\":").append(i)
                    .append(",\"amount\":\"1\",\"direction\":\"in\",\"created_timestamp\":1700000000000}");
        }
        server.createContext("/v1/account/internal-transfers", x -> reply(x, page + "]}"));
        server.start();
        try {
            Transport t = Transport.create(Profile.sandbox().withUrl(Service.PERPS, "http://127.0.0.1:" + server.getAddress().getPort()), Clock.system(),
                    RetryPolicy.DEFAULT);
            CredentialStore store = CredentialStore.memory();
            store.save(new ProxyCredentials(owner.address(), proxy.address(), proxy.exportPrivateKey(), "s", Instant.now().plusSeconds(3_600), null, "sandbox").toCredential());
            PerpsSession s = PerpsSession.open(t, owner, PerpsSession.Options.defaults().store(store)
                    .budget(new WeightBudget(1_000, Duration.ofSeconds(1), Clock.system())));
            assertTrue(s.resumed(), "an expiry in nanoseconds (as the live service sends it today) reads as the same time");
            var e = assertThrows(IllegalStateException.class, () -> s.internalTransfers().list());
            assertTrue(e.getMessage().contains("share that time"), e.getMessage());
        } finally {
            server.stop(0);
        }
    }

    private static void reply(com.sun.net.httpserver.HttpExchange x, String body) throws java.io.IOException {
        byte[] b = body.getBytes(StandardCharsets.UTF_8);
        x.getResponseHeaders().add("Content-Type", "application/json");
        x.sendResponseHeaders(200, b.length);
        x.getResponseBody().write(b);
        x.close();
    }
}
