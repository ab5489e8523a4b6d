package org.marketlab.bench;

/**
 * Prints the figures of a long harvest under injected faults ({@link Chaos}): requests, faults by kind, retries,
 * typed failures, wall time, lost and duplicated events. Arguments: [requests (10000)] [fault rate (0.10)] [seed (7)].
 */
public final class ChaosBench {

    private ChaosBench() {
    }

    public static void main(String[] args) {
        long requests = args.length > 0 ? Long.parseLong(args[0]) : 10_000;
        double rate = args.length > 1 ? Double.parseDouble(args[1]) : 0.10;
        long seed = args.length > 2 ? Long.parseLong(args[2]) : 7;
        System.out.printf("Chaos: at least %,d requests through the toolkit against the sandbox on loopback, %.0f %% of them faults%n%n",
                requests, rate * 100);
        Chaos.Result r = Chaos.run(requests, rate, seed, 5);
        System.out.print(r);
        System.exit(r.lost() == 0 && r.duplicated() == 0 && r.untyped().isEmpty() ? 0 : 1);
    }
}
