package org.marketlab.pacing;

import java.util.concurrent.TimeUnit;

enum SystemClock implements Clock {
    INSTANCE;

    @Override
    public long nanoTime() {
        return System.nanoTime();
    }

    @Override
    public long currentTimeMillis() {
        return System.currentTimeMillis();
    }

    @Override
    public void sleepNanos(long nanos) throws InterruptedException {
        if (nanos > 0) TimeUnit.NANOSECONDS.sleep(nanos);
    }
}
