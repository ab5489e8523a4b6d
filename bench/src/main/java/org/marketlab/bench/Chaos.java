package org.marketlab.bench;

import org.marketlab.config.Connection;
import org.marketlab.MarketLab;
import org.marketlab.pacing.RetryPolicy;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.ServiceException;
import org.marketlab.markets.MarketData;
import org.marketlab.pacing.VirtualClock;
import org.marketlab.sandbox.Faults;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.world.World;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A long harvest under injected faults, through the toolkit against the sandbox on loopback: every event of the
 * world harvested again and again by keyset pages until at least {@code minRequests} requests have been sent, while
 * the sandbox answers a share of them ({@code rate}) with a fault of every kind it has. Each pass must hold every
 * event exactly once. The toolkit paces and backs off on a virtual clock (so the 429 holds cost no wall time); the
 * faults themselves (drops, delays) are real. The sandbox's own limits are off: the 429s are the injected ones.
 */
public final class Chaos {

    /** The figures of one run. */
    public record Result(long requests, Map<Faults.Kind, Long> faults, long pages, long retries, Map<String, Long> pageFailures,
                         long passes, long abandonedPasses, Map<String, Long> abandonedBy, List<String> untyped, long events,
                         long lost, long duplicated, Duration wall) {

        public long injected() {
            return faults.values().stream().mapToLong(Long::longValue).sum();
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder();
            b.append(String.format("requests            %,d%n", requests));
            b.append(String.format("faults injected     %,d (%.1f %% of requests)%n", injected(), 100.0 * injected() / requests));
            faults.forEach((k, v) -> b.append(String.format("  %-26s %,d%n", k, v)));
            b.append(String.format("pages               %,d (%,d passes over %,d events)%n", pages, passes, events));
            b.append(String.format("retries             %,d (requests beyond one per page: the transport's and the pages asked again)%n", retries));
            b.append("page failures, typed, then asked again: ").append(pageFailures).append(String.format("%n"));
            b.append(String.format("passes abandoned    %d %s%n", abandonedPasses, abandonedBy));
            b.append(String.format("untyped exceptions  %d %s%n", untyped.size(), untyped));
            b.append(String.format("lost                %d%n", lost));
            b.append(String.format("duplicated          %d%n", duplicated));
            b.append(String.format("wall time           %.1f s%n", wall.toMillis() / 1000.0));
            return b.toString();
        }
    }

    private Chaos() {
    }

    /**
     * @param minRequests harvest until at least this many requests reached the sandbox
     * @param rate        the share of requests that meet a fault
     * @param seed        the world's and the faults' seed
     * @param pageSize    events per page
     */
    public static Result run(long minRequests, double rate, long seed, int pageSize) {
        long t0 = System.nanoTime();
        try (Sandbox sandbox = Sandbox.builder().seed(seed).now(Instant.parse("2026-11-01T00:00:00Z")).build().enforceLimits(false)) {
            Map<String, java.net.URI> urls = sandbox.start();
            Set<String> world = new HashSet<>();
            for (World.EventFacts e : sandbox.world().events()) world.add(Long.toString(e.id()));
            // A short deadline, so that the delay fault (450 ms, real) outlasts it, yet long enough that a loaded
            // machine's ordinary answers come within it; retry waits and holds are virtual.
            Profile profile = Profile.sandbox(seed).withUrl(Service.MARKETS, urls.get("markets").toString())
                    .withCallTimeout(Duration.ofMillis(400));
            Connection connection = MarketLab.connect(profile, new VirtualClock(),
                    new RetryPolicy(4, 6, Duration.ofMillis(20), Duration.ofMillis(200)));
            sandbox.stats().reset();
            sandbox.faults().clear().random(rate, seed, 450, EnumSet.allOf(Faults.Kind.class));

            Map<String, Long> failures = new TreeMap<>(), abandonedBy = new TreeMap<>();
            List<String> untyped = new ArrayList<>();
            AtomicLong pages = new AtomicLong();
            long passes = 0, abandoned = 0, lost = 0, duplicated = 0;
            while (sandbox.stats().total() < minRequests) {
                List<String> got = new ArrayList<>();
                try {
                    new MarketData(connection).events().pageSize(pageSize)
                            .onPageFailure(e -> failures.merge(e.getClass().getSimpleName(), 1L, Long::sum))
                            .onProgress(p -> { if (!p.finished()) pages.incrementAndGet(); })
                            .stream().forEach(e -> got.add(e.id()));
                } catch (ServiceException e) {
                    abandoned++;
                    abandonedBy.merge(e.getClass().getSimpleName(), 1L, Long::sum);
                    continue;
                } catch (RuntimeException e) {
                    untyped.add(e.toString());
                    continue;
                }
                passes++;
                Set<String> distinct = new HashSet<>(got);
                duplicated += got.size() - distinct.size();
                for (String id : world) if (!distinct.contains(id)) lost++;
            }
            Map<Faults.Kind, Long> injected = sandbox.faults().injected();
            sandbox.faults().clear();
            long requests = sandbox.stats().total();
            return new Result(requests, injected, pages.get(), requests - pages.get(), failures, passes, abandoned, abandonedBy,
                    untyped, world.size(), lost, duplicated, Duration.ofNanos(System.nanoTime() - t0));
        }
    }
}
