package org.marketlab.sandbox;

import java.net.URI;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;

/**
 * {@code java -jar marketlab-sandbox-standalone.jar [--port 8080] [--seed 7] [--now 2026-11-01T00:00:00Z] [--no-limits] [--reject-over-limit]}:
 * markets on the port, then clob, data, perps (and its WebSocket), bridge and chain (a JSON-RPC node) on the next ports.
 */
public final class SandboxMain {

    private static final String USAGE = "usage: java -jar marketlab-sandbox-standalone.jar [--port N (1-65530, default 8080)]"
            + " [--seed N (default 7)] [--now ISO-8601 instant: the world's anchor and a present fixed there"
            + " (default: anchored at the start of today, UTC, with histories running to the machine's clock)] [--no-limits]"
            + " [--reject-over-limit (answer 429 over an IP limit instead of holding the request)]";

    private SandboxMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        int port = 8080;
        Sandbox.Builder b = Sandbox.builder();
        long seed = 7;
        boolean fixed = false;
        boolean limits = true;
        boolean reject = false;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--port" -> {
                        port = Integer.parseInt(value(args, ++i, "--port"));
                        if (port < 1 || port > 65530) throw new IllegalArgumentException("--port must be 1 to 65530, was " + port);
                    }
                    case "--seed" -> seed = Long.parseLong(value(args, ++i, "--seed"));
                    case "--now" -> {
                        b.now(Instant.parse(value(args, ++i, "--now")));
                        fixed = true;
                    }
                    case "--no-limits" -> limits = false;
                    case "--reject-over-limit" -> reject = true;
                    case "--help", "-h" -> {
                        System.out.println(USAGE);
                        return;
                    }
                    default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'");
                }
            }
        } catch (NumberFormatException | DateTimeParseException e) {
            System.err.println("bad value: " + e.getMessage() + "\n" + USAGE);
            System.exit(2);
            return;
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage() + "\n" + USAGE);
            System.exit(2);
            return;
        }
        Sandbox s = b.seed(seed).build().enforceLimits(limits).rejectOverLimit(reject);
        Map<String, URI> urls;
        try {
            urls = s.startOn(seed, port);
        } catch (RuntimeException e) {
            System.err.println("cannot start on ports " + port + " to " + (port + 5) + ": " + e.getMessage());
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(s::close));
        System.out.println("MarketLab sandbox, seed " + seed + ", world of " + s.world().events().size() + " events and "
                + s.world().marketCount() + " markets, anchored at " + s.world().now() + ", histories up to "
                + (fixed ? "there" : "the present"));
        // The channel's own URL, path included: the official client connects only to it.
        urls.forEach((k, v) -> System.out.println("  " + k + " " + (k.equals("perps_ws") ? v + "/v1/ws" : k.equals("clob_ws") ? v + "/ws/market, " + v + "/ws/user" : v)));
        System.out.println("Point the toolkit at it with MARKETLAB_<NAME>_URL, e.g. MARKETLAB_MARKETS_URL=" + urls.get("markets"));
        // The seeded wallets' ledgers, which every public tape read (Data API trades, live activity) needs first, are
        // made now rather than inside a client's first such call, whose own timeout may be a few seconds.
        Thread tapes = new Thread(() -> s.wallets().prepareTapes(), "sandbox-prepare-tapes");
        tapes.setDaemon(true);
        tapes.setPriority(Thread.MIN_PRIORITY);
        tapes.start();
        Thread.currentThread().join();
    }

    private static String value(String[] args, int i, String option) {
        if (i >= args.length) throw new IllegalArgumentException(option + " needs a value");
        return args[i];
    }
}
