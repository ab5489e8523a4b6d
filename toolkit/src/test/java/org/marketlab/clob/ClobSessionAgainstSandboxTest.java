package org.marketlab.clob;

import org.junit.jupiter.api.Test;
import org.marketlab.accounts.Account;
import org.marketlab.accounts.AccountsSandbox;
import org.marketlab.accounts.Position;
import org.marketlab.accounts.Trade;
import org.marketlab.auth.Credential;
import org.marketlab.auth.CredentialStore;
import org.marketlab.config.Service;
import org.marketlab.http.AuthenticationException;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.Clock;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
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

/**
 * {@code Clob.session(wallet)} against the sandbox's order-book account routes: credentials created or derived,
 * stored and resumed; keys, builder keys, open orders, trades and balances with every filter and cursor walk; L1 and
 * L2 refused when tampered, stale or for another address, raised as {@link AuthenticationException} with a clear
 * message.
 */
class ClobSessionAgainstSandboxTest {

    private static Transport transport() {
        return AccountsSandbox.transport();
    }

    private static ClobSession open(Wallet w, CredentialStore store) {
        return ClobSession.open(transport(), w, ClobSession.Options.defaults().store(store));
    }

    /** The system clock moved by {@code shift}. */
    static Clock shifted(Duration shift) {
        Clock sys = Clock.system();
        return new Clock() {
            public long nanoTime() {
                return sys.nanoTime();
            }

            public long currentTimeMillis() {
                return sys.currentTimeMillis() + shift.toMillis();
            }

            public void sleepNanos(long nanos) throws InterruptedException {
                sys.sleepNanos(nanos);
            }
        };
    }

    @Test
    void derivesStoresResumesAndNeverPrints() {
        CredentialStore store = CredentialStore.memory();
        Wallet w = Wallet.demo(1);
        ClobSession s = open(w, store);
        assertFalse(s.resumed(), "no stored key: created or derived now");
        Credential stored = store.load(Credential.Kind.CLOB_API_KEY, "sandbox", w.address()).orElseThrow();
        assertEquals(s.apiKey(), stored.get("apiKey"));
        String secret = stored.get("secret");
        assertFalse(s.toString().contains(secret));
        assertFalse(s.toString().contains(stored.get("passphrase")));
        assertFalse(stored.toString().contains(secret));
        ClobSession again = open(w, store);
        assertTrue(again.resumed());
        assertEquals(s.apiKey(), again.apiKey());
        assertTrue(s.apiKeys().contains(s.apiKey()));
        assertEquals(List.of(s.apiKey()), s.apiKeys(), "the seeded wallet has its one key");
        // a fresh wallet has no key: created (POST), then the same key is derived by the next session with another store
        Wallet fresh = Wallet.random();
        ClobSession created = open(fresh, CredentialStore.memory());
        ClobSession derived = open(fresh, CredentialStore.memory());
        assertEquals(created.apiKey(), derived.apiKey());
    }

    @Test
    void openOrdersFiltersAndById() {
        ClobSession s = open(Wallet.demo(1), CredentialStore.memory());
        List<OpenOrder> orders = s.orders().list();
        assertFalse(orders.isEmpty(), "demo 1 has open orders");
        assertEquals(orders.size(), new HashSet<>(orders.stream().map(OpenOrder::id).toList()).size(), "each order once");
        for (OpenOrder o : orders) {
            assertEquals("LIVE", o.status());
            assertTrue(s.address().equalsIgnoreCase(o.makerAddress()));
        }
        OpenOrder first = orders.get(0);
        assertEquals(orders.stream().filter(o -> o.market().equals(first.market())).toList(), s.orders().market(first.market()).list());
        assertEquals(orders.stream().filter(o -> o.assetId().equals(first.assetId())).toList(), s.orders().asset(first.assetId()).list());
        assertEquals(List.of(first), s.orders().id(first.id()).list());
        assertEquals(first, s.order(first.id()));
        assertEquals(orders.size(), s.orders().table().rowCount());
        assertThrows(org.marketlab.http.InvalidRequestException.class, () -> s.order("0x" + "0".repeat(64)), "Invalid orderID");
        assertThrows(IllegalArgumentException.class, () -> s.order("42"));
        assertThrows(IllegalArgumentException.class, () -> s.orders().market("0xabc"));
    }

