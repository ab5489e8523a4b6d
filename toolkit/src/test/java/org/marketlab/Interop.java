package org.marketlab;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a script of interop/ (the official npm clients) with Node and reads the JSON it prints. */
public final class Interop {

    private Interop() {
    }

    public static Path root() {
        return Path.of(System.getProperty("marketlab.root", "..")).toAbsolutePath().normalize();
    }

    public static JsonNode run(String script, String... args) throws Exception {
        Path dir = root().resolve("interop");
        if (!Files.isDirectory(dir.resolve("node_modules"))) {
            throw new IllegalStateException("the official clients are not installed in " + dir
                    + ": run scripts/prerequisites (scripts/test does), which runs npm ci there");
        }
        List<String> cmd = new ArrayList<>(List.of("node", script));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(false).start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new AssertionError("node " + script + " failed (" + p.exitValue() + "):\n" + err + new String(out, StandardCharsets.UTF_8));
        }
        return JsonMapper.builder().build().readTree(out);
    }
}
