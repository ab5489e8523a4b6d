package org.marketlab.kernel;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

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
        return j;
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
