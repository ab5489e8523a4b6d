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

    static synchronized Map<String, URI> urls(long seed) {
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
            urls = Map.copyOf(service.start(seed));
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
