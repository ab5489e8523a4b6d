package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import org.marketlab.config.Service;
import org.marketlab.http.AuthenticationException;
import org.marketlab.http.ConnectionException;
import org.marketlab.internal.transport.Resources;

import java.net.URI;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One command on the perpetuals real-time channel, on a connection of its own: opened on the profile's shared client,
 * authenticated with the proxy (the reply checked, the secret never shown), the command sent and its reply awaited
 * (10 s each), then closed. For the commands the exchange takes only on the channel ({@code createOrders}).
 */
final class ChannelCommand implements AutoCloseable {

    private static final long TIMEOUT_MS = 10_000;

    /** What to do on the authenticated channel: the reply's {@code data}. */
    interface Body {
        JsonNode on(ChannelCommand channel) throws Exception;
    }

    private final ObjectMapper json;
    private final URI url;
    private final WebSocket socket;
    private final Map<Long, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
    private final AtomicLong ids = new AtomicLong(1);
    private final CompletableFuture<Void> opened = new CompletableFuture<>();

    static URI url(Resources resources) {
        return LiveFeed.channelUrl(resources.baseUrl(Service.PERPS_WS));
    }

    private ChannelCommand(Resources resources) {
        this.json = resources.json();
        this.url = url(resources);
        this.socket = resources.openSocket(Service.PERPS_WS, url.getPath(), 0, new WebSocketListener() {
            @Override
            public void onOpen(WebSocket webSocket, okhttp3.Response response) {
                opened.complete(null);
            }

            @Override
            public void onMessage(WebSocket webSocket, String text) {
                JsonNode n;
                try {
                    n = json.readTree(text);
                } catch (Exception e) {
                    return; // not JSON: not a reply
                }
                if (n.has("id") && n.has("data") && !n.has("ch")) {
                    CompletableFuture<JsonNode> f = pending.get(n.get("id").asLong());
                    if (f != null) f.complete(n.get("data"));
                } else if ("post".equals(n.path("req").asText()) && "ping".equals(n.path("op").path("type").asText())) {
                    ObjectNode pong = json.createObjectNode();
                    pong.set("id", n.get("id"));
                    pong.putObject("data").put("status", "ok").put("ts", System.currentTimeMillis());
                    webSocket.send(pong.toString());
                }
            }

            @Override
            public void onFailure(WebSocket webSocket, Throwable t, okhttp3.Response response) {
                ConnectionException e = new ConnectionException(0, null, url.toString(), null, "the channel failed: " + t, t);
                opened.completeExceptionally(e);
                pending.values().forEach(f -> f.completeExceptionally(e));
            }
        });
    }

    /** Opens the channel, authenticates with {@code credentials}, runs {@code body} and closes: the body's reply. */
    static JsonNode run(Resources resources, ProxyCredentials credentials, Body body) {
        try (ChannelCommand c = new ChannelCommand(resources)) {
            c.await(c.opened, "the channel did not open");
            ObjectNode auth = c.json.createObjectNode();
            auth.put("req", "post").putObject("op").put("type", "auth").putObject("args")
                    .put("proxy", credentials.proxy()).put("secret", credentials.secret());
            JsonNode a = c.ask(auth);
            if (!"ok".equals(a.path("status").asText())) {
                throw new AuthenticationException(401, null, c.url.toString(), null,
                        "the real-time channel refused the proxy " + credentials.proxy() + ": " + a.path("error").asText("no reason given"), null);
            }
            return body.on(c);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new ConnectionException(0, null, url(resources).toString(), null, "the channel command failed: " + e, e);
        }
    }

    /** Sends a request frame with a fresh id and waits for its reply's {@code data}. */
    JsonNode ask(ObjectNode frame) throws Exception {
        long id = ids.getAndIncrement();
        frame.put("id", id);
        CompletableFuture<JsonNode> reply = new CompletableFuture<>();
        pending.put(id, reply);
        try {
            if (!socket.send(json.writeValueAsString(frame))) throw new ConnectionException(0, null, url.toString(), null, "the channel is closed", null);
            return await(reply, "no reply to '" + frame.path("op").path("type").asText(frame.path("req").asText()) + "'");
        } finally {
            pending.remove(id);
        }
    }

    private <T> T await(CompletableFuture<T> f, String what) throws Exception {
        try {
            return f.get(TIMEOUT_MS, TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new ConnectionException(0, null, url.toString(), null, what + " within " + TIMEOUT_MS / 1000 + " s", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw e;
        }
    }

    @Override
    public void close() {
        if (!socket.close(1000, "done")) socket.cancel();
    }
}
