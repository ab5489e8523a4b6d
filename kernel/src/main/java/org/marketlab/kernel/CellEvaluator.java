package org.marketlab.kernel;

import org.marketlab.kernel.startup.CompileJar;
import org.marketlab.kernel.startup.CompilePathFileManager;
import org.marketlab.kernel.startup.StartTrace;
import org.marketlab.kernel.startup.WarmShell;

import jdk.jshell.Diag;
import jdk.jshell.EvalException;
import jdk.jshell.JShell;
import jdk.jshell.JShellException;
import jdk.jshell.Snippet;
import jdk.jshell.SnippetEvent;
import jdk.jshell.SourceCodeAnalysis;
import jdk.jshell.UnresolvedReferenceException;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Runs cells in one JShell whose snippets execute in this JVM. A cell may hold many snippets; declarations
 * persist across cells; the value of a cell whose last snippet is an expression is the cell's result.
 */
final class CellEvaluator implements AutoCloseable, WarmShell {

    /**
     * Imports every session starts with, so the first cell needs none: the facades, and the toolkit's types that the
     * shipped notebooks and the README name (30 types: the seven facades and 23 others; {@code var} serves for the
     * rest, and any other type is one import away). Plus Tablesaw's tables, XChart, {@code java.time},
     * {@code java.util}, {@code Path} and {@code BigDecimal}, the type of every amount of money.
     */
    static final List<String> STARTUP_IMPORTS = List.of(
            "import org.marketlab.*;",
            "import org.marketlab.config.Profile;",
            "import org.marketlab.signing.Wallet;",
            "import org.marketlab.auth.CredentialStore;",
            "import org.marketlab.clob.ClobSession;",
            "import org.marketlab.clob.SignatureType;",
            "import org.marketlab.clob.Side;",
            "import org.marketlab.clob.AssetType;",
            "import org.marketlab.clob.OrderResult;",
            "import org.marketlab.clob.Book;",
            "import org.marketlab.clob.Level;",
            "import org.marketlab.clob.OutcomeToken;",
            "import org.marketlab.perps.PerpsSession;",
            "import org.marketlab.perps.Modification;",
            "import org.marketlab.perps.Order;",
            "import org.marketlab.perps.Fill;",
            "import org.marketlab.perps.Portfolio;",
            "import org.marketlab.accounts.Account;",
            "import org.marketlab.accounts.AccountAnalytics;",
            "import org.marketlab.accounts.AccountValue;",
            "import org.marketlab.accounts.Position;",
            "import org.marketlab.accounts.Trade;",
            "import org.marketlab.accounts.PositionsQuery;",
            "import org.marketlab.http.ServiceException;",
            "import org.marketlab.http.ExchangeMode;",
            "import org.marketlab.http.ExchangeModeException;",
            "import tech.tablesaw.api.*;",
            "import java.time.*;",
            "import java.util.*;",
            "import java.nio.file.Path;",              // Datasets.save(table, Path.of(...)), harvests' folders
            "import java.math.BigDecimal;",            // money, prices and sizes in orders, trades and balances
            "import org.knowm.xchart.*;",
            "import static org.marketlab.kernel.Notebook.*;");

    private final JShell shell;
    private final KernelExecution execution;
    /** Where each snippet came from (by JShell's snippet id), so stack frames can name cell lines. */
    private final Map<String, Origin> origins = new ConcurrentHashMap<>();
    private int cells;

    /** The cell a snippet came from (counted from 1 per session) and the cell line its source starts on. */
    record Origin(int cell, int firstLine) {
    }

    CellEvaluator(PrintStream out, PrintStream err) {
        this(out, err, CompileJar.installedPath());
    }

    /**
     * A JShell whose compiler starts on the class path {@code compilePath} (when not null, else on the whole class
     * path; the whole class path joins it later, see {@link #joinFullClassPath()}); its start-up imports are pending
     * ({@link #completeImports()}).
     */
    CellEvaluator(PrintStream out, PrintStream err, String compilePath) {
        SnippetLoader loader = new SnippetLoader(CellEvaluator.class.getClassLoader());
        this.execution = new KernelExecution(loader);
        CompilePathFileManager[] files = new CompilePathFileManager[1];
        JShell.Builder builder = JShell.builder()
                .executionEngine(KernelExecution.provider(execution), java.util.Map.of())
                .out(out).err(err)
                .compilerOptions("-Xlint:none");
        // JShell compiles against the JVM's whole class path; with a compile path, javac sees that instead until the
        // whole one joins. The snippets' classes load from the kernel's class loader either way.
        if (compilePath != null) builder.fileManager(standard -> files[0] = new CompilePathFileManager(standard, compilePath));
        StartTrace.mark("jshell building");
        this.shell = builder.build();
        this.files = files[0];
        this.fullClassPathJoined = compilePath == null;
        // JShell's analysis starts indexing every class of the class path and the JDK in the background (for
        // completion's suggestions of types not imported): held back until the kernel is idle or asked to complete.
        this.indexingHeld = indexing(shell.sourceCodeAnalysis(), "suspendIndexing");
        StartTrace.mark("jshell built");
    }

