package org.marketlab.markets;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Service;
import org.marketlab.http.Call;
import org.marketlab.http.Query;
import org.marketlab.http.Response;
import org.marketlab.http.Transport;
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
        Call call = Call.get(Service.DATA, "/oi", Query.empty().with("market", String.join(",", conditionIds)));
        Response r = transport.send(call);
        JsonNode body = transport.parse(call, r);
        if (!body.isArray()) throw transport.malformed(call, r, "expected a JSON array of {market, value}", null);
        List<OpenInterest> out = new ArrayList<>();
        for (JsonNode n : body) {
            try {
                out.add(transport.json().treeToValue(n, OpenInterest.class));
            } catch (IOException e) {
                throw transport.malformed(call, r, "an entry could not be read: " + e.getMessage(), e);
            }
        }
        return out;
    }

    /** One row per market: market (condition id), value. */
    public Table table() {
        return RecordTable.of(OpenInterest.class).table("open interest", list());
    }
}
