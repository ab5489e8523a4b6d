package org.marketlab.internal.transport;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;

import java.io.IOException;
import org.marketlab.time.Timestamps;

import java.time.Instant;

/**
 * The toolkit's JSON reading rules, in one place: unknown fields ignored (the live service sends many the
 * specification does not list), decimals exact, and every timestamp form of {@link Timestamps} accepted. The
 * mapper is immutable and shared: decoding needs no transport.
 */
public final class Decoding {

    private static final ObjectMapper MAPPER = build();

    private Decoding() {
    }

    /** The shared mapper (thread-safe; configure nothing on it). */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    private static ObjectMapper build() {
        SimpleModule time = new SimpleModule("marketlab-time");
        time.addDeserializer(Instant.class, new JsonDeserializer<>() {
            @Override
            public Instant deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
                if (p.currentToken() == JsonToken.VALUE_NUMBER_INT) return Instant.ofEpochMilli(Timestamps.epochMillis(p.getLongValue()));
                try {
                    return Timestamps.parse(p.getValueAsString());
                } catch (IllegalArgumentException e) {
                    throw new JsonParseException(p, p.currentName() + ": " + e.getMessage(), e);
                }
            }
        });
        return JsonMapper.builder()
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .addModule(time)
                .build();
    }

    /** Jackson's own sentence for what went wrong, without its location dump. */
    static String reason(Exception e) {
        return e instanceof JsonProcessingException j && j.getOriginalMessage() != null ? j.getOriginalMessage() : e.getMessage();
    }
}