    /**
     * The start-up imports as one snippet, the kernel's own static import first (the snippet's key in JShell, which a
     * user's import of the same name would replace: see {@link #keepStartupImports}). JShell puts an import snippet's
     * text as written into every later snippet's compilation unit, so one snippet holding every line imports
     * them all, in one compile instead of one each (about 55 ms against 140 ms in a fresh JVM with the kernel's flags,
     * twice that while the sandbox starts beside it); a test checks that every one takes effect.
     */
    static final String STARTUP_SNIPPET;

    static {
        List<String> lines = new ArrayList<>(STARTUP_IMPORTS);
        String key = "import static org.marketlab.kernel.Notebook.*;";
        lines.remove(key);
        lines.add(0, key);
        STARTUP_SNIPPET = String.join("\n", lines);
    }

    /**
     * Whether the start-up imports are still to be evaluated. They come before any cell's snippet: the kernel's JShell
     * is ready only once they are in ({@link #startInBackground}), and {@link #eval} puts them in first on an evaluator
     * made otherwise. An import evaluated after a user's snippets makes JShell compile those again, and a variable
     * compiled again starts over from its default value: a notebook's parameters cell ({@code String fidelity = "1h";})
     * would read null afterwards.
     */
    private boolean importsPending = true;
    /** The snippet of the start-up imports, once evaluated (null before, and once replaced by single imports). */
    private Snippet startupImports;

    /** Evaluates the start-up imports if they are not yet. */
    synchronized void completeImports() {
        if (!importsPending) return;
        importsPending = false;
        for (SnippetEvent e : shell.eval(STARTUP_SNIPPET)) {
            if (e.status() == Snippet.Status.REJECTED) throw new IllegalStateException("start-up imports failed: " + STARTUP_SNIPPET);
            if (e.causeSnippet() == null) startupImports = e.snippet();
        }
        StartTrace.mark("imports done");
    }

    synchronized boolean importsPending() {
        return importsPending;
    }

    /**
     * After a user's snippet: if it replaced the start-up imports' snippet (an import of the kernel's {@code Notebook}
     * functions, their key), every start-up import is evaluated again on its own, so that none is lost.
     */
    private void keepStartupImports() {
        Snippet s = startupImports;
        if (s == null || shell.status(s).isActive()) return;
        startupImports = null;
        for (String imp : STARTUP_IMPORTS) shell.eval(imp);
    }

    /** The file manager that keeps javac on the compile path (null without one). */
    private final CompilePathFileManager files;

    /** Whether JShell's background indexing of the class path is held back. */
    private boolean indexingHeld;

    /** Lets JShell's background indexing of the class path run (held back from the start on). */
    @Override
    public synchronized void resumeIndexing() {
        if (indexingHeld) indexing(shell.sourceCodeAnalysis(), "resumeIndexing");
        indexingHeld = false;
    }

    /**
     * Calls JShell's {@code suspendIndexing} or {@code resumeIndexing} (public methods of a class JShell does not
     * export; reached through the opening kernel.json passes, as {@link Docs} does); false where it cannot.
     */
    private static boolean indexing(SourceCodeAnalysis analysis, String method) {
        try {
            java.lang.reflect.Method m = INDEXING.computeIfAbsent(method, name -> {
                try {
                    java.lang.reflect.Method found = analysis.getClass().getMethod(name);
                    found.setAccessible(true);
                    return found;
                } catch (ReflectiveOperationException | RuntimeException e) {
                    return null;
                }
            });
            if (m == null) return false;
            m.invoke(analysis);
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return false;
        }
    }

    private static final Map<String, java.lang.reflect.Method> INDEXING = new ConcurrentHashMap<>();

    /** The JVM's class path, read once as JShell starts (Tablesaw's initialisation empties the property a moment later). */
    static final String JVM_CLASS_PATH = System.getProperty("java.class.path");

