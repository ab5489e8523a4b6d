package org.marketlab.perps;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.AuthenticationException;
import org.marketlab.http.Call;
import org.marketlab.http.Query;
import org.marketlab.http.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.pacing.WeightBudget;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.signing.Eip712;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PerpsAgainstSandboxTest {

    private static Sandbox sandbox;
    private static Transport transport;

    @BeforeAll
    static void start() {
        sandbox = Sandbox.builder().seed(9).now(Instant.parse("2026-11-01T00:00:00Z")).build();
        var urls = sandbox.start();
        transport = Transport.create(Profile.sandbox(9).withUrl(Service.PERPS, urls.get("perps").toString()), Clock.system(),
                new Transport.RetryPolicy(2, 3, Duration.ofMillis(10), Duration.ofMillis(50)));
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    private static PerpsSession.Options options(CredentialStore store) {
        // A generous budget: these tests read whole histories many times.
        return PerpsSession.Options.defaults().store(store).budget(new WeightBudget(10_000, Duration.ofSeconds(10), Clock.system()));
    }

    @Test
    void registerResumeExpireRevoke(@TempDir Path dir) throws Exception {
        Wallet owner = Wallet.random();
        CredentialStore files = CredentialStore.files(dir);
        PerpsSession first = PerpsSession.open(transport, owner, options(files));
        assertFalse(first.resumed());
        Path file = dir.resolve("sandbox").resolve(owner.address().toLowerCase() + ".json");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), "credentials are owner-only");
        assertTrue(first.toString().contains(owner.address()));
        assertFalse(first.toString().contains(first.credentials().secret()));
        assertFalse(first.credentials().toString().contains(first.credentials().secret()));
        assertFalse(first.credentials().toString().contains(first.credentials().privateKey().substring(2)));
        first.close(); // does not revoke

        PerpsSession again = PerpsSession.open(transport, owner, options(files));
        assertTrue(again.resumed(), "stored unexpired credentials are resumed");
        assertEquals(first.credentials().proxy(), again.credentials().proxy());
        again.portfolio();

        // The lifetime option sets the expiry the service is asked for.
        PerpsSession shortLived = PerpsSession.open(transport, Wallet.random(), options(CredentialStore.memory()).lifetime(Duration.ofSeconds(30)));
        assertTrue(shortLived.credentials().expiresAt().isBefore(Instant.now().plusSeconds(31)));
        // Credentials about to expire are replaced by a new registration.
        ProxyCredentials nearlyExpired = new ProxyCredentials(owner.address(), again.credentials().proxy(), again.credentials().privateKey(),
                again.credentials().secret(), Instant.now().plusSeconds(10), "old", "sandbox");
        CredentialStore one = CredentialStore.memory();
        one.save(nearlyExpired);
        PerpsSession renewed = PerpsSession.open(transport, owner, options(one));
        assertFalse(renewed.resumed());
        assertNotEquals(nearlyExpired.proxy(), renewed.credentials().proxy());

        // Revoke: the proxy is deleted and refused after.
        again.revoke();
        assertFalse(files.load(owner.address(), "sandbox").isPresent(), "revoking forgets the stored credentials");
        var refused = assertThrows(AuthenticationException.class, again::portfolio);
        assertTrue(refused.serverMessage().contains("invalid proxy credentials"), refused.getMessage());
        // Stored credentials the service no longer knows are replaced by a new registration.
        files.save(again.credentials());
        PerpsSession afterRevoke = PerpsSession.open(transport, owner, options(files));
        assertFalse(afterRevoke.resumed());
    }

    @Test
    void historiesPagePastTheCapWithNoDuplicateAndFiltersPartitionThem() {
        PerpsSession s = PerpsSession.open(transport, Wallet.random(), options(CredentialStore.memory()));
        long before = sandbox.stats().requests("perps", "/v1/account/withdrawals");
        List<Withdrawal> all = s.withdrawals().list();
        assertTrue(sandbox.stats().requests("perps", "/v1/account/withdrawals") - before >= 2, "more than one page");
        assertTrue(all.size() > 100);
        assertEquals(all.size(), new HashSet<>(all.stream().map(Withdrawal::withdrawId).toList()).size(), "no duplicate");
        for (int i = 1; i < all.size(); i++) assertFalse(all.get(i).pagingTime().isAfter(all.get(i - 1).pagingTime()), "newest first");
        int byStatus = 0;
        for (String st : List.of("pending", "confirmed", "removed", "failed")) {
            List<Withdrawal> part = s.withdrawals().status(st).list();
            assertTrue(part.stream().allMatch(w -> w.status().equals(st)));
            assertFalse(part.isEmpty(), "every status occurs: " + st);
            byStatus += part.size();
        }
        assertEquals(all.size(), byStatus, "the statuses partition the withdrawals: no gap");
        Withdrawal mined = all.stream().filter(w -> w.hash().length() > 2).findFirst().orElseThrow();
        assertEquals(List.of(mined), s.withdrawals().hash(mined.hash()).list());
        Instant from = all.get(all.size() / 2).pagingTime();
        assertEquals(all.stream().filter(w -> !w.pagingTime().isBefore(from)).count(), s.withdrawals().from(from).list().size());

        List<InternalTransfer> transfers = s.internalTransfers().list();
        assertTrue(transfers.size() > 100);
        assertEquals(transfers.size(), s.internalTransfers().direction("in").list().size() + s.internalTransfers().direction("out").list().size());
        List<FundingCharge> funding = s.funding().list();
        assertTrue(funding.size() > 100);
        long sum = funding.stream().map(FundingCharge::instrumentId).distinct().mapToLong(i -> s.funding().instrument(i).list().size()).sum();
        assertEquals(funding.size(), sum);
        var table = s.funding().table();
        assertEquals(funding.size(), table.rowCount());
        assertTrue(table.columnNames().contains("funding_rate"));
        assertTrue(funding.stream().anyMatch(f -> f.instrumentId() == 4_294_967_295L), "the largest instrument id reads");
    }

    @Test
    void publicReadsInviteAndTradingOperations() {
        Wallet owner = Wallet.random();
        PerpsSession s = PerpsSession.open(transport, owner, options(CredentialStore.memory()));
        Invite a = s.invite(), b = s.invite();
        assertEquals(a.code(), b.code(), "one primary code, idempotent");
        assertTrue(a.referralsAvailable() >= 0);
        Portfolio p = s.portfolio();
        assertFalse(p.positions().isEmpty());
        assertTrue(p.margin().totalAccountValue().signum() > 0);

        List<Order> orders = s.openOrders();
        Order o = orders.get(0);
        List<OpResult> modified = s.modifyOrders(Map.of(o.coid(), new Modification(new BigDecimal("101.5"), new BigDecimal("0.25"))));
        assertTrue(modified.get(0).ok(), modified.toString());
        assertEquals(new BigDecimal("101.5"), modified.get(0).order().p());
        // A modification beyond the account's margin is refused for that entry.
        List<OpResult> tooBig = s.modifyOrders(Map.of(orders.get(1).coid(), new Modification(new BigDecimal("1000000"), new BigDecimal("1000"))));
        assertFalse(tooBig.get(0).ok());
        assertEquals("insufficient_margin", tooBig.get(0).error());
        List<OpResult> cancelled = s.cancelOrders(List.of(orders.get(2).oid(), 123L), Duration.ofSeconds(10));
        assertTrue(cancelled.get(0).ok());
        assertFalse(cancelled.get(1).ok());
        assertEquals(orders.size() - 1, s.openOrders().size());

        assertThrows(IllegalArgumentException.class, () -> s.modifyOrders(Map.of("NOT-HEX", Modification.of("1", "1"))));
        assertThrows(IllegalArgumentException.class, () -> s.cancelOrders(List.of(1L), Duration.ofSeconds(-1)), "exp must lie in the future");
    }

    @Test
    void signatureRefusals() throws Exception {
        Wallet owner = Wallet.random(), other = Wallet.random(), proxy = Wallet.random();
        long ts = System.currentTimeMillis(), expiry = ts + 3_600_000, salt = 7;
        // Tampered signature, wrong signer, stale timestamp: each refused.
        String good = createSig(owner, proxy, expiry, salt, ts);
        String tampered = good.substring(0, 10) + (good.charAt(10) == 'a' ? 'b' : 'a') + good.substring(11);
        assertRefused(body(owner, proxy, expiry, salt, ts, tampered), "invalid signature");
        assertRefused(body(owner, proxy, expiry, salt, ts, createSig(other, proxy, expiry, salt, ts)), "invalid signature");
        long stale = ts - 10 * 60_000;
        assertRefused(body(owner, proxy, expiry, salt, stale, createSig(owner, proxy, expiry, salt, stale)), "stale timestamp");
        // And the good one is accepted.
        var ok = transport.parse(null, transport.send(post(body(owner, proxy, expiry, salt, ts, good))));
        assertEquals("ok", ok.path("status").asText());
        // An operation whose exp has passed is refused by the service.
        ObjectNode op = JsonNodeFactory.instance.objectNode();
        op.putObject("op").put("type", "cancelOrders").putArray("args").add(1);
        op.put("sig", "0x" + "00".repeat(65)).put("salt", 1).put("ts", System.currentTimeMillis()).put("exp", System.currentTimeMillis() - 1000);
        var past = assertThrows(org.marketlab.http.InvalidRequestException.class, () -> transport.send(
                new Call(Service.PERPS, "DELETE", "/v1/trade/orders", Query.empty(), Map.of(), transport.json().writeValueAsBytes(op), Call.Safety.UNSAFE)));
        assertTrue(past.serverMessage().contains("exp"), past.getMessage());
    }

    private static String createSig(Wallet signer, Wallet proxy, long expiry, long salt, long ts) {
        return signer.sign(Eip712.digest(Eip712.domainSeparator("MarketLab Sandbox", "1", 137),
                Eip712.structHash("CreateProxy(address addr,uint64 exp,uint64 salt,uint64 ts)", Eip712.address(proxy.address()),
                        Eip712.uint(expiry), Eip712.uint(salt), Eip712.uint(ts))));
    }

    private static ObjectNode body(Wallet owner, Wallet proxy, long expiry, long salt, long ts, String sig) {
        ObjectNode b = JsonNodeFactory.instance.objectNode();
        b.putObject("op").put("type", "createProxy").putObject("args").put("owner", owner.address()).put("proxy", proxy.address().toLowerCase())
                .put("expiry", expiry);
        b.put("salt", salt).put("ts", ts).put("sig", sig);
        return b;
    }

    private static Call post(ObjectNode body) throws Exception {
        return new Call(Service.PERPS, "POST", "/v1/account/proxy", Query.empty(), Map.of(), transport.json().writeValueAsBytes(body), Call.Safety.UNSAFE);
    }

    private static void assertRefused(ObjectNode body, String why) {
        var e = assertThrows(AuthenticationException.class, () -> transport.send(post(body)));
        assertTrue(e.serverMessage().contains(why), e.getMessage());
    }
}
