package org.marketlab.kernel;

import org.marketlab.kernel.startup.StartTrace;
import org.marketlab.kernel.startup.StartUp;

import jdk.jshell.SourceCodeAnalysis;
import org.dflib.jjava.jupyter.kernel.BaseKernel;
import org.dflib.jjava.jupyter.kernel.HelpLink;
import org.dflib.jjava.jupyter.kernel.JupyterIO;
import org.dflib.jjava.jupyter.kernel.LanguageInfo;
import org.dflib.jjava.jupyter.kernel.ReplacementOptions;
import org.dflib.jjava.jupyter.kernel.comm.CommManager;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;
import org.dflib.jjava.jupyter.kernel.display.Renderer;
import org.dflib.jjava.jupyter.kernel.util.StringStyler;
import org.dflib.jjava.jupyter.kernel.util.TextColor;
import org.dflib.jjava.jupyter.channels.ShellReplyEnvironment;
import org.dflib.jjava.jupyter.kernel.history.HistoryEntry;
import org.dflib.jjava.jupyter.kernel.history.HistoryManager;
import org.dflib.jjava.jupyter.messages.Header;
import org.dflib.jjava.jupyter.messages.Message;
import org.dflib.jjava.jupyter.messages.request.HistoryRequest;
import org.dflib.jjava.jupyter.messages.request.KernelInfoRequest;
import org.marketlab.MarketLab;
import org.marketlab.config.Progress;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The "Java (MarketLab)" kernel: JShell in this JVM with the toolkit and sandbox on the class path and their
 * facades imported, rich display of tables, charts and records, and a few magics.
 */
public final class MarketLabKernel extends BaseKernel {

    static final String VERSION = "0.1.0";
    static final List<String> MAGICS = List.of("%profile sandbox|live", "%limits", "%timeout [seconds|off]", "%classpath <jar or folder>...",
            "%record <folder>|off", "%replay <folder>|off");

    /** JShell starts in the background: Jupyter's handshake need not wait for it, the first cell does. */
    private final java.util.concurrent.CompletableFuture<CellEvaluator> starting;
    private final SessionHistory history;
    private final ProgressDisplay progress;
    private final LiveDisplay live;
    private final StartUp startUp;
    /** The newest execute request's context: live displays send their updates with it. */
    private volatile ShellReplyEnvironment latestEnv;

    private MarketLabKernel(JupyterIO io, SessionHistory history, java.util.concurrent.CompletableFuture<CellEvaluator> starting) {
        super("MarketLab", VERSION,
                new LanguageInfo.Builder("java").version(Runtime.version().toString()).mimetype("text/x-java-source")
                        .fileExtension(".jshell").pygments("java").codemirror("text/x-java").build(),
                List.of(new HelpLink("MarketLab README", "https://github.com/marketlab/marketlab#readme")),
                history, io, new CommManager(), new Renderer(), null, null, false,
                new StringStyler.Builder().addPrimaryStyle(TextColor.BOLD_RESET_FG).addSecondaryStyle(TextColor.BOLD_RED_FG)
                        .addHighlightStyle(TextColor.BOLD_RESET_FG).build());
        this.history = history;
        this.starting = starting;
        this.startUp = new StartUp(starting, Html::table);
        this.progress = new ProgressDisplay(io);
        this.live = new LiveDisplay(io, getRenderer(), () -> latestEnv);
        Renderers.register(getRenderer());
        Progress.setDefaultListener(progress);
        String timeout = System.getenv("MARKETLAB_CELL_TIMEOUT");
        if (timeout != null && !timeout.isBlank()) {
            long ms = parseTimeout(timeout.trim());
            starting.thenAccept(e -> e.execution().timeoutMillis(ms));
        }
    }

    /** Once JShell is ready, the start-up warm-up while no cell has come ({@link StartUp#warmUpWhileIdle}). */
    void warmUpWhileIdle() {
        startUp.warmUpWhileIdle();
    }

    /** The evaluator once the start-up warm-up has been told to stop: a user's request comes first. */
    private CellEvaluator quietEvaluator() {
        startUp.quiet();
        return evaluator();
    }

