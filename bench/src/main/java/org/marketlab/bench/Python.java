package org.marketlab.bench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The pandas and polars sides of the benchmarks, run by the project's virtual environment's Python. */
final class Python {

    private static Path script;

    private Python() {
    }

    /** The .venv's python with pandas and polars, or null. */
    static Path find() {
        String venv = System.getenv().getOrDefault("MARKETLAB_VENV", ".venv");
        for (Path p : List.of(Path.of(venv, "bin", "python"), Path.of("..", ".venv", "bin", "python"))) {
            if (Files.isExecutable(p)) return p.toAbsolutePath();
        }
        return null;
    }

    static List<String> command(Path python, String... args) throws IOException {
        List<String> cmd = new ArrayList<>(List.of(python.toString(), script().toString()));
        for (Object a : args) cmd.add(a.toString());
        return cmd;
    }

    static List<String> command(Path python, String mode, String lib, Path file) throws IOException {
        return command(python, mode, lib, file.toString());
    }

    /** Runs the script and returns its key=value lines as numbers. */
    static Map<String, Double> run(Path python, String mode, String lib, Path file, String... more) throws IOException, InterruptedException {
        List<String> cmd = command(python, mode, lib, file);
        cmd.addAll(List.of(more));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) throw new IllegalStateException(lib + " run failed:\n" + out);
        Map<String, Double> values = new HashMap<>();
        for (String line : out.split("\n")) {
            int eq = line.indexOf('=');
            if (eq > 0) values.put(line.substring(0, eq).trim(), Double.parseDouble(line.substring(eq + 1).trim()));
        }
        return values;
    }

    private static synchronized Path script() throws IOException {
        if (script == null) {
            script = Files.createTempFile("marketlab-python-tables", ".py");
            script.toFile().deleteOnExit();
            try (InputStream in = Python.class.getResourceAsStream("/python_tables_bench.py")) {
                Files.write(script, in.readAllBytes());
            }
        }
        return script;
    }
}
