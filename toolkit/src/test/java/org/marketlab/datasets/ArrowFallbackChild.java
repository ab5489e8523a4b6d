package org.marketlab.datasets;

import org.marketlab.Datasets;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.nio.file.Path;

/**
 * Two saves in a JVM started without {@code --add-opens=java.base/java.nio=ALL-UNNAMED} and with
 * {@code -Dmarketlab.datasets.encode=false} (the engine writes), for {@link DatasetsArrowTest}: both must be written (by the table function) and the log must say so once. Prints the rows read back.
 */
public final class ArrowFallbackChild {

    public static void main(String[] args) {
        Table t = Table.create("t", StringColumn.create("side", "BUY", "SELL", ""), IntColumn.create("n", 1, 2, 3));
        for (String name : new String[] {"a.parquet", "b.parquet"}) {
            Path f = Datasets.save(t, Path.of(args[0], name));
            System.out.println("rows " + Datasets.load(f).rowCount() + " arrow " + ArrowTables.enabled());
        }
    }
}
