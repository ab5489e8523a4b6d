package org.marketlab.kernel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/** The project's Jupyter (.venv, made by scripts/python-env) and a kernel installed from the built jar. */
final class Jupyter {

    final Path root;
    final Path venvBin;
    final Path prefix;
    final String kernel;

    private Jupyter(Path root, Path venvBin, Path prefix, String kernel) {
        this.root = root;
        this.venvBin = venvBin;
        this.prefix = prefix;
        this.kernel = kernel;
    }

    /** Installs the kernel jar under a fresh prefix; fails with what to do when Jupyter is missing. */
    static Jupyter install(String kernel) throws IOException, InterruptedException {
        Path root = Path.of(System.getProperty("marketlab.root", "..")).toAbsolutePath().normalize();
        String venv = System.getenv().getOrDefault("MARKETLAB_VENV", root.resolve(".venv").toString());
        Path bin = Path.of(venv, "bin");
        if (!Files.isExecutable(bin.resolve("jupyter"))) {
            throw new IllegalStateException("no Jupyter at " + bin + ": run scripts/python-env (scripts/test does)");
        }
        Path jar = Path.of(System.getProperty("marketlab.kernel.jar"));
        if (!Files.isRegularFile(jar)) throw new IllegalStateException("no kernel jar at " + jar + " (run mvn verify)");
        Path prefix = Files.createTempDirectory("marketlab-jupyter");
        Jupyter j = new Jupyter(root, bin, prefix, kernel);
        Result r = j.run(List.of(javaBinary(), "-jar", jar.toString(), "install", "--prefix", prefix.toString(), "--name", kernel),
                root, 300);
        if (r.exit != 0) throw new IllegalStateException("kernel install failed:\n" + r.output);
        capKernelHeap(prefix);
        return j;
    }

    /**
     * The heap of the kernels the tests start. An installed kernel has no cap (a user's kernel may hold large tables);
     * here every notebook and cell of the suite runs in {@value #KERNEL_HEAP} (docs/contributing.md, "Tests"), so that
     * kernels running side by side on a CI machine never grow into its memory. Unbounded, the notebooks' kernels had
     * 0.25-0.8 GB in use at most (the young generation alone is 320 MB: Installer.JVM_FLAGS).
     */
    static final String KERNEL_HEAP = "-Xmx1536m";

    /** Puts {@link #KERNEL_HEAP} first among the JVM's options in every kernelspec installed under {@code prefix}. */
    private static void capKernelHeap(Path prefix) throws IOException {
        List<Path> specs;
        try (Stream<Path> files = Files.walk(prefix)) {
            specs = files.filter(f -> f.getFileName().toString().equals("kernel.json")).toList();
        }
        if (specs.isEmpty()) throw new IllegalStateException("no kernel.json installed under " + prefix);
        Pattern launcher = Pattern.compile("(\"argv\": \\[\"[^\"]+\", )"); // "argv": ["/path/to/java", ...
        for (Path spec : specs) {
            String text = Files.readString(spec, StandardCharsets.UTF_8);
            Matcher m = launcher.matcher(text);
            if (!m.find()) throw new IllegalStateException("no java launcher first in the argv of " + spec + ":\n" + text);
            Files.writeString(spec, text.substring(0, m.end()) + "\"" + KERNEL_HEAP + "\", " + text.substring(m.end()), StandardCharsets.UTF_8);
        }
    }

    record Result(int exit, String output) {
    }

    /** Runs a command with the venv first on the PATH and this prefix's kernels visible to Jupyter. */
    Result run(List<String> command, Path dir, int timeoutSeconds) throws IOException, InterruptedException {
        return run(command, dir, timeoutSeconds, Map.of());
    }

    Result run(List<String> command, Path dir, int timeoutSeconds, Map<String, String> extraEnv) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.putAll(extraEnv);
        env.put("PATH", venvBin + ":" + env.getOrDefault("PATH", "/usr/bin:/bin"));
        env.put("JUPYTER_PATH", prefix.resolve("share").resolve("jupyter").toString());
        env.put("MARKETLAB_KERNEL", kernel);
        env.put("PYTHONUNBUFFERED", "1");
        Path log = Files.createTempFile("marketlab-run", ".log");
        pb.redirectOutput(log.toFile());
        Process p = pb.start();
        if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Result(-1, "timed out after " + timeoutSeconds + " s\n" + Files.readString(log, StandardCharsets.UTF_8));
        }
        return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    }

    List<String> python(String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(venvBin.resolve("python").toString());
        cmd.addAll(List.of(args));
        return cmd;
    }

    static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
