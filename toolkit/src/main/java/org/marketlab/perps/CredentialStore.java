package org.marketlab.perps;

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
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where sessions keep proxy credentials between runs, one entry per owner and profile. The default
 * ({@link #files()}) is a file per owner under {@code ~/.marketlab/credentials/<profile>/}, readable by its owner
 * only; {@link #memory()} keeps them for the life of the JVM.
 */
public interface CredentialStore {

    Optional<ProxyCredentials> load(String owner, String profile);

    void save(ProxyCredentials credentials);

    void delete(String owner, String profile);

    /** Credentials in memory only (tests, teaching): nothing survives the JVM. */
    static CredentialStore memory() {
        Map<String, ProxyCredentials> map = new ConcurrentHashMap<>();
        return new CredentialStore() {
            public Optional<ProxyCredentials> load(String owner, String profile) {
                return Optional.ofNullable(map.get(profile + "/" + owner.toLowerCase(Locale.ROOT)));
            }

            public void save(ProxyCredentials c) {
                map.put(c.profile() + "/" + c.owner().toLowerCase(Locale.ROOT), c);
            }

            public void delete(String owner, String profile) {
                map.remove(profile + "/" + owner.toLowerCase(Locale.ROOT));
            }

            @Override
            public String toString() {
                return "CredentialStore.memory[" + map.size() + " entries]";
            }
        };
    }

    /**
     * The default: {@code ~/.marketlab/credentials/<profile>/<owner>.json}, or under {@code MARKETLAB_CREDENTIALS_DIR}
     * when that is set.
     */
    static CredentialStore files() {
        String dir = System.getenv("MARKETLAB_CREDENTIALS_DIR");
        return files(dir != null && !dir.isBlank() ? Path.of(dir) : Path.of(System.getProperty("user.home"), ".marketlab", "credentials"));
    }

    /**
     * Files under {@code dir}: {@code <profile>/<owner in lower case>.json}, created owner-only ({@code rw-------},
     * folders {@code rwx------}) before a byte is written, replaced atomically. On a file system without POSIX
     * permissions the files get the system's defaults.
     */
    static CredentialStore files(Path dir) {
        return new FileCredentialStore(dir);
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

    private Path file(String owner, String profile) {
        if (!profile.matches("[A-Za-z0-9._-]+")) throw new IllegalArgumentException("profile name '" + profile + "' cannot name a folder");
        if (!owner.matches("0x[0-9a-fA-F]{40}")) throw new IllegalArgumentException("owner must be an address, was '" + owner + "'");
        return dir.resolve(profile).resolve(owner.toLowerCase(Locale.ROOT) + ".json");
    }

    @Override
    public Optional<ProxyCredentials> load(String owner, String profile) {
        Path f = file(owner, profile);
        if (!Files.isRegularFile(f)) return Optional.empty();
        try {
            JsonNode n = json.readTree(f.toFile());
            if (!n.path("owner").asText().equalsIgnoreCase(owner)) return Optional.empty();
            return Optional.of(new ProxyCredentials(n.path("owner").asText(), n.path("proxy").asText(), n.path("privateKey").asText(),
                    n.path("secret").asText(), Instant.ofEpochMilli(n.path("expiresAt").asLong()), n.path("label").asText(null), profile));
        } catch (IOException | RuntimeException e) {
            // Unreadable credentials are as good as none: a new registration replaces them.
            return Optional.empty();
        }
    }

    @Override
    public void save(ProxyCredentials c) {
        Path f = file(c.owner(), c.profile());
        try {
            folder(dir);
            folder(f.getParent());
            ObjectNode n = json.createObjectNode();
            n.put("owner", c.owner()).put("proxy", c.proxy()).put("privateKey", c.privateKey()).put("secret", c.secret())
                    .put("expiresAt", c.expiresAt().toEpochMilli()).put("label", c.label());
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
            throw new UncheckedIOException("could not store the proxy credentials of " + c.owner() + " in " + f.getParent(), e);
        }
    }

    @Override
    public void delete(String owner, String profile) {
        try {
            Files.deleteIfExists(file(owner, profile));
        } catch (IOException e) {
            throw new UncheckedIOException("could not delete the stored credentials of " + owner, e);
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
