package org.marketlab.sandbox.route;

import io.javalin.Javalin;

/** {@code GET /ok} answering {@code OK}: every interface's health check. */
public record Health(String service) implements RouteModule {

    @Override
    public void register(Javalin app) {
        app.get("/ok", ctx -> ctx.result("OK"));
    }
}
