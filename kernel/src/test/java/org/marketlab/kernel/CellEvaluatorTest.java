package org.marketlab.kernel;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CellEvaluatorTest {

    private static CellEvaluator eval;
    private static final ByteArrayOutputStream OUT = new ByteArrayOutputStream();

    @BeforeAll
    static void start() {
        eval = new CellEvaluator(new PrintStream(OUT, true), new PrintStream(OUT, true));
    }

    @AfterAll
    static void stop() {
        eval.close();
    }

    @Test
    void aCellOfManySnippetsGivesTheLastExpressionAsARealObject() {
        Object v = eval.eval("int a = 2;\nint b = a * 21;\nvar t = Table.create(\"t\", StringColumn.create(\"s\", \"x\", \"y\"));\nt");
        Table t = assertInstanceOf(Table.class, v, "the renderer sees the object itself, not its string");
        assertEquals(2, t.rowCount());
        assertEquals(42, eval.eval("b"));
        assertNull(eval.eval("int c = 1;"), "a declaration shows nothing");
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true));
        try {
            assertNull(eval.eval("void hello() { System.out.println(\"hi\"); }\nhello();"));
        } finally {
            System.setOut(original);
        }
        assertTrue(captured.toString().contains("hi"), "user code writes to System.out, which the kernel routes to the cell");
    }

    /**
     * A notebook's parameters cell (variables, no facade) keeps its values: the start-up imports come before it. (An
     * import evaluated after it made JShell compile its variables again, and they read their default values.)
     */
    @Test
    void aFirstCellsVariablesKeepTheirValuesOnceTheFacadesAreUsed() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CellEvaluator fresh = new CellEvaluator(new PrintStream(out, true), new PrintStream(out, true))) {
            assertTrue(fresh.importsPending());
            assertEquals(0, fresh.eval("int days = 7;\nString fidelity = \"1h\";\nint n = 0;\nn++;"));
            assertTrue(!fresh.importsPending(), "the imports came before the cell's snippets");
            assertEquals("sandbox", fresh.eval("MarketLab.profileName()"));
            assertEquals("1h", fresh.eval("fidelity"));
            assertEquals(7, fresh.eval("days"));
            assertEquals(1, fresh.eval("n"), "each snippet ran once");
            assertEquals(1, fresh.shell().imports().count(), "the start-up imports, once, as one snippet");
        }
        // Why the order matters: the same variable declared straight in JShell before the imports reads null after them.
        try (CellEvaluator fresh = new CellEvaluator(new PrintStream(out, true), new PrintStream(out, true))) {
            fresh.shell().eval("String fidelity = \"1h\";");
            fresh.completeImports();
            assertSame(KernelExecution.NULL, fresh.eval("fidelity"), "JShell compiled the variable again after the imports and reset it");
        }
    }

    /** The one snippet of the start-up imports imports every one of them: a name from each resolves. */
    @Test
    void everyStartUpImportTakesEffect() {
        java.util.Map<String, String> nameByImport = new java.util.LinkedHashMap<>();
        for (String imp : CellEvaluator.STARTUP_IMPORTS) {
            if (imp.startsWith("import static")) continue;
            String name = imp.substring("import ".length(), imp.length() - 1);
            nameByImport.put(imp, name.endsWith(".*") ? null : name.substring(name.lastIndexOf('.') + 1));
        }
        nameByImport.put("import org.marketlab.*;", "Markets");
        nameByImport.put("import tech.tablesaw.api.*;", "Table");
        nameByImport.put("import java.time.*;", "Instant");
        nameByImport.put("import java.util.*;", "List");
        nameByImport.put("import org.knowm.xchart.*;", "XYChart");
        nameByImport.put("import java.nio.file.Path;", "Path");
        nameByImport.put("import java.math.BigDecimal;", "BigDecimal");
        assertTrue(CellEvaluator.STARTUP_IMPORTS.size() - 7 <= 30, "about twenty of the toolkit's types, not every public one");
        assertEquals(new java.util.TreeSet<>(CellEvaluator.STARTUP_IMPORTS), new java.util.TreeSet<>(
                java.util.stream.Stream.concat(nameByImport.keySet().stream(), java.util.stream.Stream.of("import static org.marketlab.kernel.Notebook.*;")).toList()),
                "a name for every start-up import");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CellEvaluator fresh = new CellEvaluator(new PrintStream(out, true), new PrintStream(out, true))) {
            fresh.completeImports();
            for (var e : nameByImport.entrySet()) {
                String imported = e.getKey().substring("import ".length(), e.getKey().length() - 1).replace("*", e.getValue());
                assertEquals(imported, fresh.eval(e.getValue() + ".class.getName()"), e.getKey());
            }
            // The kernel's functions, statically imported: a reference to one compiles (it is not called here).
            assertEquals("ok", fresh.eval("java.util.function.Consumer<Object> shown = v -> display(v); \"ok\""));
        }
    }

    /** A user's import that replaces the start-up snippet (same key in JShell) leaves every start-up import in place. */
    @Test
    void aUserImportOfTheSameKeyKeepsTheStartUpImports() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CellEvaluator fresh = new CellEvaluator(new PrintStream(out, true), new PrintStream(out, true))) {
            fresh.completeImports();
            assertNull(fresh.eval("import static org.marketlab.kernel.Notebook.*;"));
            assertEquals(List.of(1), fresh.eval("List.of(1)"));
            assertEquals("org.marketlab.Markets", fresh.eval("Markets.class.getName()"));
            assertEquals("tech.tablesaw.api.Table", fresh.eval("Table.class.getName()"));
            // And an import of one of the start-up packages is harmless beside them.
            assertNull(fresh.eval("import java.util.*;"));
            assertEquals(java.time.Instant.EPOCH, fresh.eval("Instant.EPOCH"));
        }
    }

    @Test
    void theKernelsJShellIsReadyWithItsImports() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CellEvaluator started = CellEvaluator.startInBackground(new PrintStream(out, true), new PrintStream(out, true))
                .get(120, java.util.concurrent.TimeUnit.SECONDS)) {
            assertTrue(!started.importsPending());
            assertEquals(1, started.shell().imports().count(), "the start-up imports' one snippet");
            assertEquals(List.of("1h"), started.eval("String fidelity = \"1h\";\nList.of(fidelity)"));
            assertEquals("", out.toString(), "the warm-up printed nothing");
        }
    }

    /**
     * A cell that compiles before the start-up imports must mean the same after them: no package imported on demand
     * may have a type whose simple name is one of java.lang's (with the imports, such a name would be ambiguous).
     */
    @Test
    void noPackageImportedOnDemandShadowsJavaLang() throws Exception {
        java.util.Set<String> lang = new java.util.TreeSet<>();
        java.nio.file.FileSystem jrt = java.nio.file.FileSystems.getFileSystem(java.net.URI.create("jrt:/"));
        try (var files = java.nio.file.Files.list(jrt.getPath("/modules/java.base/java/lang"))) {
            files.map(f -> f.getFileName().toString()).filter(n -> n.endsWith(".class") && !n.contains("$"))
                    .forEach(n -> lang.add(n.substring(0, n.length() - ".class".length())));
        }
        assertTrue(lang.contains("String") && lang.contains("Record"), "read java.lang's types: " + lang.size());
        java.util.List<String> clashes = new java.util.ArrayList<>();
        for (String imp : CellEvaluator.STARTUP_IMPORTS) {
            if (!imp.endsWith(".*;") || imp.startsWith("import static")) continue;
            String pkg = imp.substring("import ".length(), imp.length() - ".*;".length());
            for (String name : lang) {
                try {
                    Class.forName(pkg + "." + name, false, CellEvaluatorTest.class.getClassLoader());
                    clashes.add(pkg + "." + name);
                } catch (ClassNotFoundException expected) {
                    // no such type in the package
                }
            }
        }
        assertEquals(List.of(), clashes);
    }

    @Test
    void startupImportsMakeTheFacadesAvailable() {
        assertEquals("sandbox", eval.eval("MarketLab.profile().name()"));
        assertInstanceOf(java.time.Instant.class, eval.eval("Instant.EPOCH"));
    }

    @Test
    void compileErrorsSayWhereAndWhat() {
        var e = assertThrows(CellEvaluator.CompileError.class, () -> eval.eval("int ok = 1;\nint bad = undefinedThing + 1;"));
        assertTrue(e.lines.get(0).startsWith("error at line 2, column 11"), e.lines.toString());
        assertTrue(e.lines.get(0).contains("cannot find symbol"), e.lines.toString());
        var inc = assertThrows(CellEvaluator.CompileError.class, () -> eval.eval("for (int i = 0; i < 3; i++) {"));
        assertTrue(inc.getMessage().contains("incomplete"), inc.getMessage());
    }

    @Test
    void runtimeErrorsShowTheUsersFramesOnly() {
        var e = assertThrows(CellEvaluator.UserError.class,
                () -> eval.eval("void f() { throw new IllegalStateException(\"boom\"); }\nf();"));
        assertEquals("java.lang.IllegalStateException", e.type);
        assertEquals("java.lang.IllegalStateException: boom", e.lines.get(0));
        assertTrue(e.lines.stream().noneMatch(l -> l.contains("reflect") || l.contains("org.marketlab.kernel")), e.lines.toString());
        assertTrue(e.lines.stream().anyMatch(l -> l.equals("    at f (this cell, line 1)")), e.lines.toString());
    }

    @Test
    void runtimeErrorsNameCellLinesAndCollapseRecursion() {
        eval.eval("int depth(int n) {\n    if (n == 0) throw new IllegalArgumentException(\"bottom\");\n    return depth(n - 1);\n}");
        var e = assertThrows(CellEvaluator.UserError.class, () -> eval.eval("int a = 1;\n\nint b = a + depth(5);"));
        List<String> lines = e.lines;
        assertEquals("java.lang.IllegalArgumentException: bottom", lines.get(0));
        assertEquals("    at depth (declared in an earlier cell, at its line 2)", lines.get(1), lines.toString());
        assertEquals("    at depth (declared in an earlier cell, at its line 3)", lines.get(2), lines.toString());
        assertEquals("    ... the frame above 4 more times", lines.get(3), lines.toString());
        assertEquals("    at this cell, line 3", lines.get(4), lines.toString());
        assertEquals(5, lines.size(), lines.toString());

        var npe = assertThrows(CellEvaluator.UserError.class, () -> eval.eval("String s = null;\n\n\ns.length()"));
        assertEquals("    at this cell, line 4", npe.lines.get(1), npe.lines.toString());
        var wrapped = assertThrows(CellEvaluator.UserError.class, () -> eval.eval("int c = 2 +\n    depth(0);"));
        assertEquals("    at this cell, line 2", wrapped.lines.get(2), wrapped.lines.toString());
    }

    @Test
    void aBusyLoopIsInterrupted() throws Exception {
        CompletableFuture<Throwable> run = CompletableFuture.supplyAsync(() -> {
            try {
                eval.eval("long n = 0; while (true) { n++; }");
                return null;
            } catch (Throwable t) {
                return t;
            }
        });
        Thread.sleep(1500);
        eval.execution().interruptRunning();
        Throwable t = run.get(20, TimeUnit.SECONDS);
        assertInstanceOf(CellEvaluator.UserError.class, t);
        assertTrue(t.getMessage().contains(KernelExecution.INTERRUPTED), t.getMessage());
        assertEquals(3, eval.eval("1 + 2"), "the session survives");
    }

    @Test
    void aCellOverTheTimeLimitIsStopped() {
        eval.execution().timeoutMillis(500);
        try {
            var e = assertThrows(CellEvaluator.UserError.class, () -> eval.eval("Thread.sleep(30_000);"));
            assertTrue(e.getMessage().contains("Timed out after 500 ms"), e.getMessage());
        } finally {
            eval.execution().timeoutMillis(0);
        }
    }

    @Test
    void tablesRenderEscapedWithShapeAndElision() {
        StringColumn s = StringColumn.create("name");
        for (int i = 0; i < 100; i++) s.append(i == 0 ? "<script>alert(1)</script>" : "row" + i);
        String html = Html.table(Table.create("t", s));
        assertTrue(html.contains("<b>t</b> · 100 rows × 1 column</caption>"), html);
        assertTrue(html.contains("&lt;script&gt;") && !html.contains("<script>"));
        assertTrue(html.contains("<td>…</td>"));
        assertTrue(html.contains("row99") && !html.contains("row50<"), "head and tail around the elision");
    }

    @Test
    void recordsRenderWithoutSecrets() {
        record Creds(String proxy, String secret, String privateKey) {
        }
        String html = Html.record(new Creds("0xabc", "s3cr3t", "0xkey"));
        assertTrue(html.contains("0xabc") && !html.contains("s3cr3t") && !html.contains("0xkey"), html);
    }
}
