package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.auth.Credential;
import org.marketlab.auth.CredentialStore;
import org.marketlab.http.AuthenticationException;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Signer;
import org.marketlab.time.Timestamps;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.WeightBudget;
import org.marketlab.signing.Wallet;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Opening a perpetuals session: resume stored credentials that are still valid, or register a new proxy signer.
 *
 * <p>Registering: a fresh key whose address the owner signs into an EIP-712 {@code CreateProxy} (signed on the
 * attempt that is sent, with that attempt's time), answered with a secret. Then, as the official client does,
 * {@code GET /v1/account/credentials} must list the proxy with a future expiry; the credentials are then kept in the
 * {@link CredentialStore}. Resuming: stored credentials of the same owner and profile with more than a minute left,
 * which the service still lists; expired, revoked or unknown ones are replaced by a new registration.
 */
final class ProxyRegistration {

    /** Stored credentials with less left than this are replaced rather than resumed. */
    private static final Duration RESUME_MARGIN = Duration.ofMinutes(1);

    private ProxyRegistration() {
    }

    static PerpsSession open(Transport transport, Wallet owner, PerpsSession.Options options) {
        Objects.requireNonNull(transport, "transport");
        if (owner == null) throw new IllegalArgumentException("owner wallet is null; give Wallet.fromEnv(\"OWNER_PRIVATE_KEY\"), a keystore or Wallet.demo(1)");
        if (options == null) throw new IllegalArgumentException("options are null; give PerpsSession.Options.defaults()");
        CredentialStore store = options.store() != null ? options.store() : CredentialStore.files();
        WeightBudget budget = Weights.account(transport, owner.address(), options.budget());
        String profile = transport.profile().name();
        Instant now = Instant.ofEpochMilli(transport.resources().clock().currentTimeMillis());

        Optional<ProxyCredentials> stored = store.load(Credential.Kind.PERPS_PROXY, profile, owner.address()).map(ProxyCredentials::of);
        if (stored.isPresent() && !stored.get().expired(now.plus(RESUME_MARGIN))) {
            Wallet key = keyOf(stored.get());
            if (key != null) {
                PerpsSession s = new PerpsSession(transport, owner, store, budget, stored.get(), key, true);
                try {
                    checkListed(s);
                    return s;
                } catch (AuthenticationException unknownToTheService) {
                    // Revoked elsewhere, expired early, or another sandbox: a new registration replaces it.
                }
            }
        }
        Wallet proxy = Wallet.random();
        AtomicLong spent = new AtomicLong();
        ProxyCredentials registered = register(transport, owner, proxy, options, new PerpsRequests(transport, budget, spent, Signer.NONE));
        PerpsSession s = new PerpsSession(transport, owner, store, budget, registered, proxy, false);
        s.spent(spent.get());
        checkListed(s);
        store.save(registered.toCredential());
        return s;
    }

    /** The stored proxy key, if it is the key of the stored proxy address (else the credentials are unusable). */
    private static Wallet keyOf(ProxyCredentials c) {
        try {
            Wallet w = Wallet.fromPrivateKey(c.privateKey());
            return w.address().equalsIgnoreCase(c.proxy()) ? w : null;
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static ProxyCredentials register(Transport t, Wallet owner, Wallet proxy, PerpsSession.Options o, PerpsRequests requests) {
        AtomicLong expiry = new AtomicLong();
        Document reply = requests.write("POST", "/v1/account/proxy", now -> {
            long exp = now + o.lifetime().toMillis();
            long salt = PerpsRequests.salt();
            expiry.set(exp);
            byte[] digest = OperationSigning.createProxy(t.profile().names().perpsDomainName(), t.profile().names().chainId(),
                    proxy.address(), exp, salt, now);
            ObjectNode body = t.resources().json().createObjectNode();
            ObjectNode op = body.putObject("op").put("type", "createProxy");
            op.putObject("args").put("expiry", exp).put("owner", owner.address()).put("proxy", proxy.address().toLowerCase(Locale.ROOT));
            body.put("salt", salt).put("sig", owner.sign(digest)).put("ts", now);
            if (o.label() != null) body.put("label", o.label());
            return body;
        }, Weights.CREATE_PROXY);
        String secret = reply.tree().path("secret").asText("");
        if (secret.isEmpty()) {
            throw reply.malformed("the service answered createProxy without a secret (status '" + reply.tree().path("status").asText() + "')", null);
        }
        return new ProxyCredentials(owner.address(), proxy.address(), proxy.exportPrivateKey(), secret, Instant.ofEpochMilli(expiry.get()),
                o.label(), t.profile().name());
    }

    /** Asks the service which proxies the account has, and requires the session's among them, unexpired. */
    static void checkListed(PerpsSession s) {
        Document r = s.requests().read("/v1/account/credentials", Query.empty(), Weights.CREDENTIALS);
        JsonNode n = r.tree();
        String proxy = s.credentials().proxy();
        if (!s.owner().equalsIgnoreCase(n.path("address").asText())) {
            throw new AuthenticationException(401, null, r.origin(), null,
                    "the proxy " + proxy + " belongs to another account (" + n.path("address").asText() + ")", null);
        }
        long now = s.requests().transport().resources().clock().currentTimeMillis();
        for (JsonNode k : n.path("keys")) {
            if (k.path("proxy").asText().equalsIgnoreCase(proxy) && Timestamps.epochMillis(k.path("expiry").asLong()) > now) return;
        }
        throw new AuthenticationException(401, null, r.origin(), null,
                "the service does not list the proxy " + proxy + " as a valid credential of " + s.owner(), null);
    }
}
