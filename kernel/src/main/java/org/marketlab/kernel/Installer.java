package org.marketlab.kernel;

import org.marketlab.kernel.startup.CompileJar;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Installs the kernelspec: {@code kernel.json} (the JVM flags JShell and headless charts need, the jar beside it,
 * the small jar JShell's compiler starts on ({@link CompileJar}), the security providers' order
 * ({@link #PROVIDER_ORDER}), a class-data-sharing archive for a fast start) and a logo, through {@code jupyter kernelspec install} when
 * Jupyter is on the path, else straight into the kernels folder.
 */
final class Installer {

    static final String DEFAULT_NAME = "marketlab";
    static final String DISPLAY_NAME = "Java (MarketLab)";

    private Installer() {
    }

    static int install(String[] args) throws IOException, InterruptedException {
        String scope = "--user";
        String prefix = null;
        String name = DEFAULT_NAME;
        boolean cds = true;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--user", "--sys-prefix" -> scope = args[i];
                case "--prefix" -> {
                    if (i + 1 >= args.length) return usage("--prefix needs a folder");
                    scope = "--prefix";
                    prefix = args[++i];
                }
                case "--name" -> {
                    if (i + 1 >= args.length) return usage("--name needs a value");
                    name = args[++i];
                    if (!name.matches("[a-z0-9._-]+")) return usage("--name may hold a-z, 0-9, '.', '_' and '-', was '" + name + "'");
                }
                case "--no-cds" -> cds = false;
                default -> {
                    return usage("unknown option '" + args[i] + "'");
                }
            }
        }
        Path jar = ownJar();
        Path spec = Files.createTempDirectory("marketlab-kernelspec").resolve(name);
        Files.createDirectories(spec);
        Files.copy(jar, spec.resolve("marketlab-kernel.jar"), StandardCopyOption.REPLACE_EXISTING);
        CompileJar.write(jar, spec.resolve(CompileJar.NAME)); // what JShell's compiler starts on (a faster first cell)
        Files.writeString(spec.resolve(PROVIDERS), PROVIDER_ORDER, StandardCharsets.UTF_8);
        logo(spec.resolve("logo-64x64.png"), 64);
        logo(spec.resolve("logo-32x32.png"), 32);
        // Written without the archive flag; it is added once the archive exists (a missing archive makes the JVM warn).
        Files.writeString(spec.resolve("kernel.json"), kernelJson(false), StandardCharsets.UTF_8);

        Path installed;
        if (onPath("jupyter")) {
            List<String> cmd = new ArrayList<>(List.of("jupyter", "kernelspec", "install", "--replace", "--name", name, spec.toString()));
            if (scope.equals("--prefix")) cmd.addAll(List.of("--prefix", prefix));
            else cmd.add(scope);
            Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
            String log = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            System.err.print(log);
            if (p.waitFor() != 0) {
                System.err.println("jupyter kernelspec install failed (" + String.join(" ", cmd) + ")");
                return 1;
            }
            // Where it went, from Jupyter's own report: a --prefix outside Jupyter's search path, or the same name
            // installed in several places, would make "kernelspec list" name another folder or none.
            installed = installedIn(log, name);
            if (installed == null && prefix != null) installed = Path.of(prefix, "share", "jupyter", "kernels", name);
            if (installed == null) installed = resourceDir(name);
        } else {
            Path kernels = switch (scope) {
                case "--prefix" -> Path.of(prefix, "share", "jupyter", "kernels");
                case "--user" -> userKernels();
                default -> {
                    System.err.println("--sys-prefix needs Jupyter on the PATH (to find its prefix); use --user or --prefix DIR");
                    yield null;
                }
            };
            if (kernels == null) return 2;
            installed = kernels.resolve(name);
            deleteTree(installed);
            Files.createDirectories(installed);
            try (var files = Files.list(spec)) {
                for (Path f : files.toList()) Files.copy(f, installed.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        deleteTree(spec.getParent());
        // The archive records the jar's path, so it is made where the jar finally lies.
        if (installed == null || !Files.isRegularFile(installed.resolve("kernel.json"))) {
            System.err.println("installed the kernelspec but cannot tell where (jupyter kernelspec list does not show '" + name
                    + "'); it starts without a class-data-sharing archive");
            return 0;
        }
        boolean archive = cds && ClassDataArchive.make(installed, false);
        if (archive) Files.writeString(installed.resolve("kernel.json"), kernelJson(true), StandardCharsets.UTF_8);
        System.out.println("Installed the \"" + DISPLAY_NAME + "\" kernel as '" + name + "' in " + installed
                + (archive ? " (with a class-data-sharing archive)" : ""));
        return 0;
    }

    static int uninstall(String[] args) throws IOException, InterruptedException {
        String name = DEFAULT_NAME;
        String prefix = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--name" -> {
                    if (i + 1 >= args.length) return usage("--name needs a value");
                    name = args[++i];
                }
                case "--prefix" -> {
                    if (i + 1 >= args.length) return usage("--prefix needs a folder");
                    prefix = args[++i];
                }
                // Jupyter finds a kernelspec by name wherever it is; these are accepted to mirror install.
                case "--user", "--sys-prefix" -> { }
                default -> {
                    return usage("unknown option '" + args[i] + "'");
                }
            }
        }
        if (prefix == null && onPath("jupyter")) {
            Process p = new ProcessBuilder("jupyter", "kernelspec", "remove", "-y", name).inheritIO().start();
            return p.waitFor();
        }
        Path dir = (prefix != null ? Path.of(prefix, "share", "jupyter", "kernels") : userKernels()).resolve(name);
        if (!Files.isRegularFile(dir.resolve("kernel.json"))) {
            System.err.println("no kernel '" + name + "' in " + dir.getParent());
            return 1;
        }
        deleteTree(dir);
        System.out.println("Removed " + dir);
        return 0;
    }

    /** The folder named by jupyter kernelspec install's "Installed kernelspec NAME in DIR" line, if any. */
    static Path installedIn(String log, String name) {
        String marker = "Installed kernelspec " + name + " in ";
        for (String line : log.split("\\R")) {
            int at = line.indexOf(marker);
            if (at >= 0) return Path.of(line.substring(at + marker.length()).strip());
        }
        return null;
    }

    /**
     * The kernel's JVM flags, for the kernel and for the run that makes its archive alike, chosen by measuring fresh
     * kernels side by side (scripts/bench kernel; the figures are in docs/performance.md): the parallel collector, and a
     * larger initial metaspace threshold that avoids a full collection of the whole heap just for class metadata; a
     * young generation of 320 MB from the start, so that no collection stops a first table (the default, about 95 MB of
     * eden, is collected in the middle of it: a 21-36 ms pause); C1 only, on one compiler thread, with less inlining
     * (methods of at most 15 bytecodes, 5 levels deep): on two cores the compiler thread is otherwise the largest user
     * of CPU until a first table (0.6 of about 2 CPU-s), competing with JShell, the sandbox and the reader, and these
     * cut the kernel's CPU to a first table by about 0.25 s with no difference in a warm reader's speed beyond noise.
     * The benchmarks that time a notebook's calls in the kernel's JVM take these flags from the bench module's
     * {@code KernelJvm}, which mirrors this list (the kernel is not on the bench's class path): change both together.
     */
    static final List<String> JVM_FLAGS = List.of("-Djava.awt.headless=true", "-Dfile.encoding=UTF-8",
            "-XX:+UseParallelGC", "-XX:MetaspaceSize=128m", "-XX:NewSize=320m",
            "-XX:TieredStopAtLevel=1", "-XX:CICompilerCount=1", "-XX:C1MaxInlineSize=15", "-XX:C1InlineStackLimit=5",
            "-Xshare:auto",
            "--add-opens", "jdk.jshell/jdk.jshell=ALL-UNNAMED", "--add-exports", "jdk.jshell/jdk.internal.jshell.tool=ALL-UNNAMED",
            "--add-opens", "java.base/java.nio=ALL-UNNAMED"); // Arrow's memory: Datasets.save's Arrow path (docs/datasets.md)

    /** The security-properties file beside the jar that {@link #PROVIDER_ORDER} is written to. */
    static final String PROVIDERS = "providers.security";

    /**
     * The JDK's security providers in its own order but for SunJCE, second instead of fifth. jjava signs every Jupyter
     * message with {@code HmacSHA256}, which it looks up by name through the providers in order; only SunJCE has it,
     * and on the way there the lookup loads SunRsaSign, SunEC (which builds its table of named curves) and SunJSSE,
     * none of which a first cell on the sandbox needs. These four providers offer no algorithm in common, so the
     * order changes which provider is loaded first, never which one answers. Measured in fresh kernels alternated
     * with kernels without it (docs/performance.md): 45 to 80 ms earlier to a {@code 1+1} on a quiet machine, the first
     * reply being on that path.
     */
    static final String PROVIDER_ORDER = """
            # The MarketLab kernel's order of the JDK's security providers (see Installer.PROVIDER_ORDER): SunJCE second.
            security.provider.2=SunJCE
            security.provider.3=SunRsaSign
            security.provider.4=SunEC
            security.provider.5=SunJSSE
            """;

    /** The flags for a kernel whose kernelspec folder is {@code dir}: {@link #JVM_FLAGS} and the provider order. */
    static List<String> jvmFlags(String dir) {
        List<String> flags = new ArrayList<>(JVM_FLAGS);
        flags.add("-Djava.security.properties=" + dir + "/" + PROVIDERS);
        return flags;
    }

    static String kernelJson(boolean archive) {
        List<String> argv = new ArrayList<>();
        argv.add(javaBinary());
        argv.addAll(jvmFlags("{resource_dir}"));
        if (archive) argv.add("-XX:SharedArchiveFile={resource_dir}/" + ClassDataArchive.ARCHIVE);
        argv.addAll(List.of("-jar", "{resource_dir}/marketlab-kernel.jar", "{connection_file}"));
        StringBuilder b = new StringBuilder("{\n  \"argv\": [");
        for (int i = 0; i < argv.size(); i++) {
            if (i > 0) b.append(", ");
            b.append('"').append(argv.get(i).replace("\\", "\\\\").replace("\"", "\\\"")).append('"');
        }
        b.append("],\n  \"display_name\": \"").append(DISPLAY_NAME).append("\",\n  \"language\": \"java\",\n")
                .append("  \"interrupt_mode\": \"message\",\n  \"env\": {},\n")
                .append("  \"metadata\": {\"debugger\": false}\n}\n");
        return b.toString();
    }

    /** Where Jupyter put a kernelspec ({@code jupyter kernelspec list --json}). */
    private static Path resourceDir(String name) throws IOException, InterruptedException {
        Process p = new ProcessBuilder("jupyter", "kernelspec", "list", "--json").redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (p.waitFor() != 0) return null;
        var node = new com.fasterxml.jackson.databind.ObjectMapper().readTree(out).path("kernelspecs").path(name).path("resource_dir");
        return node.isTextual() ? Path.of(node.asText()) : null;
    }

    private static Path ownJar() {
        try {
            Path p = Path.of(Installer.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            if (!Files.isRegularFile(p) || !p.toString().endsWith(".jar")) {
                throw new IllegalStateException("install runs from the kernel jar (java -jar marketlab-kernel-*.jar install), not from " + p);
            }
            return p;
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static String javaBinary() {
        return ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    private static Path userKernels() {
        String home = System.getProperty("user.home");
        String data = System.getenv("JUPYTER_DATA_DIR");
        if (data != null && !data.isBlank()) return Path.of(data, "kernels");
        boolean mac = System.getProperty("os.name").toLowerCase(Locale.ROOT).contains("mac");
        return mac ? Path.of(home, "Library", "Jupyter", "kernels") : Path.of(home, ".local", "share", "jupyter", "kernels");
    }

    private static boolean onPath(String command) {
        String path = System.getenv("PATH");
        if (path == null) return false;
        for (String dir : path.split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, command))) return true;
        }
        return false;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) return;
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    private static int usage(String problem) {
        System.err.println(problem + "\nusage: java -jar marketlab-kernel.jar install [--user | --sys-prefix | --prefix DIR] [--name NAME] [--no-cds]"
                + "\n       java -jar marketlab-kernel.jar uninstall [--name NAME] [--prefix DIR]");
        return 2;
    }

    /** Draws the logo: a rising candle chart on a dark square. */
    static void logo(Path file, int size) throws IOException {
        BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setColor(new Color(0x1f, 0x2a, 0x44));
        g.fillRoundRect(0, 0, size, size, size / 4, size / 4);
        double u = size / 16.0;
        int[][] candles = {{3, 9, 12, 1}, {6, 7, 11, 0}, {9, 5, 9, 1}, {12, 2, 7, 1}};
        for (int[] c : candles) {
            g.setColor(c[3] == 1 ? new Color(0x3d, 0xd6, 0x8c) : new Color(0xf2, 0x5f, 0x5c));
            g.setStroke(new BasicStroke((float) Math.max(1, u / 2)));
            g.drawLine((int) (c[0] * u + u), (int) ((c[1] - 1) * u), (int) (c[0] * u + u), (int) ((c[2] + 1) * u));
            g.fillRect((int) (c[0] * u), (int) (c[1] * u), (int) (2 * u), (int) ((c[2] - c[1]) * u));
        }
        if (size >= 64) {
            g.setColor(Color.WHITE);
            g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, size / 6));
            g.drawString("ML", (int) u, size - (int) u);
        }
        g.dispose();
        ImageIO.write(img, "png", file.toFile());
    }
}