    private CellEvaluator evaluator() {
        try {
            return starting.join();
        } catch (java.util.concurrent.CompletionException e) {
            throw new IllegalStateException("JShell did not start: " + e.getCause(), e.getCause());
        }
    }

    /** A kernel with its own Jupyter I/O (not yet connected); its JShell starts in the background. */
    public static MarketLabKernel create() {
        JupyterIO io = io();
        return create(io, CellEvaluator.startInBackground(io.out, io.err));
    }

    /** The kernel's Jupyter I/O, made first so that JShell can start on it before the kernel is built. */
    static JupyterIO io() {
        return new JupyterIO(StandardCharsets.UTF_8);
    }

    /** A kernel on {@code io} whose JShell is {@code starting} (see {@link CellEvaluator#startInBackground}). */
    static MarketLabKernel create(JupyterIO io, java.util.concurrent.CompletableFuture<CellEvaluator> starting) {
        return new MarketLabKernel(io, new SessionHistory(), starting);
    }

    @Override
    public String getBanner() {
        // The profile's name without building its transport (an HTTP client and TLS: kernel_info waits for the banner).
        return "MarketLab " + VERSION + " (Java " + Runtime.version() + "): toolkit preloaded, profile " + MarketLab.profileName();
    }

    @Override
    public Object evalRaw(String cell) {
        startUp.cellArrived(cell);
        try {
            return evalCell(cell);
        } finally {
            startUp.cellDone();
        }
    }

    private Object evalCell(String cell) {
        history.add(cell);
        progress.reset();
        StringBuilder code = new StringBuilder();
        Object magicResult = null;
        for (String line : cell.split("\n", -1)) {
            String t = line.strip();
            if (t.startsWith("%") && !t.startsWith("%%") && code.toString().isBlank()) {
                magicResult = magic(t.substring(1));
                code.append('\n'); // keep line numbers of the code that follows
            } else {
                code.append(line).append('\n');
            }
        }
        if (code.toString().isBlank()) return magicResult;
        Object v = evaluator().eval(code.toString());
        progress.cellReturned();
        StartTrace.mark("cell evaluated");
        if (v == KernelExecution.NULL) return "null";
        if (v instanceof java.io.PrintStream) return null; // what printf returns ends a cell that printed: nothing to show
        if (v instanceof org.marketlab.live.LiveView<?> view) {
            live.show(view); // a display that redraws itself, rather than a result drawn once
            return null;
        }
        // An array's own toString is its identity ("[I@1b6d3586"); show its elements, as JShell does.
        return v != null && v.getClass().isArray() ? new DisplayData(Renderers.arrayText(v)) : v;
    }

    private Object magic(String line) {
        String[] words = line.trim().split("\\s+");
        String name = words[0];
        List<String> args = List.of(words).subList(1, words.length);
        switch (name) {
            case "profile" -> {
                if (args.size() != 1) throw new IllegalArgumentException("%profile takes one of: sandbox, live");
                return MarketLab.use(args.get(0));
            }
            case "limits" -> {
                return MarketLab.pacing();
            }
            case "timeout" -> {
                if (args.isEmpty()) {
                    long ms = evaluator().execution().timeoutMillis();
                    return ms == 0 ? "no cell time limit" : "cell time limit: " + ms / 1000.0 + " s";
                }
                long ms = parseTimeout(args.get(0));
                evaluator().execution().timeoutMillis(ms);
                return ms == 0 ? "no cell time limit" : "cell time limit: " + ms / 1000.0 + " s";
            }
            case "classpath" -> {
                if (args.isEmpty()) throw new IllegalArgumentException("%classpath needs one or more jars or folders");
                List<String> added = new ArrayList<>();
                for (String a : args) {
                    for (File f : expand(a)) {
                        evaluator().shell().addToClasspath(f.getAbsolutePath());
                        added.add(f.getAbsolutePath());
                    }
                }
                return "added to the class path: " + String.join(", ", added);
            }
            case "record", "replay" -> {
                if (args.size() != 1) {
                    throw new IllegalArgumentException("%" + name + " takes a folder (" + (name.equals("record") ? "where the reads' answers are kept"
                            : "a recording made with %record") + ") or off; now: " + MarketLab.recording());
                }
                if (args.get(0).equals("off")) return MarketLab.recordingOff();
                return name.equals("record") ? MarketLab.record(args.get(0)) : MarketLab.replay(args.get(0));
            }
            default -> throw new IllegalArgumentException("unknown magic %" + name + "; known: " + String.join(", ", MAGICS));
        }
    }

