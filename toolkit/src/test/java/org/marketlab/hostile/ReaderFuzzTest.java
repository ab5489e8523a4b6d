package org.marketlab.hostile;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.marketlab.Clob;
import org.marketlab.spi.Documents;
import org.marketlab.Markets;
import org.marketlab.http.MalformedResponseException;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The readers fed the documents in the live shapes, mutated (fields dropped, types swapped, strings where numbers are,
 * huge strings, nulls): each mutant is read or refused with a {@link MalformedResponseException} (or, for a document
 * that is no longer the kind asked for, an {@link IllegalArgumentException}), within a bounded time, and never with a
 * raw library exception. Seeded: the same mutants every run.
 */
class ReaderFuzzTest {

    private static final int MUTANTS = 250;
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private static final Map<String, Consumer<String>> READERS = Map.of(
            "markets-event.json", s -> Markets.table(Markets.parseEvents(s)),
            "markets-market.json", s -> Markets.marketsTableOf(Markets.parseMarkets(s)),
            "markets-market-closed-scalar.json", s -> Markets.marketsTableOf(Markets.parseMarkets(s)),
            "markets-tags.json", s -> Markets.tagsTable(Markets.parseTags(s)),
            "clob-book.json", s -> Clob.parseBook(s).table(),
            "prices-history (synthetic)", s -> Clob.parsePricesHistory(s));

    @ParameterizedTest
    @ValueSource(strings = {"markets-event.json", "markets-market.json", "markets-market-closed-scalar.json",
            "markets-tags.json", "clob-book.json", "prices-history (synthetic)"})
    void mutantsAreReadOrRefusedTyped(String file) throws Exception {
        ObjectMapper json = new ObjectMapper();
        JsonNode original = json.readTree(file.startsWith("prices-history")
                ? "{\"history\":[{\"t\":1700000000,\"p\":0.51},{\"t\":1700000060,\"p\":\"0.52\"},{\"t\":1700000120,\"p\":0.5}]}"
                : Documents.read(file));
        Consumer<String> reader = READERS.get(file);
        reader.accept(original.toString()); // the original reads
        Random random = new Random(file.hashCode());
        int read = 0, refused = 0;
        for (int i = 0; i < MUTANTS; i++) {
            JsonNode mutant = original.deepCopy();
            int edits = 1 + random.nextInt(3);
            StringBuilder how = new StringBuilder();
            for (int k = 0; k < edits; k++) mutant = mutate(mutant, random, how);
            String doc = mutant.toString();
            String what = file + " mutant " + i + " (" + how + ")";
            boolean ok = assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
                try {
                    reader.accept(doc);
                    return true;
                } catch (MalformedResponseException e) {
                    assertTrue(e.getMessage().startsWith("file "), what + ": names the file: " + e.getMessage());
                    return false;
                } catch (IllegalArgumentException e) {
                    if (e.getClass() != IllegalArgumentException.class) fail(what + ": raw " + e, e);
                    return false;
                } catch (RuntimeException e) {
                    fail(what + ": raw " + e, e);
                    return false;
                }
            }, what);
            if (ok) read++;
            else refused++;
        }
        assertTrue(read > 0 && refused > 0, file + ": the mutants exercise both outcomes: read " + read + ", refused " + refused);
    }

    /** One edit at a random node: drop a field, swap its type, a string where a number is, a huge string, a null. */
    private static JsonNode mutate(JsonNode root, Random random, StringBuilder how) {
        List<JsonNode> containers = new ArrayList<>();
        collect(root, containers);
        if (containers.isEmpty()) {
            how.append("wrapped ");
            return F.arrayNode().add(root);
        }
        JsonNode target = containers.get(random.nextInt(containers.size()));
        if (target instanceof ObjectNode o && o.size() > 0) {
            List<String> names = new ArrayList<>();
            o.fieldNames().forEachRemaining(names::add);
            String name = names.get(random.nextInt(names.size()));
            JsonNode value = o.get(name);
            int kind = random.nextInt(7);
            how.append(kind).append(':').append(name).append(' ');
            switch (kind) {
                case 0 -> o.remove(name);
                case 1 -> o.set(name, F.nullNode());
                case 2 -> o.set(name, swapped(value, random));
                case 3 -> o.put(name, value.isNumber() ? "not a number" : value.asText() + "x");
                case 4 -> o.put(name, "9".repeat(100_000));
                case 5 -> o.put(name, random.nextBoolean() ? -1e308 : Long.MIN_VALUE);
                default -> o.set(name, F.arrayNode().add(value));
            }
        } else if (target instanceof ArrayNode a && a.size() > 0) {
            int at = random.nextInt(a.size());
            how.append("a").append(at).append(' ');
            if (random.nextBoolean()) a.remove(at);
            else a.set(at, swapped(a.get(at), random));
        } else {
            how.append("root ");
            return random.nextBoolean() ? F.textNode(root.toString()) : F.arrayNode().add(root);
        }
        return root;
    }

    private static JsonNode swapped(JsonNode v, Random random) {
        return switch (random.nextInt(5)) {
            case 0 -> F.numberNode(random.nextLong());
            case 1 -> F.textNode(v.toString());
            case 2 -> F.booleanNode(true);
            case 3 -> F.objectNode().set("v", v);
            default -> F.arrayNode();
        };
    }

    private static void collect(JsonNode n, List<JsonNode> out) {
        if (n.isContainerNode()) out.add(n);
        for (Iterator<JsonNode> it = n.elements(); it.hasNext(); ) collect(it.next(), out);
    }
}
