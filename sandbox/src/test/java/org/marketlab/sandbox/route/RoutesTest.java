package org.marketlab.sandbox.route;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one loop that registers every module's {@link Route}-marked handlers, on a real Javalin server. */
class RoutesTest {

    /** Declared with the parameter route first, so only the registration's ordering can put the literal one first. */
    static final class Rewards {
        @Route("GET /rewards/{id}")
        private void byId(Context ctx) {
            ctx.result("id " + ctx.pathParam("id"));
        }

        @Route("GET /rewards/current")
        private void current(Context ctx) {
            ctx.result("current");
        }

        @Route("GET /mode")
        @Route("POST /mode")
        private void mode(Context ctx) {
            ctx.result(ctx.method() + " " + ctx.endpointHandlerPath());
        }

        @Route("GET /limit")
        private void limit(Context ctx, Params p) {
            ctx.result("limit " + p.natural("limit"));
        }

        @Route("DELETE /refused")
        private void refused(Context ctx) {
            throw Refusal.badRequest("refused as asked");
        }
    }

    @Test
    void servesEveryDeclaredRouteWithLiteralPathsBeforeParameters() throws Exception {
        Javalin app = Javalin.create();
        app.exception(Refusal.class, (e, ctx) -> ctx.status(e.status()).result(e.getMessage()));
        Routes.add(app, new Rewards());
        app.start("127.0.0.1", 0);
        try {
            HttpClient http = HttpClient.newHttpClient();
            String base = "http://127.0.0.1:" + app.port();
            assertEquals("current", send(http, "GET", base + "/rewards/current").body());
            assertEquals("id 7", send(http, "GET", base + "/rewards/7").body());
            assertEquals("GET /mode", send(http, "GET", base + "/mode").body());
            assertEquals("POST /mode", send(http, "POST", base + "/mode").body());
            HttpResponse<String> refused = send(http, "DELETE", base + "/refused");
            assertEquals(400, refused.statusCode(), "a handler's refusal reaches the server's exception handler as thrown");
            assertEquals("refused as asked", refused.body());
            assertEquals(404, send(http, "PUT", base + "/mode").statusCode());
            assertEquals("limit 20", send(http, "GET", base + "/limit?limit=20").body(), "a handler taking Params gets the request's");
            assertEquals(400, send(http, "GET", base + "/limit?limit=-1").statusCode(), "a bad parameter is refused with 400");
        } finally {
            app.stop();
        }
    }

    @Test
    void ordersRoutesByPath() {
        List<String> order = Routes.declared(new Rewards()).stream().map(d -> d.method() + " " + d.path()).toList();
        assertEquals(List.of("GET /limit", "GET /mode", "POST /mode", "DELETE /refused", "GET /rewards/current", "GET /rewards/{id}"), order);
        assertEquals(HandlerType.GET, Routes.declared(new Rewards()).get(0).method());
    }

    static final class NoMethod {
        @Route("/rewards")
        private void r(Context ctx) {
        }
    }

    static final class UnknownMethod {
        @Route("FETCH /rewards")
        private void r(Context ctx) {
        }
    }

    static final class WrongSignature {
        @Route("GET /rewards")
        private String r(Context ctx) {
            return "";
        }
    }

    static final class Twice {
        @Route("GET /rewards")
        private void a(Context ctx) {
        }

        @Route("GET /rewards")
        private void b(Context ctx) {
        }
    }

    @Test
    void refusesWhatIsNotARouteNamingTheMethod() {
        String noMethod = assertThrows(IllegalStateException.class, () -> Routes.declared(new NoMethod())).getMessage();
        assertTrue(noMethod.contains("@Route(\"/rewards\") on " + NoMethod.class.getName() + ".r is not a route")
                && noMethod.contains("GET, POST, PUT, PATCH or DELETE"), noMethod);
        String unknown = assertThrows(IllegalStateException.class, () -> Routes.declared(new UnknownMethod())).getMessage();
        assertTrue(unknown.contains("FETCH /rewards") && unknown.contains("is not a route"), unknown);
        String signature = assertThrows(IllegalStateException.class, () -> Routes.declared(new WrongSignature())).getMessage();
        assertTrue(signature.contains(WrongSignature.class.getName() + ".r must be an instance method taking (io.javalin.http.Context)"
                + " or (io.javalin.http.Context, Params) and returning void"), signature);
        String twice = assertThrows(IllegalStateException.class, () -> Routes.declared(new Twice())).getMessage();
        assertTrue(twice.contains("GET /rewards") && twice.contains("declared twice"), twice);
    }

    private static HttpResponse<String> send(HttpClient http, String method, String url) throws Exception {
        HttpRequest r = HttpRequest.newBuilder(URI.create(url)).method(method, HttpRequest.BodyPublishers.noBody()).build();
        return http.send(r, HttpResponse.BodyHandlers.ofString());
    }
}