    @Test
    void tradesWalkEveryPageAndMatchTheDataApi() {
        Wallet w = Wallet.demo(1);
        ClobSession s = open(w, CredentialStore.memory());
        List<ClobTrade> trades = s.trades().list();
        assertTrue(trades.size() > 100, "more than one page of 100: " + trades.size());
        assertEquals(trades.size(), new HashSet<>(trades.stream().map(ClobTrade::id).toList()).size(), "each trade once");
        List<Trade> data = new Account(transport(), w.address()).trades().list();
        assertEquals(data.size(), trades.size(), "the order book and the Data API list the same fills (both sides)");
        assertTrue(trades.stream().anyMatch(t -> "MAKER".equals(t.traderSide())) && trades.stream().anyMatch(t -> "TAKER".equals(t.traderSide())));
        BigDecimal obNet = BigDecimal.ZERO, dataNet = BigDecimal.ZERO;
        for (ClobTrade t : trades) obNet = obNet.add("BUY".equals(t.accountSide(w.address())) ? t.accountSize(w.address()) : t.accountSize(w.address()).negate());
        for (Trade t : data) dataNet = dataNet.add(t.signedSize());
        assertEquals(0, obNet.compareTo(dataNet), "net size the same seen from either side");
        ClobTrade mid = trades.get(trades.size() / 2);
        assertEquals(trades.stream().filter(t -> t.market().equals(mid.market())).toList(), s.trades().market(mid.market()).list());
        assertEquals(trades.stream().filter(t -> t.assetId().equals(mid.assetId())).toList(), s.trades().asset(mid.assetId()).list());
        Instant from = mid.matchTime().minus(Duration.ofDays(2)), to = mid.matchTime();
        assertEquals(trades.stream().filter(t -> !t.matchTime().isBefore(from) && !t.matchTime().isAfter(to)).toList(), s.trades().from(from).to(to).list());
        assertEquals(List.of(mid), s.trades().id(mid.id()).list());
        assertEquals(150, s.trades().limit(150).list().size());
        assertThrows(IllegalArgumentException.class, () -> s.trades().from(to).to(from));

        // Fees by market: the markets named by their questions (the positions' reads name them), most traded first.
        Account account = new Account(transport(), w.address());
        account.positions().list();
        account.positions().status(org.marketlab.accounts.PositionsQuery.Status.CLOSED).list();
        tech.tablesaw.api.Table fees = org.marketlab.accounts.AccountAnalytics.fees(trades, w.address());
        assertEquals(List.of("title", "trades", "notional", "fees", "market"), fees.columnNames());
        int last = fees.rowCount() - 1;
        assertEquals("all markets", fees.stringColumn("title").get(last));
        assertEquals(trades.size(), fees.intColumn("trades").get(last));
        long named = fees.stringColumn("title").asList().stream().filter(t -> !t.startsWith("0x")).count();
        assertTrue(named >= fees.rowCount() * 0.9, "markets named by their questions: " + named + " of " + fees.rowCount());
        for (int i = 1; i < last; i++) assertTrue(fees.doubleColumn("notional").get(i - 1) >= fees.doubleColumn("notional").get(i), "most traded first");
    }

    @Test
    void balancesAndAllowances() {
        Wallet w = Wallet.demo(1);
        ClobSession s = open(w, CredentialStore.memory());
        BalanceAllowance cash = s.balance(AssetType.COLLATERAL);
        assertTrue(cash.balance().signum() > 0, "demo 1 has collateral: " + cash);
        assertTrue(cash.allowance().signum() > 0);
        assertEquals(cash, s.updateBalance(AssetType.COLLATERAL));
        Position held = new Account(transport(), w.address()).positions().list().get(0);
        BalanceAllowance shares = s.balance(AssetType.CONDITIONAL, held.tokenId());
        assertTrue(shares.balance().compareTo(held.size()) <= 0, "free shares at most the position: " + shares.balance() + " vs " + held.size());
        assertEquals(3, shares.allowances().size());
        assertEquals(shares, s.updateBalance(AssetType.CONDITIONAL, held.tokenId()));
        assertThrows(IllegalArgumentException.class, () -> s.balance(AssetType.CONDITIONAL));
        assertThrows(IllegalArgumentException.class, () -> s.balance(AssetType.COLLATERAL, held.tokenId()));
        // demo wallet 3 trades through a proxy (funder) wallet: the signer's own address holds nothing
        Wallet signer = Wallet.demo(3);
        String funder = AccountsSandbox.sandbox().wallets().proxyWallet(signer.address());
        ClobSession eoa = ClobSession.open(transport(), signer, ClobSession.Options.defaults().store(CredentialStore.memory()));
        ClobSession proxy = ClobSession.open(transport(), signer, ClobSession.Options.defaults().store(CredentialStore.memory())
                .signatureType(SignatureType.POLY_PROXY, funder));
        assertEquals(funder, proxy.dataAddress());
        assertEquals(SignatureType.POLY_PROXY, proxy.signatureType());
        assertEquals(0, eoa.balance(AssetType.COLLATERAL).baseUnits().signum(), "the signer's own balance is empty");
        assertTrue(proxy.balance(AssetType.COLLATERAL).baseUnits().signum() > 0, "the proxy wallet holds the collateral");
        assertTrue(new Account(transport(), signer.address()).trades().list().isEmpty(), "no trades under the signer");
        assertFalse(new Account(transport(), proxy.dataAddress()).trades().list().isEmpty(), "the trades sit under the proxy wallet");
        assertThrows(IllegalArgumentException.class, () -> ClobSession.Options.defaults().signatureType(SignatureType.GNOSIS_SAFE, null));
    }

