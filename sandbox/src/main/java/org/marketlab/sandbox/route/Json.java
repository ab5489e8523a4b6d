package org.marketlab.sandbox.route;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;

/**
 * JSON in and out of every route: one mapper, which writes decimals and floating-point numbers plain (never in
 * exponent form, as the service writes them), and a node factory that keeps a decimal as given ({@code 12.50} stays {@code 12.50}) for the
 * documents that carry money.
 */
public final class Json {

    public static final ObjectMapper MAPPER = JsonMapper.builder(JsonFactory.builder().addDecorator((factory, generator) -> new PlainNumbers(generator)).build())
            .enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN).build();

    /** Writes floating-point numbers in plain decimals ({@code 0.0006}, not {@code 6.0E-4}), as the live service does. */
    private static final class PlainNumbers extends JsonGeneratorDelegate {
        PlainNumbers(JsonGenerator g) {
            super(g, true);
        }

        @Override
        public void writeNumber(double v) throws IOException {
            String s = Double.toString(v);
            if (Double.isFinite(v) && s.indexOf('E') >= 0) delegate.writeNumber(BigDecimal.valueOf(v).stripTrailingZeros().toPlainString());
            else delegate.writeNumber(v);
        }

        @Override
        public void writeNumber(float v) throws IOException {
            writeNumber(Double.parseDouble(Float.toString(v)));
        }
    }
    public static final JsonNodeFactory EXACT = JsonNodeFactory.withExactBigDecimals(true);

    private Json() {
    }

    public static ObjectNode object() {
        return EXACT.objectNode();
    }

    public static ArrayNode array() {
        return EXACT.arrayNode();
    }

    /** The answer's body, as {@code application/json}. */
    public static void send(Context ctx, JsonNode body) {
        ctx.contentType("application/json").result(bytes(body));
    }

    public static byte[] bytes(JsonNode n) {
        try {
            return MAPPER.writeValueAsBytes(n);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A request body read as JSON, or null when it is not JSON (or empty). */
    public static JsonNode readOrNull(byte[] body) {
        try {
            return body.length == 0 ? null : MAPPER.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }

    /** A decimal as a JSON number, without trailing zeros ({@code 15}, not {@code 1.5E+1}). */
    public static BigDecimal number(BigDecimal v) {
        BigDecimal s = v.stripTrailingZeros();
        return s.scale() < 0 ? s.setScale(0) : s;
    }
}
