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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The main command in a real browser: {@code scripts/run} (as whoever runs the tests: root on the test machine)
 * serves a copy of the ready notebooks; the URL it prints answers; the Java kernel is the default and only
 * notebooks are listed; headless Debian Chromium, driven by Playwright, opens each notebook, runs all its cells
 * and the page shows its tables and charts, no error and no output wider than the page; then the server is stopped
 * and its port closes. Pictures of every notebook, whole, are kept for a reviewer under
 * {@code kernel/target/lab-pictures/}: one per screen as the notebook scrolls ({@code lab-NN-name-pKK.png}) and those
 * put together into one picture of the whole notebook ({@code lab-NN-name.png}).
 */
class LabBrowserIT {

    private static final Pattern URL = Pattern.compile("open (http://127\\.0\\.0\\.1:\\d+/lab\\?token=[0-9a-f]+)");

    @Test
    void scriptsRunServesTheNotebooksAndEachRunsInTheBrowser() throws Exception {
        Path chromium = Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));
        if (!Files.isExecutable(chromium)) {
            throw new IllegalStateException("no Chromium at " + chromium + ": scripts/prerequisites installs the Debian package chromium");
        }
        Jupyter jupyter = Jupyter.install("marketlab-browser"); // checks the venv and the jar; scripts/run installs its own
        // A copy of the notebooks: JupyterLab saves what it runs, and the repository's notebooks stay clean. The
        // copy also holds a pom.xml, as notebooks/ does, which the lab must not list.
        Path dir = Files.createTempDirectory("marketlab-lab");
        List<String> notebooks = new ArrayList<>();
        try (var files = Files.list(jupyter.root.resolve("notebooks"))) {
            for (Path f : files.filter(p -> p.toString().endsWith(".ipynb")).sorted().toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
                notebooks.add(f.getFileName().toString());
            }
        }
        Files.copy(jupyter.root.resolve("notebooks/pom.xml"), dir.resolve("pom.xml"));
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        Path log = Files.createTempFile("marketlab-run", ".log");
        ProcessBuilder pb = new ProcessBuilder("bash", "scripts/run", "--no-build", "--port", String.valueOf(port), "--notebooks", dir.toString())
                .directory(jupyter.root.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().remove("DISPLAY");
        // The kernels the lab starts (scripts/run installs its own kernelspec) get the suite's kernel heap, as
        // Jupyter.install's do; the JVM announces the option on the kernel's stderr, which goes to the server's log.
        pb.environment().put("JAVA_TOOL_OPTIONS", Jupyter.KERNEL_HEAP);
        Path settings = Files.createTempDirectory("marketlab-lab-settings"); // the browser script's settings stay here
        pb.environment().put("JUPYTERLAB_SETTINGS_DIR", settings.toString());
        pb.environment().put("JUPYTERLAB_WORKSPACES_DIR", settings.toString());
        Process server = pb.start();
        HttpClient http = HttpClient.newHttpClient();
        String url;
        try {
            url = waitForUrl(log, server);
            assertTrue(url.startsWith("http://127.0.0.1:" + port + "/lab?token="), url);
            waitForLab(http, url, server, log);
            String token = url.substring(url.indexOf("token=") + 6);
            String base = "http://127.0.0.1:" + port;
            JsonNode specs = get(http, base + "/api/kernelspecs", token);
            assertEquals("marketlab", specs.path("default").asText(), "the Java kernel is the default: " + specs);
            List<String> listed = new ArrayList<>();
            get(http, base + "/api/contents/", token).path("content").forEach(c -> listed.add(c.path("name").asText()));
            assertEquals(notebooks, listed.stream().sorted().toList(), "only the notebooks are listed");

            Path shots = Path.of(System.getProperty("marketlab.kernel.jar")).getParent().resolve("lab-pictures");
            Files.createDirectories(shots);
            List<String> cmd = new ArrayList<>(List.of("node", "lab-browser.mjs", url, shots.toString()));
            cmd.addAll(notebooks);
            var r = jupyter.run(cmd, jupyter.root.resolve("interop"), 1800, Map.of("CHROMIUM", chromium.toString()));
            assertEquals(0, r.exit(), r.output() + "\nscripts/run log:\n" + Files.readString(log));
            List<JsonNode> seen = new ArrayList<>();
            for (String line : r.output().lines().filter(l -> l.startsWith("{")).toList()) seen.add(new ObjectMapper().readTree(line));
            assertEquals(notebooks.size(), seen.size(), r.output());
            for (JsonNode nb : seen) {
                System.out.println("browser: " + nb);
                assertEquals("Java (MarketLab)", nb.path("kernel").asText(), nb.toString());
                assertTrue(nb.path("tables").asInt() >= 1, "a table is shown: " + nb);
                assertTrue(nb.path("images").asInt() >= 1, "a chart is shown: " + nb);
                assertEquals(0, nb.path("errors").asInt(), "no error output: " + nb);
                assertEquals(0, nb.path("mathInTables").asInt(), "no '$' in a table typeset as math: " + nb);
                assertEquals(0, nb.path("clippedCode").asInt(), "no code line hidden past its cell's edge (scripts/lab-settings wraps them): " + nb);
                assertTrue(nb.path("clippedOutputs").isArray() && nb.path("clippedOutputs").isEmpty(),
                        "no output wider than the page (a table's compact view fits; its every-column table is one call away): "
                        + nb.path("notebook") + " " + nb.path("clippedOutputs"));
                Path whole = Path.of(nb.path("screenshot").asText());
                int covered = wholeNotebook(nb, whole);
                assertTrue(covered >= nb.path("height").asInt(), "the pictures cover the whole notebook (" + covered + " of " + nb.path("height") + " px): " + nb);
                assertTrue(Files.size(whole) > 10_000, "the picture of the whole notebook is kept: " + whole);
            }
        } finally {
            server.destroy();
            server.waitFor(30, TimeUnit.SECONDS);
            server.destroyForcibly();
        }
        assertFalse(answers(http, "http://127.0.0.1:" + port + "/lab"), "stopped: the port no longer answers");
    }

    /** The tallest picture of a whole notebook put together; a taller notebook keeps its screens only. */
    static final int MOST_PIXELS_TALL = 30_000;

    /**
     * Puts a notebook's screens together into one picture of the whole notebook (each screen at the offset it showed,
     * adding what the screens before it did not show); returns how many pixels of the notebook the screens cover.
     */
    static int wholeNotebook(JsonNode nb, Path out) throws java.io.IOException {
        List<java.awt.image.BufferedImage> screens = new ArrayList<>();
        List<Integer> tops = new ArrayList<>();
        int covered = 0, width = 0, expected = 0;
        for (JsonNode p : nb.path("pages")) {
            java.awt.image.BufferedImage img = javax.imageio.ImageIO.read(Path.of(p.path("file").asText()).toFile());
            int top = p.path("top").asInt();
            assertTrue(top <= expected, "the screens leave no gap: one starts at " + top + ", the one before ended at " + expected);
            screens.add(img);
            tops.add(top);
            expected = top + img.getHeight();
            covered = Math.max(covered, expected);
            width = Math.max(width, img.getWidth());
        }
        assertFalse(screens.isEmpty(), "pictures of " + nb.path("notebook"));
        if (covered > MOST_PIXELS_TALL) {
            Files.copy(Path.of(nb.path("pages").get(0).path("file").asText()), out, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
            return covered;
        }
        java.awt.image.BufferedImage whole = new java.awt.image.BufferedImage(width, covered, java.awt.image.BufferedImage.TYPE_INT_RGB);
        java.awt.Graphics2D g = whole.createGraphics();
        try {
            // Each screen adds the rows below what the screens before it showed (the overlap holds JupyterLab's shade
            // along a scrolled notebook's top edge, which is left out).
            int drawn = 0;
            for (int i = 0; i < screens.size(); i++) {
                java.awt.image.BufferedImage s = screens.get(i);
                int skip = Math.max(0, drawn - tops.get(i));
                if (skip >= s.getHeight()) continue;
                g.drawImage(s.getSubimage(0, skip, s.getWidth(), s.getHeight() - skip), 0, tops.get(i) + skip, null);
                drawn = tops.get(i) + s.getHeight();
            }
        } finally {
            g.dispose();
        }
        javax.imageio.ImageIO.write(withoutBlankEnd(whole), "png", out.toFile());
        return covered;
    }

    /**
     * The picture without the blank space JupyterLab leaves under a notebook's last cell (up to a screen of it), a
     * margin kept.
     */
    static java.awt.image.BufferedImage withoutBlankEnd(java.awt.image.BufferedImage img) {
        int blank = img.getRGB(img.getWidth() - 1, img.getHeight() - 1);
        int last = img.getHeight() - 1;
        rows:
        for (; last > 0; last--) {
            for (int x = 0; x < img.getWidth(); x++) if (img.getRGB(x, last) != blank) break rows;
        }
        int height = Math.min(img.getHeight(), last + 1 + 24);
        return height == img.getHeight() ? img : img.getSubimage(0, 0, img.getWidth(), height);
    }

    private static String waitForUrl(Path log, Process server) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (System.nanoTime() < end) {
            Matcher m = URL.matcher(Files.readString(log));
            if (m.find()) return m.group(1);
            if (!server.isAlive()) throw new IllegalStateException("scripts/run exited with " + server.exitValue() + ":\n" + Files.readString(log));
            Thread.sleep(500);
        }
        throw new IllegalStateException("scripts/run printed no URL within 300 s:\n" + Files.readString(log));
    }

    private static void waitForLab(HttpClient http, String url, Process server, Path log) throws Exception {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < end) {
            if (!server.isAlive()) throw new IllegalStateException("JupyterLab exited with " + server.exitValue() + ":\n" + Files.readString(log));
            try {
                if (http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding()).statusCode() == 200) return;
            } catch (java.io.IOException notYet) {
                // starting
            }
            Thread.sleep(500);
        }
        throw new IllegalStateException("JupyterLab did not answer at " + url + " within 120 s:\n" + Files.readString(log));
    }

    private static JsonNode get(HttpClient http, String url, String token) throws Exception {
        var r = http.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "token " + token).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode(), url + ": " + r.body());
        return new ObjectMapper().readTree(r.body());
    }

    private static boolean answers(HttpClient http, String url) {
        try {
            http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.discarding());
            return true;
        } catch (Exception e) {
            return false;
        }
    }
}
