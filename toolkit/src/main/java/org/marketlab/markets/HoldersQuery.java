package org.marketlab.markets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
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

/**
 * The top holders of markets ({@code GET /holders} of the Data API, {@code market} as comma-joined condition
 * ids): per outcome token, the largest holders first. Immutable; {@link #list()} and {@link #table()} send it.
 */
public final class HoldersQuery {

    private final Transport transport;
    private final List<String> conditionIds;
    private final Integer limit;
    private final Double minBalance;

    HoldersQuery(Transport transport, List<String> conditionIds) {
        this(transport, List.copyOf(Checks.hashes("conditionIds", conditionIds.toArray(String[]::new))), null, null);
        if (conditionIds.isEmpty()) throw new IllegalArgumentException("conditionIds: give at least one market's condition id");
    }

    private HoldersQuery(Transport transport, List<String> conditionIds, Integer limit, Double minBalance) {
        this.transport = transport;
        this.conditionIds = conditionIds;
        this.limit = limit;
        this.minBalance = minBalance;
    }

    /** Holders per outcome token (the service's default applies without it). */
    public HoldersQuery limit(int limit) {
        if (limit < 0) throw new IllegalArgumentException("limit must be 0 or more, was " + limit);
        return new HoldersQuery(transport, conditionIds, limit, minBalance);
    }

    /** Only holders of at least this many shares. */
    public HoldersQuery minBalance(double minBalance) {
        if (!(minBalance >= 0) || Double.isInfinite(minBalance)) throw new IllegalArgumentException("minBalance must be a finite number, 0 or more, was " + minBalance);
        return new HoldersQuery(transport, conditionIds, limit, minBalance);
    }

    /** Every holder row: token by token as the service groups them, largest first within a token. */
    public List<Holder> list() {
        Query q = Query.empty().with("market", String.join(",", conditionIds)).with("limit", limit).with("minBalance", minBalance);
        return read(transport.send(Call.get(Service.DATA, "/holders", q)));
    }

    /** One row per holder and token: token, proxyWallet, amount, outcomeIndex and the profile fields. */
    public Table table() {
        return RecordTable.of(Holder.class).table("holders", list());
    }

    /** Reads {@code [{"token": ..., "holders": [{...}]}]}, giving each holder its group's token. */
    static List<Holder> read(Document d) {
        JsonNode body = d.tree();
        if (!body.isArray()) throw d.malformed("expected a JSON array of {token, holders}", null);
        List<Holder> out = new ArrayList<>();
        for (JsonNode group : body) {
            JsonNode holders = group.get("holders");
            if (!group.hasNonNull("token") || holders == null || !holders.isArray()) {
                throw d.malformed("a group without token or holders", null);
            }
            for (JsonNode h : holders) {
                if (!h.isObject()) throw d.malformed("a holder is not a JSON object", null);
                ObjectNode withToken = ((ObjectNode) h).deepCopy();
                withToken.set("token", group.get("token"));
                if (withToken.path("profileImageOptimized").isObject()) withToken.remove("profileImageOptimized");
                try {
                    out.add(d.json().treeToValue(withToken, Holder.class));
                } catch (IOException e) {
                    throw d.malformed("a holder could not be read: " + e.getMessage(), e);
                }
            }
        }
        return out;
    }
}
