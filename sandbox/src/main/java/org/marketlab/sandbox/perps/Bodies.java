package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;

/** Reading the signed-operation bodies {@code {op: {type, args}, sig, salt, ts, exp?, label?}}; wrong shapes are 400s. */
final class Bodies {

    static final ObjectMapper MAPPER = new ObjectMapper();

    private Bodies() {
    }

    static JsonNode object(String body) {
        JsonNode n;
        try {
            n = MAPPER.readTree(body);
        } catch (IOException e) {
            throw PerpsFailure.invalid("the body is not JSON");
        }
        if (n == null || !n.isObject()) throw PerpsFailure.invalid("the body must be a JSON object");
        return n;
    }

    /** The {@code op.args} of a body whose {@code op.type} is {@code type}. */
    static JsonNode args(JsonNode body, String type) {
        JsonNode op = body.get("op");
        if (op == null || !op.isObject()) throw PerpsFailure.invalid("op is missing: expected {\"type\": \"" + type + "\", \"args\": ...}");
        if (!type.equals(op.path("type").asText())) throw PerpsFailure.invalid("op.type must be " + type + ", was '" + op.path("type").asText() + "'");
        JsonNode args = op.get("args");
        if (args == null || args.isNull()) throw PerpsFailure.invalid("op.args is missing");
        return args;
    }

    static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual() || v.asText().isEmpty()) throw PerpsFailure.invalid(field + " must be a non-empty string");
        return v.asText();
    }

    /** A non-negative integer field (Unix ms, salt, id). */
    static long integer(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) {
            throw PerpsFailure.invalid(field + " must be a non-negative integer");
        }
        return v.asLong();
    }

    static String address(JsonNode n, String field) {
        String a = text(n, field);
        if (!a.matches("0x[0-9a-fA-F]{40}")) throw PerpsFailure.invalid(field + " must be an address (0x and 40 hex digits), was '" + a + "'");
        return a;
    }
}
