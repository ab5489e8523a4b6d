package org.marketlab.kernel;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.OutputStream;
import java.io.PrintStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DocsTest {

    private static CellEvaluator eval;

    @BeforeAll
    static void start() {
        PrintStream none = new PrintStream(OutputStream.nullOutputStream());
        eval = new CellEvaluator(none, none);
    }

    @AfterAll
    static void stop() {
        eval.close();
    }

    @Test
    void javadocReadsAsPlainText() {
        assertEquals("A new query of GET /events; nothing is sent until a terminal call.",
                Docs.plain("A new query of {@code GET /events}; nothing is sent until a terminal call."));
        assertEquals("use(Profile) by name: sandbox or live.", Docs.plain("{@link #use(Profile)} by name: {@code sandbox} or {@code live}."));
        assertEquals("See the profile, and a < b & c.", Docs.plain("See {@link Profile the profile}, and {@literal a < b} &amp; c."));
        assertEquals("First.\n\nSecond:\n\n  - one\n  - two", Docs.plain("First.<p>Second:<ul><li>one<li>two</ul>"));
        assertEquals("Sums.\n\nParameter: a the first\nReturns: the sum", Docs.plain("Sums.\n\n@param a the first\n@return the sum"));
        assertEquals("", Docs.plain(null));
    }

    @Test
    void shiftTabShowsTheToolkitsAndTablesawsJavadoc() {
        var sca = eval.analysis();
        var events = sca.documentation("Markets.events(", "Markets.events(".length(), true);
        assertTrue(events.stream().anyMatch(d -> d.javadoc() != null && Docs.plain(d.javadoc()).contains("GET /events")),
                events.stream().map(d -> d.signature() + " : " + d.javadoc()).toList().toString());
        var create = sca.documentation("Table.create(", "Table.create(".length(), true);
        assertTrue(create.stream().anyMatch(d -> d.javadoc() != null && !d.javadoc().isBlank()),
                create.stream().map(d -> d.signature() + " : " + d.javadoc()).toList().toString());
    }
}
