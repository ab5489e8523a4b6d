package org.marketlab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The documents captured from the live service, in ../shared/fixtures/live beside the project. */
public final class Fixtures {

    private Fixtures() {
    }

    public static Path dir() {
        String shared = System.getProperty("marketlab.shared.dir");
        Path p = shared != null ? Path.of(shared) : Path.of("..", "..", "shared");
        Path live = p.resolve("fixtures").resolve("live");
        // Without the property, or from a checkout nested deeper than the usual one (a git worktree): the nearest
        // shared/fixtures/live above the working directory.
        for (Path up = Path.of("").toAbsolutePath(); !Files.isDirectory(live) && up != null; up = up.getParent()) {
            live = up.resolve("shared").resolve("fixtures").resolve("live");
        }
        if (!Files.isDirectory(live)) throw new IllegalStateException("fixtures not found at " + live.toAbsolutePath());
        return live;
    }

    public static String read(String name) {
        try {
            return Files.readString(dir().resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