    static long parseTimeout(String s) {
        if (s.equalsIgnoreCase("off") || s.equals("0")) return 0;
        try {
            double seconds = Double.parseDouble(s.toLowerCase(Locale.ROOT).replaceAll("s$", ""));
            if (seconds <= 0 || Double.isNaN(seconds)) throw new NumberFormatException();
            return (long) (seconds * 1000);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("%timeout takes seconds (e.g. 30 or 2.5) or off, was '" + s + "'");
        }
    }

    private static List<File> expand(String arg) {
        File f = new File(arg.startsWith("~/") ? System.getProperty("user.home") + arg.substring(1) : arg);
        if (f.getName().equals("*") && f.getParentFile() != null && f.getParentFile().isDirectory()) {
            File[] jars = f.getParentFile().listFiles((d, n) -> n.endsWith(".jar"));
            if (jars == null || jars.length == 0) throw new IllegalArgumentException("%classpath: no jars in " + f.getParent());
            return List.of(jars);
        }
        if (!f.exists()) throw new IllegalArgumentException("%classpath: " + arg + " does not exist");
        return List.of(f);
    }

    @Override
    public DisplayData inspect(String code, int at, boolean extraDetail) {
        CellEvaluator ev = quietEvaluator();
        List<SourceCodeAnalysis.Documentation> docs;
        synchronized (ev) {
            SourceCodeAnalysis sca = ev.analysis();
            docs = sca.documentation(code, at, true);
            if (docs.isEmpty()) {
                // On a method name without its parenthesis ("Math.max"), JShell documents the call "Math.max(".
                int end = at;
                while (end < code.length() && Character.isJavaIdentifierPart(code.charAt(end))) end++;
                docs = sca.documentation(code.substring(0, end) + "(", end + 1, true);
            }
        }
        if (docs.isEmpty()) return null;
        StringBuilder text = new StringBuilder();
        Set<String> seen = new LinkedHashSet<>();
        for (SourceCodeAnalysis.Documentation d : docs) {
            if (!seen.add(d.signature())) continue;
            text.append(d.signature()).append('\n');
            String doc = Docs.plain(d.javadoc());
            if (!doc.isEmpty()) text.append(doc.indent(2));
            text.append('\n');
        }
        return new DisplayData(text.toString().strip());
    }

    @Override
    public ReplacementOptions complete(String code, int at) {
        int[] anchor = new int[1];
        CellEvaluator ev = quietEvaluator();
        List<SourceCodeAnalysis.Suggestion> s;
        synchronized (ev) {
            s = ev.analysis().completionSuggestions(code, at, anchor);
        }
        Set<String> options = new LinkedHashSet<>();
        for (SourceCodeAnalysis.Suggestion x : s) if (x.matchesType()) options.add(x.continuation());
        for (SourceCodeAnalysis.Suggestion x : s) options.add(x.continuation());
        return new ReplacementOptions(new ArrayList<>(options), anchor[0], at);
    }

    @Override
    public String isComplete(String code) {
        return switch (quietEvaluator().completeness(code)) {
            case COMPLETE, COMPLETE_WITH_SEMI, EMPTY -> IS_COMPLETE_YES;
            case DEFINITELY_INCOMPLETE, CONSIDERED_INCOMPLETE -> "    ";
            case UNKNOWN -> IS_COMPLETE_BAD;
        };
    }

    @Override
    protected void handleExecuteRequest(ShellReplyEnvironment env, Message<org.dflib.jjava.jupyter.messages.request.ExecuteRequest> request) {
        latestEnv = env;
        super.handleExecuteRequest(env, request);
        StartTrace.mark("execute answered");
    }

    /**
     * Clears the running cell's output: now, or with {@code wait} when its next output arrives (a loop that redraws
     * does not flicker). Refused outside a cell, where there is no output to clear.
     */
    void clearOutput(boolean wait) {
        ShellReplyEnvironment e = latestEnv;
        if (e == null) throw new IllegalStateException("clearOutput() clears a running cell's output; no cell has run yet");
        e.publish(wait ? org.dflib.jjava.jupyter.messages.publish.PublishClearOutput.BEFORE_NEXT_OUTPUT
                : org.dflib.jjava.jupyter.messages.publish.PublishClearOutput.NOW);
    }

