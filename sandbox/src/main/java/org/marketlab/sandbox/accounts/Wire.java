package org.marketlab.sandbox.accounts;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;

/** JSON out of the account routes: exact decimals written plain, and the {@code {error}} answers. */
final class Wire {

    static final ObjectMapper MAPPER = JsonMapper.builder().enable(JsonGenerator.Feature.WRITE_BIGDECIMAL_AS_PLAIN).build();
    static final JsonNodeFactory JSON = JsonNodeFactory.withExactBigDecimals(true);

    private Wire() {
    }

    /** An error answer: {@code {error}} with a status. */
    static final class Refused extends RuntimeException {
        final int status;

        Refused(int status, String message) {
            super(message);
            this.status = status;
        }
    }

    static Refused refused(int status, String message) {
        return new Refused(status, message);
    }

    static void send(Context ctx, JsonNode body) {
        try {
            ctx.contentType("application/json").result(MAPPER.writeValueAsBytes(body));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static ObjectNode object() {
        return JSON.objectNode();
    }

    /** A decimal as a JSON number, without trailing zeros. */
    static BigDecimal number(BigDecimal v) {
        BigDecimal s = v.stripTrailingZeros();
        return s.scale() < 0 ? s.setScale(0) : s;
    }

    /** A decimal as the order book writes sizes and prices: a string with four places. */
    static String four(BigDecimal v) {
        return v.setScale(4, java.math.RoundingMode.HALF_EVEN).toPlainString();
    }
}
