package org.marketlab.markets;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Transport;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The open interest of markets ({@code GET /oi} of the Data API, {@code market} as comma-joined condition ids). */
public final class OpenInterestQuery {

    private final Transport transport;
    private final List<String> conditionIds;

    OpenInterestQuery(Transport transport, List<String> conditionIds) {
        this.transport = transport;
        this.conditionIds = List.copyOf(Checks.hashes("conditionIds", conditionIds.toArray(String[]::new)));
        if (conditionIds.isEmpty()) throw new IllegalArgumentException("conditionIds: give at least one market's condition id");
    }

    public List<OpenInterest> list() {
        return read(transport.send(Call.get(Service.DATA, "/oi", Query.empty().with("market", String.join(",", conditionIds)))));
    }

    /** Reads {@code [{"market", "value"}]}. */
    static List<OpenInterest> read(Document d) {
        JsonNode body = d.tree();
        if (!body.isArray()) throw d.malformed("expected a JSON array of {market, value}", null);
        List<OpenInterest> out = new ArrayList<>();
        for (JsonNode n : body) {
            try {
                out.add(d.json().treeToValue(n, OpenInterest.class));
            } catch (IOException e) {
                throw d.malformed("an entry could not be read: " + e.getMessage(), e);
            }
        }
        return out;
    }

    /** One row per market: market (condition id), value. */
    public Table table() {
        return RecordTable.of(OpenInterest.class).table("open interest", list());
    }
}
