package org.marketlab.sandbox.route;

import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Registers the {@link Route}-marked methods of an object on a server: the one loop behind every module's routes.
 *
 * <p>Routes are added in the order of their paths, compared as text. Javalin answers a request with the first route
 * added that matches it, and {@code '{'} sorts after every character a literal path segment uses, so a literal
 * segment always comes before a parameter in the same place ({@code /rewards/markets/current} before
 * {@code /rewards/markets/{condition_id}}), whatever order the compiler keeps the methods in.
 */
public final class Routes {

    private static final Set<HandlerType> METHODS = Set.of(HandlerType.GET, HandlerType.POST, HandlerType.PUT,
            HandlerType.PATCH, HandlerType.DELETE);

    private Routes() {
    }

    /** One declared route: its method, its path and the bound handler. */
    record Declared(HandlerType method, String path, Handler handler, String where) {
    }

    /**
     * Adds every route {@code handlers} declares (its class's methods and its superclasses'), ordered as above.
     *
     * @throws IllegalStateException naming the method, when a route is malformed, its method does not take one
     *                               {@code Context} and return nothing, or two methods declare the same route
     */
    public static void add(Javalin app, Object handlers) {
        for (Declared d : declared(handlers)) app.addHttpHandler(d.method(), d.path(), d.handler());
    }

    /** The routes {@code handlers} declares, in the order {@link #add} registers them. */
    static List<Declared> declared(Object handlers) {
        List<Declared> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (Class<?> c = handlers.getClass(); c != null && c != Object.class; c = c.getSuperclass()) {
            for (Method m : c.getDeclaredMethods()) {
                Route[] routes = m.getAnnotationsByType(Route.class);
                if (routes.length == 0) continue;
                String where = c.getName() + "." + m.getName();
                Handler handler = handler(handlers, m, where);
                for (Route r : routes) {
                    Declared d = parse(r.value(), handler, where);
                    if (!seen.add(d.method() + " " + d.path())) {
                        throw new IllegalStateException("@Route(\"" + r.value() + "\") on " + where + " is declared twice by " + handlers.getClass().getName());
                    }
                    out.add(d);
                }
            }
        }
        out.sort(Comparator.comparing(Declared::path).thenComparing(d -> d.method().name()));
        return out;
    }

    private static Declared parse(String value, Handler handler, String where) {
        int space = value.indexOf(' ');
        HandlerType method = null;
        if (space > 0) {
            try {
                method = HandlerType.valueOf(value.substring(0, space));
            } catch (IllegalArgumentException notOne) {
                method = null;
            }
        }
        String path = space > 0 ? value.substring(space + 1) : "";
        if (method == null || !METHODS.contains(method) || !path.startsWith("/") || path.contains(" ")) {
            throw new IllegalStateException("@Route(\"" + value + "\") on " + where
                    + " is not a route: write the method (GET, POST, PUT, PATCH or DELETE), one space and a path starting with /");
        }
        return new Declared(method, path, handler, where);
    }

    private static Handler handler(Object target, Method m, String where) {
        Class<?>[] p = m.getParameterTypes();
        boolean withParams = p.length == 2 && p[0] == Context.class && p[1] == Params.class;
        if (Modifier.isStatic(m.getModifiers()) || m.getReturnType() != void.class
                || !(withParams || p.length == 1 && p[0] == Context.class)) {
            throw new IllegalStateException("@Route method " + where + " must be an instance method taking (io.javalin.http.Context)"
                    + " or (io.javalin.http.Context, Params) and returning void");
        }
        MethodHandle h;
        try {
            m.setAccessible(true);
            h = MethodHandles.lookup().unreflect(m).bindTo(target);
        } catch (IllegalAccessException | RuntimeException e) {
            throw new IllegalStateException("@Route method " + where + " cannot be called: " + e, e);
        }
        if (withParams) return ctx -> call(h, ctx, Params.of(ctx, 400));
        return ctx -> call(h, ctx, null);
    }

    /** Calls a handler; what it throws reaches Javalin's exception handlers as thrown. */
    private static void call(MethodHandle h, Context ctx, Params params) throws Exception {
        try {
            if (params == null) h.invokeExact(ctx);
            else h.invokeExact(ctx, params);
        } catch (Exception | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new IllegalStateException(t);
        }
    }
}