    /** Whether the compiler sees the whole class path (not only the compile jar). */
    private volatile boolean fullClassPathJoined;

    /**
     * Gives the compiler the whole class path, once (javac then indexes it, a few hundred milliseconds): while the
     * kernel is idle, before completion or inspection (which list what there is), and before a cell that did not
     * compile without it is tried again.
     */
    @Override
    public synchronized void joinFullClassPath() {
        if (fullClassPathJoined) return;
        fullClassPathJoined = true;
        files.joinFullClassPath();
        shell.addToClasspath(JVM_CLASS_PATH); // JShell passes its class path on to javac now
    }

    boolean fullClassPathJoined() {
        return fullClassPathJoined;
    }

    /** JShell's analysis for completion and inspection: on the whole class path, with the sources for javadoc. */
    synchronized SourceCodeAnalysis analysis() {
        Docs.useSources();
        completeImports();
        joinFullClassPath();
        resumeIndexing();
        return shell.sourceCodeAnalysis();
    }

    /**
     * Builds a JShell on a thread of its own, runs {@link #WARM_UP_RUN} in it and evaluates the start-up imports: the
     * kernel starts this first thing, so the compiler's start overlaps the Jupyter connection's.
     */
    static java.util.concurrent.CompletableFuture<CellEvaluator> startInBackground(PrintStream out, PrintStream err) {
        java.util.concurrent.CompletableFuture<CellEvaluator> f = new java.util.concurrent.CompletableFuture<>();
        Thread t = new Thread(() -> {
            try {
                CellEvaluator e = new CellEvaluator(out, err);
                e.warmUp(WARM_UP_RUN);
                e.completeImports();
                StartTrace.mark("jshell ready");
                f.complete(e);
            } catch (Throwable x) {
                f.completeExceptionally(x);
            }
        }, "marketlab-jshell-start");
        t.setDaemon(true);
        t.start();
        return f;
    }

    /** A cell run before the kernel reports ready: the compiler's first use costs most. */
    static final String WARM_UP_RUN = "1 + 1";
    /** A typical first cell, compiled (not run) while the kernel is idle. */
    static final String WARM_UP_COMPILE = "void $warmUp() { Table t = Markets.events().limit(10).table(); System.out.println(t.rowCount()); }";

    /** Runs {@code sources} and forgets them: no variable, method or value of them stays in the session. */
    @Override
    public void compileTypicalCell() {
        warmUp(WARM_UP_COMPILE);
    }

    synchronized void warmUp(String... sources) {
        for (String source : sources) {
            if (!source.equals(WARM_UP_RUN)) completeImports();
            for (SnippetEvent e : shell.eval(source)) {
                if (e.value() != null && execution.holds(e.value())) execution.take(e.value());
                if (e.causeSnippet() == null && e.status().isDefined()) shell.drop(e.snippet());
            }
        }
    }

    KernelExecution execution() {
        return execution;
    }

    JShell shell() {
        return shell;
    }

    /** A compile error with its position in the cell. */
    static final class CompileError extends RuntimeException {
        final List<String> lines;

        CompileError(List<String> lines) {
            // No stack: the kernel's frames mean nothing to the user (the error reply lists the lines above).
            super(String.join("\n", lines), null, false, false);
            this.lines = lines;
        }
    }

    /** An exception thrown by the user's code, with the frames that belong to it. */
    static final class UserError extends RuntimeException {
        final String type;
        final List<String> lines;

        UserError(String type, String message, List<String> lines) {
            super(type + (message == null || message.equals("null") ? "" : ": " + message), null, false, false);
            this.type = type;
            this.lines = lines;
        }
    }

    /**
     * Runs every snippet of a cell in order; stops at the first error.
     *
     * @return the value of the last snippet if it is an expression (or {@link KernelExecution#NULL}), else null
     */
    synchronized Object eval(String cell) {
        completeImports();
        return evalLocked(cell);
    }

    private Object evalLocked(String cell) {
        // JShell's class-path indexing (once released) waits while a cell runs: the cell has the cores.
        SourceCodeAnalysis sca = shell.sourceCodeAnalysis();
        boolean paused = indexing(sca, "suspendIndexing");
        try {
            return evalCell(cell);
        } finally {
            if (paused) indexing(sca, "resumeIndexing");
        }
    }

