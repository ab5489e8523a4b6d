package org.marketlab.kernel;

import jdk.jshell.execution.DirectExecutionControl;
import jdk.jshell.spi.ExecutionControl;
import jdk.jshell.spi.ExecutionControlProvider;
import jdk.jshell.spi.ExecutionEnv;
import jdk.jshell.spi.SPIResolutionException;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Runs snippets in the kernel's JVM on a worker thread and keeps each snippet's value as the object itself
 * (JShell's own local engine hands back only a string), so renderers see real tables and charts. Supports
 * interrupting a running cell and a per-cell time limit.
 */
final class KernelExecution extends DirectExecutionControl {

    static final String INTERRUPTED = "Interrupted";
    static final String TIMED_OUT = "Timed out";
    private static final AtomicInteger THREADS = new AtomicInteger();

    private final SnippetLoader loader;
    private final Map<String, Object> results = new ConcurrentHashMap<>();
    private final AtomicReference<Thread> running = new AtomicReference<>();
    private volatile long timeoutMillis;
    private volatile String stopReason;

    KernelExecution(SnippetLoader loader) {
        super(loader);
        this.loader = loader;
    }

    /** A provider that hands JShell this control. */
    static ExecutionControlProvider provider(KernelExecution control) {
        return new ExecutionControlProvider() {
            @Override
            public String name() {
                return "marketlab";
            }

            @Override
            public ExecutionControl generate(ExecutionEnv env, Map<String, String> parameters) {
                return control;
            }
        };
    }

    ClassLoader classLoader() {
        return loader.classLoader();
    }

    /** 0 for no limit. */
    void timeoutMillis(long millis) {
        this.timeoutMillis = millis;
    }

    long timeoutMillis() {
        return timeoutMillis;
    }

    /** The value a snippet produced, by the key JShell reports as its value. */
    Object take(String key) {
        return key == null ? null : results.remove(key);
    }

    boolean holds(String key) {
        return key != null && results.containsKey(key);
    }

    @Override
    protected String invoke(Method doit) throws Exception {
        org.marketlab.kernel.startup.StartTrace.mark("snippet compiled");
        AtomicReference<Object> value = new AtomicReference<>();
        AtomicReference<Throwable> failure = new AtomicReference<>();
        Thread worker = new Thread(() -> {
            try {
                value.set(doit.invoke(null));
            } catch (InvocationTargetException e) {
                failure.set(e.getCause() != null ? e.getCause() : e);
            } catch (Throwable e) {
                failure.set(e);
            }
        }, "marketlab-cell-" + THREADS.incrementAndGet());
        worker.setContextClassLoader(loader.classLoader());
        worker.setDaemon(true);
        stopReason = null;
        running.set(worker);
        worker.start();
        long limit = timeoutMillis;
        try {
            if (limit > 0) {
                worker.join(limit);
                if (worker.isAlive()) {
                    halt(worker, TIMED_OUT + " after " + limit + " ms (set with %timeout)");
                }
            } else {
                worker.join();
            }
        } catch (InterruptedException e) {
            halt(worker, INTERRUPTED);
        } finally {
            running.set(null);
        }
        if (stopReason != null) {
            throw new UserException(stopReason, stopReason.startsWith(TIMED_OUT) ? TIMED_OUT : INTERRUPTED, new StackTraceElement[0]);
        }
        Throwable t = failure.get();
        if (t != null) {
            if (t instanceof SPIResolutionException r) throw new ResolutionException(r.id(), r.getStackTrace());
            throw new UserException(String.valueOf(t.getMessage()), t.getClass().getName(), t.getStackTrace());
        }
        org.marketlab.kernel.startup.StartTrace.mark("snippet ran");
        String key = UUID.randomUUID().toString();
        Object v = value.get();
        results.put(key, v == null ? NULL : v);
        return key;
    }

    /** Stands for a snippet whose value was null, since the map cannot hold null. */
    static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    /** Interrupts the running cell: a polite interrupt first, then, for code that ignores it, the thread is stopped. */
    void interruptRunning() {
        Thread t = running.get();
        if (t != null) halt(t, INTERRUPTED);
    }

    @SuppressWarnings({"deprecation", "removal"})
    private void halt(Thread worker, String reason) {
        stopReason = reason;
        worker.interrupt();
        try {
            worker.join(1000);
        } catch (InterruptedException ignored) {
            Thread.currentThread().interrupt();
        }
        if (worker.isAlive()) {
            // A busy loop never looks at its interrupt flag; Java 17 can still stop the thread.
            worker.stop();
            try {
                worker.join(1000);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }
    }

    @Override
    public void stop() {
        interruptRunning();
    }
}
