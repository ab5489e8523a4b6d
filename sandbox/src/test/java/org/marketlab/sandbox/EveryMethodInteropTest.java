package org.marketlab.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every public method of clients written elsewhere, run unchanged against the sandbox, each client in one process on
 * a sandbox of its own: the official Python {@code py-clob-client-v2} and {@code polymarket-client} (from the
 * project's {@code .venv}, which {@code scripts/python-env} makes), the official npm {@code @polymarket/clob-client-v2}
 * and {@code @polymarket/client} (its public client) and ccxt's Polymarket class (from {@code interop/node_modules}). Each script reports every method as passing, failing or not simulated; a method
 * passes when the client returns without raising and what it returns holds what the method promises (the scripts'
 * checks), and the Python clients' models validate every answer. No method may fail, and the methods not simulated are
 * exactly those {@code docs/interop.md} names, with the same reasons. The counts are printed.
 *
 * <p>Without the Python environment or Node's clients the test fails and says what to run; it never skips.
 */
class EveryMethodInteropTest {

    private static final Path ROOT = Path.of(System.getProperty("marketlab.root", "..")).toAbsolutePath().normalize();

    @Test
    void pyClobClientV2() throws Exception {
        try (Sandbox s = Sandbox.builder().seed(7).build()) {
            Map<String, java.net.URI> u = started(s);
            check("py-clob-client-v2", run(List.of(python(), "python/clob_client_v2.py", u.get("clob").toString(), u.get("data").toString())));
        }
    }

    @Test
    void polymarketClient() throws Exception {
        try (Sandbox s = Sandbox.builder().seed(7).build()) {
            Map<String, java.net.URI> u = started(s);
            // The perpetuals account's own fill process would fill the script's resting orders at random before it cancels them.
            s.perps().market().fillInterval(0);
            check("polymarket-client", run(List.of(python(), "python/polymarket_client.py", u.get("markets").toString(), u.get("clob").toString(),
                    u.get("data").toString(), u.get("perps").toString(), u.get("perps_ws").toString(), "7", u.get("chain").toString())));
        }
    }

    @Test
    void clobClientV2() throws Exception {
        try (Sandbox s = Sandbox.builder().seed(7).build()) {
            Map<String, java.net.URI> u = started(s);
            check("@polymarket/clob-client-v2", run(List.of("node", "clob-client-v2-every.mjs", u.get("clob").toString(), u.get("data").toString())));
        }
    }

    /**
     * The official npm {@code @polymarket/client}: every method of its public and secure clients and of the perpetuals
     * session, its RPC node the sandbox's chain host.
     */
    @Test
    void polymarketClientNpm() throws Exception {
        try (Sandbox s = Sandbox.builder().seed(7).build()) {
            Map<String, java.net.URI> u = started(s);
            check("@polymarket/client", run(List.of("node", "polymarket-client-every.mjs", u.get("markets").toString(), u.get("clob").toString(),
                    u.get("data").toString(), u.get("perps").toString(), "7", u.get("chain").toString())));
        }
    }

    @Test
    void ccxt() throws Exception {
        try (Sandbox s = Sandbox.builder().seed(7).build()) {
            Map<String, java.net.URI> u = started(s);
            JsonNode report = run(List.of("node", "ccxt-polymarket.mjs", u.get("markets").toString(), u.get("clob").toString(),
                    u.get("data").toString(), "5", u.get("clob_ws").toString()));
            check("ccxt", report);
            // A market buy by cost is a fill-or-kill limited at the listed price (the midpoint): below the best ask it is killed, as the
            // service kills it; the counted call, made once another trader offers at that price, fills.
            assertTrue(report.get("costBuyBelowAsk").asText().contains("FOK orders are fully filled or killed"), report.get("costBuyBelowAsk").asText());
            // ccxt's default, POLY_1271: the deposit wallet's order verifies and meets the balance rule (the wallet is new and empty).
            assertTrue(report.get("poly1271").asText().contains("not enough balance / allowance"), report.get("poly1271").asText());
            // ccxt's positions reader finds nothing in the documented /positions answer (a bare array) though the wallet holds
            // positions: why fetchPosition(s) are named as not simulated (the same against the live service).
            assertTrue(report.get("positionsHeld").asInt() > 0, report.toString());
            assertEquals(0, report.get("positionsRead").asInt(), "ccxt reads no position from the documented shape");
        }
    }

    /**
     * Starts the sandbox as the standalone server does for the clients it serves: with the seeded wallets' ledgers made
     * before the first public tape read (Data API trades, live activity), which would otherwise make them inside that
     * call, seconds of CPU on a loaded machine against a client's own timeout (py-clob-client-v2's is httpx's 5 s).
     */
    private static Map<String, java.net.URI> started(Sandbox s) {
        Map<String, java.net.URI> u = s.start();
        s.wallets().prepareTapes();
        return u;
    }

    /** No method fails; the methods not simulated are docs/interop.md's, with its reasons; the counts are printed. */
    private static void check(String client, JsonNode report) throws Exception {
        List<String> failures = new ArrayList<>();
        Map<String, String> notSimulated = new TreeMap<>();
        int passing = 0;
        for (JsonNode c : report.get("calls")) {
            switch (c.get("outcome").asText()) {
                case "pass" -> passing++;
                case "not simulated" -> notSimulated.put(c.get("method").asText(), c.get("detail").asText());
                default -> failures.add(c.get("method").asText() + ": " + c.get("detail").asText());
            }
        }
        int calls = report.get("calls").size();
        System.out.printf("%s %s: %d calls, %d passing, %d not simulated, %d failing%n", client, report.get("version").asText(), calls, passing,
                notSimulated.size(), failures.size());
        assertEquals(List.of(), failures, client + ": every method passes or is named as not simulated");
        Map<String, String> documented = documented(client);
        Map<String, String> differing = new TreeMap<>();
        for (String m : notSimulated.keySet()) if (!notSimulated.get(m).equals(documented.get(m))) differing.put(m, "reported: " + notSimulated.get(m));
        for (String m : documented.keySet()) if (!notSimulated.containsKey(m)) differing.put(m, "documented, but the client's call " + (
                report.toString().contains("\"" + m + "\"") ? "passed" : "was not made"));
        assertEquals(Map.of(), differing, client + ": the methods not simulated are the ones docs/interop.md names, with its reasons");
        assertEquals(calls, passing + notSimulated.size());
    }

    /** The rows {@code | client | `method` | reason |} of docs/interop.md's table of what is not simulated. */
    private static Map<String, String> documented(String client) throws Exception {
        Map<String, String> out = new TreeMap<>();
        Pattern row = Pattern.compile("^\\| " + Pattern.quote(client) + " \\| `([A-Za-z0-9_.]+)` \\| (.+) \\|$");
        for (String line : Files.readAllLines(ROOT.resolve("docs").resolve("interop.md"), StandardCharsets.UTF_8)) {
            Matcher m = row.matcher(line);
            if (m.matches()) out.put(m.group(1), m.group(2).trim());
        }
        return out;
    }

    private static String python() {
        String venv = System.getenv().getOrDefault("MARKETLAB_VENV", ROOT.resolve(".venv").toString());
        Path python = Path.of(venv, "bin", "python");
        if (!Files.isExecutable(python)) {
            throw new IllegalStateException("no Python environment at " + venv + ": run scripts/python-env (scripts/test does), which installs"
                    + " the official Python clients from scripts/requirements.txt");
        }
        return python.toString();
    }

    /** Runs a script of interop/ and reads the one JSON object it prints. */
    private static JsonNode run(List<String> command) throws Exception {
        Path dir = ROOT.resolve("interop");
        if (command.get(0).equals("node") && !Files.isDirectory(dir.resolve("node_modules").resolve("ccxt"))) {
            throw new IllegalStateException("the npm clients are not installed in " + dir + ": run scripts/prerequisites (scripts/test does), which runs npm ci there");
        }
        File err = File.createTempFile("interop", ".err");
        Process p = new ProcessBuilder(command).directory(dir.toFile()).redirectError(err).start();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(300, TimeUnit.SECONDS) || p.exitValue() != 0) {
            p.destroyForcibly();
            throw new AssertionError(String.join(" ", command) + " failed:\n" + Files.readString(err.toPath()) + new String(out, StandardCharsets.UTF_8));
        }
        Files.deleteIfExists(err.toPath());
        return Wire.JSON.readTree(out);
    }
}
