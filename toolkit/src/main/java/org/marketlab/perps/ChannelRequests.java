package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.http.AuthenticationException;
import org.marketlab.http.ConnectionException;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

/**
 * The request side of the perpetuals real-time channel, for the live feed and the one-off commands alike: request frames
 * get fresh ids, their replies ({@code id} and {@code data}, no {@code ch}) are matched back to the waiting caller, the
 * service's pings are answered, and {@code auth} is sent and its answer checked (the secret is sent, never shown).
 */
final class ChannelRequests {

    private final ObjectMapper json;
    private final URI url;
    private final AtomicLong ids = new AtomicLong(1);
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();

    ChannelRequests(ObjectMapper json, URI url) {
        this.json = json;
        this.url = url;
    }

    /** A fresh request id. */
    long nextId() {
        return ids.getAndIncrement();
    }

    /** Sends {@code frame} with a fresh id through {@code send} and waits (real time) up to {@code timeout} for its reply's {@code data}. */
    JsonNode ask(Predicate<String> send, ObjectNode frame, Duration timeout) throws Exception {
        long id = nextId();
        frame.put("id", id);
        CompletableFuture<JsonNode> reply = new CompletableFuture<>();
        pending.put(id, reply);
        try {
            if (!send.test(json.writeValueAsString(frame))) throw failure("the channel is closed", null);
            return reply.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            String what = (frame.path("req").asText() + " " + frame.path("op").path("type").asText("")).trim();
            throw failure("no reply to '" + what + "' within " + timeout.toSeconds() + " s", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception x) throw x;
            throw e;
        } finally {
            pending.remove(id);
        }
    }

    /** Sends {@code auth} with the proxy's credentials and checks the answer: the service's reason when it refuses. */
    void authenticate(Predicate<String> send, ProxyCredentials credentials, Duration timeout) throws Exception {
        ObjectNode auth = json.createObjectNode();
        auth.put("req", "post").putObject("op").put("type", "auth").putObject("args")
                .put("proxy", credentials.proxy()).put("secret", credentials.secret());
        JsonNode a = ask(send, auth, timeout);
        if (!"ok".equals(a.path("status").asText())) {
            throw new AuthenticationException(401, null, url.toString(), null,
                    "the real-time channel refused the proxy " + credentials.proxy() + ": " + a.path("error").asText("no reason given"), null);
        }
    }

    /** Whether {@code n} is a reply to a request (rather than a pushed frame or the service's own request). */
    static boolean isReply(JsonNode n) {
        return n.has("id") && n.has("data") && !n.has("ch");
    }

    /** Hands a reply to the request waiting for it: false when none waits (a reply to a ping, or one too late). */
    boolean complete(JsonNode reply) {
        CompletableFuture<JsonNode> f = pending.get(reply.get("id").asLong());
        if (f == null) return false;
        f.complete(reply.get("data"));
        return true;
    }

    /** Answers the service's {@code ping} request ({@code nowMillis} its timestamp): false when {@code n} is none. */
    boolean answerPing(JsonNode n, long nowMillis, Predicate<String> send) {
        if (!"post".equals(n.path("req").asText()) || !"ping".equals(n.path("op").path("type").asText())) return false;
        ObjectNode pong = json.createObjectNode();
        pong.set("id", n.get("id"));
        pong.putObject("data").put("status", "ok").put("ts", nowMillis);
        send.test(pong.toString());
        return true;
    }

    /** Ends every waiting request with the connection's loss. */
    void failAll(String why, Throwable cause) {
        ConnectionException e = failure(why, cause);
        pending.values().forEach(f -> f.completeExceptionally(e));
    }

    ConnectionException failure(String why, Throwable cause) {
        return new ConnectionException(0, null, url.toString(), null, why, cause);
    }
}