    @Test
    void refusedWhenTamperedStaleOrForAnotherAddress() {
        CredentialStore store = CredentialStore.memory();
        Wallet w1 = Wallet.demo(1), w2 = Wallet.demo(2);
        ClobSession s1 = open(w1, store);
        Credential c = store.load(Credential.Kind.CLOB_API_KEY, "sandbox", w1.address()).orElseThrow();
        ApiCredentials creds = new ApiCredentials(c.get("apiKey"), c.get("secret"), c.get("passphrase"));
        Call keys = Call.get(Service.CLOB, "/auth/api-keys", Query.empty());
        assertEquals(s1.apiKeys().size(), transport().send(keys.signedBy(ClobAuth.l2(w1.address(), creds))).tree().get("apiKeys").size());
        ApiCredentials tampered = new ApiCredentials(creds.apiKey(), java.util.Base64.getUrlEncoder().encodeToString("not the secret".getBytes()), creds.passphrase());
        AuthenticationException e = assertThrows(AuthenticationException.class, () -> transport().send(keys.signedBy(ClobAuth.l2(w1.address(), tampered))));
        assertEquals("Unauthorized/Invalid api key", e.serverMessage());
        assertThrows(AuthenticationException.class, () -> transport().send(keys.signedBy(ClobAuth.l2(w2.address(), creds))), "another address");
        ApiCredentials otherPass = new ApiCredentials(creds.apiKey(), creds.secret(), "wrong-passphrase");
        assertThrows(AuthenticationException.class, () -> transport().send(keys.signedBy(ClobAuth.l2(w1.address(), otherPass))));
        Transport late = AccountsSandbox.transport(shifted(Duration.ofMinutes(-10)));
        assertThrows(AuthenticationException.class, () -> late.send(keys.signedBy(ClobAuth.l2(w1.address(), creds))), "stale L2");
        // L1: stale, another address's signature, tampered signature
        AuthenticationException stale = assertThrows(AuthenticationException.class,
                () -> ClobSession.open(late, Wallet.random(), ClobSession.Options.defaults().store(CredentialStore.memory())));
        assertEquals("Invalid L1 Request headers", stale.serverMessage());
        assertTrue(stale.getMessage().contains("clock"), stale.getMessage());
        Call derive = Call.get(Service.CLOB, "/auth/derive-api-key", Query.empty());
        String names = transport().profile().names().clobAuthDomain();
        long chain = transport().profile().names().chainId();
        assertEquals(creds.apiKey(), ApiCredentials.read(transport().send(derive.signedBy(ClobAuth.l1(w1, 0, names, chain)))).apiKey());
        assertThrows(AuthenticationException.class, () -> transport().send(derive.signedBy(
                ClobAuth.l1(w2, 0, names, chain).andThen((call, now) -> call.withHeaders(Map.of("POLY_ADDRESS", w1.address()))))), "signed by another");
        assertThrows(AuthenticationException.class, () -> transport().send(derive.signedBy(
                ClobAuth.l1(w1, 0, names, chain).andThen((call, now) -> call.withHeaders(Map.of("POLY_TIMESTAMP", Long.toString(now / 1000 - 1)))))),
                "tampered: the signed timestamp changed");
        assertThrows(AuthenticationException.class, () -> transport().send(derive.signedBy(ClobAuth.l1(w1, 0, "OtherDomain", chain))), "another domain");
    }

