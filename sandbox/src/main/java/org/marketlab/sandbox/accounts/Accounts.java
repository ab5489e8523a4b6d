package org.marketlab.sandbox.accounts;

import io.javalin.Javalin;

import org.marketlab.sandbox.world.World;

import java.time.Clock;
import java.util.List;
import org.marketlab.sandbox.route.RouteModule;

/**
 * The accounts of the world as one route module: the public Data API on the {@code data} server and the order
 * book's account routes (authentication, keys, orders, trades, balances) on the {@code clob} server, both over
 * the same seeded wallets, so a trade reads the same from either.
 */
public final class Accounts {

    private final Wallets wallets;
    private final DataApi data;
    private final ClobAccountsApi clob;

    /** @param clock the server's clock, which signed timestamps are checked against */
    public Accounts(World world, Quotes quotes, Clock clock) {
        this.wallets = new Wallets(world, quotes);
        this.data = new DataApi(wallets);
        this.clob = new ClobAccountsApi(wallets, clock);
    }

    public void registerData(Javalin app) {
        data.register(app);
    }

    public void registerClob(Javalin app) {
        clob.register(app);
    }

    /** The two route modules: the Data API on the {@code data} server, the account routes on the {@code clob} server. */
    public List<RouteModule> modules() {
        return List.of(module("data", this::registerData), module("clob", this::registerClob));
    }

    private static RouteModule module(String service, java.util.function.Consumer<Javalin> routes) {
        return new RouteModule() {
            @Override
            public String service() {
                return service;
            }

            @Override
            public void register(Javalin app) {
                routes.accept(app);
            }
        };
    }

    public Wallets wallets() {
        return wallets;
    }

    public ClobAccountsApi clob() {
        return clob;
    }
}
