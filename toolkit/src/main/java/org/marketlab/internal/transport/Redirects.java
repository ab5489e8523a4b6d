package org.marketlab.internal.transport;

import org.marketlab.http.RedirectRefusedException;
import okhttp3.HttpUrl;
import okhttp3.Interceptor;
import okhttp3.Request;
import okhttp3.Response;

import java.io.IOException;

/**
 * The redirect policy, as an OkHttp application interceptor (the client itself follows none): a public read (a GET
 * without credential headers) follows up to {@value #MAX_FOLLOWED} redirects whose target has the same scheme, host
 * and port; anything else gets the redirect answer back, which the transport turns into a
 * {@link RedirectRefusedException}. So no header of an authenticated call, and no signed body, ever reaches a host
 * it was not sent to.
 */
final class Redirects implements Interceptor {

    static final int MAX_FOLLOWED = 5;

    /** Marks a request as carrying credentials (the tag's presence is what counts). */
    record Authenticated() {
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        Response response = chain.proceed(request);
        for (int followed = 0; followed < MAX_FOLLOWED && followable(request, response); followed++) {
            HttpUrl target = target(response);
            response.close();
            request = request.newBuilder().url(target).build();
            response = chain.proceed(request);
        }
        return response;
    }

    private static boolean followable(Request request, Response response) {
        if (!response.isRedirect() || !request.method().equals("GET") || request.tag(Authenticated.class) != null) return false;
        HttpUrl t = target(response);
        HttpUrl from = request.url();
        return t != null && t.scheme().equals(from.scheme()) && t.host().equals(from.host()) && t.port() == from.port();
    }

    private static HttpUrl target(Response response) {
        String location = response.header("Location");
        return location == null ? null : response.request().url().resolve(location);
    }

    /** The exception for a redirect answer that was not followed. */
    static RedirectRefusedException refused(int status, String location, String endpoint, boolean authenticated, String method) {
        String why = authenticated ? "an authenticated call follows no redirect (its credentials belong to this host)"
                : !method.equals("GET") ? "a " + method + " follows no redirect"
                : "a public read follows redirects to the same host only (at most " + MAX_FOLLOWED + ")";
        return new RedirectRefusedException(status, null, endpoint, null,
                "redirect to " + (location == null ? "(no Location)" : org.marketlab.internal.Args.shown(location)) + " not followed: " + why, null);
    }
}
