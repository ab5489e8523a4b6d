package org.marketlab.perps;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Where a session keeps its proxy credentials between runs, keyed by owner and profile. */
public interface CredentialStore {

    Optional<ProxyCredentials> load(String owner, String profile);

    void save(ProxyCredentials credentials);

    void delete(String owner, String profile);

    /** Credentials in memory only (tests, teaching). */
    static CredentialStore memory() {
        Map<String, ProxyCredentials> map = new ConcurrentHashMap<>();
        return new CredentialStore() {
            public Optional<ProxyCredentials> load(String owner, String profile) {
                return Optional.ofNullable(map.get(key(owner, profile)));
            }

            public void save(ProxyCredentials c) {
                map.put(key(c.owner(), c.profile()), c);
            }

            public void delete(String owner, String profile) {
                map.remove(key(owner, profile));
            }
        };
    }

    /**
     * The default: {@code ~/.marketlab/credentials/<profile>/<owner>.json} (or under {@code MARKETLAB_CREDENTIALS_DIR}),
     * readable by the owner only.
     */
    static CredentialStore files() {
        String dir = System.getenv("MARKETLAB_CREDENTIALS_DIR");
        return files(dir != null && !dir.isBlank() ? Path.of(dir) : Path.of(System.getProperty("user.home"), ".marketlab", "credentials"));
    }

    /** Files under {@code dir}: one per profile and owner, written owner-only (0600) in an owner-only folder. */
    static CredentialStore files(Path dir) {
        JsonMapper json = JsonMapper.builder().build();
        Set<PosixFilePermission> fileOnly = PosixFilePermissions.fromString("rw-------");
        Set<PosixFilePermission> dirOnly = PosixFilePermissions.fromString("rwx------");
        return new CredentialStore() {
            private Path file(String owner, String profile) {
                return dir.resolve(profile).resolve(owner.toLowerCase(Locale.ROOT) + ".json");
            }

            public Optional<ProxyCredentials> load(String owner, String profile) {
                Path f = file(owner, profile);
                if (!Files.isRegularFile(f)) return Optional.empty();
                try {
                    JsonNode n = json.readTree(f.toFile());
                    return Optional.of(new ProxyCredentials(n.path("owner").asText(), n.path("proxy").asText(), n.path("privateKey").asText(),
                            n.path("secret").asText(), Instant.ofEpochMilli(n.path("expiresAt").asLong()), n.path("label").asText(null), profile));
                } catch (IOException e) {
                    // Unreadable credentials are as good as none: a new registration replaces them.
                    return Optional.empty();
                }
            }

            public void save(ProxyCredentials c) {
                Path f = file(c.owner(), c.profile());
                try {
                    Files.createDirectories(f.getParent());
                    posix(dir, dirOnly);
                    posix(f.getParent(), dirOnly);
                    ObjectNode n = json.createObjectNode();
                    n.put("owner", c.owner()).put("proxy", c.proxy()).put("privateKey", c.privateKey()).put("secret", c.secret())
                            .put("expiresAt", c.expiresAt().toEpochMilli()).put("label", c.label());
                    Path tmp = Files.createTempFile(f.getParent(), ".cred", ".tmp");
                    posix(tmp, fileOnly); // owner-only before a byte of the secret is written
                    Files.write(tmp, json.writeValueAsBytes(n));
                    Files.move(tmp, f, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    posix(f, fileOnly);
                } catch (IOException e) {
                    throw new UncheckedIOException("could not store credentials in " + f.getParent(), e);
                }
            }

            public void delete(String owner, String profile) {
                try {
                    Files.deleteIfExists(file(owner, profile));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }

            private void posix(Path p, Set<PosixFilePermission> perms) throws IOException {
                if (Files.getFileStore(p).supportsFileAttributeView("posix")) Files.setPosixFilePermissions(p, perms);
            }
        };
    }

    private static String key(String owner, String profile) {
        return profile + "/" + owner.toLowerCase(Locale.ROOT);
    }
}
