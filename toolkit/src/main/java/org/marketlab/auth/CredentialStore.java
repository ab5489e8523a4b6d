package org.marketlab.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where sessions keep credentials between runs: perpetuals proxies, order-book API keys, builder keys; one entry
 * per kind, profile and address. The default ({@link #files()}) is a plaintext JSON file per entry under
 * {@code ~/.marketlab/credentials/<profile>/<kind>/<address>.json}, readable by its owner only; {@link #memory()}
 * keeps them for the life of the JVM.
 */
public interface CredentialStore {

    Optional<Credential> load(Credential.Kind kind, String profile, String address);

    void save(Credential credential);

    void delete(Credential.Kind kind, String profile, String address);

    /** Credentials in memory only (tests, teaching): nothing survives the JVM. */
    static CredentialStore memory() {
        return new MemoryCredentialStore();
    }

    /**
     * The default: files under {@code ~/.marketlab/credentials}, or under {@code MARKETLAB_CREDENTIALS_DIR} when
     * that is set.
     */
    static CredentialStore files() {
        String dir = System.getenv("MARKETLAB_CREDENTIALS_DIR");
        return files(dir != null && !dir.isBlank() ? Path.of(dir) : Path.of(System.getProperty("user.home"), ".marketlab", "credentials"));
    }

    /**
     * Files under {@code dir}: {@code <profile>/<kind>/<address in lower case>.json}, created owner-only
     * ({@code rw-------}, folders {@code rwx------}) before a byte is written, replaced atomically. On a file
     * system without POSIX permissions the files get the system's defaults. Perpetuals proxies stored by earlier
     * versions at {@code <profile>/<address>.json} are read too.
     */
    static CredentialStore files(Path dir) {
        return new FileCredentialStore(dir);
    }
}

/** {@link CredentialStore#memory()}. */
final class MemoryCredentialStore implements CredentialStore {

    private final Map<String, Credential> map = new ConcurrentHashMap<>();

    private static String key(Credential.Kind kind, String profile, String address) {
        return kind + "/" + profile + "/" + address.toLowerCase(Locale.ROOT);
    }

    @Override
    public Optional<Credential> load(Credential.Kind kind, String profile, String address) {
        return Optional.ofNullable(map.get(key(kind, profile, address)));
    }

    @Override
    public void save(Credential c) {
        map.put(key(c.kind(), c.profile(), c.address()), c);
    }

    @Override
    public void delete(Credential.Kind kind, String profile, String address) {
        map.remove(key(kind, profile, address));
    }

    @Override
    public String toString() {
        return "CredentialStore.memory[" + map.size() + " entries]";
    }
}

/** {@link CredentialStore#files(Path)}. */
final class FileCredentialStore implements CredentialStore {

    private static final Set<PosixFilePermission> FILE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> FOLDER = PosixFilePermissions.fromString("rwx------");

    private final Path dir;
    private final JsonMapper json = JsonMapper.builder().build();

    FileCredentialStore(Path dir) {
        this.dir = dir.toAbsolutePath();
    }

    private Path file(Credential.Kind kind, String profile, String address) {
        Credential probe = new Credential(kind, profile, address, Map.of()); // checks the names before they touch a path
        return dir.resolve(probe.profile()).resolve(kind.folder()).resolve(probe.address() + ".json");
    }

    @Override
    public Optional<Credential> load(Credential.Kind kind, String profile, String address) {
        Path f = file(kind, profile, address);
        if (!Files.isRegularFile(f) && kind == Credential.Kind.PERPS_PROXY) f = f.getParent().getParent().resolve(f.getFileName());
        if (!Files.isRegularFile(f)) return Optional.empty();
        try {
            JsonNode n = json.readTree(f.toFile());
            Map<String, String> fields = new LinkedHashMap<>();
            n.fields().forEachRemaining(e -> {
                if (!e.getValue().isNull()) fields.put(e.getKey(), e.getValue().asText());
            });
            String stored = fields.getOrDefault("address", fields.get("owner"));
            if (stored == null || !stored.equalsIgnoreCase(address)) return Optional.empty();
            return Optional.of(new Credential(kind, profile, address, fields));
        } catch (IOException | RuntimeException e) {
            // Unreadable credentials are as good as none: a new registration replaces them.
            return Optional.empty();
        }
    }

    @Override
    public void save(Credential c) {
        Path f = file(c.kind(), c.profile(), c.address());
        try {
            folder(dir);
            folder(f.getParent().getParent());
            folder(f.getParent());
            ObjectNode n = json.createObjectNode();
            n.put("address", c.address());
            c.fields().forEach(n::put);
            Path tmp = posix(f.getParent())
                    ? Files.createTempFile(f.getParent(), ".credentials", ".tmp", PosixFilePermissions.asFileAttribute(FILE))
                    : Files.createTempFile(f.getParent(), ".credentials", ".tmp");
            try {
                Files.write(tmp, json.writeValueAsBytes(n));
                try {
                    Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(tmp);
            }
            if (posix(f)) Files.setPosixFilePermissions(f, FILE);
        } catch (IOException e) {
            // The message names the folder, never the content.
            throw new UncheckedIOException("could not store the " + c.kind().folder() + " credentials of " + c.address() + " in " + f.getParent(), e);
        }
    }

    @Override
    public void delete(Credential.Kind kind, String profile, String address) {
        Path f = file(kind, profile, address);
        try {
            Files.deleteIfExists(f);
            if (kind == Credential.Kind.PERPS_PROXY) Files.deleteIfExists(f.getParent().getParent().resolve(f.getFileName()));
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the stored " + kind.folder() + " credentials of " + address, e);
        }
    }

    private static void folder(Path p) throws IOException {
        if (!Files.isDirectory(p)) {
            FileAttribute<?>[] attrs = posix(p.getParent() != null ? p.getParent() : p)
                    ? new FileAttribute<?>[]{PosixFilePermissions.asFileAttribute(FOLDER)} : new FileAttribute<?>[0];
            Files.createDirectories(p, attrs);
        }
        if (posix(p)) Files.setPosixFilePermissions(p, FOLDER);
    }

    private static boolean posix(Path p) throws IOException {
        Path existing = p;
        while (existing != null && !Files.exists(existing)) existing = existing.getParent();
        return existing != null && Files.getFileStore(existing).supportsFileAttributeView("posix");
    }

    @Override
    public String toString() {
        return "CredentialStore.files[" + dir + "]";
    }
}
