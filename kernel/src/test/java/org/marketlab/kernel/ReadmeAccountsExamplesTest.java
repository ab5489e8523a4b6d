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
 * The README's "Prediction-market accounts" examples run as pasted in a kernel cell, on the sandbox: each java block
 * is evaluated whole. The one change: the session keeps its credentials in memory rather than in the user's home.
 */
class ReadmeAccountsExamplesTest {

    @Test
    void everyExampleRunsAsPasted() throws Exception {
        Path root = Path.of(System.getProperty("marketlab.root", "..")).toAbsolutePath().normalize();
        String readme = Files.readString(root.resolve("README.md"));
        int start = readme.indexOf("## Prediction-market accounts");
        int end = readme.indexOf("\n## ", start + 10);
        String section = readme.substring(start, end);
        List<String> blocks = new ArrayList<>();
        Matcher m = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL).matcher(section);
        while (m.find()) blocks.add(m.group(1));
        assertEquals(3, blocks.size(), "three examples");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CellEvaluator eval = new CellEvaluator(new PrintStream(out, true), new PrintStream(out, true))) {
            for (String block : blocks) {
                String cell = block.replace("Clob.session(Wallet.demo(1))",
                        "Clob.session(Wallet.demo(1), ClobSession.Options.defaults().store(CredentialStore.memory()))");
                eval.eval(cell); // an example that does not compile or throws fails here
            }
            assertEquals(Boolean.TRUE, eval.eval("account.trades().list().size() >= 1000"));
            assertEquals(Boolean.TRUE, eval.eval("session.orders().list().size() > 0"));
        }
    }
}
