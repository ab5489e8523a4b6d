package org.marketlab.sandbox;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertNotNull;

/**
 * A WebSocket client of the sandbox's channels for tests: it queues each whole text frame it receives ({@link #texts}),
 * and completes {@link #closed} with the close status (-1 when the connection failed). The tests' own clients extend it
 * with what their channel speaks.
 */
public class TextFrames implements WebSocket.Listener, AutoCloseable {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    public final LinkedBlockingQueue<String> texts = new LinkedBlockingQueue<>();
    public final CompletableFuture<Integer> closed = new CompletableFuture<>();
    private final StringBuilder part = new StringBuilder();
    protected final WebSocket ws;

    public TextFrames(URI uri) throws Exception {
        ws = HTTP.newWebSocketBuilder().buildAsync(uri, this).get(10, TimeUnit.SECONDS);
    }

    public void send(String text) {
        ws.sendText(text, true).join();
    }

    /** The next text frame, which must arrive within 30 s (a bound against a hang, not a speed). */
    public String nextText() throws InterruptedException {
        String s = texts.poll(30, TimeUnit.SECONDS);
        assertNotNull(s, "nothing arrived within 30 s");
        return s;
    }

    /** The next text frame within {@code millis}, or null. */
    public String pollText(long millis) throws InterruptedException {
        return texts.poll(millis, TimeUnit.MILLISECONDS);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        part.append(data);
        if (last) {
            texts.add(part.toString());
            part.setLength(0);
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket webSocket, int statusCode, String reason) {
        closed.complete(statusCode);
        return null;
    }

    @Override
    public void onError(WebSocket webSocket, Throwable error) {
        closed.complete(-1);
    }

    @Override
    public void close() {
        if (!ws.isOutputClosed()) ws.sendClose(WebSocket.NORMAL_CLOSURE, "done");
    }
}
