package org.marketlab.spi;

import java.net.URI;
import java.util.Map;

/**
 * An in-process simulation of the whole service, found by {@link java.util.ServiceLoader}.
 *
 * <p>The toolkit's sandbox profile loads the first implementation on the class path, starts it on first
 * use and stops it at JVM exit. Implementations listen on loopback only.
 */
public interface EmbeddedService extends AutoCloseable {

    /**
     * Starts the service on free loopback ports and returns the base URL of each interface it serves, keyed
     * by the service names of {@link #SERVICES}. Calling it on a started service returns the same URLs.
     *
     * @param seed the world seed: the same seed gives the same world
     */
    Map<String, URI> start(long seed);

    /**
     * {@link #start(long)}, calling {@code betweenSteps} between the steps of the start (the world, each server, the
     * work made ahead), on the thread that runs each step. It may block: a start made ahead of need (a kernel's, while
     * it waits for its first cell) so gives the cores to whatever must run first, and goes on when it returns. An
     * implementation without steps starts as {@link #start(long)} does.
     */
    default Map<String, URI> start(long seed, Runnable betweenSteps) {
        return start(seed);
    }

    /** Stops every listener; safe to call more than once. */
    @Override
    void close();

    /** Service names, as used in {@code MARKETLAB_<NAME>_URL} (upper-cased). */
    String[] SERVICES = {"markets", "clob", "clob_ws", "data", "perps", "perps_ws", "bridge", "chain"};
}
