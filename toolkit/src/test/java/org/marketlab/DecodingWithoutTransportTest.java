package org.marketlab;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.marketlab.clob.Book;
import org.marketlab.clob.ClobData;
import org.marketlab.http.MalformedResponseException;
import org.marketlab.internal.transport.Document;
import org.marketlab.markets.Event;
import org.marketlab.markets.Market;
import org.marketlab.markets.MarketData;
import org.marketlab.markets.Tag;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every captured live document decodes from its bytes alone: readers take a {@link Document}, never a transport, so
 * a saved file reads exactly as an answer of the service does, and a wrong file says it is a file.
 */
class DecodingWithoutTransportTest {

    /** The typed reader of each captured document the toolkit has records for; the rest are read as JSON trees. */
    private static final Map<String, Function<Document, List<?>>> READERS = Map.of(
            "gamma_event.json", MarketData::parseEvents,
            "gamma_market.json", MarketData::parseMarkets,
            "gamma_market_closed_nonbinary_legacy.json", MarketData::parseMarkets,
            "gamma_tags.json", MarketData::parseTags,
            "clob_book_response.json", d -> List.of(ClobData.parseBook(d)));

    @Test
    void everyCapturedDocumentDecodesFromItsBytes() throws IOException {
        Map<String, Object> decoded = new TreeMap<>();
        try (Stream<Path> files = Files.list(Fixtures.dir())) {
            for (Path f : files.filter(p -> p.toString().endsWith(".json")).sorted().toList()) {
                String name = f.getFileName().toString();
                Document d = Document.file(name, Files.readAllBytes(f));
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
        }
        assertTrue(decoded.keySet().containsAll(READERS.keySet()), "every typed reader had its document: " + decoded.keySet());
        assertTrue(decoded.size() >= 18, "all 18 captured documents were read: " + decoded.keySet());
        Event e = (Event) ((List<?>) decoded.get("gamma_event.json")).get(0);
        assertNotNull(e.id());
        assertFalse(e.markets().isEmpty());
        Market closed = (Market) ((List<?>) decoded.get("gamma_market_closed_nonbinary_legacy.json")).get(0);
        assertEquals(Boolean.TRUE, closed.closed());
        assertTrue(((List<?>) decoded.get("gamma_tags.json")).get(0) instanceof Tag);
        assertTrue(((List<?>) decoded.get("clob_book_response.json")).get(0) instanceof Book);
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
}
