package org.marketlab.sandbox.route;

import io.javalin.http.Context;

/** {@code GET /ok} answering {@code OK}: every interface's health check. */
public record Health(String service) implements RouteModule {

    @Route("GET /ok")
    private void ok(Context ctx) {
        ctx.result("OK");
    }
}
