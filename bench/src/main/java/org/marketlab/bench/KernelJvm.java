package org.marketlab.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JVM a notebook's calls run in: the kernel's flags, for the benchmarks that time a step in a child JVM as the
 * kernel would run it. The list mirrors {@code Installer.JVM_FLAGS} in the kernel module (its collector and young
 * generation, C1 only on one compiler thread with less inlining, java.nio open to Arrow); the kernel module is not on
 * the bench's class path (the bench depends on the toolkit and the sandbox), so the list is kept here once for every
 * benchmark that needs it. The kernel's class-data archive, security-provider order and JShell openings are its own
 * start-up's and are left out. The kernel sets no {@code -Xmx}.
 */
final class KernelJvm {

    static final List<String> FLAGS = List.of("-XX:+UseParallelGC", "-XX:MetaspaceSize=128m", "-XX:NewSize=320m",
            "-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-XX:C1MaxInlineSize=15", "-XX:C1InlineStackLimit=5",
            "--add-opens=java.base/java.nio=ALL-UNNAMED");

    private KernelJvm() {
    }

    /** A fresh JVM with {@link #FLAGS}, then {@code more} JVM options, this process's class path, running {@code main}. */
    static List<String> command(List<String> more, Class<?> main, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(FLAGS);
        cmd.addAll(more);
        cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        cmd.addAll(List.of(args));
        return cmd;
    }
}
