package org.marketlab.sandbox.bridge;

import io.javalin.Javalin;
import org.marketlab.sandbox.route.RouteModule;

/**
 * The bridge host ({@code bridge_url}): the specification names it only in its limits table (50 requests per 10 s),
 * so the sandbox serves its health check, {@code GET /ok}, under that limit, and every other path answers 404
 * {@code {"error"}}.
 */
public final class BridgeApi implements RouteModule {

    @Override
    public String service() {
        return "bridge";
    }

    @Override
    public void register(Javalin app) {
        app.get("/ok", ctx -> ctx.result("OK"));
    }
}
