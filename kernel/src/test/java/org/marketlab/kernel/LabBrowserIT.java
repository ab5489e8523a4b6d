package org.marketlab.kernel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * JupyterLab in a real browser: headless Debian Chromium, driven by Playwright, opens the first notebook from
 * a JupyterLab served on localhost, runs all its cells, and the page shows its table and chart (checked in the
 * DOM; the screenshot is kept at target/lab-screenshot.png).
 */
class LabBrowserIT {

    @Test
    void firstNotebookRunsInTheBrowser() throws Exception {
        Path chromium = Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));
        if (!Files.isExecutable(chromium)) {
            throw new IllegalStateException("no Chromium at " + chromium + ": scripts/prerequisites installs the Debian package chromium");
        }
        Jupyter jupyter = Jupyter.install("marketlab-browser");
        // A copy of the notebooks: JupyterLab saves what it runs, and the repository's notebooks stay clean.
        Path root = Files.createTempDirectory("marketlab-lab");
        try (var files = Files.list(jupyter.root.resolve("notebooks"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".ipynb")).toList()) {
                String text = Files.readString(f).replace("\"name\": \"marketlab\"", "\"name\": \"marketlab-browser\"");
                Files.writeString(root.resolve(f.getFileName()), text);
            }
        }
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        List<String> lab = new ArrayList<>(List.of(jupyter.venvBin.resolve("jupyter").toString(), "lab", "--allow-root", "--no-browser",
                "--port=" + port, "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
                "--ServerApp.root_dir=" + root, "--LabApp.news_url=", "--ServerApp.open_browser=False"));
        ProcessBuilder pb = new ProcessBuilder(lab).redirectErrorStream(true).redirectOutput(root.resolve("lab.log").toFile());
        pb.environment().put("PATH", jupyter.venvBin + ":" + pb.environment().getOrDefault("PATH", "/usr/bin:/bin"));
        pb.environment().put("JUPYTER_PATH", jupyter.prefix.resolve("share/jupyter").toString());
        Process server = pb.start();
        try {
            String url = "http://127.0.0.1:" + port;
            waitForLab(url, server);
            Path shot = Path.of(System.getProperty("marketlab.kernel.jar")).getParent().resolve("lab-screenshot.png");
            var r = jupyter.run(List.of("node", "lab-browser.mjs", url, "01-market-screener.ipynb", shot.toString()),
                    jupyter.root.resolve("interop"), 600, Map.of("CHROMIUM", chromium.toString()));
            assertEquals(0, r.exit(), r.output() + "\nJupyterLab log:\n" + Files.readString(root.resolve("lab.log")));
            JsonNode seen = new ObjectMapper().readTree(r.output().lines().filter(l -> l.startsWith("{")).reduce((a, b) -> b).orElseThrow());
            assertTrue(seen.path("tables").asInt() >= 1, "a table is shown: " + seen);
            assertTrue(seen.path("images").asInt() >= 1, "a chart is shown: " + seen);
            assertEquals(0, seen.path("errors").asInt(), "no error output: " + seen);
            assertTrue(seen.path("shape").asText().contains("rows ×"), seen.toString());
            assertTrue(Files.size(shot) > 10_000, "the screenshot is kept");
        } finally {
            server.destroy();
            server.waitFor(10, TimeUnit.SECONDS);
            server.destroyForcibly();
        }
    }

    private static void waitForLab(String url, Process server) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < end) {
            if (!server.isAlive()) throw new IllegalStateException("JupyterLab exited with " + server.exitValue());
            try {
                if (http.send(HttpRequest.newBuilder(URI.create(url + "/lab")).build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200) return;
            } catch (java.io.IOException notYet) {
                // starting
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("JupyterLab did not answer at " + url + " within 60 s");
    }
}
