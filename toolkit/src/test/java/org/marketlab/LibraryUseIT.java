package org.marketlab;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The toolkit used as a library, as docs/library.md tells a user to: {@code scripts/install-lib --repo} installs the
 * artifacts into a repository folder of its own (the shared local repository is left as it was), and small Maven
 * projects in a temporary folder, which depend only on the installed toolkit through the guide's dependency blocks
 * pasted as they are, compile and run the guide's program and JBang script against the embedded sandbox; with the
 * sandbox excluded, the same program stops with the error that names the missing setting.
 */
class LibraryUseIT {

    private static final Path ROOT = Path.of(System.getProperty("marketlab.root", "..")).toAbsolutePath().normalize();
    private static final String VERSION = System.getProperty("marketlab.version");
    private static final Path USER_REPO = Path.of(System.getProperty("marketlab.m2",
            Path.of(System.getProperty("user.home"), ".m2", "repository").toString()));
    private static final String COORDINATES = "org.marketlab:marketlab-toolkit:" + VERSION;

    private static Path work;
    private static Path repo;
    private static String guide;

    @BeforeAll
    static void install() throws Exception {
        assertNotNull(VERSION, "-Dmarketlab.version");
        guide = Files.readString(ROOT.resolve("docs").resolve("library.md"));
        work = Files.createTempDirectory("marketlab-library");
        repo = work.resolve("repo");
        Map<String, FileTime> before = ours(USER_REPO);
        // Into target/install-lib of each module, not target/: the build that runs this test is using those.
        Result r = run(ROOT, Map.of(), 20, List.of("bash", "scripts/install-lib", "--repo", repo.toString(), "-Dml.target=target/install-lib"));
        assertEquals(0, r.exit, r.out);
        assertTrue(r.out.contains("Installed into file://" + repo), r.out);
        assertEquals(before, ours(USER_REPO), "no artifact of org.marketlab in the local repository is touched");
    }

