package org.marketlab.kernel;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The java blocks of docs/library.md (a program and a JBang script) pasted into a kernel cell: each is accepted as
 * it stands, and its main method then runs in the kernel, on the sandbox, printing what the guide says it prints.
 * (LibraryUseIT runs the same blocks as a program of their own.)
 */
class LibraryGuideExamplesTest {

    @Test
    void theGuidesBlocksRunInACell() throws Exception {
        Path root = Path.of(System.getProperty("marketlab.root", "..")).toAbsolutePath().normalize();
        String guide = Files.readString(root.resolve("docs").resolve("library.md"));
        List<String> blocks = new ArrayList<>();
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(guide);
        while (m.find()) blocks.add(m.group(1));
        assertEquals(2, blocks.size(), "a program and a JBang script");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream console = System.out;
        try (CellEvaluator eval = new CellEvaluator(new PrintStream(out, true), new PrintStream(out, true))) {
            for (String block : blocks) eval.eval(block); // a block that does not compile fails here
            System.setOut(new PrintStream(out, true)); // the snippets run in this JVM and print to its System.out
            eval.eval("FirstLook.main(new String[0]);");
            eval.eval("events.main();");
        } finally {
            System.setOut(console);
        }
        String printed = out.toString();
        assertTrue(printed.startsWith("3 events\n"), printed);
        assertTrue(Pattern.compile("(?m)^best bid 0\\.[0-9]+, best ask 0\\.[0-9]+$").matcher(printed).find(), printed);
    }
}
