package org.marketlab.spi;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The rows of one of the published tables kept beside these classes as CSV ({@code ip-limits.csv},
 * {@code signer-tiers.csv}): lines starting with {@code #} and blank lines are comments; a field in double quotes
 * may hold commas. Every row must have the table's number of fields.
 */
final class PublishedTable {

    private PublishedTable() {
    }

    /** The rows of resource {@code file}, each with exactly {@code fields} fields. */
    static List<List<String>> rows(String file, int fields) {
        try (InputStream in = PublishedTable.class.getResourceAsStream(file)) {
            if (in == null) throw new IllegalStateException(file + " is missing from the class path");
            return rows(file, fields, new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static List<List<String>> rows(String file, int fields, BufferedReader reader) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        String line;
        int number = 0;
        while ((line = reader.readLine()) != null) {
            number++;
            if (line.isBlank() || line.startsWith("#")) continue;
            List<String> f = split(line);
            if (f.size() != fields) {
                throw new IllegalStateException(file + " line " + number + ": expected " + fields + " fields, found " + f.size());
            }
            rows.add(f);
        }
        return List.copyOf(rows);
    }

    private static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '"') quoted = !quoted;
            else if (c == ',' && !quoted) {
                out.add(cur.toString());
                cur.setLength(0);
            } else cur.append(c);
        }
        out.add(cur.toString());
        return out;
    }
}