    @AfterAll
    static void clean() throws IOException {
        if (work == null) return;
        try (Stream<Path> all = Files.walk(work)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }

    @Test
    void eachArtifactCarriesItsSourcesAndJavadocAndTheToolkitBringsTheSandboxAtRunTime() throws Exception {
        for (String artifact : List.of("marketlab-spi", "marketlab-sandbox", "marketlab-toolkit")) {
            Path dir = repo.resolve("org/marketlab/" + artifact + "/" + VERSION);
            List<String> names;
            try (Stream<Path> files = Files.list(dir)) {
                names = files.map(p -> p.getFileName().toString()).sorted().toList();
            }
            for (String kind : List.of("\\.jar", "-sources\\.jar", "-javadoc\\.jar", "\\.pom")) {
                String base = Pattern.quote(artifact + "-" + VERSION.replace("-SNAPSHOT", "")) + "-[0-9.]+-[0-9]+";
                assertTrue(names.stream().anyMatch(n -> n.matches(base + kind)), artifact + " " + kind + " in " + names);
            }
        }
        Path toolkit = repo.resolve("org/marketlab/marketlab-toolkit/" + VERSION);
        try (ZipFile sources = new ZipFile(one(toolkit, "-sources.jar").toFile()); ZipFile javadoc = new ZipFile(one(toolkit, "-javadoc.jar").toFile())) {
            assertNotNull(sources.getEntry("org/marketlab/Markets.java"));
            assertNotNull(javadoc.getEntry("org/marketlab/Markets.html"));
        }
        String pom = Files.readString(one(toolkit, ".pom"));
        Matcher sandbox = Pattern.compile("<artifactId>marketlab-sandbox</artifactId>\\s*<scope>(\\w+)</scope>").matcher(pom);
        assertTrue(sandbox.find(), pom);
        assertEquals("runtime", sandbox.group(1));
        assertTrue(Files.isRegularFile(repo.resolve("org/marketlab/marketlab-parent/" + VERSION + "/maven-metadata.xml")));
    }

    @Test
    void theGuidesProgramAndJBangScriptRunAsPastedOnTheEmbeddedSandbox() throws Exception {
        Path project = project("with-sandbox", dependency(false));
        String classPath = build(project);
        for (String entry : classPath.split(":")) {
            if (entry.contains("/org/marketlab/")) assertTrue(entry.startsWith(work.toString()), "from the installed folder: " + entry);
        }
        assertTrue(classPath.contains("marketlab-sandbox"), "the sandbox comes with the one dependency: " + classPath);

        Result r = runProgram(project, classPath);
        assertEquals(0, r.exit, r.out);
        assertTrue(r.out.startsWith("3 events\n"), r.out);
        Matcher quote = Pattern.compile("(?m)^best bid (0\\.[0-9]+), best ask (0\\.[0-9]+)$").matcher(r.out);
        assertTrue(quote.find(), r.out);
        assertTrue(Double.parseDouble(quote.group(1)) < Double.parseDouble(quote.group(2)), quote.group());
        assertTrue(r.out.contains("book of "), "the book's table, titled by its market and outcome: " + r.out);

        // The JBang script: its header names the installed toolkit; its code runs on the class path that brings.
        String script = javaBlock("//DEPS");
        Matcher deps = Pattern.compile("(?m)^//DEPS (\\S+)$").matcher(script);
        assertTrue(deps.find(), script);
        assertEquals(COORDINATES, deps.group(1));
        Path file = project.resolve(className(script) + ".java");
        Files.writeString(file, script);
        Result j = run(project, Map.of(), 3, List.of(java(), "-Xmx512m", "-cp", classPath, file.toString()));
        assertEquals(0, j.exit, j.out);
        assertTrue(j.out.contains("title") && j.out.strip().lines().count() >= 3 + 2, "a header, a rule and three events: " + j.out);
    }

    @Test
    void withTheSandboxExcludedTheProgramNamesTheMissingSetting() throws Exception {
        Path project = project("live-only", dependency(true));
        String classPath = build(project);
        assertFalse(classPath.contains("marketlab-sandbox"), classPath);
        assertFalse(classPath.contains("javalin"), classPath);

        Result r = runProgram(project, classPath);
        assertEquals(1, r.exit, r.out);
        assertTrue(r.out.contains("java.lang.IllegalStateException: The sandbox profile"), r.out);
        assertTrue(r.out.contains("MARKETLAB_PROFILE=live") && r.out.contains("org.marketlab:marketlab-sandbox"), r.out);
        assertFalse(r.out.contains("ServiceConfigurationError") || r.out.contains("NullPointerException"), r.out);
    }

    @Test
    void theGradleLineAndTheReadmeNameTheInstalledCoordinates() throws Exception {
        Matcher gradle = Pattern.compile("(?s)```kotlin\\n(.*?)```").matcher(guide);
        assertTrue(gradle.find(), "a Gradle block");
        assertEquals("implementation(\"" + COORDINATES + "\")", gradle.group(1).strip());
        assertTrue(guide.contains("implementation(\"" + COORDINATES + "\") { exclude(group = \"org.marketlab\", module = \"marketlab-sandbox\") }"));
        String readme = Files.readString(ROOT.resolve("README.md"));
        int at = readme.indexOf("## Use it from your own code");
        assertTrue(at >= 0, "the README's section");
        String section = readme.substring(at, readme.indexOf("\n## ", at + 5) < 0 ? readme.length() : readme.indexOf("\n## ", at + 5));
        assertTrue(section.contains("./scripts/install-lib") && section.contains(COORDINATES) && section.contains("docs/library.md"), section);
    }

    // ---- the consumer projects -----------------------------------------------------------------------------------

    /** The guide's Maven dependency block: the plain one, or the one with the sandbox excluded. */
    private static String dependency(boolean excluded) {
        Matcher m = Pattern.compile("(?s)```xml\\n(<dependency>.*?</dependency>)\\n```").matcher(guide);
        while (m.find()) {
            if (m.group(1).contains("<exclusions>") == excluded) {
                assertTrue(m.group(1).contains("<artifactId>marketlab-toolkit</artifactId>"), m.group(1));
                assertTrue(m.group(1).contains("<version>" + VERSION + "</version>"), "the installed version: " + m.group(1));
                return m.group(1);
            }
        }
        throw new AssertionError("no " + (excluded ? "exclusion" : "dependency") + " block in docs/library.md");
    }

    private static String javaBlock(String containing) {
        Matcher m = Pattern.compile("(?s)```java\\n(.*?)```").matcher(guide);
        while (m.find()) if (m.group(1).contains(containing)) return m.group(1);
        throw new AssertionError("no java block with " + containing + " in docs/library.md");
    }

    private static String className(String source) {
        Matcher m = Pattern.compile("(?m)^(?:public )?class (\\w+)").matcher(source);
        assertTrue(m.find(), source);
        return m.group(1);
    }

    /**
     * A Maven project with the guide's program, that depends on what the guide's block names. The toolkit's artifacts come from the folder
     * install-lib filled; the libraries they need (and Maven's plugins) from the local repository as a read-only
     * source, then Maven Central (a library version this build manages to another, such as Tablesaw's slf4j-api,
     * comes from there), into a local repository of the project's own.
     */
    private static Path project(String name, String dependency) throws IOException {
        Path p = work.resolve(name);
        Files.createDirectories(p.resolve("src/main/java"));
        String userRepo = USER_REPO.toUri().toString();
        Files.writeString(p.resolve("pom.xml"), """
                <?xml version="1.0" encoding="UTF-8"?>
                <project xmlns="http://maven.apache.org/POM/4.0.0">
                  <modelVersion>4.0.0</modelVersion>
                  <groupId>example</groupId>
                  <artifactId>%s</artifactId>
                  <version>1</version>
                  <properties>
                    <maven.compiler.release>17</maven.compiler.release>
                    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
                  </properties>
                  <repositories>
                    <repository><id>marketlab-local</id><url>%s</url><snapshots><enabled>true</enabled></snapshots></repository>
                    <repository><id>user-cache</id><url>%s</url><snapshots><enabled>false</enabled></snapshots></repository>
                  </repositories>
                  <pluginRepositories>
                    <pluginRepository><id>user-cache</id><url>%s</url><snapshots><enabled>false</enabled></snapshots></pluginRepository>
                  </pluginRepositories>
                  <dependencies>
                %s
                  </dependencies>
                  <build>
                    <plugins>
                      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-resources-plugin</artifactId><version>3.3.1</version></plugin>
                      <plugin><groupId>org.apache.maven.plugins</groupId><artifactId>maven-compiler-plugin</artifactId><version>3.13.0</version></plugin>
                    </plugins>
                  </build>
                </project>
                """.formatted(name, repo.toUri(), userRepo, userRepo, dependency));
        String program = javaBlock("static void main(String[] args)");
        Files.writeString(p.resolve("src/main/java/" + className(program) + ".java"), program);
        return p;
    }

    /** Runs the guide's program, compiled in {@code project}, in a JVM of its own. */
    private static Result runProgram(Path project, String classPath) throws Exception {
        String main = className(javaBlock("static void main(String[] args)"));
        return run(project, Map.of(), 3, List.of(java(), "-Xmx512m", "-cp", project.resolve("target/classes") + ":" + classPath, main));
    }

    /** Compiles the project and gives its run-time class path. */
    private static String build(Path project) throws Exception {
        Path cp = project.resolve("classpath.txt");
        List<String> cmd = new ArrayList<>(List.of("mvn", "-B", "-ntp", "-q",
                "-Dmaven.repo.local=" + work.resolve("m2"), "compile",
                "org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath", "-Dmdep.includeScope=runtime",
                "-Dmdep.outputFile=" + cp));
        Result r = run(project, Map.of(), 10, cmd);
        assertEquals(0, r.exit, r.out);
        return Files.readString(cp).strip();
    }

    /** The JDK's java launcher; the programs it runs read a few tables, in a heap of their own size. */
    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /**
     * The names and times of the artifacts of org.marketlab in a local repository, and of the metadata a build reads
     * them by (empty when there are none). Deploying to a folder leaves a copy of that folder's metadata there too
     * (maven-metadata-marketlab-local.xml), which only a build that lists the folder as a repository reads.
     */
    private static Map<String, FileTime> ours(Path localRepo) throws IOException {
        Map<String, FileTime> out = new TreeMap<>();
        Path dir = localRepo.resolve("org/marketlab");
        if (!Files.isDirectory(dir)) return out;
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.filter(Files::isRegularFile).toList()) {
                String name = p.getFileName().toString();
                if (name.endsWith(".jar") || name.endsWith(".pom") || name.equals("maven-metadata-local.xml") || name.equals("_remote.repositories")) {
                    out.put(dir.relativize(p).toString(), Files.getLastModifiedTime(p));
                }
            }
        }
        return out;
    }

    private static Path one(Path dir, String suffix) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> found = files.filter(p -> p.getFileName().toString().endsWith(suffix))
                    .filter(p -> suffix.equals("-sources.jar") || suffix.equals("-javadoc.jar") || !p.getFileName().toString().matches(".*-(sources|javadoc)\\.jar"))
                    .sorted().toList();
            assertFalse(found.isEmpty(), suffix + " in " + dir);
            return found.get(found.size() - 1);
        }
    }

    private record Result(int exit, String out) {
    }

    /** Runs a command in {@code dir} with no MARKETLAB_ variable set, its output in a file, for at most {@code minutes}. */
    private static Result run(Path dir, Map<String, String> env, int minutes, List<String> cmd) throws Exception {
        Path log = Files.createTempFile(work, "run", ".txt");
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(dir.toFile()).redirectErrorStream(true).redirectOutput(log.toFile());
        pb.environment().keySet().removeIf(k -> k.startsWith("MARKETLAB_"));
        pb.environment().putIfAbsent("MAVEN_OPTS", "-Xmx768m"); // the builds it runs, unless the caller sized Maven's heap
        pb.environment().putAll(env);
        Process p = pb.start();
        try {
            boolean ended = p.waitFor(minutes, TimeUnit.MINUTES);
            String out = Files.readString(log, StandardCharsets.UTF_8);
            assertTrue(ended, String.join(" ", cmd) + " did not end within " + minutes + " min: " + out);
            return new Result(p.exitValue(), out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
        }
    }
}
