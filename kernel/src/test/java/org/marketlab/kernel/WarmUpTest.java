package org.marketlab.kernel;

import jdk.jshell.Snippet;
import org.junit.jupiter.api.Test;
import org.marketlab.markets.EventTables;
import org.marketlab.Markets;
import org.marketlab.kernel.startup.IdleWarmUp;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The start-up warm-up leaves nothing in the session, and the shipped document it reads is a whole events page. */
class WarmUpTest {

    @Test
    void theCompilerWarmUpLeavesNoTraceInTheSession() {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (CellEvaluator eval = new CellEvaluator(new PrintStream(out, true), new PrintStream(out, true))) {
            eval.warmUp(CellEvaluator.WARM_UP_RUN, CellEvaluator.WARM_UP_COMPILE);
            List<Snippet> active = eval.shell().snippets().filter(s -> eval.shell().status(s).isActive()).toList();
            assertTrue(active.stream().allMatch(s -> s.kind() == Snippet.Kind.IMPORT), "only the start-up imports stay: " + active);
            assertEquals(1, active.size(), "the start-up imports' one snippet");
            assertThrows(CellEvaluator.CompileError.class, () -> eval.eval("$warmUp()"));
            assertEquals(2, eval.eval("1 + 1"));
            assertEquals("", out.toString(), "the warm-up printed nothing");
        }
    }

    @Test
    void theShippedDocumentReadsIntoTablesAndRecords() {
        byte[] doc = IdleWarmUp.document();
        EventTables.All all = Markets.parseEventTables(new String(doc, java.nio.charset.StandardCharsets.UTF_8));
        assertEquals(24, all.events().rowCount());
        assertEquals(all.markets().rowCount(), Markets.parseEvents(new String(doc, java.nio.charset.StandardCharsets.UTF_8)).stream().mapToInt(e -> e.markets().size()).sum());
        IdleWarmUp.readOnce(doc, Html::table); // what the idle kernel runs, HTML included
    }

    @Test
    void theFirstTablePassReadsItsShippedEventsIntoAReportTable() {
        byte[] doc = IdleWarmUp.resource(IdleWarmUp.FIRST_TABLE_DOCUMENT);
        assertEquals(4, Markets.parseEvents(new String(doc, java.nio.charset.StandardCharsets.UTF_8)).size());
        String html = IdleWarmUp.firstTableOnce(doc, Html::table);
        assertTrue(html.contains("<table") && html.contains("4 rows"), html.substring(0, Math.min(400, html.length())));
    }
}
