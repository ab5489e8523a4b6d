package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Refusal;

import java.io.IOException;

/** Reading the signed-operation bodies {@code {op: {type, args}, sig, salt, ts, exp?, label?}}; wrong shapes are 400s. */
final class Bodies {

    private Bodies() {
    }

    static JsonNode object(String body) {
        JsonNode n;
        try {
            n = Json.MAPPER.readTree(body);
        } catch (IOException e) {
            throw Refusal.badRequest("the body is not JSON");
        }
        if (n == null || !n.isObject()) throw Refusal.badRequest("the body must be a JSON object");
        return n;
    }

    /** The {@code op.args} of a body whose {@code op.type} is {@code type}. */
    static JsonNode args(JsonNode body, String type) {
        JsonNode op = body.get("op");
        if (op == null || !op.isObject()) throw Refusal.badRequest("op is missing: expected {\"type\": \"" + type + "\", \"args\": ...}");
        if (!type.equals(op.path("type").asText())) throw Refusal.badRequest("op.type must be " + type + ", was '" + op.path("type").asText() + "'");
        JsonNode args = op.get("args");
        if (args == null || args.isNull()) throw Refusal.badRequest("op.args is missing");
        return args;
    }

    /** A signed operation's body and its {@code op.args}. */
    record Command(JsonNode body, JsonNode args) {

        /** {@link Bodies#address} of {@code op.args}. */
        String address(String field) {
            return Bodies.address(args, field);
        }

        /** {@link Bodies#text} of {@code op.args}. */
        String text(String field) {
            return Bodies.text(args, field);
        }

        /** {@link Bodies#integer} of {@code op.args}. */
        long integer(String field) {
            return Bodies.integer(args, field);
        }

        /** The signature's {@code salt}, {@code ts} and {@code sig}, read (and refused) in that order. */
        Signature signature() {
            return new Signature(Bodies.integer(body, "salt"), Bodies.integer(body, "ts"), Bodies.text(body, "sig"));
        }
    }

    /** What a signed operation's signature covers besides the operation: {@code salt}, {@code ts}; and {@code sig}. */
    record Signature(long salt, long ts, String sig) {
    }

    /** The request's body, a JSON object whose {@code op.type} is {@code type}, and its {@code op.args}. */
    static Command command(String body, String type) {
        JsonNode n = object(body);
        return new Command(n, args(n, type));
    }

    static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isTextual() || v.asText().isEmpty()) throw Refusal.badRequest(field + " must be a non-empty string");
        return v.asText();
    }

    /** A non-negative integer field (Unix ms, salt, id). */
    static long integer(JsonNode n, String field) {
        JsonNode v = n.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong() || v.asLong() < 0) {
            throw Refusal.badRequest(field + " must be a non-negative integer");
        }
        return v.asLong();
    }

    static String address(JsonNode n, String field) {
        String a = text(n, field);
        if (!a.matches("0x[0-9a-fA-F]{40}")) throw Refusal.badRequest(field + " must be an address (0x and 40 hex digits), was '" + a + "'");
        return a;
    }
}
