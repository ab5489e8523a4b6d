package org.marketlab;

import org.junit.jupiter.api.Test;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The toolkit on a class path without the embedded sandbox, as a live-only program has it (the sandbox artifact
 * excluded), each case in a JVM of its own with no MARKETLAB_ variable set: with no profile, the first read fails
 * with an error that names the missing setting, never a ServiceLoader trace or a NullPointerException; with
 * MARKETLAB_PROFILE=live it needs no sandbox; with the sandbox present but its server library missing, the error
 * says so and what to do; with the sandbox, the same program reads its table and ends when its main thread does.
 */
class WithoutTheSandboxTest {

    /** What a program does first: a table of three events. Prints how it ended. */
    public static final class Probe {
        public static void main(String[] args) {
            try {
                if (args.length > 0 && args[0].equals("url")) {
                    System.out.println("profile " + MarketLab.profile().name() + " markets at "
                            + Transport.of(MarketLab.profile()).baseUrl(Service.MARKETS));
                    return;
                }
                System.out.println("rows " + Markets.events().limit(3).table().rowCount());
            } catch (RuntimeException e) {
                System.out.println("refused " + e.getClass().getName() + ": " + e.getMessage());
                e.printStackTrace(System.out);
                System.exit(3);
            }
        }
    }

    private static final List<String> CLASS_PATH = Arrays.asList(System.getProperty("java.class.path").split(File.pathSeparator));

    private static boolean sandbox(String entry) {
        return entry.contains("marketlab-sandbox") || Path.of(entry).toAbsolutePath().normalize().toString()
                .contains(File.separator + "sandbox" + File.separator);
    }

    private static String run(Predicate<String> keep, Map<String, String> env, String... args) throws Exception {
        List<String> cp = CLASS_PATH.stream().filter(keep).toList();
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-cp", String.join(File.pathSeparator, cp), Probe.class.getName()));
        cmd.addAll(List.of(args));
        Path log = Files.createTempFile("without-sandbox", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("MARKETLAB_"));
        pb.environment().putAll(env);
        Process p = pb.start();
        try {
            boolean ended = p.waitFor(90, TimeUnit.SECONDS);
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertTrue(ended, "the program ends when its main thread does (no thread of the sandbox keeps it): " + out);
            return "exit " + p.exitValue() + "\n" + out;
        } finally {
            p.destroyForcibly();
            Files.deleteIfExists(log);
        }
    }

    @Test
    void theClassPathUnderTestHasTheSandboxAndItCanBeLeftOut() {
        assertTrue(CLASS_PATH.stream().anyMatch(WithoutTheSandboxTest::sandbox), "the sandbox is on the test class path: " + CLASS_PATH);
        assertTrue(CLASS_PATH.stream().anyMatch(e -> e.contains("javalin")), CLASS_PATH.toString());
    }

    @Test
    void noProfileAndNoSandboxNamesTheMissingSetting() throws Exception {
        String out = run(e -> !sandbox(e), Map.of());
        assertTrue(out.startsWith("exit 3\nrefused java.lang.IllegalStateException: "), out);
        String message = out.lines().skip(1).findFirst().orElseThrow();
        assertTrue(message.contains("MARKETLAB_PROFILE=live"), message);
        assertTrue(message.contains("org.marketlab:marketlab-sandbox"), message);
        assertFalse(out.contains("ServiceConfigurationError") || out.contains("ServiceLoader") || out.contains("NullPointerException"), out);
    }

    @Test
    void theLiveProfileNeedsNoSandbox() throws Exception {
        String out = run(e -> !sandbox(e), Map.of("MARKETLAB_PROFILE", "live"), "url");
        assertEquals("exit 0", out.lines().findFirst().orElseThrow(), out);
        assertTrue(out.contains("profile live markets at https://"), out);
    }

    @Test
    void aSandboxWithoutItsServerLibrarySaysWhatIsMissing() throws Exception {
        String out = run(e -> !e.contains("javalin"), Map.of());
        assertTrue(out.startsWith("exit 3\nrefused java.lang.IllegalStateException: "), out);
        String message = out.lines().skip(1).findFirst().orElseThrow();
        assertTrue(message.contains("org.marketlab:marketlab-sandbox") && message.contains("the class io.javalin."), message);
        assertTrue(message.contains("MARKETLAB_PROFILE=live"), message);
    }

    @Test
    void withTheSandboxTheSameProgramReadsItsTable() throws Exception {
        String out = run(e -> true, Map.of());
        assertEquals("exit 0\nrows 3", out.strip(), out);
    }
}
