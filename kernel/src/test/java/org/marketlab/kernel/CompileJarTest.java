package org.marketlab.kernel;

import org.marketlab.kernel.startup.CompileJar;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The small jar JShell's compiler starts on, and the evaluator's move to the whole class path when a cell needs it. */
class CompileJarTest {

    @Test
    void aClassFileNamesItsReferencesAndSupertypes() throws IOException {
        var refs = CompileJar.references(bytes("tech/tablesaw/api/Table"));
        assertEquals("tech/tablesaw/table/Relation", refs.supertypes().get(0));
        assertTrue(refs.supertypes().contains("java/lang/Iterable"), refs.supertypes().toString());
        assertTrue(refs.names().contains("tech/tablesaw/api/Row"), "a type of its signatures");
        assertTrue(refs.names().contains("java/lang/String"));
    }

    @Test
    void holdsTheRootsWhatTheyNameAndTheirSupertypesButNotTheRest(@TempDir Path dir) throws IOException {
        // A stand-in for the kernel jar: two root classes, a class one of them names (and its supertypes), and a
        // class no root names.
        List<String> classes = List.of("org/marketlab/MarketLab", "tech/tablesaw/api/Table", "tech/tablesaw/table/Relation",
                "tech/tablesaw/api/Row", "com/google/gson/Gson");
        Path kernel = dir.resolve("kernel.jar");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(kernel))) {
            for (String c : classes) {
                out.putNextEntry(new ZipEntry(c + ".class"));
                out.write(bytes(c));
                out.closeEntry();
            }
            out.putNextEntry(new ZipEntry("marketlab-sources/org/marketlab/MarketLab.java"));
            out.write("class MarketLab {}".getBytes());
            out.closeEntry();
        }
        Path compile = dir.resolve(CompileJar.NAME);
        assertEquals(4, CompileJar.write(kernel, compile));
        Set<String> names = new TreeSet<>();
        try (ZipFile z = new ZipFile(compile.toFile())) {
            z.stream().forEach(e -> names.add(e.getName()));
        }
        assertEquals(Set.of("org/marketlab/MarketLab.class", "tech/tablesaw/api/Table.class", "tech/tablesaw/table/Relation.class",
                "tech/tablesaw/api/Row.class"), names);
        assertFalse(Files.exists(dir.resolve(CompileJar.NAME + ".part")));
    }

    @Test
    void noCompileJarOutsideAnInstalledKernel() {
        assertNull(CompileJar.installed(), "the tests run from classes folders, not from an installed kernel jar");
    }

    @Test
    void aCellNamingAClassOutsideTheCompilePathCompilesOnTheWholeClassPath() {
        // The compiler starts on the toolkit, Tablesaw, XChart and the kernel only (no Jackson).
        String compilePath = String.join(File.pathSeparator, location(org.marketlab.MarketLab.class),
                location(tech.tablesaw.api.Table.class), location(org.knowm.xchart.XYChart.class), location(Notebook.class));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CellEvaluator eval = new CellEvaluator(new PrintStream(out, true), new PrintStream(out, true), compilePath)) {
            assertEquals(2, eval.eval("1 + 1"));
            assertFalse(eval.fullClassPathJoined(), "a cell that compiles on the compile path leaves it alone");
            assertEquals("ObjectMapper", eval.eval("new com.fasterxml.jackson.databind.ObjectMapper().getClass().getSimpleName()"));
            assertTrue(eval.fullClassPathJoined());
            assertEquals(3, eval.eval("1 + 2"));
            assertThrows(CellEvaluator.CompileError.class, () -> eval.eval("new no.such.Thing()"));
        }
    }

    @Test
    void completionAndInspectionSeeTheWholeClassPath() {
        String compilePath = String.join(File.pathSeparator, location(org.marketlab.MarketLab.class),
                location(tech.tablesaw.api.Table.class), location(org.knowm.xchart.XYChart.class), location(Notebook.class));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CellEvaluator eval = new CellEvaluator(new PrintStream(out, true), new PrintStream(out, true), compilePath)) {
            int[] anchor = new int[1];
            String code = "com.fasterxml.jackson.databind.ObjectMa";
            var suggestions = eval.analysis().completionSuggestions(code, code.length(), anchor);
            assertTrue(suggestions.stream().anyMatch(s -> s.continuation().equals("ObjectMapper")), suggestions.toString());
            assertTrue(eval.fullClassPathJoined());
        }
    }

    private static void assertThrows(Class<? extends Throwable> type, Runnable r) {
        org.junit.jupiter.api.Assertions.assertThrows(type, r::run);
    }

    private static String location(Class<?> c) {
        try {
            return Path.of(c.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static byte[] bytes(String className) throws IOException {
        try (InputStream in = CompileJarTest.class.getClassLoader().getResourceAsStream(className + ".class")) {
            if (in == null) throw new IOException("no class file for " + className);
            return in.readAllBytes();
        }
    }
}
