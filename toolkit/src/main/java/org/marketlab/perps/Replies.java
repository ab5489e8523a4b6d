package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.http.Call;
import org.marketlab.http.OperationRefusedException;
import org.marketlab.http.Response;
import org.marketlab.http.Transport;

import java.io.IOException;

/** Reading perpetuals answers: a 2xx {@code {status: "err", error}} is a refusal, never a record. */
final class Replies {

    private Replies() {
    }

    /** The parsed answer, or {@link OperationRefusedException} when it is an object whose {@code status} is {@code err}. */
    static JsonNode ok(Transport t, Call call, Response r) {
        JsonNode n = t.parse(call, r);
        if (n.isObject() && "err".equals(n.path("status").asText())) {
            String error = n.path("error").isTextual() ? n.get("error").asText() : null;
            throw new OperationRefusedException(r.status(), error == null ? "(no error given)" : error, call.toString(), null,
                    "the service refused the operation", null);
        }
        return n;
    }

    /** The answer read as {@code type}, after {@link #ok}. */
    static <T> T as(Transport t, Call call, Response r, Class<T> type) {
        JsonNode n = ok(t, call, r);
        try {
            return t.json().treeToValue(n, type);
        } catch (IOException | IllegalArgumentException e) {
            throw t.malformed(call, r, "could not be read as " + type.getSimpleName() + ": "
                    + (e instanceof com.fasterxml.jackson.core.JsonProcessingException j ? j.getOriginalMessage() : e.getMessage()), e);
        }
    }
}
