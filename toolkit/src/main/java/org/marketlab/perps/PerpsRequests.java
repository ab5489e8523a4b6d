package org.marketlab.perps;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.config.Service;
import org.marketlab.http.OperationRefusedException;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Limiter;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Signer;
import org.marketlab.internal.transport.Transport;
import org.marketlab.pacing.WeightBudget;
import org.marketlab.signing.Wallet;

import java.security.SecureRandom;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import java.util.function.LongFunction;

/**
 * How the perpetuals domain sends: every request limited by its weight against a {@link WeightBudget} (which hears
 * the server's rate-limit headers), and signed on each attempt: proxy headers on private reads, and a fresh
 * {@code ts}, {@code salt} and signature in the body of a signed operation, so a request held back by the pacer or
 * a {@code Retry-After} is never sent with a stale timestamp.
 */
final class PerpsRequests {

    private static final SecureRandom RANDOM = new SecureRandom();

    private final Transport transport;
    private final WeightBudget budget;
    private final AtomicLong spent;
    private final Signer auth;

    /**
     * @param spent counts the weight this caller spends (null: not counted)
     * @param auth  signs private reads (proxy headers), {@link Signer#NONE} for public ones
     */
    PerpsRequests(Transport transport, WeightBudget budget, AtomicLong spent, Signer auth) {
        this.transport = transport;
        this.budget = budget;
        this.spent = spent;
        this.auth = auth;
    }

    Transport transport() {
        return transport;
    }

    /** A read with the caller's authentication. */
    Document read(String path, Query query, long weight) {
        return checked(transport.send(Call.get(Service.PERPS, path, query).signedBy(auth).limitedBy(weight(weight))));
    }

    /** A write whose body is made on each attempt by {@code body(nowMillis)} (with the caller's authentication). */
    Document write(String method, String path, LongFunction<ObjectNode> body, long weight) {
        Signer make = (call, now) -> call.withBody(bytes(body.apply(now)));
        return checked(transport.send(Call.write(Service.PERPS, method, path, null).signedBy(auth.andThen(make)).limitedBy(weight(weight))));
    }

    /**
     * The answer, unless it is a refusal in a 2xx body: the perpetuals interface's {@code {status: "err", error}} is
     * an {@link OperationRefusedException} carrying the service's error, never a record.
     */
    static Document checked(Document d) {
        JsonNode n = d.tree();
        if (n.isObject() && "err".equals(n.path("status").asText())) {
            String error = n.path("error").isTextual() ? n.get("error").asText() : null;
            throw new OperationRefusedException(d.status(), error == null ? "(no error given)" : error, d.origin(), null,
                    "the service refused the operation", null);
        }
        return d;
    }

    /**
     * A signed operation: on each attempt {@code ts} is the attempt's time, {@code salt} fresh, and {@code signer}
     * signs {@code Op(keccak(msgpack), salt, ts)}; {@code extra} adds fields that depend on the time (such as
     * {@code exp}).
     */
    Document operation(String method, String path, String type, JsonNode args, byte[] msgpack, Wallet signer,
                       Function<Long, Map<String, Long>> extra, long weight) {
        return write(method, path, now -> {
            long salt = salt();
            byte[] digest = OperationSigning.op(transport.profile().names().perpsDomainName(), transport.profile().names().chainId(), msgpack, salt, now);
            ObjectNode body = transport.resources().json().createObjectNode();
            body.putObject("op").put("type", type).set("args", args);
            body.put("sig", signer.sign(digest)).put("salt", salt).put("ts", now);
            if (extra != null) extra.apply(now).forEach(body::put);
            return body;
        }, weight);
    }

    static long salt() {
        return RANDOM.nextInt() & 0xffffffffL;
    }

    /** {@code weight} of the budget, counted as this caller's; the budget hears every answer's headers. */
    Limiter weight(long weight) {
        return new Limiter() {
            @Override
            public void acquire(Call call) throws InterruptedException {
                budget.acquire(weight);
                if (spent != null) spent.addAndGet(weight);
            }

            @Override
            public void onResponse(Call call, int status, Function<String, String> header) {
                budget.onResponse(status, header);
            }
        };
    }

    private byte[] bytes(JsonNode body) {
        try {
            return transport.resources().json().writeValueAsBytes(body);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not write a request body", e);
        }
    }
}
