package org.marketlab.sandbox.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.DeserializationFeature;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Plain HTTP against one sandbox server, numbers read as exact decimals. */
final class Http {

    static final ObjectMapper JSON = JsonMapper.builder().enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS).build();
    private static final HttpClient CLIENT = HttpClient.newHttpClient();
    private final URI base;

    Http(URI base) {
        this.base = base;
    }

    record Answer(int status, JsonNode body, String text) {
    }

    Answer send(String method, String pathAndQuery, String body, Map<String, String> headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(base.resolve(pathAndQuery))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        headers.forEach(b::header);
        try {
            HttpResponse<byte[]> r = CLIENT.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            String text = new String(r.body(), StandardCharsets.UTF_8);
            JsonNode n;
            try {
                n = text.isEmpty() ? null : JSON.readTree(text);
            } catch (IOException e) {
                n = null;
            }
            return new Answer(r.statusCode(), n, text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    Answer get(String pathAndQuery) {
        return send("GET", pathAndQuery, null, Map.of());
    }

    JsonNode ok(String pathAndQuery) {
        Answer a = get(pathAndQuery);
        assertEquals(200, a.status(), () -> pathAndQuery + ": " + a.text());
        return a.body();
    }

    /** The {@code error} of a refused request, checking its status. */
    String refused(int status, String pathAndQuery) {
        Answer a = get(pathAndQuery);
        assertEquals(status, a.status(), () -> pathAndQuery + " should be refused: " + a.text());
        return a.body().get("error").asText();
    }
}
