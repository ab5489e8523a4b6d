package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import org.marketlab.config.Service;
import org.marketlab.http.ConnectionException;
import org.marketlab.internal.transport.Resources;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One command on the perpetuals real-time channel, on a connection of its own: opened on the profile's shared client,
 * authenticated with the proxy (the reply checked, the secret never shown), the command sent and its reply awaited
 * (10 s each), then closed. For the commands the exchange takes only on the channel ({@code createOrders}).
 */
final class ChannelCommand implements AutoCloseable {

    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    /** What to do on the authenticated channel: the reply's {@code data}. */
    interface Body {
        JsonNode on(ChannelCommand channel) throws Exception;
    }

    private final URI url;
    private final ChannelRequests requests;
    private final WebSocket socket;
    private final CompletableFuture<Void> opened = new CompletableFuture<>();

    static URI url(Resources resources) {
        return LiveFeed.channelUrl(resources.baseUrl(Service.PERPS_WS));
    }

    private ChannelCommand(Resources resources) {
        ObjectMapper json = resources.json();
        this.url = url(resources);
        this.requests = new ChannelRequests(json, url);
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
                if (ChannelRequests.isReply(n)) requests.complete(n);
                else requests.answerPing(n, System.currentTimeMillis(), webSocket::send);
            }

            @Override
            public void onFailure(WebSocket webSocket, Throwable t, okhttp3.Response response) {
                String why = "the channel failed: " + t;
                opened.completeExceptionally(requests.failure(why, t));
                requests.failAll(why, t);
            }
        });
    }

    /** Opens the channel, authenticates with {@code credentials}, runs {@code body} and closes: the body's reply. */
    static JsonNode run(Resources resources, ProxyCredentials credentials, Body body) {
        try (ChannelCommand c = new ChannelCommand(resources)) {
            try {
                c.opened.get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException e) {
                throw c.requests.failure("the channel did not open within " + TIMEOUT.toSeconds() + " s", e);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException r) throw r;
                throw e;
            }
            c.requests.authenticate(c.socket::send, credentials, TIMEOUT);
            return body.on(c);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new ConnectionException(0, null, url(resources).toString(), null, "the channel command failed: " + e, e);
        }
    }

    /** Sends a request frame with a fresh id and waits for its reply's {@code data}. */
    JsonNode ask(ObjectNode frame) throws Exception {
        return requests.ask(socket::send, frame, TIMEOUT);
    }

    @Override
    public void close() {
        if (!socket.close(1000, "done")) socket.cancel();
    }
}
