package org.marketlab.kernel.startup;

import io.github.classgraph.ClassGraph;
import io.github.classgraph.ScanResult;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Tablesaw initialised without its class-path scan has the readers and writers the scan finds: the list covers a real
 * scan of this class path, and in a fresh JVM (where {@code Table} is not yet initialised) a table is written as CSV
 * and read back, with the class path property restored.
 */
class ScanlessTablesawTest {

    @Test
    void theListHoldsEveryReaderAndWriterTheScanFinds() {
        List<String> found = new ArrayList<>();
        try (ScanResult scan = new ClassGraph().enableAllInfo().acceptPackages("tech.tablesaw.io").scan()) {
            found.addAll(scan.getClassesImplementing("tech.tablesaw.io.DataWriter").getNames());
            found.addAll(scan.getClassesImplementing("tech.tablesaw.io.DataReader").getNames());
        }
        assertTrue(found.contains("tech.tablesaw.io.csv.CsvReader"), "the scan sees Tablesaw's readers: " + found);
        assertTrue(ScanlessTablesaw.READERS_AND_WRITERS.containsAll(found), "not listed: " + found);
    }

    @Test
    void aFreshJvmWritesAndReadsCsvAfterTheScanlessStart() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m", "-cp",
                System.getProperty("java.class.path"), Fresh.class.getName()).redirectErrorStream(true).start();
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the fresh JVM ended");
        String out = new String(p.getInputStream().readAllBytes()).strip();
        assertEquals(0, p.exitValue(), out);
        assertEquals("a,b|1,x|2,y|class path kept", out.replace("\r", "").replace("\n", "|"));
    }

    /** Run in a fresh JVM: the scanless start, then a CSV round trip. */
    public static final class Fresh {
        public static void main(String[] args) throws Exception {
            String classPath = System.getProperty("java.class.path");
            ScanlessTablesaw.initialise();
            var t = tech.tablesaw.api.Table.create("t", tech.tablesaw.api.IntColumn.create("a", new int[]{1, 2}),
                    tech.tablesaw.api.StringColumn.create("b", "x", "y"));
            var text = new java.io.StringWriter();
            t.write().csv(text);
            var back = tech.tablesaw.api.Table.read().csv(new java.io.StringReader(text.toString()));
            System.out.print(back.write().toString("csv"));
            System.out.println(classPath.equals(System.getProperty("java.class.path")) ? "class path kept" : "class path changed");
        }
    }
}
