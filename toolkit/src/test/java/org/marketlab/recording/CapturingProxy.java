package org.marketlab.recording;

import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A forwarding proxy on loopback that keeps every request header and every answer body it passes: what actually
 * went over the wire, so a test can search a recording for each secret and signature that was sent or received.
 */
final class CapturingProxy implements AutoCloseable {

    private static final Set<String> HOP = Set.of("host", "connection", "content-length", "transfer-encoding", "upgrade", "expect", "keep-alive");

    final List<String> headerValues = new CopyOnWriteArrayList<>();
    final List<String> headerNames = new CopyOnWriteArrayList<>();
    final List<String> answers = new CopyOnWriteArrayList<>();
    private final HttpServer server;
    private final HttpClient client = HttpClient.newHttpClient();

    CapturingProxy(URI target) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", ex -> {
            try {
                byte[] body = ex.getRequestBody().readAllBytes();
                HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(target.toString().replaceAll("/$", "") + ex.getRequestURI()))
                        .method(ex.getRequestMethod(), body.length == 0 ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
                ex.getRequestHeaders().forEach((name, values) -> {
                    headerNames.add(name);
                    for (String v : values) {
                        headerValues.add(v);
                        if (!HOP.contains(name.toLowerCase(Locale.ROOT))) b.header(name, v);
                    }
                });
                HttpResponse<byte[]> r = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
                answers.add(new String(r.body(), java.nio.charset.StandardCharsets.UTF_8));
                r.headers().map().forEach((name, values) -> {
                    if (!HOP.contains(name.toLowerCase(Locale.ROOT)) && !name.startsWith(":")) values.forEach(v -> ex.getResponseHeaders().add(name, v));
                });
                ex.sendResponseHeaders(r.statusCode(), r.body().length == 0 ? -1 : r.body().length);
                if (r.body().length > 0) ex.getResponseBody().write(r.body());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                ex.sendResponseHeaders(502, -1);
            } finally {
                ex.close();
            }
        });
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
