package org.marketlab.sandbox;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A plain HTTP client for the sandbox's tests: real requests over loopback, nothing of the toolkit. */
final class Wire {

    static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonFactory FACTORY = new JsonFactory();

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI base;

    Wire(URI base) {
        this.base = base;
    }

    HttpResponse<byte[]> get(String pathAndQuery) {
        try {
            return http.send(HttpRequest.newBuilder(base.resolve(pathAndQuery)).build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    HttpResponse<byte[]> post(String path, String body) {
        try {
            return http.send(HttpRequest.newBuilder(base.resolve(path)).POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** The body of a 200 answer, read as JSON. */
    JsonNode json(String pathAndQuery) {
        HttpResponse<byte[]> r = get(pathAndQuery);
        assertEquals(200, r.statusCode(), () -> pathAndQuery + ": " + new String(r.body(), StandardCharsets.UTF_8));
        return read(r.body());
    }

    /** The {@code error} message of a 422 answer. */
    String refused(String pathAndQuery) {
        HttpResponse<byte[]> r = get(pathAndQuery);
        assertEquals(422, r.statusCode(), () -> pathAndQuery + " should be refused: " + new String(r.body(), StandardCharsets.UTF_8));
        String error = read(r.body()).get("error").asText();
        assertTrue(!error.isBlank(), "an error message");
        return error;
    }

    /** Every event id the filters select, in the order served, harvested page by page with a cursor. */
    List<String> keysetIds(String filters) {
        List<String> out = new ArrayList<>();
        String cursor = null;
        for (int pages = 0; pages < 1000; pages++) {
            String q = "/events/keyset?limit=100" + (filters.isEmpty() ? "" : "&" + filters)
                    + (cursor == null ? "" : "&after_cursor=" + enc(cursor));
            HttpResponse<byte[]> r = get(q);
            assertEquals(200, r.statusCode(), () -> q + ": " + new String(r.body(), StandardCharsets.UTF_8));
            Page p = page(r.body());
            out.addAll(p.ids);
            if (p.nextCursor == null) return out;
            assertTrue(!p.ids.isEmpty(), "a page that promises more is not empty");
            cursor = p.nextCursor;
        }
        throw new AssertionError("keyset paging did not end");
    }

    /** Every event id the filters select, by offset, 100 at a time. */
    List<String> offsetIds(String filters) {
        List<String> out = new ArrayList<>();
        for (int offset = 0; ; offset += 100) {
            List<String> page = ids(getOk("/events?limit=100&offset=" + offset + (filters.isEmpty() ? "" : "&" + filters)));
            out.addAll(page);
            if (page.size() < 100) return out;
        }
    }

    byte[] getOk(String pathAndQuery) {
        HttpResponse<byte[]> r = get(pathAndQuery);
        assertEquals(200, r.statusCode(), () -> pathAndQuery + ": " + new String(r.body(), StandardCharsets.UTF_8));
        return r.body();
    }

    /**
     * One GET over a plain socket bound to {@code localAddress} (another loopback address is another
     * client), with no client-side retry: the status code, or -1 when the server closed without answering.
     */
    static int rawStatus(String localAddress, URI server, String path) {
        try (java.net.Socket socket = new java.net.Socket()) {
            socket.bind(new java.net.InetSocketAddress(localAddress, 0));
            socket.connect(new java.net.InetSocketAddress(server.getHost(), server.getPort()), 2000);
            socket.setSoTimeout(5000);
            socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: " + server.getHost()
                    + "\r\nConnection: close\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            java.io.InputStream in = socket.getInputStream();
            StringBuilder line = new StringBuilder();
            for (int c; (c = in.read()) != -1 && c != '\n'; ) line.append((char) c);
            if (line.length() == 0) return -1;
            return Integer.parseInt(line.toString().split(" ")[1]);
        } catch (java.net.SocketException closed) {
            return -1; // reset by the server
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    record Page(List<String> ids, String nextCursor) {
    }

    /** The ids of a top-level array of events, read as a stream (pages are large; the rest is skipped). */
    static List<String> ids(byte[] body) {
        try (JsonParser p = FACTORY.createParser(body)) {
            if (p.nextToken() != JsonToken.START_ARRAY) throw new AssertionError("not an array: " + head(body));
            return idsOfArray(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Page page(byte[] body) {
        try (JsonParser p = FACTORY.createParser(body)) {
            if (p.nextToken() != JsonToken.START_OBJECT) throw new AssertionError("not an object: " + head(body));
            List<String> ids = null;
            String cursor = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken v = p.nextToken();
                if (name.equals("events")) ids = idsOfArray(p);
                else if (name.equals("next_cursor")) cursor = v == JsonToken.VALUE_NULL ? null : p.getText();
                else p.skipChildren();
            }
            if (ids == null) throw new AssertionError("no events array: " + head(body));
            return new Page(ids, cursor);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> idsOfArray(JsonParser p) throws IOException {
        List<String> out = new ArrayList<>();
        while (p.nextToken() == JsonToken.START_OBJECT) {
            String id = null;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                p.nextToken();
                if (name.equals("id")) id = p.getText();
                else p.skipChildren();
            }
            out.add(id);
        }
        return out;
    }

    static JsonNode read(byte[] body) {
        try {
            return JSON.readTree(body);
        } catch (IOException e) {
            throw new AssertionError("not JSON: " + head(body), e);
        }
    }

    static String enc(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }

    private static String head(byte[] body) {
        String s = new String(body, StandardCharsets.UTF_8);
        return s.length() > 200 ? s.substring(0, 200) + "..." : s;
    }

    /** Whether a body is well-formed JSON (fault tests tell a truncated or garbled body from a whole one). */
    static boolean parses(byte[] body) {
        try {
            JSON.readTree(body);
            return true;
        } catch (Exception e) {
            return false;
        }
    }
}
