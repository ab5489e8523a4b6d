package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.internal.transport.Document;

import java.util.ArrayList;
import java.util.List;
import java.util.function.BiFunction;

/** The rows of a saved order-book page ({@code {data: [...], next_cursor}}, or a bare array), each read by {@code row}. */
final class SavedPages {

    private SavedPages() {
    }

    static <T> List<T> rows(Document doc, BiFunction<Document, JsonNode, T> row) {
        JsonNode n = doc.tree();
        JsonNode data = n.isArray() ? n : n.get("data");
        if (data == null || !data.isArray()) throw doc.malformed("a page has a data array", null);
        List<T> out = new ArrayList<>(data.size());
        for (JsonNode r : data) out.add(row.apply(doc, r));
        return out;
    }
}
