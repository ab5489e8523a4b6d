package org.marketlab.clob;

import org.marketlab.http.ServiceException;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The lenient answer of a batch read by token id: the values of the ids that have one, and, for each id the service
 * refused (a closed market's token, an unknown one), the exception its own request met.
 *
 * @param values   by token id, in the order asked
 * @param failures by token id, in the order asked
 */
public record BatchResult<T>(Map<String, T> values, Map<String, ServiceException> failures) {

    public BatchResult {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        failures = Collections.unmodifiableMap(new LinkedHashMap<>(failures));
    }

    /** Whether every id has a value. */
    public boolean complete() {
        return failures.isEmpty();
    }

    /** One row per failed id: {@code token_id}, {@code status}, {@code error} (the service's message), {@code exception}. */
    public Table failuresTable() {
        StringColumn id = StringColumn.create("token_id");
        IntColumn status = IntColumn.create("status");
        StringColumn error = StringColumn.create("error");
        StringColumn type = StringColumn.create("exception");
        failures.forEach((k, e) -> {
            id.append(k);
            status.append(e.status());
            error.append(e.serverMessage() == null ? e.getMessage() : e.serverMessage());
            type.append(e.getClass().getSimpleName());
        });
        return Table.create("failures", id, status, error, type);
    }

    @Override
    public String toString() {
        return "BatchResult[" + values.size() + " values, " + failures.size() + " failures" + (failures.isEmpty() ? "" : " " + failures.keySet()) + "]";
    }
}
