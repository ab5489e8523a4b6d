package org.marketlab.kernel;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClassDataArchiveTest {

    /** A kernelspec folder with a jar and an archive stamped as made from it. */
    private static Path spec(Path root) throws Exception {
        Path dir = Files.createDirectories(root);
        Files.write(dir.resolve("marketlab-kernel.jar"), new byte[]{1, 2, 3});
        Files.write(dir.resolve(ClassDataArchive.ARCHIVE), new byte[]{9});
        ClassDataArchive.writeStamp(dir, dir.resolve("marketlab-kernel.jar"));
        return dir;
    }

    @Test
    void anArchiveStampedFromItsJarIsSound(@TempDir Path tmp) throws Exception {
        Path dir = spec(tmp.resolve("marketlab"));
        assertFalse(ClassDataArchive.stale(dir, dir.resolve("marketlab-kernel.jar")));
    }

    @Test
    void aCopiedFolderOrAReplacedJarMakesItStale(@TempDir Path tmp) throws Exception {
        Path dir = spec(tmp.resolve("marketlab"));
        Path copy = Files.createDirectories(tmp.resolve("copy"));
        try (var files = Files.list(dir)) {
            for (Path f : files.toList()) Files.copy(f, copy.resolve(f.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
        }
        assertTrue(ClassDataArchive.stale(copy, copy.resolve("marketlab-kernel.jar")), "another path");

        Path jar = dir.resolve("marketlab-kernel.jar");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));
        assertTrue(ClassDataArchive.stale(dir, jar), "another modification time");
        ClassDataArchive.writeStamp(dir, jar);
        Files.write(jar, new byte[]{1, 2, 3, 4});
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis()));
        assertTrue(ClassDataArchive.stale(dir, jar), "another size");
    }

    @Test
    void anArchiveWithoutAStampIsStaleAndNoArchiveIsNothingToRepair(@TempDir Path tmp) throws Exception {
        Path dir = spec(tmp.resolve("marketlab"));
        Files.delete(dir.resolve(ClassDataArchive.STAMP));
        assertTrue(ClassDataArchive.stale(dir, dir.resolve("marketlab-kernel.jar")));
        Files.delete(dir.resolve(ClassDataArchive.ARCHIVE));
        assertFalse(ClassDataArchive.stale(dir, dir.resolve("marketlab-kernel.jar")));
    }

    @Test
    void aRepairRewritesTheStampItLockedAndLeavesNoFileOfItsOwn(@TempDir Path tmp) throws Exception {
        Path dir = spec(tmp.resolve("marketlab"));
        Path jar = dir.resolve("marketlab-kernel.jar");
        Files.writeString(dir.resolve(ClassDataArchive.STAMP), "another jar\n");
        java.util.concurrent.atomic.AtomicInteger made = new java.util.concurrent.atomic.AtomicInteger();
        assertEquals(Boolean.TRUE, ClassDataArchive.repairLocked(dir, jar, d -> made.incrementAndGet() > 0));
        assertEquals(1, made.get());
        assertFalse(ClassDataArchive.stale(dir, jar), "the stamp is the jar's now");
        try (var files = Files.list(dir)) {
            assertEquals(java.util.Set.of("marketlab-kernel.jar", ClassDataArchive.ARCHIVE, ClassDataArchive.STAMP),
                    files.map(f -> f.getFileName().toString()).collect(java.util.stream.Collectors.toSet()));
        }
        assertNull(ClassDataArchive.repairLocked(dir, jar, d -> made.incrementAndGet() > 0), "a sound archive is left as it is");
        assertEquals(1, made.get());
    }

    @Test
    void aRepairThatCannotHaveTheLockLeavesItToItsHolder(@TempDir Path tmp) throws Exception {
        Path dir = spec(tmp.resolve("marketlab"));
        Path jar = dir.resolve("marketlab-kernel.jar");
        Files.writeString(dir.resolve(ClassDataArchive.STAMP), "another jar\n");
        try (var holder = java.nio.channels.FileChannel.open(dir.resolve(ClassDataArchive.STAMP), java.nio.file.StandardOpenOption.WRITE);
             var held = holder.lock()) {
            assertNull(ClassDataArchive.repairLocked(dir, jar, d -> {
                throw new AssertionError("made while another held the lock");
            }));
        }
        assertTrue(ClassDataArchive.stale(dir, jar), "still stale: its holder repairs it");
    }
}
