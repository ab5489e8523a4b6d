package org.marketlab.datasets;

import org.marketlab.Datasets;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * Runs in a mount namespace whose {@code args[0]} is a 256 KB tmpfs ({@link DatasetsBadInputTest}): a save of ~5 MB
 * of incompressible text and a harvest both meet a full disk. Prints each error's message and what the folder
 * holds afterwards.
 */
public final class FullDiskChild {

    record Row(String text) {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Random r = new Random(1);
        StringColumn text = StringColumn.create("text");
        for (int i = 0; i < 50_000; i++) text.append(Long.toHexString(r.nextLong()) + Long.toHexString(r.nextLong()) + Long.toHexString(r.nextLong()));
        Files.writeString(dir.resolve("small.parquet.keep"), "x");
        try {
            Datasets.save(Table.create("big", text), dir.resolve("big.parquet"));
            System.out.println("SAVE-WROTE");
        } catch (DatasetException e) {
            System.out.println("SAVE-ERROR " + e.getMessage().replace('\n', ' '));
        }
        try (var s = Files.list(dir)) {
            System.out.println("AFTER-SAVE " + s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        Path h = dir.resolve("h");
        try {
            Harvest.of("text", Row.class, (position, wanted) -> {
                int page = position == null ? 0 : (Integer) position;
                java.util.List<Row> rows = new java.util.ArrayList<>();
                for (int i = 0; i < 2000; i++) rows.add(new Row(text.get(page * 2000 + i)));
                return new Harvest.Page<>(rows, page < 20 ? (Object) (page + 1) : null);
            }).chunkRows(2000).unpartitioned().to(h);
            System.out.println("HARVEST-WROTE");
        } catch (DatasetException e) {
            System.out.println("HARVEST-ERROR " + e.getMessage().replace('\n', ' '));
        }
        try (var s = Files.list(h)) {
            System.out.println("AFTER-HARVEST " + s.map(p -> p.getFileName().toString()).sorted().toList());
        }
        if (Files.exists(h.resolve(Harvest.CHECKPOINT))) {
            System.out.println("CHECKPOINT " + Files.readString(h.resolve(Harvest.CHECKPOINT)).replace('\n', ' '));
            System.out.println("READABLE-ROWS " + Datasets.load(h, Row.class).size());
        }
    }
}