    private Object evalCell(String cell) {
        cells++;
        String remaining = cell;
        int offset = 0;
        Object last = null;
        SourceCodeAnalysis analysis = shell.sourceCodeAnalysis();
        while (!remaining.isBlank()) {
            SourceCodeAnalysis.CompletionInfo info = analysis.analyzeCompletion(remaining);
            SourceCodeAnalysis.Completeness c = info.completeness();
            if (c == SourceCodeAnalysis.Completeness.EMPTY) break;
            if (!c.isComplete()) {
                throw new CompileError(List.of("incomplete code at the end of the cell: " + firstLine(remaining.strip())
                        + " (a missing ';', ')' or '}'?)"));
            }
            String source = info.source();
            int consumed = remaining.length() - info.remaining().length();
            last = run(source, cell, offset + startOf(source, remaining));
            offset += consumed;
            remaining = info.remaining();
        }
        return last;
    }

    private Object run(String source, String cell, int at) {
        StartTrace.mark("snippet cut");
        List<SnippetEvent> events = shell.eval(source);
        if (!fullClassPathJoined && events.stream().anyMatch(e -> e.causeSnippet() == null && needsMore(e.status()))) {
            // Perhaps it names a class outside the compile jar: tried again on the whole class path.
            joinFullClassPath();
            events = shell.eval(source);
        }
        keepStartupImports();
        Object value = null;
        for (SnippetEvent e : events) {
            if (e.causeSnippet() != null) continue; // updates of dependent snippets
            Snippet s = e.snippet();
            if (e.status() == Snippet.Status.REJECTED) {
                throw new CompileError(diagnostics(s, source, cell, at));
            }
            // JShell numbers a snippet's lines from its first non-blank character.
            origins.put(s.id(), new Origin(cells, lineOf(cell, at + leadingSpace(source))));
            if (e.exception() != null) {
                discard(e.value());
                throw userError(e.exception(), origins::get, cells);
            }
            boolean expression = s.kind() == Snippet.Kind.EXPRESSION
                    || (s.kind() == Snippet.Kind.VAR && s.subKind() == Snippet.SubKind.TEMP_VAR_EXPRESSION_SUBKIND);
            if (execution.holds(e.value())) {
                Object v = execution.take(e.value());
                if (expression) value = v;
            } else if (expression && e.value() != null) {
                value = e.value();
            }
            if (s.kind() == Snippet.Kind.VAR && !expression) value = null;
        }
        return value;
    }

    private static boolean needsMore(Snippet.Status status) {
        return status == Snippet.Status.REJECTED || status == Snippet.Status.RECOVERABLE_DEFINED
                || status == Snippet.Status.RECOVERABLE_NOT_DEFINED;
    }

    private void discard(String key) {
        execution.take(key);
    }

    private List<String> diagnostics(Snippet s, String source, String cell, int at) {
        List<String> out = new ArrayList<>();
        List<Diag> diags = shell.diagnostics(s).toList();
        if (diags.isEmpty()) out.add("the snippet was rejected: " + firstLine(source));
        for (Diag d : diags) {
            if (!d.isError()) continue;
            int pos = (int) Math.max(0, d.getStartPosition());
            int abs = at + pos;
            int line = 1, col = 1;
            for (int i = 0; i < Math.min(abs, cell.length()); i++) {
                if (cell.charAt(i) == '\n') {
                    line++;
                    col = 1;
                } else col++;
            }
            String message = d.getMessage(Locale.ROOT).replaceAll("\n\\s*location: class\\s*$", "")
                    .replaceAll("\n\\s*location: class \\n", "\n");
            out.add("error at line " + line + ", column " + col + ": " + clean(message));
            String text = lineAt(cell, line);
            out.add("    " + text);
            out.add("    " + " ".repeat(Math.max(0, col - 1)) + "^");
        }
        return out;
    }

