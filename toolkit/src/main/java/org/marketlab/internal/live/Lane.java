package org.marketlab.internal.live;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Consumer;

/**
 * One thread that a feed's state lives on: tasks run there in order, and {@link #read} runs one there and waits for its
 * value, so the state is never touched by two threads. A task's failure goes to the lane's error handler, and the lane
 * goes on.
 */
public final class Lane {

    private final ExecutorService executor;
    private final Consumer<RuntimeException> errors;
    private volatile Thread thread;
    private volatile boolean shut;

    public Lane(String name, Consumer<RuntimeException> errors) {
        this.errors = errors;
        this.executor = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            thread = t;
            return t;
        });
    }

    /** Runs {@code task} after what is queued; nothing once shut. */
    public void submit(Runnable task) {
        try {
            executor.execute(() -> {
                try {
                    task.run();
                } catch (RuntimeException e) {
                    errors.accept(e);
                }
            });
        } catch (RejectedExecutionException shutMeanwhile) {
            // shut: nothing more runs
        }
    }

    /** Runs {@code task} on the lane and waits for its value (at once when shut or already on the lane). */
    public <T> T read(Callable<T> task) {
        if (shut || Thread.currentThread() == thread) {
            try {
                return task.call();
            } catch (RuntimeException e) {
                throw e;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }
        try {
            return executor.submit(task).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) throw re;
            throw new IllegalStateException(e.getCause());
        } catch (RejectedExecutionException e) {
            shut = true;
            return read(task);
        }
    }

    /** Waits for {@code task} on the lane; its checked failures as they are. */
    public <T> T call(Callable<T> task) throws Exception {
        try {
            return executor.submit(task).get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Exception x) throw x;
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Whether the calling thread is the lane's. */
    public boolean onLane() {
        return Thread.currentThread() == thread;
    }

    /** Runs what is queued, then nothing more. */
    public void shut() {
        executor.shutdown();
    }
}
