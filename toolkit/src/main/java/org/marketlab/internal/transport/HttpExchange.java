package org.marketlab.internal.transport;

import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;

import java.io.IOException;

/**
 * The last step: sends this attempt's request over the profile's HTTP client with what is left of the deadline as
 * its timeout, and reads the answer's body up to the profile's response-size cap.
 */
final class HttpExchange implements SendStep {

    private static final MediaType JSON = MediaType.get("application/json");

    @Override
    public Answer send(Exchange x, Chain rest) throws IOException {
        okhttp3.Call http = x.resources().http().newCall(request(x));
        if (!x.deadline().apply(http)) throw x.deadline().exceeded(x.endpoint(), x.attempts() - 1, null);
        try (okhttp3.Response r = http.execute()) {
            return new Answer(r.code(), r.headers().toMultimap(), BoundedBody.read(r, x.resources().profile().maxResponseBytes(), x.endpoint()));
        }
    }

    private static Request request(Exchange x) {
        Call call = x.signed();
        Request.Builder r = new Request.Builder().url(x.url()).header("Accept", "application/json")
                .header("User-Agent", "marketlab/0.1");
        call.headers().forEach(r::header);
        if (!call.headers().isEmpty()) r.tag(Redirects.Authenticated.class, new Redirects.Authenticated());
        RequestBody body = call.body() == null
                ? (call.method().equals("GET") || call.method().equals("HEAD") ? null : RequestBody.create(new byte[0], JSON))
                : RequestBody.create(call.body(), JSON);
        return r.method(call.method(), body).build();
    }
}