    /**
     * The exception as the user should read it: its message, then the frames down to where the kernel called the
     * cell, snippet frames named by cell line ({@code origins} knows where each snippet came from), runs of one
     * repeated frame (recursion) collapsed.
     */
    static UserError userError(JShellException ex, Function<String, Origin> origins, int currentCell) {
        if (ex instanceof UnresolvedReferenceException u) {
            return new UserError("UnresolvedReference", "'" + u.getSnippet().source().strip()
                    + "' uses a declaration that does not compile yet", List.of());
        }
        EvalException e = (EvalException) ex;
        String type = e.getExceptionClassName();
        List<String> lines = new ArrayList<>();
        String message = e.getMessage() == null || e.getMessage().equals("null") ? null : clean(e.getMessage());
        lines.add(type + (message == null ? "" : ": " + message));
        String previous = null;
        int repeats = 0;
        for (StackTraceElement f : e.getStackTrace()) {
            String cls = f.getClassName();
            // The user's part ends where the kernel's invocation machinery begins.
            if (cls.startsWith("jdk.internal.reflect") || cls.startsWith("java.lang.reflect.Method")
                    || cls.startsWith("org.marketlab.kernel")) break;
            String frame = cls.isEmpty() || cls.startsWith("REPL.")
                    ? snippetFrame(f, origins, currentCell)
                    : "    at " + cls + "." + f.getMethodName() + "(" + f.getFileName() + ":" + f.getLineNumber() + ")";
            if (frame.equals(previous)) {
                repeats++;
                continue;
            }
            if (repeats > 0) lines.add("    ... the frame above " + repeats + " more time" + (repeats == 1 ? "" : "s"));
            repeats = 0;
            lines.add(frame);
            previous = frame;
        }
        if (repeats > 0) lines.add("    ... the frame above " + repeats + " more time" + (repeats == 1 ? "" : "s"));
        Throwable cause = e.getCause();
        while (cause instanceof EvalException c) {
            lines.add("Caused by: " + c.getExceptionClassName() + ": " + c.getMessage());
            cause = c.getCause();
        }
        return new UserError(type, message, lines);
    }

    /** JShell names a snippet's frames by the snippet ("#17") and the line within it; the user knows cell lines. */
    private static String snippetFrame(StackTraceElement f, Function<String, Origin> origins, int currentCell) {
        String method = f.getMethodName();
        // A snippet's top-level code runs in JShell's do_it$ method; a method the user declared keeps its name.
        boolean topLevel = method.isEmpty() || method.equals("do_it$");
        String where = topLevel ? "    at this cell" : "    at " + method;
        String file = f.getFileName();
        Origin o = file != null && file.startsWith("#") ? origins.apply(file.substring(1)) : null;
        if (o == null || f.getLineNumber() <= 0) return where;
        int line = o.firstLine() + f.getLineNumber() - 1;
        if (o.cell() == currentCell) return where + (topLevel ? ", line " : " (this cell, line ") + line + (topLevel ? "" : ")");
        return where + " (declared in an earlier cell, at its line " + line + ")";
    }

    /** Drops JShell's wrapper class names ({@code REPL.$JShell$16.o} reads {@code o}). */
    static String clean(String message) {
        return message.replaceAll("REPL\\.\\$JShell\\$\\d+[A-Za-z]*\\.", "");
    }

    /** JShell's completeness of a cell, for {@code is_complete}. */
    synchronized SourceCodeAnalysis.Completeness completeness(String cell) {
        String remaining = cell;
        SourceCodeAnalysis.Completeness last = SourceCodeAnalysis.Completeness.EMPTY;
        while (!remaining.isBlank()) {
            SourceCodeAnalysis.CompletionInfo info = shell.sourceCodeAnalysis().analyzeCompletion(remaining);
            last = info.completeness();
            if (!last.isComplete()) return last;
            remaining = info.remaining();
        }
        return last;
    }

    /** Where the snippet JShell cut out lies in the remaining text (diagnostic positions count from there). */
    private static int startOf(String source, String remaining) {
        int i = remaining.indexOf(source);
        if (i < 0 && source.endsWith(";")) i = remaining.indexOf(source.substring(0, source.length() - 1));
        return i >= 0 ? i : leadingSpace(remaining);
    }

    /** The 1-based line of {@code text} that position {@code at} lies on. */
    static int lineOf(String text, int at) {
        int line = 1;
        for (int i = 0; i < Math.min(at, text.length()); i++) if (text.charAt(i) == '\n') line++;
        return line;
    }

    private static int leadingSpace(String s) {
        int i = 0;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) i++;
        return i;
    }

    private static String lineAt(String text, int line) {
        String[] lines = text.split("\n", -1);
        return line - 1 < lines.length ? lines[line - 1] : "";
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " …";
    }

    @Override
    public void close() {
        resumeIndexing(); // JShell's indexer is one thread for the whole JVM: a held one would hold every other shell's
        shell.close();
    }

    /**
     * Closes the shell in a process that ends with it. JShell's class-path indexing, if still held back, stays held:
     * let go, it would index the JDK and every jar of the class path (0.5 to 1 CPU-second) for a shell that will never
     * complete again, while the process exits.
     */
    void closeForExit() {
        shell.close();
    }
}
