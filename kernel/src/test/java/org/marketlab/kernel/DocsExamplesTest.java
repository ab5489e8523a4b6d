package org.marketlab.kernel;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Every Java example of {@code README.md} and {@code docs/*.md} runs as pasted, in a kernel cell on the embedded sandbox:
 * each file's {@code ```java} blocks in order, in one fresh session, as a reader pasting them into one notebook. A new
 * page is covered as soon as it exists.
 *
 * <p>The one exception: a block that cannot run on the sandbox as it stands (it needs the live service or the reader's
 * own key) is fenced {@code ```java no-run}. Those are counted and kept to at most {@value #MAX_NO_RUN}. Any other text
 * after {@code ```java} is refused, so that a mistyped fence does not quietly leave an example unchecked. The build
 * points {@code MARKETLAB_CREDENTIALS_DIR} at a folder under {@code target}, so the examples' sessions store their
 * credentials there, never in the user's home.
 */
class DocsExamplesTest {

    static final int MAX_NO_RUN = 3;
    static final String RUN = "```java";
    static final String NO_RUN = "```java no-run";

    /** What some examples say they do, checked after their file's blocks have run: expression, expected value. */
    private static final Map<String, Map<String, Object>> CLAIMS = Map.of(
            "docs/trading.md", Map.of("fill.status()", "matched", "quotes.stream().allMatch(OrderResult::accepted)", true),
            "docs/accounts.md", Map.of("account.trades().list().size() >= 1000", true, "session.orders().list().size() > 0", true),
            "docs/datasets.md", Map.of("back.rowCount() == events.rowCount()", true, "same.size()", 500, "squares.rows()", 1000L,
                    "first.equals(again)", true));

    record Block(String file, int line, String code, boolean run) {
    }

    static Path root() {
        return Path.of(System.getProperty("marketlab.root", "..")).toAbsolutePath().normalize();
    }

    /** README.md, then docs/*.md by name. */
    static List<Path> documents() {
        List<Path> out = new ArrayList<>(List.of(root().resolve("README.md")));
        try (Stream<Path> docs = Files.list(root().resolve("docs"))) {
            docs.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(out::add);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The Java blocks of a Markdown text: fenced {@code ```java} (run) or {@code ```java no-run}; any other {@code ```java...} is refused. */
    static List<Block> javaBlocks(String file, String text) {
        List<Block> out = new ArrayList<>();
        String[] lines = text.split("\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String fence = lines[i].strip();
            if (!fence.startsWith(RUN)) continue;
            if (!fence.equals(RUN) && !fence.equals(NO_RUN)) {
                throw new IllegalArgumentException(file + ":" + (i + 1) + ": '" + fence + "' is neither " + RUN + " nor " + NO_RUN);
            }
            StringBuilder code = new StringBuilder();
            int j = i + 1;
            while (j < lines.length && !lines[j].strip().equals("```")) code.append(lines[j++]).append('\n');
            if (j == lines.length) throw new IllegalArgumentException(file + ":" + (i + 1) + ": the block is never closed");
            out.add(new Block(file, i + 1, code.toString(), fence.equals(RUN)));
            i = j;
        }
        return out;
    }

    static List<Block> blocksOf(Path doc) {
        try {
            return javaBlocks(root().relativize(doc).toString(), Files.readString(doc));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyJavaExampleRunsAsPasted() {
        return documents().stream().filter(d -> blocksOf(d).stream().anyMatch(Block::run))
                .map(d -> DynamicTest.dynamicTest(root().relativize(d).toString(), () -> runAll(d)));
    }

    private static void runAll(Path doc) {
        List<Block> blocks = blocksOf(doc);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CellEvaluator eval = new CellEvaluator(new PrintStream(out, true), new PrintStream(out, true))) {
            for (Block b : blocks) {
                if (!b.run()) continue;
                try {
                    eval.eval(b.code());
                } catch (RuntimeException e) {
                    fail(b.file() + ":" + b.line() + ": the example does not run as pasted: " + e + "\n" + b.code() + "\n" + out, e);
                }
            }
            String file = blocks.get(0).file();
            for (Map.Entry<String, Object> claim : CLAIMS.getOrDefault(file, Map.of()).entrySet()) {
                assertEquals(claim.getValue(), eval.eval(claim.getKey()), file + ": " + claim.getKey() + "\n" + out);
            }
        }
    }

    @Test
    void blocksThatCannotRunAreFew() {
        List<Block> all = new ArrayList<>();
        for (Path d : documents()) all.addAll(blocksOf(d));
        List<Block> noRun = all.stream().filter(b -> !b.run()).toList();
        System.out.println("[docs] " + all.size() + " Java blocks in " + documents().size() + " documents, " + noRun.size() + " fenced no-run"
                + noRun.stream().map(b -> "\n  " + b.file() + ":" + b.line()).reduce("", String::concat));
        assertTrue(noRun.size() <= MAX_NO_RUN, "at most " + MAX_NO_RUN + " blocks may be fenced no-run: " + noRun);
        assertTrue(all.stream().filter(b -> b.file().equals("README.md") && b.run()).count() >= 5, "the README's examples are found");
        assertTrue(CLAIMS.keySet().stream().allMatch(f -> Files.isRegularFile(root().resolve(f))), "every claim's file exists");
    }

    @Test
    void theFencesAreReadAsWritten() {
        List<Block> b = javaBlocks("x.md", "a\n```java\nint a = 1;\n```\n```bash\nls\n```\n```java no-run\nlive();\n```\n  ```java\nb();\n  ```\n");
        assertEquals(3, b.size());
        assertEquals("int a = 1;\n", b.get(0).code());
        assertTrue(b.get(0).run());
        assertFalse(b.get(1).run());
        assertEquals(8, b.get(1).line());
        assertEquals("b();\n", b.get(2).code());
        assertThrows(IllegalArgumentException.class, () -> javaBlocks("x.md", "```java norun\nx();\n```\n"));
        assertThrows(IllegalArgumentException.class, () -> javaBlocks("x.md", "```java\nx();\n"));
    }
}
