package org.marketlab.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.internal.transport.Document;

/** The rows of a Data API page in either version. */
final class Pages {

    private Pages() {
    }

    static JsonNode rows(Document d) {
        JsonNode n = d.tree();
        JsonNode rows = n.isArray() ? n : n.get("data");
        if (rows == null || rows.isNull()) return d.json().createArrayNode();
        if (!rows.isArray()) throw d.malformed("a Data API page is an array or {data: [...]}", null);
        return rows;
    }
}
