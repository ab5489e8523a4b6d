package org.marketlab.kernel;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Documentation for shift-tab. JShell reads javadoc from sources, and on its own looks only at the JDK's
 * {@code src.zip}; the kernel jar carries the sources of the toolkit, Tablesaw and XChart under
 * {@value #SOURCES}, and JShell is pointed at them (and at {@code src.zip} when the JDK has one).
 */
final class Docs {

    /** Where the build puts the sources inside the kernel jar (see the kernel's pom). */
    static final String SOURCES = "marketlab-sources";

    private static final Pattern INLINE_TAG = Pattern.compile("\\{@(code|literal|link|linkplain|value)\\s*([^{}]*)}");
    private static final Pattern BLOCK_TAG = Pattern.compile("(?m)^[ \\t]*@(param|return|throws|exception|see|since|deprecated)\\b[ \\t]*");
    private static volatile boolean sourcesSet;

    private Docs() {
    }

    /**
     * Tells JShell where sources are, before the first documentation request. JShell has a hook for this
     * (a static override its own tests use); reaching it needs {@code --add-opens jdk.jshell/jdk.jshell}, which
     * kernel.json passes. Without it, inspection still shows signatures.
     */
    static synchronized void useSources() {
        if (sourcesSet) return;
        sourcesSet = true;
        List<Path> roots = new ArrayList<>();
        Path own = ownSources();
        if (own != null) roots.add(own);
        roots.addAll(jdkSources());
        if (roots.isEmpty()) return;
        try {
            var field = Class.forName("jdk.jshell.SourceCodeAnalysisImpl").getDeclaredField("availableSourcesOverride");
            field.setAccessible(true);
            field.set(null, List.copyOf(roots));
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Not opened to us (or a JDK that renamed it): signatures only.
        }
    }

    /** The sources folder inside the kernel jar (or on the class path's folder when run from classes). */
    private static Path ownSources() {
        try {
            var location = Docs.class.getProtectionDomain().getCodeSource().getLocation();
            Path p = Path.of(location.toURI());
            if (Files.isDirectory(p)) {
                Path dir = p.resolve(SOURCES);
                return Files.isDirectory(dir) ? dir : null;
            }
            FileSystem jar = FileSystems.newFileSystem(URI.create("jar:" + p.toUri()), Map.of());
            Path dir = jar.getPath("/" + SOURCES);
            return Files.isDirectory(dir) ? dir : null;
        } catch (IOException | URISyntaxException | RuntimeException e) {
            return null;
        }
    }

    /** The JDK's own sources, one root per module as JShell expects, when the JDK ships src.zip. */
    private static List<Path> jdkSources() {
        Path home = Path.of(System.getProperty("java.home"));
        Path zip = home.resolve("lib").resolve("src.zip");
        if (!Files.isReadable(zip)) zip = home.getParent().resolve("src.zip");
        if (!Files.isReadable(zip)) return List.of();
        try {
            FileSystem fs = FileSystems.newFileSystem(zip, (ClassLoader) null);
            List<Path> modules = new ArrayList<>();
            for (Path root : fs.getRootDirectories()) {
                try (Stream<Path> dirs = Files.list(root)) {
                    dirs.filter(Files::isDirectory).forEach(modules::add);
                }
            }
            return modules;
        } catch (IOException | RuntimeException e) {
            return List.of();
        }
    }

    /** A javadoc comment as plain text: inline tags by their text, HTML dropped, paragraphs and lists kept. */
    static String plain(String javadoc) {
        if (javadoc == null) return "";
        String s = javadoc;
        Matcher m = INLINE_TAG.matcher(s);
        StringBuilder b = new StringBuilder();
        while (m.find()) m.appendReplacement(b, Matcher.quoteReplacement(inline(m.group(1), m.group(2).strip())));
        m.appendTail(b);
        s = b.toString();
        s = s.replaceAll("(?i)<\\s*(p|br)\\s*/?>", "\n\n")
                .replaceAll("(?i)<\\s*li\\s*>", "\n  - ")
                .replaceAll("(?i)</?\\s*(ul|ol|pre)\\s*>", "\n")
                .replaceAll("<[^>]+>", "");
        s = s.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&nbsp;", " ")
                .replace("&amp;", "&");
        s = BLOCK_TAG.matcher(s).replaceAll(r -> label(r.group(1)));
        s = s.replaceAll("[ \\t]+\n", "\n").replaceAll("\n{3,}", "\n\n");
        return s.strip();
    }

    private static String inline(String tag, String body) {
        if (!tag.startsWith("link")) return body;
        // {@link Type#member(args) label}: the label if given, else the member (or the type).
        int space = body.indexOf(' ');
        int paren = body.indexOf('(');
        if (space > 0 && (paren < 0 || space < paren || body.indexOf(')') < space)) return body.substring(space + 1).strip();
        String ref = body.startsWith("#") ? body.substring(1) : body.replace('#', '.');
        return ref;
    }

    private static String label(String blockTag) {
        return switch (blockTag) {
            case "param" -> "Parameter: ";
            case "return" -> "Returns: ";
            case "throws", "exception" -> "Throws: ";
            case "see" -> "See: ";
            case "since" -> "Since: ";
            default -> "Deprecated: ";
        };
    }
}
