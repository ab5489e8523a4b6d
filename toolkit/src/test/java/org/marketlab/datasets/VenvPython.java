package org.marketlab.datasets;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The project's .venv Python (polars and DuckDB), set up by scripts/python-env when it is missing. */
final class VenvPython {

    private VenvPython() {
    }

    static Path root() {
        String r = System.getProperty("marketlab.root");
        return r != null ? Path.of(r) : Path.of("..").toAbsolutePath().normalize();
    }

    static synchronized Path python() throws IOException, InterruptedException {
        String venv = System.getenv().getOrDefault("MARKETLAB_VENV", root().resolve(".venv").toString());
        Path py = Path.of(venv, "bin", "python");
        Process setup = new ProcessBuilder("bash", root().resolve("scripts/python-env").toString()).redirectErrorStream(true).start();
        String log = new String(setup.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (setup.waitFor() != 0 || !Files.isExecutable(py)) throw new IllegalStateException("scripts/python-env failed:\n" + log);
        return py;
    }

    /** Runs a script from the test resources with {@code args}; returns its standard output. */
    static String run(String resource, List<String> args) throws IOException, InterruptedException {
        Path script = Files.createTempFile("marketlab-", ".py");
        try (var in = VenvPython.class.getResourceAsStream("/" + resource)) {
            Files.write(script, in.readAllBytes());
        }
        List<String> cmd = new ArrayList<>(List.of(python().toString(), script.toString()));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int rc = p.waitFor();
        Files.deleteIfExists(script);
        if (rc != 0) throw new IllegalStateException(resource + " exited " + rc + ":\n" + out);
        return out;
    }
}
