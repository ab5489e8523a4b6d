package org.marketlab.sandbox;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code SandboxMain} as its own process: the five servers on consecutive ports, the same world as in-process. */
class StandaloneTest {

    private static final String NOW = "2026-11-01T00:00:00Z";

    @Test
    void startsOnConsecutivePortsAndServesTheSeededWorld() throws Exception {
        int port = freePorts(5);
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(java, "-Xmx512m", "-cp", System.getProperty("java.class.path"), "org.marketlab.sandbox.SandboxMain",
                "--port", Integer.toString(port), "--seed", "7", "--now", NOW).redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
            List<String> lines = new ArrayList<>();
            for (String line; (line = out.readLine()) != null; ) {
                lines.add(line);
                if (line.contains("MARKETLAB_MARKETS_URL")) break;
            }
            String printed = String.join("\n", lines);
            assertTrue(p.isAlive(), printed);
            String[] services = {"markets", "clob", "data", "perps", "bridge", "chain"};
            for (int i = 0; i < services.length; i++) {
                assertTrue(printed.contains(services[i] + " http://127.0.0.1:" + (port + i)), printed);
                assertEquals("OK", new String(new Wire(URI.create("http://127.0.0.1:" + (port + i))).getOk("/ok"), StandardCharsets.UTF_8));
            }
            assertTrue(printed.contains("perps_ws ws://127.0.0.1:" + (port + 3) + "/v1/ws"), printed);

            byte[] served = new Wire(URI.create("http://127.0.0.1:" + port)).getOk("/events?limit=30&offset=500");
            try (Sandbox s = Sandbox.builder().seed(7).now(Instant.parse(NOW)).build()) {
                assertArrayEquals(new Wire(s.start().get("markets")).getOk("/events?limit=30&offset=500"), served, "the same world");
            }
        } finally {
            p.destroy();
            if (!p.waitFor(10, TimeUnit.SECONDS)) p.destroyForcibly();
        }
    }

    /** The first of n consecutive ports free on loopback just now. */
    private static int freePorts(int n) {
        for (int attempt = 0; attempt < 200; attempt++) {
            int base = ThreadLocalRandom.current().nextInt(20_000, 60_000);
            List<ServerSocket> held = new ArrayList<>();
            try {
                for (int i = 0; i < n; i++) held.add(new ServerSocket(base + i, 50, InetAddress.getLoopbackAddress()));
                return base;
            } catch (IOException busy) {
                // try another block
            } finally {
                for (ServerSocket s : held) {
                    try {
                        s.close();
                    } catch (IOException ignored) {
                        // closing a probe
                    }
                }
            }
        }
        throw new IllegalStateException("no " + n + " consecutive free ports");
    }

    @Test
    void aTakenPortIsAClearErrorNotAStackTrace() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process p = new ProcessBuilder(java, "-Xmx256m", "-cp", System.getProperty("java.class.path"), "org.marketlab.sandbox.SandboxMain",
                    "--port", Integer.toString(taken.getLocalPort())).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            assertEquals(1, p.exitValue(), out);
            assertTrue(out.contains("cannot start on ports " + taken.getLocalPort()), out);
            assertNotNull(out);
        }
    }
}
