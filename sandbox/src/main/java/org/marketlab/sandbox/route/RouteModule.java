package org.marketlab.sandbox.route;

import io.javalin.Javalin;

/**
 * One part of the simulated service: the routes it adds to the server of one interface. The sandbox lists its
 * modules in one place ({@code Sandbox}), gives each what it needs (the world, the clock) when it builds them, and
 * registers each on its server; a module holds no static state, so two sandboxes in one JVM never share one.
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

    /** Adds the routes (and their exception handlers) to {@code app}, before the server answers anything. */
    void register(Javalin app);
}
