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

/**
 * The README's "Trading on the sandbox" example run as pasted in a kernel cell, on the sandbox: each java block
 * is evaluated whole. The one change: the session keeps its credentials in memory rather than in the user's home.
 */
class ReadmeTradingExamplesTest {

    @Test
    void everyExampleRunsAsPasted() throws Exception {
        Path root = Path.of(System.getProperty("marketlab.root", "..")).toAbsolutePath().normalize();
        String readme = Files.readString(root.resolve("README.md"));
        int start = readme.indexOf("## Trading on the sandbox");
        int end = readme.indexOf("\n## ", start + 10);
        String section = readme.substring(start, end);
        List<String> blocks = new ArrayList<>();
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(section);
        while (m.find()) blocks.add(m.group(1));
        assertEquals(1, blocks.size(), "one example");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CellEvaluator eval = new CellEvaluator(new PrintStream(out, true), new PrintStream(out, true))) {
            for (String block : blocks) {
                String cell = block.replaceAll("Clob.session\\(Wallet.demo\\((\\d)\\)\\)",
                        "Clob.session(Wallet.demo($1), ClobSession.Options.defaults().store(CredentialStore.memory()))");
                eval.eval(cell); // an example that does not compile or throws fails here
            }
            assertEquals("matched", eval.eval("fill.status()"), out.toString());
            assertEquals(Boolean.TRUE, eval.eval("quotes.stream().allMatch(OrderResult::accepted)"), out.toString());
        }
    }
}
