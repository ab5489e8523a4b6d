package org.marketlab.bench;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The datasets bench's account of a timed call's collections: what it prints beside an outlier round must be the
 * collections that ran during that call, with their causes, from this JVM's collectors.
 */
class DatasetsBenchTest {

    @Test
    void aCollectionDuringACallIsCountedWithItsCause() throws Exception {
        DatasetsBench.Timed<Integer> call = DatasetsBench.Timed.of(() -> {
            System.gc();
            return 1;
        });
        DatasetsBench.Pauses gc = call.gc();
        assertEquals(1, gc.full, "System.gc() is one full collection: " + gc.text());
        // The cause comes with the collector's notification, a moment after the collection: wait for it.
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!gc.text().contains("System.gc() 1") && System.nanoTime() < deadline) Thread.sleep(10);
        assertTrue(gc.text().matches("GC (\\d+ young \\d+ ms, )?1 full \\d+ ms \\(.*System\\.gc\\(\\) 1.*\\)"), gc.text());
    }

    @Test
    void collectionsOfSeveralCallsAddUp() throws Exception {
        DatasetsBench.Pauses sum = new DatasetsBench.Pauses();
        List<DatasetsBench.Timed<Integer>> calls = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            calls.add(DatasetsBench.Timed.of(() -> {
                System.gc();
                return 1;
            }));
            sum.add(calls.get(i).gc());
        }
        assertEquals(3, sum.full, sum.text());
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!sum.text().contains("System.gc() 3") && System.nanoTime() < deadline) Thread.sleep(10);
        assertTrue(sum.text().contains("System.gc() 3"), sum.text());
    }
}