    /** Shows a live view in the running cell, redrawn in place as it changes. */
    void showLive(org.marketlab.live.LiveView<?> view) {
        live.show(view);
    }

    /** How long a kernel_info answer waits for a first IOPub subscriber: longer than a client's reconnect interval. */
    static final long IOPUB_WAIT_MS = 300;

    /** The connection this kernel handles, when it is the kernel's own (it knows when IOPub has a subscriber). */
    private volatile KernelConnection connection;

    @Override
    public void becomeHandlerForConnection(org.dflib.jjava.jupyter.channels.JupyterConnection connection) {
        if (connection instanceof KernelConnection k) this.connection = k;
        super.becomeHandlerForConnection(connection);
    }

    @Override
    protected void handleKernelInfoRequest(ShellReplyEnvironment env, Message<KernelInfoRequest> request) {
        StartTrace.mark("kernel_info asked");
        KernelConnection c = connection;
        if (c != null) c.awaitSubscriber(IOPUB_WAIT_MS); // see KernelConnection: else the status below may be lost
        env.setBusyDeferIdle(); // the status messages tell a client that IOPub is connected
        // Answered at once, while JShell may still be starting: a client spends its own time after this reply
        // (jupyter_client waits for 0.2 s of quiet on IOPub before it reports the kernel ready), and JShell's start
        // goes on meanwhile. A cell sent before JShell is ready waits for it; a failed start is reported by that cell.
        env.reply(new Replies.KernelInfo(Header.PROTOCOL_VERISON, name, version, getLanguageInfo(), getBanner(), getHelpLinks()));
        StartTrace.mark("kernel_info answered");
    }

    @Override
    protected void handleHistoryRequest(ShellReplyEnvironment env, Message<HistoryRequest> message) {
        HistoryRequest request = message.getContent();
        env.setBusyDeferIdle();
        Set<HistoryManager.ResultFlag> flags = java.util.EnumSet.noneOf(HistoryManager.ResultFlag.class);
        List<HistoryEntry> entries = switch (request.getAccessType()) {
            case TAIL -> history.lookupTail(((HistoryRequest.Tail) request).getMaxReturnLength(), flags);
            case RANGE -> {
                HistoryRequest.Range r = (HistoryRequest.Range) request;
                yield history.lookupRange(r.getSessionIndex(), r.getStart(), r.getStop(), flags);
            }
            case SEARCH -> {
                HistoryRequest.Search r = (HistoryRequest.Search) request;
                if (r.filterUnique()) flags.add(HistoryManager.ResultFlag.UNIQUE);
                yield history.search(r.getPattern(), r.getMaxReturnLength(), flags);
            }
        };
        env.reply(new Replies.History(entries, request.includeOutput()));
    }

    @Override
    public void interrupt() {
        evaluator().execution().interruptRunning();
    }

    @Override
    public List<String> formatError(Throwable e) {
        if (e instanceof CellEvaluator.CompileError c) return c.lines;
        if (e instanceof CellEvaluator.UserError u) return u.lines;
        List<String> lines = new ArrayList<>();
        lines.add(e.getClass().getSimpleName() + ": " + e.getMessage());
        return lines;
    }

    /** Set when this kernel's process ends with it ({@link KernelMain}): its shutdown then leaves nothing for others. */
    private volatile boolean processEndsWithKernel;

    /** Says that the process ends when this kernel shuts down (not for a restart): see {@link #onShutdown}. */
    void processEndsWithKernel() {
        processEndsWithKernel = true;
    }

    @Override
    public void onShutdown(boolean isRestarting) {
        super.onShutdown(isRestarting);
        org.marketlab.live.LiveFeeds.closeAll(); // no feed outlives its kernel: their connections close with it
        if (processEndsWithKernel && !isRestarting) evaluator().closeForExit();
        else evaluator().close();
    }

    /** For tests and the warm-up: evaluates a cell and renders its value. */
    DisplayData evalForTest(String cell) {
        return eval(cell);
    }
}
