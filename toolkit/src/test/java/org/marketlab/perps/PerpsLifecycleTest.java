package org.marketlab.perps;

import org.marketlab.auth.CredentialStore;
import org.marketlab.auth.Credential;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.http.AuthenticationException;
import org.marketlab.http.ServiceException;
import org.marketlab.sandbox.perps.PerpsSandbox;
import org.marketlab.signing.Wallet;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A session's life against the sandbox: registration, resumption from the store, expiry and re-registration,
 * revocation and the refusal after it; the credential file owner-only; no secret in any text the toolkit makes.
 */
class PerpsLifecycleTest {

    private static final PerpsSandbox PERPS = PerpsSandboxFixture.perps();

    private static PerpsSession.Options files(Path dir) {
        return PerpsSandboxFixture.roomy().store(CredentialStore.files(dir));
    }

    @Test
    void registersThenResumesFromTheOwnerOnlyFile(@TempDir Path dir) throws Exception {
        Wallet owner = Wallet.random();
        PerpsSession first = PerpsSession.open(PerpsSandboxFixture.transport(), owner, files(dir).label("desk 1").lifetime(Duration.ofDays(2)));
        assertFalse(first.resumed());
        ProxyCredentials c = first.credentials();
        assertEquals(owner.address(), c.owner());
        Instant expiry = PERPS.proxyExpiry(c.proxy()).orElseThrow();
        assertEquals(c.expiresAt(), expiry, "the service was asked for the lifetime given");
        assertTrue(Duration.between(Instant.now(), expiry).minus(Duration.ofDays(2)).abs().compareTo(Duration.ofSeconds(10)) < 0);

        Path file = dir.resolve("sandbox").resolve("perps-proxy").resolve(owner.address().toLowerCase() + ".json");
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)), "the file is the owner's only");
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())));
        try (Stream<Path> left = Files.list(file.getParent())) {
            assertEquals(List.of(file), left.toList(), "no temporary file is left behind");
        }
        String stored = Files.readString(file, StandardCharsets.UTF_8);
        assertTrue(stored.contains(c.secret()) && stored.contains(c.proxy()), "the file is what resumes the session");
        first.close(); // does not revoke
        assertTrue(PERPS.proxyExpiry(c.proxy()).isPresent(), "closing keeps the proxy");

        PerpsSession again = PerpsSession.open(PerpsSandboxFixture.transport(), owner, files(dir));
        assertTrue(again.resumed(), "stored unexpired credentials are resumed");
        assertEquals(c.proxy(), again.credentials().proxy());
        assertEquals(again.credentials().proxy(), PerpsSession.open(PerpsSandboxFixture.transport(), owner, files(dir)).credentials().proxy());
        assertTrue(again.portfolio().margin().totalAccountValue().signum() > 0, "the resumed proxy reads");
        // Another profile's credentials are another entry.
        assertTrue(CredentialStore.files(dir).load(Credential.Kind.PERPS_PROXY, "live", owner.address()).isEmpty());
    }

    @Test
    void readsBothSpellingsAndTheEarlierLayout(@TempDir Path dir) throws Exception {
        Wallet owner = Wallet.random();
        PerpsSession first = PerpsSession.open(PerpsSandboxFixture.transport(), owner, files(dir));
        ProxyCredentials c = first.credentials();
        Path now = dir.resolve("sandbox").resolve("perps-proxy").resolve(owner.address().toLowerCase() + ".json");
        // The specification's other spelling, at the place earlier versions wrote: resumed all the same.
        String snake = "{\"owner\":\"" + c.owner() + "\",\"proxy\":\"" + c.proxy() + "\",\"private_key\":\"" + c.privateKey()
                + "\",\"secret\":\"" + c.secret() + "\",\"expires_at\":" + c.expiresAt().toEpochMilli() + "}";
        Files.delete(now);
        Files.writeString(dir.resolve("sandbox").resolve(owner.address().toLowerCase() + ".json"), snake);
        PerpsSession again = PerpsSession.open(PerpsSandboxFixture.transport(), owner, files(dir));
        assertTrue(again.resumed(), "snake_case credentials in the earlier layout are resumed");
        assertEquals(c.proxy(), again.credentials().proxy());
        assertEquals(c.expiresAt(), again.credentials().expiresAt());
        Credential read = CredentialStore.files(dir).load(Credential.Kind.PERPS_PROXY, "sandbox", owner.address()).orElseThrow();
        assertEquals(c.privateKey(), read.get("private_key"), "either spelling names the field");
        assertFalse(read.toString().contains(c.secret()) || read.toString().contains(c.privateKey()), read.toString());
    }

    @Test
    void expiredCredentialsAreReplacedByANewRegistration() throws Exception {
        Wallet owner = Wallet.random();
        CredentialStore store = CredentialStore.memory();
        PerpsSession.Options options = PerpsSandboxFixture.roomy().store(store);
        // A lifetime shorter than the resumption margin: the next session does not resume it.
        PerpsSession shortLived = PerpsSession.open(PerpsSandboxFixture.transport(), owner, options.lifetime(PerpsSandboxFixture.SHORT_LIFETIME));
        String firstProxy = shortLived.credentials().proxy();
        shortLived.portfolio();
        PerpsSandboxFixture.sleepPast(shortLived.credentials().expiresAt());

        var expired = assertThrows(AuthenticationException.class, shortLived::portfolio, "the service refuses an expired proxy");
        assertTrue(expired.serverMessage().contains("expired"), expired.getMessage());
        PerpsSession renewed = PerpsSession.open(PerpsSandboxFixture.transport(), owner, options);
        assertFalse(renewed.resumed());
        assertNotEquals(firstProxy, renewed.credentials().proxy());
        assertEquals(renewed.credentials().proxy(), ProxyCredentials.of(store.load(Credential.Kind.PERPS_PROXY, "sandbox", owner.address()).orElseThrow()).proxy(), "the store holds the new one");
        renewed.portfolio();

        // Stored credentials whose expiry has passed are not even tried.
        ProxyCredentials past = new ProxyCredentials(owner.address(), renewed.credentials().proxy(), renewed.credentials().privateKey(),
                renewed.credentials().secret(), Instant.now().minusSeconds(5), null, "sandbox");
        store.save(past.toCredential());
        long before = PERPS.weight(owner.address());
        PerpsSession third = PerpsSession.open(PerpsSandboxFixture.transport(), owner, options);
        assertFalse(third.resumed());
        assertEquals(before + 1 + 2, PERPS.weight(owner.address()), "a createProxy (1) and a credentials check (2), no check of the expired ones");
    }

    @Test
    void revokeDeletesTheProxyAndTheServiceRefusesItAfter(@TempDir Path dir) {
        Wallet owner = Wallet.random();
        PerpsSession s = PerpsSession.open(PerpsSandboxFixture.transport(), owner, files(dir));
        ProxyCredentials c = s.credentials();
        s.revoke();
        assertTrue(PERPS.proxyExpiry(c.proxy()).isEmpty(), "the service deleted the proxy");
        assertTrue(CredentialStore.files(dir).load(Credential.Kind.PERPS_PROXY, "sandbox", owner.address()).isEmpty(), "revoking forgets the stored credentials");
        var refused = assertThrows(AuthenticationException.class, s::portfolio);
        assertTrue(refused.serverMessage().contains("invalid proxy credentials"), refused.getMessage());
        assertThrows(AuthenticationException.class, () -> s.withdrawals().list());
        var again = assertThrows(ServiceException.class, s::revoke, "a deleted proxy cannot be deleted again");
        assertEquals(404, again.status());

        // Credentials the service no longer knows (revoked elsewhere) are replaced by a new registration.
        CredentialStore.files(dir).save(c.toCredential());
        PerpsSession next = PerpsSession.open(PerpsSandboxFixture.transport(), owner, files(dir));
        assertFalse(next.resumed());
        assertNotEquals(c.proxy(), next.credentials().proxy());
    }

    @Test
    void storedCredentialsWithAKeyOfAnotherAddressAreNotUsed() {
        Wallet owner = Wallet.random();
        CredentialStore store = CredentialStore.memory();
        PerpsSession s = PerpsSession.open(PerpsSandboxFixture.transport(), owner, PerpsSandboxFixture.roomy().store(store));
        ProxyCredentials c = s.credentials();
        store.save(new ProxyCredentials(c.owner(), c.proxy(), Wallet.random().exportPrivateKey(), c.secret(), c.expiresAt(), c.label(), c.profile()).toCredential());
        PerpsSession next = PerpsSession.open(PerpsSandboxFixture.transport(), owner, PerpsSandboxFixture.roomy().store(store));
        assertFalse(next.resumed(), "a key that does not sign as the proxy is useless for operations: register anew");
    }

    @Test
    void noSecretInAnyTextTheToolkitMakes(@TempDir Path dir) {
        Wallet owner = Wallet.random();
        PerpsSession s = PerpsSession.open(PerpsSandboxFixture.transport(), owner, files(dir));
        ProxyCredentials c = s.credentials();
        List<String> texts = new ArrayList<>(List.of(s.toString(), c.toString(), CredentialStore.files(dir).toString(),
                CredentialStore.memory().toString(), Wallet.fromPrivateKey(c.privateKey()).toString(), s.credentials().toString()));
        s.revoke();
        for (Runnable refused : List.<Runnable>of(s::portfolio, s::invite, () -> s.funding().list(), s::revoke,
                () -> s.cancelOrders(List.of(1L)), () -> s.modifyOrders(java.util.Map.of("0".repeat(32), Modification.of("1", "1"))))) {
            ServiceException e = assertThrows(ServiceException.class, refused::run);
            texts.add(e.getMessage());
            texts.add(e.toString());
            texts.add(String.valueOf(e.serverMessage()));
            texts.add(String.valueOf(e.endpoint()));
        }
        var unwritable = assertThrows(RuntimeException.class, () -> CredentialStore.files(dir.resolve("file-not-folder")).save(withFolderBlocked(dir, c).toCredential()));
        texts.add(unwritable.getMessage());
        String key = c.privateKey().startsWith("0x") ? c.privateKey().substring(2) : c.privateKey();
        for (String t : texts) {
            assertFalse(t.contains(c.secret()), "the secret shows in: " + t);
            assertFalse(t.toLowerCase().contains(key.toLowerCase()), "the proxy key shows in: " + t);
            assertFalse(t.toLowerCase().contains(owner.exportPrivateKey().replace("0x", "").toLowerCase()), "the owner key shows in: " + t);
        }
    }

    /** Makes {@code dir/file-not-folder} a file, so that storing under it fails. */
    private static ProxyCredentials withFolderBlocked(Path dir, ProxyCredentials c) {
        try {
            Files.writeString(dir.resolve("file-not-folder"), "x");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return c;
    }
}
