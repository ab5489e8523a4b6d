package org.marketlab;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.marketlab.clob.Book;
import org.marketlab.http.MalformedResponseException;
import org.marketlab.internal.transport.Document;
import org.marketlab.markets.Event;
import org.marketlab.markets.Market;
import org.marketlab.markets.Tag;
import org.marketlab.spi.Documents;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every document in the service's shapes decodes from its bytes alone: readers take a {@link Document}, never a transport, so
 * a saved file reads exactly as an answer of the service does, and a wrong file says it is a file.
 */
class DecodingWithoutTransportTest {

    /** The typed reader of each document the toolkit has records for; the rest are read as JSON trees. */
    private static final Map<String, Function<Document, List<?>>> READERS = Map.of(
            "markets-event.json", d -> Markets.parseEvents(text(d)),
            "markets-market.json", d -> Markets.parseMarkets(text(d)),
            "markets-market-closed-scalar.json", d -> Markets.parseMarkets(text(d)),
            "markets-tags.json", d -> Markets.parseTags(text(d)),
            "clob-book.json", d -> List.of(Clob.parseBook(text(d))));

    private static String text(Document d) {
        return new String(d.body(), java.nio.charset.StandardCharsets.UTF_8);
    }

    @Test
    void everyDocumentDecodesFromItsBytes() {
        Map<String, Object> decoded = new TreeMap<>();
        for (String name : Documents.names()) {
            Document d = Document.file(name, Documents.read(name));
            Function<Document, List<?>> reader = READERS.get(name);
            if (reader != null) {
                List<?> records = reader.apply(d);
                assertFalse(records.isEmpty(), name + " gave no records");
                decoded.put(name, records);
            } else {
                JsonNode tree = d.tree();
                assertTrue(tree.isObject() || tree.isArray(), name + " is a JSON document");
                decoded.put(name, tree);
            }
        }
        assertTrue(decoded.keySet().containsAll(READERS.keySet()), "every typed reader had its document: " + decoded.keySet());
        assertTrue(decoded.size() >= 18, "all 18 documents were read: " + decoded.keySet());
        Event e = (Event) ((List<?>) decoded.get("markets-event.json")).get(0);
        assertNotNull(e.id());
        assertFalse(e.markets().isEmpty());
        Market closed = (Market) ((List<?>) decoded.get("markets-market-closed-scalar.json")).get(0);
        assertEquals(Boolean.TRUE, closed.closed());
        assertTrue(((List<?>) decoded.get("markets-tags.json")).get(0) instanceof Tag);
        assertTrue(((List<?>) decoded.get("clob-book.json")).get(0) instanceof Book);
    }

    @Test
    void aWrongFileSaysItIsAFile() {
        var bad = assertThrows(MalformedResponseException.class, () -> Markets.parseEvents("{\"events\": 3}"));
        assertTrue(bad.getMessage().startsWith("file of events"), bad.getMessage());
        assertFalse(bad.getMessage().contains("answered"), "a file answers nothing: " + bad.getMessage());
        var notJson = assertThrows(MalformedResponseException.class, () -> Clob.parseBook("not json"));
        assertTrue(notJson.getMessage().startsWith("file of a book") && notJson.getMessage().contains("not JSON"), notJson.getMessage());
        assertEquals(0, notJson.status());
    }

    @Test
    void aSavedEventsFileReadsFromItsBytesAsItsTextDoes(@TempDir Path dir) throws Exception {
        String array = Documents.read("markets-event.json");
        // An array of events and a keyset page of them, each saved as a file.
        for (String body : List.of(array, "{\"events\": " + array + ", \"next_cursor\": null}")) {
            Path file = Files.writeString(dir.resolve("events.json"), body);
            List<Event> fromFile = Markets.parseEvents(file), fromText = Markets.parseEvents(body);
            assertEquals(fromText, fromFile);
            assertEquals(Markets.table(fromText).printAll(), Markets.table(fromFile).printAll());
            assertEquals(Markets.marketsTable(fromText).printAll(), Markets.marketsTable(fromFile).printAll());
            var tables = Markets.parseEventTables(file);
            var tablesOfText = Markets.parseEventTables(body);
            assertEquals(tablesOfText.markets().printAll(), tables.markets().printAll());
            assertEquals(tablesOfText.tags().printAll(), tables.tags().printAll());
        }
        var missing = assertThrows(IllegalArgumentException.class, () -> Markets.parseEvents(dir.resolve("absent.json")));
        assertTrue(missing.getMessage().contains("there is no file") && missing.getMessage().contains("absent.json"), missing.getMessage());
        var none = assertThrows(IllegalArgumentException.class, () -> Markets.parseEvents((Path) null));
        assertTrue(none.getMessage().startsWith("the events file is null"), none.getMessage());
        var folder = assertThrows(java.io.UncheckedIOException.class, () -> Markets.parseEventTables(dir));
        assertTrue(folder.getMessage().startsWith("could not read the events file " + dir), folder.getMessage());
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"events\": 3}");
        var wrong = assertThrows(MalformedResponseException.class, () -> Markets.parseEvents(bad));
        assertTrue(wrong.getMessage().startsWith("file " + bad), wrong.getMessage());
    }
}
