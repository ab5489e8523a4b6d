package org.marketlab.kernel;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The kernelspec's class-data-sharing archive ({@code marketlab.jsa}): the classes a typical first session loads,
 * mapped by the JVM at start. The JVM accepts it only beside the very jar it was made from: the same path, size and
 * modification time. A kernelspec folder copied elsewhere, or a jar replaced in place, keeps an archive the JVM
 * refuses with one line in the Jupyter server's log, and every start is then slower. So the installer writes a stamp
 * beside the archive ({@code marketlab.jsa.stamp}: the jar's path, size and time), and a kernel whose stamp does not
 * match its jar says so on its standard error and makes the archive again in the background, at the lowest CPU
 * priority, a while after its start, so that the next start maps it ({@link #repairInBackground}).
 */
final class ClassDataArchive {

    static final String ARCHIVE = "marketlab.jsa";
    static final String STAMP = ARCHIVE + ".stamp";
    /** How long after the kernel's start a repair begins: the first cells have the cores first. */
    static final long REPAIR_AFTER_MS = 20_000;

    private ClassDataArchive() {
    }

    /** What identifies {@code jar} to the JVM's check of an archive: its absolute path, size and modification time. */
    static String stampOf(Path jar) throws IOException {
        Path p = jar.toAbsolutePath().normalize();
        return p + "\n" + Files.size(p) + "\n" + Files.getLastModifiedTime(p).toMillis() + "\n";
    }

    /** Records that the archive in {@code dir} was made from {@code jar}. */
    static void writeStamp(Path dir, Path jar) throws IOException {
        Files.writeString(dir.resolve(STAMP), stampOf(jar), StandardCharsets.UTF_8);
    }

    /** Whether {@code dir} holds an archive that was not made from {@code jar} as it is now (or has no stamp). */
    static boolean stale(Path dir, Path jar) {
        if (!Files.isRegularFile(dir.resolve(ARCHIVE))) return false;
        try {
            Path stamp = dir.resolve(STAMP);
            return !Files.isRegularFile(stamp) || !Files.readString(stamp, StandardCharsets.UTF_8).equals(stampOf(jar));
        } catch (IOException e) {
            return true;
        }
    }

    /** {@link #stale(Path, Path)} with the stamp read from {@code stamp}, a channel open on it. */
    private static boolean stale(Path dir, Path jar, FileChannel stamp) throws IOException {
        if (!Files.isRegularFile(dir.resolve(ARCHIVE))) return false;
        java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate((int) Math.min(stamp.size(), 64 * 1024));
        while (b.hasRemaining() && stamp.read(b, b.position()) > 0) {
            // read on, to the end or the buffer's
        }
        return !new String(b.array(), 0, b.position(), StandardCharsets.UTF_8).equals(stampOf(jar));
    }

    /** Makes the archive in a kernelspec folder (see {@link #makeArchive}), or says why not. */
    interface Maker {
        boolean make(Path dir) throws IOException, InterruptedException;
    }

    /**
     * Makes the archive of the kernelspec in {@code dir} by a training run ({@link TrainingRun}) of its jar, written
     * beside it and moved into place once whole, then stamps it; with {@code background}, the run has the lowest CPU
     * priority where {@code nice} exists. False when the run fails or takes longer than 3 minutes.
     */
    static boolean make(Path dir, boolean background) throws IOException, InterruptedException {
        if (!makeArchive(dir, background)) return false;
        writeStamp(dir, dir.resolve("marketlab-kernel.jar"));
        return true;
    }

    /** {@link #make} without the stamp. */
    private static boolean makeArchive(Path dir, boolean background) throws IOException, InterruptedException {
        Path jsa = dir.resolve(ARCHIVE);
        Path part = dir.resolve(ARCHIVE + ".part");
        Path jar = dir.resolve("marketlab-kernel.jar");
        List<String> cmd = new ArrayList<>();
        if (background && Files.isExecutable(Path.of("/usr/bin/nice"))) cmd.addAll(List.of("/usr/bin/nice", "-n", "19"));
        cmd.add(Installer.javaBinary());
        cmd.addAll(Installer.jvmFlags(dir.toString()));
        cmd.addAll(List.of("-XX:ArchiveClassesAtExit=" + part, "-jar", jar.toString(), "warmup"));
        Files.deleteIfExists(part);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        Thread stop = new Thread(p::destroyForcibly, "marketlab-archive-stop"); // no run outlives the kernel that began it
        if (background) Runtime.getRuntime().addShutdownHook(stop);
        try {
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
        } finally {
            if (background) {
                try {
                    Runtime.getRuntime().removeShutdownHook(stop);
                } catch (IllegalStateException exiting) {
                    // the hook runs
                }
            }
        }
        if (p.exitValue() != 0 || !Files.isRegularFile(part)) {
            Files.deleteIfExists(part);
            return false;
        }
        Files.move(part, jsa, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return true;
    }

    /**
     * When this kernel's own kernelspec folder holds a stale archive (see the class comment): says so on standard
     * error, and some seconds later makes it again, at the lowest priority, one kernel at a time per folder. All of it
     * on a daemon thread of its own; where the archive is sound, that thread reads two small files and ends.
     */
    static void repairInBackground() {
        Thread t = new Thread(ClassDataArchive::repairIfStale, "marketlab-archive-check");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /**
     * Repairs the archive in {@code dir} with {@code maker}, one process at a time: under a lock on the stamp itself,
     * which the repair then rewrites through the locked channel. So a repair leaves no file of its own behind, and no
     * kernel can hold a lock on a file another has removed. Null when another process holds the lock or the archive
     * is sound by the time the lock is had; else whether the archive was made.
     */
    static Boolean repairLocked(Path dir, Path jar, Maker maker) throws IOException, InterruptedException {
        // Only through this channel while it is held: closing any other of this process's channels on the stamp would
        // release the lock (POSIX record locks belong to the process and the file).
        try (FileChannel stamp = FileChannel.open(dir.resolve(STAMP), StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE)) {
            FileLock held;
            try {
                held = stamp.tryLock();
            } catch (java.nio.channels.OverlappingFileLockException thisProcess) {
                return null; // a repair of this process holds it
            }
            if (held == null) return null;
            try {
                if (!stale(dir, jar, stamp)) return null;
                if (!maker.make(dir)) return false;
                byte[] now = stampOf(jar).getBytes(StandardCharsets.UTF_8);
                stamp.truncate(0);
                java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(now);
                while (b.hasRemaining()) stamp.write(b, b.position());
                stamp.force(true);
                return true;
            } finally {
                held.release();
            }
        }
    }

    private static void repairIfStale() {
        Path jar = org.marketlab.kernel.startup.CompileJar.kernelJar();
        if (jar == null) return;
        Path dir = jar.getParent();
        if (!stale(dir, jar)) return;
        System.err.println("MarketLab kernel: the class-data-sharing archive " + dir.resolve(ARCHIVE) + " was not made from "
                + jar + " as it is now (a kernelspec folder copied or a jar replaced), so the JVM did not use it; making it again"
                + " in the background in " + REPAIR_AFTER_MS / 1000 + " s, at low priority: the next start will be faster");
        try {
            Thread.sleep(REPAIR_AFTER_MS);
            Boolean made = repairLocked(dir, jar, d -> makeArchive(d, true));
            if (made == null) return; // another kernel repairs it, or did
            System.err.println(made ? "MarketLab kernel: made the class-data-sharing archive " + dir.resolve(ARCHIVE) + " again"
                    : "MarketLab kernel: could not make the class-data-sharing archive in " + dir + "; run the installer again"
                    + " (java -jar marketlab-kernel.jar install) for a faster start");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException e) {
            System.err.println("MarketLab kernel: could not make the class-data-sharing archive in " + dir + " (" + e
                    + "); run the installer again for a faster start");
        }
    }
}
