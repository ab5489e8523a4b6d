package org.marketlab.internal.transport;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.config.Recording;
import org.marketlab.http.ReplayException;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Records the answers of reads to a folder, or answers reads from one: the one place the transport consults
 * ({@link Transport#send}), around the whole exchange (pacing, signing, retries happen only when live).
 *
 * <p>An exchange is keyed by service, method, path, query and a digest of the request body; never by host (the
 * embedded sandbox's ports change), headers (credentials travel there) or time: query values that are instants
 * (Unix seconds or milliseconds, ISO-8601) are keyed as "a time", so a notebook that asks for "the last 7 days"
 * replays next month. Equal keys are served in the order they were recorded, the last one again once they run out.
 *
 * <p>What is never recorded: request headers (credentials, L1/L2 signatures), answers of calls that carry secrets
 * (every {@code /auth/} path: API key creation, derivation and listing, builder keys; perpetuals proxy
 * registration), and writes (orders, cancels, transfers: anything not a read). Response headers are kept only from a
 * short list (content type, rate-limit state). A credential this process holds that appears in an answer (an
 * order's {@code owner} is its API key) is replaced by {@value #REDACTED}. Files and the folder are owner-only. In replay, a write or a
 * secret-bearing call is refused, and so is a read that was not recorded; nothing is sent.
 */
public final class Recorder {

    private static final String MANIFEST = "recording.json";
    private static final Pattern EXCHANGE = Pattern.compile("\\d{6,}\\.json");
    private static final Pattern SECRET_PATH = Pattern.compile("(^|.*/)auth(/.*)?$|^/v1/account/proxy.*");
    private static final Pattern SECRET_PARAM = Pattern.compile("(?i).*(secret|passphrase|signature|api_?key|password|private).*");
    private static final Pattern EPOCH = Pattern.compile("1\\d{9}(\\d{3})?");
    private static final Pattern ISO_TIME = Pattern.compile("\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?");
    private static final Set<String> KEPT_HEADERS = Set.of("content-type", "retry-after", "x-ratelimit-limit", "x-ratelimit-remaining",
            "x-ratelimit-reset", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset", "ratelimit-policy");
    private static final ObjectMapper JSON = new ObjectMapper();

    private static volatile Recorder active;
    /** Credential values this process holds (API keys, secrets, passphrases, proxy keys): replaced in any answer kept. */
    private static final Set<String> SECRETS = java.util.concurrent.ConcurrentHashMap.newKeySet();
    static final String REDACTED = "[credential]";

    private final Recording.Mode mode;
    private final Path folder;
    private int kept;
    private final Map<String, ArrayDeque<Path>> answers = new LinkedHashMap<>();
    private final Map<String, Path> lastServed = new LinkedHashMap<>();
    private final int available;

    private Recorder(Recording.Mode mode, Path folder) {
        this.mode = mode;
        this.folder = folder;
        this.available = mode == Recording.Mode.REPLAY ? index() : 0;
    }

    /** The recorder in use, or null (reads go to the service). */
    static Recorder active() {
        return active;
    }

    /** Starts recording into {@code folder}: created owner-only; a recording there before is replaced. */
    public static synchronized Recording record(Path folder) {
        Path f = checkFolder(folder, true);
        active = new Recorder(Recording.Mode.RECORD, f);
        return active.status();
    }

    /** Starts answering reads from the recording in {@code folder}, without the network. */
    public static synchronized Recording replay(Path folder) {
        Path f = checkFolder(folder, false);
        active = new Recorder(Recording.Mode.REPLAY, f);
        return active.status();
    }

    /** Back to the service: no recording, no replay. */
    public static synchronized Recording off() {
        active = null;
        return new Recording(Recording.Mode.OFF, null, 0);
    }

    public static Recording current() {
        Recorder r = active;
        return r == null ? new Recording(Recording.Mode.OFF, null, 0) : r.status();
    }

    private synchronized Recording status() {
        return new Recording(mode, folder, mode == Recording.Mode.RECORD ? kept : available);
    }

    /**
     * Values a recording must never hold, wherever they appear in an answer (an order's {@code owner} is its API
     * key): every credential object registers its parts when it is made.
     */
    public static void neverRecord(String... values) {
        for (String v : values) if (v != null && v.length() >= 6) SECRETS.add(v);
    }

    // ---- the exchange ------------------------------------------------------------------------------------------

    /** Runs {@code live} (the real send) or answers from the recording, by this recorder's mode. */
    Document exchange(Call call, ObjectMapper json, Supplier<Document> live) {
        String endpoint = call.method() + " " + call.service().id() + call.path();
        boolean secret = SECRET_PATH.matcher(call.path()).matches();
        boolean read = call.method().equals("GET") || call.method().equals("HEAD")
                || (call.safety() == Call.Safety.IDEMPOTENT && call.headers().isEmpty() && call.signer() == Signer.NONE);
        if (mode == Recording.Mode.REPLAY) {
            if (secret) {
                throw new ReplayException(endpoint, "its answer carries credentials, which a recording never holds, so replay cannot "
                        + "answer it; replay reads with stored credentials (CredentialStore), or MarketLab.recordingOff() to run it live");
            }
            if (!read) {
                throw new ReplayException(endpoint, "a signed write is not replayable (it would act on an account); replay serves "
                        + "recorded reads only: MarketLab.recordingOff() to send it live");
            }
            return serve(call, json, endpoint);
        }
        Document d = live.get();
        if (read && !secret) keep(call, d);
        return d;
    }

    private synchronized Document serve(Call call, ObjectMapper json, String endpoint) {
        String key = key(call);
        ArrayDeque<Path> q = answers.get(key);
        Path file = q != null && !q.isEmpty() ? q.poll() : lastServed.get(key);
        if (file == null) {
            throw new ReplayException(endpoint, "this read is not in the recording " + folder + " (" + describe(call)
                    + "); replay answers only what the recorded run asked: record again with MarketLab.record(dir)");
        }
        lastServed.put(key, file);
        JsonNode n;
        try {
            n = JSON.readTree(Files.readAllBytes(file));
        } catch (IOException e) {
            throw new ReplayException(endpoint, "the recorded answer " + file + " is not readable: " + e.getMessage());
        }
        Map<String, List<String>> headers = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        n.path("headers").fields().forEachRemaining(e -> {
            List<String> v = new ArrayList<>();
            e.getValue().forEach(x -> v.add(x.asText()));
            headers.put(e.getKey(), v);
        });
        byte[] body = n.hasNonNull("bodyBase64") ? Base64.getDecoder().decode(n.get("bodyBase64").asText())
                : n.path("body").asText("").getBytes(StandardCharsets.UTF_8);
        return new Document(call.method() + " " + call.service().id() + call.path(), n.path("status").asInt(200), headers, body, json);
    }

    private synchronized void keep(Call call, Document d) {
        kept++;
        ObjectNode o = JSON.createObjectNode();
        o.put("format", 1);
        o.put("seq", kept);
        o.put("key", key(call));
        o.put("method", call.method());
        o.put("service", call.service().id());
        o.put("path", call.path());
        ArrayNode q = o.putArray("query");
        for (Map.Entry<String, String> e : call.query().entries()) {
            q.addArray().add(e.getKey()).add(SECRET_PARAM.matcher(e.getKey()).matches() ? "sha256:" + sha256(e.getValue().getBytes(StandardCharsets.UTF_8)) : e.getValue());
        }
        if (call.body() != null) o.put("requestBodySha256", sha256(call.body()));
        o.put("status", d.status());
        ObjectNode h = o.putObject("headers");
        d.headers().forEach((name, values) -> {
            if (name != null && KEPT_HEADERS.contains(name.toLowerCase(Locale.ROOT))) {
                ArrayNode a = h.putArray(name.toLowerCase(Locale.ROOT));
                values.forEach(a::add);
            }
        });
        String text = utf8(d.body());
        if (text != null) {
            for (String secret : SECRETS) if (text.contains(secret)) text = text.replace(secret, REDACTED);
            o.put("body", text);
        } else {
            String latin = new String(d.body(), StandardCharsets.ISO_8859_1);
            for (String secret : SECRETS) if (latin.contains(secret)) return; // a binary answer holding a credential is not kept
            o.put("bodyBase64", Base64.getEncoder().encodeToString(d.body()));
        }
        try {
            writeOwnerOnly(folder.resolve(String.format("%06d.json", kept)), JSON.writeValueAsBytes(o));
        } catch (IOException e) {
            throw new UncheckedIOException("the recording " + folder + " could not keep an answer (" + e.getMessage()
                    + "); recording stopped: MarketLab.record(dir) to start again", e);
        }
    }

    /** The key of a request: service, method, path, query with times blurred, body digest. */
    static String key(Call call) {
        StringBuilder b = new StringBuilder(call.service().id()).append(' ').append(call.method()).append(' ').append(call.path());
        char sep = '?';
        for (Map.Entry<String, String> e : call.query().entries()) {
            String v = e.getValue();
            if (SECRET_PARAM.matcher(e.getKey()).matches()) v = "sha256:" + sha256(v.getBytes(StandardCharsets.UTF_8));
            else if (EPOCH.matcher(v).matches() || ISO_TIME.matcher(v).matches()) v = "<time>";
            b.append(sep).append(e.getKey()).append('=').append(v);
            sep = '&';
        }
        if (call.body() != null) b.append(" body-sha256=").append(sha256(call.body()));
        return b.toString();
    }

    private static String describe(Call call) {
        return key(call);
    }

    private int index() {
        int n = 0;
        try (Stream<Path> s = Files.list(folder)) {
            for (Path f : s.filter(p -> EXCHANGE.matcher(p.getFileName().toString()).matches()).sorted().toList()) {
                JsonNode node = JSON.readTree(Files.readAllBytes(f));
                answers.computeIfAbsent(node.path("key").asText(), k -> new ArrayDeque<>()).add(f);
                n++;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("the recording " + folder + " is not readable: " + e.getMessage(), e);
        }
        return n;
    }

    // ---- the folder --------------------------------------------------------------------------------------------

    private static Path checkFolder(Path folder, boolean forRecording) {
        if (folder == null) throw new IllegalArgumentException("the recording folder is null");
        Path f = folder.toAbsolutePath().normalize();
        try {
            if (!forRecording) {
                if (!Files.isDirectory(f) || !Files.exists(f.resolve(MANIFEST))) {
                    throw new IllegalArgumentException(f + " is not a recording (no " + MANIFEST + "): make one with MarketLab.record(dir) "
                            + "or %record dir, run the notebook, then replay it");
                }
                return f;
            }
            if (Files.exists(f) && !Files.isDirectory(f)) throw new IllegalArgumentException(f + " is a file; a recording is a folder");
            if (Files.isDirectory(f)) {
                try (Stream<Path> s = Files.list(f)) {
                    List<Path> other = s.filter(p -> !p.getFileName().toString().equals(MANIFEST) && !EXCHANGE.matcher(p.getFileName().toString()).matches()).limit(1).toList();
                    if (!other.isEmpty()) {
                        throw new IllegalArgumentException(f + " holds other files (" + other.get(0).getFileName() + "): record into a new or empty folder, or an earlier recording's");
                    }
                }
                try (Stream<Path> s = Files.list(f)) {
                    for (Path p : s.toList()) Files.delete(p);
                }
            } else {
                if (isPosix()) Files.createDirectories(f, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
                else Files.createDirectories(f);
            }
            if (isPosix()) Files.setPosixFilePermissions(f, PosixFilePermissions.fromString("rwx------"));
            ObjectNode m = JSON.createObjectNode();
            m.put("format", 1);
            m.put("started", java.time.Instant.now().toString());
            m.put("note", "answers of reads, keyed by request; request headers and credentials are never kept");
            writeOwnerOnly(f.resolve(MANIFEST), JSON.writerWithDefaultPrettyPrinter().writeValueAsBytes(m));
            return f;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare the recording folder " + f + ": " + e.getMessage(), e);
        }
    }

    private static boolean isPosix() {
        return FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
    }

    /** Writes a file created owner-only (0600) under a temporary name, then renames it into place. */
    static void writeOwnerOnly(Path file, byte[] bytes) throws IOException {
        Path tmp = file.resolveSibling("." + file.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        FileAttribute<?>[] attrs = isPosix()
                ? new FileAttribute<?>[]{PosixFilePermissions.asFileAttribute(EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE))}
                : new FileAttribute<?>[0];
        try (SeekableByteChannel ch = Files.newByteChannel(tmp, EnumSet.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE), attrs)) {
            ByteBuffer buf = ByteBuffer.wrap(bytes);
            while (buf.hasRemaining()) ch.write(buf);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static String utf8(byte[] b) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b)).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static String sha256(byte[] b) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(b));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
