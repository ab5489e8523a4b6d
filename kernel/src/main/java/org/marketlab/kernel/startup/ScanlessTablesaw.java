package org.marketlab.kernel.startup;

import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Tablesaw's {@code Table}, initialised without its class-path scan. Its static initialiser asks ClassGraph for every
 * reader and writer under {@code tech.tablesaw.io}, and ClassGraph reads the directory of every jar on
 * {@code java.class.path} to answer: in the kernel, one jar of some 40,000 entries, about 0.15 s of CPU on the way to
 * a first table. Here the scan is given an empty class path, and the readers and writers it would have found
 * ({@link #READERS_AND_WRITERS}, checked against a real scan by a test) are then loaded, which registers them just as
 * the scan's loading does. The property is changed only once JShell has read it (its start-up is done), and the
 * kernel's other readers of it took their copy earlier ({@code CellEvaluator.JVM_CLASS_PATH}); nothing else reads it.
 */
public final class ScanlessTablesaw {

    /** The implementations of Tablesaw's {@code DataReader} and {@code DataWriter} in its jars (those present are loaded). */
    static final List<String> READERS_AND_WRITERS = List.of(
            "tech.tablesaw.io.csv.CsvReader", "tech.tablesaw.io.csv.CsvWriter",
            "tech.tablesaw.io.fixed.FixedWidthReader", "tech.tablesaw.io.fixed.FixedWidthWriter",
            "tech.tablesaw.io.json.JsonReader", "tech.tablesaw.io.json.JsonWriter",
            "tech.tablesaw.io.html.HtmlReader", "tech.tablesaw.io.html.HtmlWriter",
            "tech.tablesaw.io.xlsx.XlsxReader", "tech.tablesaw.io.xlsx.XlsxWriter",
            "tech.tablesaw.io.saw.SawReader", "tech.tablesaw.io.saw.SawWriter");

    private ScanlessTablesaw() {
    }

    /** Makes this how the toolkit first initialises {@code Table}, once {@code classPathRead} has completed. */
    public static void after(CompletableFuture<?> classPathRead) {
        org.marketlab.tables.TablesawStart.initialiseWith(() -> {
            try {
                classPathRead.join();
            } catch (RuntimeException failed) {
                load("tech.tablesaw.api.Table"); // JShell did not start: a plain first use, with the scan
                return;
            }
            initialise();
        });
    }

    /** Initialises {@code Table} with an empty class path for its scan, then loads the readers and writers. */
    static synchronized void initialise() {
        String classPath = System.getProperty("java.class.path");
        System.setProperty("java.class.path", "");
        try {
            load("tech.tablesaw.api.Table");
        } finally {
            System.setProperty("java.class.path", classPath);
        }
        for (String name : READERS_AND_WRITERS) {
            try {
                Class.forName(name, true, ScanlessTablesaw.class.getClassLoader());
            } catch (ClassNotFoundException absent) {
                // that module of Tablesaw is not on the class path
            }
        }
    }

    private static void load(String name) {
        try {
            Class.forName(name, true, ScanlessTablesaw.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
