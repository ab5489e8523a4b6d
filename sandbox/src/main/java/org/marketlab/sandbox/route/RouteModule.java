package org.marketlab.sandbox.route;

import io.javalin.Javalin;

/**
 * One part of the simulated service: the routes it adds to the server of one interface. The sandbox lists its
 * modules in one place ({@code Sandbox}), gives each what it needs (the world, the clock) when it builds them, and
 * registers each on its server. A module declares each route on its handler ({@code @Route("GET /v2/trades")}); adding
 * a module is one line in the sandbox's list of modules. A module holds no static state, so two sandboxes in one JVM never share one.
 */
public interface RouteModule {

    /**
     * The interface whose server carries these routes: {@code markets}, {@code clob}, {@code data}, {@code perps},
     * {@code bridge}. The sandbox's packages are its hosts, so by default it is the last part of the module's package
     * name ({@code org.marketlab.sandbox.clob} serves {@code clob}); the sandbox refuses a module whose host it has no
     * server for.
     */
    default String service() {
        String pkg = getClass().getPackageName();
        return pkg.substring(pkg.lastIndexOf('.') + 1);
    }

    /**
     * Adds the routes (and their exception handlers) to {@code app}, before the server answers anything. By default,
     * the module's {@link Route}-marked handlers ({@link Routes#add}); a module that also adds web sockets, filters or
     * server events overrides this and calls {@code RouteModule.super.register(app)} for its routes.
     */
    default void register(Javalin app) {
        Routes.add(app, this);
    }
}
