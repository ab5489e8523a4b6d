package org.marketlab.internal.transport;

import org.marketlab.spi.EmbeddedService;

import java.net.URI;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * Starts the embedded sandbox on first use (one per seed) and stops it at JVM exit. Found through
 * {@link ServiceLoader}, so the toolkit has no compile dependency on the sandbox module.
 */
final class EmbeddedServices {

    private static final Map<Long, Map<String, URI>> STARTED = new HashMap<>();

    private EmbeddedServices() {
    }

    static synchronized Map<String, URI> urls(long seed) {
        Map<String, URI> urls = STARTED.get(seed);
        if (urls != null) return urls;
        Iterator<EmbeddedService> it = ServiceLoader.load(EmbeddedService.class, EmbeddedServices.class.getClassLoader()).iterator();
        if (!it.hasNext()) {
            it = ServiceLoader.load(EmbeddedService.class).iterator();
        }
        if (!it.hasNext()) {
            throw new IllegalStateException("The sandbox profile needs the embedded sandbox (artifact "
                    + "org.marketlab:marketlab-sandbox) on the class path. Add it, or use the live service: "
                    + "MarketLab.use(Profile.live()) or MARKETLAB_PROFILE=live.");
        }
        EmbeddedService service = it.next();
        urls = Map.copyOf(service.start(seed));
        STARTED.put(seed, urls);
        Runtime.getRuntime().addShutdownHook(new Thread(service::close, "marketlab-sandbox-stop"));
        return urls;
    }
}
