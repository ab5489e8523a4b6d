package org.marketlab.spi;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The project's documents in the service's shapes (see the README beside them), read from the class path: from
 * this module's test classes, or from its test jar in the toolkit's and the sandbox's tests.
 */
public final class Documents {

    private static final String DIR = "org/marketlab/spi/documents/";

    private Documents() {
    }

    /** The document {@code name} (for example {@code markets-event.json}) as text. */
    public static String read(String name) {
        try (InputStream in = Documents.class.getClassLoader().getResourceAsStream(DIR + name)) {
            if (in == null) throw new IllegalArgumentException("no document " + name + " in " + DIR + "; there are " + names());
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The names of every JSON document, sorted. */
    public static List<String> names() {
        URL readme = Documents.class.getClassLoader().getResource(DIR + "README.md");
        if (readme == null) throw new IllegalStateException("the documents are not on the class path (" + DIR + ")");
        try {
            URI uri = readme.toURI();
            if (uri.getScheme().equals("jar")) {
                try (FileSystem jar = FileSystems.newFileSystem(uri, Map.of())) {
                    return list(jar.getPath("/" + DIR));
                }
            }
            return list(Path.of(uri).getParent());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<String> list(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".json")).sorted().toList();
        }
    }
}
