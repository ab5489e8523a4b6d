package org.marketlab.internal.transport;

import org.marketlab.spi.EmbeddedService;

import java.net.URI;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * Starts the embedded sandbox on first use (one per seed) and stops it at JVM exit. Found through
 * {@link ServiceLoader}, so the toolkit has no compile dependency on the sandbox module.
 */
final class EmbeddedServices {

    private static final String ARTIFACT = "org.marketlab:marketlab-sandbox";
    private static final Map<Long, Map<String, URI>> STARTED = new HashMap<>();

    private EmbeddedServices() {
    }

    /**
     * The seeds whose sandbox a call has needed: a start made ahead of need ({@link #urlsAhead}) then stops giving way,
     * so the call waits for the start only, never for what the start gave way to.
     */
    private static final java.util.Set<Long> NEEDED = java.util.concurrent.ConcurrentHashMap.newKeySet();
    /**
     * Calls that need a sandbox, of any seed, and are under way: one start runs at a time, so a start made ahead of need
     * stops giving way while any call waits, which may be for a sandbox of another seed.
     */
    private static final java.util.concurrent.atomic.AtomicInteger CALLING = new java.util.concurrent.atomic.AtomicInteger();
    /** How often a start that gives way looks again whether it may go on. */
    private static final long GIVE_WAY_POLL_MS = 5;

    /** The sandbox's URLs for a call that needs them: started now if need be. */
    static Map<String, URI> urls(long seed) {
        NEEDED.add(seed);
        CALLING.incrementAndGet();
        try {
            return started(seed, () -> { });
        } finally {
            CALLING.decrementAndGet();
        }
    }

    /**
     * The sandbox started ahead of need: before each step of its start (see {@link EmbeddedService#start(long, Runnable)})
     * it waits while {@code giveWayWhile} says so, until a call needs this sandbox or waits for any ({@link #urls}).
     */
    static Map<String, URI> urlsAhead(long seed, java.util.function.BooleanSupplier giveWayWhile) {
        return started(seed, () -> giveWay(seed, giveWayWhile));
    }

    private static void giveWay(long seed, java.util.function.BooleanSupplier giveWayWhile) {
        try {
            while (CALLING.get() == 0 && !NEEDED.contains(seed) && giveWayWhile.getAsBoolean()) Thread.sleep(GIVE_WAY_POLL_MS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the start goes on; the interrupt stays for whoever asked it
        }
    }

    private static synchronized Map<String, URI> started(long seed, Runnable betweenSteps) {
        Map<String, URI> urls = STARTED.get(seed);
        if (urls != null) return urls;
        EmbeddedService service;
        try {
            Iterator<EmbeddedService> it = ServiceLoader.load(EmbeddedService.class, EmbeddedServices.class.getClassLoader()).iterator();
            if (!it.hasNext()) {
                it = ServiceLoader.load(EmbeddedService.class).iterator();
            }
            if (!it.hasNext()) {
                throw new IllegalStateException("The sandbox profile (the default when MARKETLAB_PROFILE is not set) runs on "
                        + "the embedded sandbox, and the artifact " + ARTIFACT + " is not on the class path. Either add it "
                        + "(marketlab-toolkit brings it unless it was excluded), or use the live service: set "
                        + "MARKETLAB_PROFILE=live, or call MarketLab.use(Profile.live()) first.");
            }
            service = it.next();
        } catch (ServiceConfigurationError | LinkageError e) {
            throw broken(e);
        }
        try {
            urls = Map.copyOf(service.start(seed, betweenSteps));
        } catch (LinkageError e) {
            closeQuietly(service);
            throw broken(e);
        }
        STARTED.put(seed, urls);
        Runtime.getRuntime().addShutdownHook(new Thread(service::close, "marketlab-sandbox-stop"));
        return urls;
    }

    /**
     * The sandbox's classes are there but a library of its own is not (a dependency excluded, or a class path put
     * together by hand): what is missing, and the two ways out.
     */
    private static IllegalStateException broken(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String what = root instanceof ClassNotFoundException || root instanceof NoClassDefFoundError
                ? "the class " + String.valueOf(root.getMessage()).replace('/', '.') + " is missing" : root.toString();
        return new IllegalStateException("The embedded sandbox (" + ARTIFACT + ") is on the class path but cannot start: "
                + what + ". Its own dependencies (Javalin, Jetty, Jackson, web3j, msgpack) must be there too: depend on "
                + ARTIFACT + " through Maven or Gradle rather than copying jars. Or use the live service: set "
                + "MARKETLAB_PROFILE=live, or call MarketLab.use(Profile.live()) first.", e);
    }

    private static void closeQuietly(EmbeddedService service) {
        try {
            service.close();
        } catch (RuntimeException | LinkageError ignored) {
            // The start already failed; that failure is the one to report.
        }
    }
}
