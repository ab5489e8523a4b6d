package org.marketlab.internal.transport;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.marketlab.http.MalformedResponseException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A JSON document to decode: a 2xx answer of the service, or a saved file. Readers take a document and nothing
 * else, so the same reader serves both, and a document of the wrong shape is a {@link MalformedResponseException}
 * that names where it came from ({@code GET clob/book answered 200}, or {@code file book.json}).
 *
 * @param origin  where the bytes came from, for messages (never headers: they may hold secrets)
 * @param status  the HTTP status, 0 for a file
 * @param headers response headers, names case-insensitive (empty for a file)
 * @param body    the bytes
 * @param json    the decoding rules ({@link Decoding#mapper()})
 */
public record Document(String origin, int status, Map<String, List<String>> headers, byte[] body, ObjectMapper json) {

    /** Credential-bearing JSON fields whose values are blanked in any preview of a body. */
    private static final Pattern SECRET_FIELD = Pattern.compile(
            "(\"(?:secret|privateKey|private_key|passphrase|apiKey|api_key)\"\\s*:\\s*\")[^\"]*");

    public Document {
        TreeMap<String, List<String>> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        if (headers != null) h.putAll(headers);
        headers = java.util.Collections.unmodifiableMap(h);
        body = body == null ? new byte[0] : body;
    }

    /** A saved document: {@code name} says which (a file name, or what the text is). */
    public static Document file(String name, byte[] body) {
        return new Document("file " + name, 0, Map.of(), body, Decoding.mapper());
    }

    /** A saved document given as text. */
    public static Document file(String name, String text) {
        if (text == null) throw new IllegalArgumentException(name + ": the document is null; give the JSON text");
        return file(name, text.getBytes(StandardCharsets.UTF_8));
    }

    /** The first value of a header, or {@code null}. */
    public String header(String name) {
        List<String> v = headers.get(name);
        return v == null || v.isEmpty() ? null : v.get(0);
    }

    /** The body as a JSON tree. */
    public JsonNode tree() {
        try {
            JsonNode node = json.readTree(body);
            if (node == null || node.isMissingNode()) throw new IOException("empty body");
            return node;
        } catch (IOException e) {
            throw malformed("the body is not JSON: " + Decoding.reason(e), e);
        }
    }

    /** The body bound to {@code type}. */
    public <T> T read(Class<T> type) {
        return read(json.constructType(type));
    }

    /** The body bound to {@code type}. */
    public <T> T read(JavaType type) {
        try {
            return json.readValue(body, type);
        } catch (IOException e) {
            throw malformed("could not be read as " + type.getRawClass().getSimpleName() + ": " + Decoding.reason(e), e);
        }
    }

    /** One node of the body bound to {@code type}; {@code what} names the node in the message. */
    public <T> T read(JsonNode node, Class<T> type, String what) {
        try {
            return json.treeToValue(node, type);
        } catch (IOException | IllegalArgumentException e) {
            throw malformed(what + " could not be read as " + type.getSimpleName() + ": " + Decoding.reason(e), e);
        }
    }

    /** A streaming parser over the body. */
    public JsonParser parser() throws IOException {
        return json.createParser(body);
    }

    /** A {@link MalformedResponseException} for a document of the wrong shape, naming its origin. */
    public MalformedResponseException malformed(String what, Throwable cause) {
        return new MalformedResponseException(status, null, origin, null, what + "; " + (status == 0 ? "the document" : "the body")
                + " starts: " + preview(body), cause);
    }

    static String preview(byte[] body) {
        if (body == null || body.length == 0) return "(empty)";
        String s = new String(body, 0, Math.min(body.length, 120), StandardCharsets.UTF_8);
        s = SECRET_FIELD.matcher(s).replaceAll("$1***");
        return "'" + s.replaceAll("\\s+", " ") + (body.length > 120 ? "…'" : "'");
    }

    @Override
    public String toString() {
        return "Document[" + origin + ", " + body.length + " bytes]";
    }
}