    @Test
    void deletedKeyIsRefusedWithAClearMessageAndAStaleStoredKeyIsDerivedAgain() {
        ClobSession s = open(Wallet.random(), CredentialStore.memory());
        assertEquals(List.of(s.apiKey()), s.apiKeys());
        s.deleteApiKey();
        AuthenticationException e = assertThrows(AuthenticationException.class, s::apiKeys);
        assertTrue(e.getMessage().contains("refused the L2 headers"), e.getMessage());
        assertFalse(e.getMessage().contains("secret="), e.getMessage());
        // a stored key the order book does not know: resumed, refused once, derived again, stored
        CredentialStore store = CredentialStore.memory();
        Wallet w = Wallet.demo(3);
        store.save(new Credential(Credential.Kind.CLOB_API_KEY, "sandbox", w.address(),
                Map.of("apiKey", "00000000-0000-0000-0000-000000000000", "secret", "c2VjcmV0", "passphrase", "nope")));
        ClobSession resumed = open(w, store);
        assertTrue(resumed.resumed());
        assertFalse(resumed.apiKeys().isEmpty());
        assertNotEquals("00000000-0000-0000-0000-000000000000", store.load(Credential.Kind.CLOB_API_KEY, "sandbox", w.address()).orElseThrow().get("apiKey"));
    }

    @Test
    void builderKeysHeadersAndTrades() {
        CredentialStore store = CredentialStore.memory();
        ClobSession s = open(Wallet.random(), store);
        assertTrue(s.builderKeys().isEmpty());
        assertFalse(s.builderHeaders());
        String key = s.createBuilderKey();
        assertTrue(s.builderHeaders());
        assertTrue(store.load(Credential.Kind.BUILDER_KEY, "sandbox", s.address()).isPresent());
        List<BuilderKey> keys = s.builderKeys();
        assertEquals(1, keys.size());
        assertEquals(key, keys.get(0).key());
        assertFalse(keys.get(0).revoked());
        assertEquals(List.of(s.apiKey()), s.apiKeys(), "L2 requests carry valid builder headers too");
        String second = s.createBuilderKey();
        s.revokeBuilderKey(key);
        s.revokeBuilderKey(second);
        assertFalse(s.builderHeaders());
        assertTrue(s.builderKeys().stream().allMatch(BuilderKey::revoked));
        String code = AccountsSandbox.sandbox().wallets().builderCode();
        List<BuilderTrade> trades = s.builderTrades(code).list();
        assertFalse(trades.isEmpty());
        assertEquals(trades.size(), new HashSet<>(trades.stream().map(BuilderTrade::id).toList()).size());
        for (BuilderTrade t : trades) assertEquals(code, t.builderCode());
        BuilderTrade t0 = trades.get(0);
        assertEquals(trades.stream().filter(t -> t.market().equals(t0.market())).toList(), s.builderTrades(code).market(t0.market()).list());
        assertTrue(s.builderTrades("0x" + "ab".repeat(32)).list().isEmpty());
        assertThrows(IllegalArgumentException.class, () -> s.builderTrades("0x12"));
    }

    @Test
    void marketByConditionId() {
        ClobData clob = new ClobData(transport());
        var open = AccountsSandbox.sandbox().world().tokens().stream().filter(t -> !t.closed()).findFirst().orElseThrow();
        ClobMarket m = clob.market(open.conditionId());
        assertEquals(open.conditionId(), m.conditionId());
        assertEquals(Boolean.FALSE, m.closed());
        assertEquals(Boolean.TRUE, m.acceptingOrders());
        assertTrue(m.tokens().size() >= 2);
        assertTrue(m.tokens().stream().anyMatch(t -> t.tokenId().equals(open.tokenId())));
        assertEquals(0, clob.tickSize(open.tokenId()).compareTo(m.minimumTickSize()));
        assertEquals(0, clob.midpoint(open.tokenId()).compareTo(m.tokens().stream().filter(t -> t.tokenId().equals(open.tokenId())).findFirst().orElseThrow().price()));
        var closed = AccountsSandbox.sandbox().world().tokens().stream().filter(t -> t.closed()).findFirst().orElseThrow();
        ClobMarket resolved = clob.market(closed.conditionId());
        assertEquals(Boolean.TRUE, resolved.closed());
        assertEquals(1, resolved.tokens().stream().filter(t -> Boolean.TRUE.equals(t.winner())).count(), "one winner: " + resolved);
        assertThrows(org.marketlab.http.NotFoundException.class, () -> clob.market("0x" + "00".repeat(32)));
        assertThrows(IllegalArgumentException.class, () -> clob.market("0x12"));
    }
}
