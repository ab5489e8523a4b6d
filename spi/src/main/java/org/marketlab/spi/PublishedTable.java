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
 * The rows of a table kept as CSV among a module's resources: this module's published tables ({@code ip-limits.csv},
 * {@code signer-tiers.csv}) and the sandbox world's catalogue ({@code topics.csv}, {@code templates.csv},
 * {@code teams.csv}). Lines starting with {@code #} and blank lines are comments; a field in double quotes may hold
 * commas. Every row must have the table's number of fields.
 */
public final class PublishedTable {

    private PublishedTable() {
    }

    /** The rows of resource {@code file} beside these classes, each with exactly {@code fields} fields. */
    static List<List<String>> rows(String file, int fields) {
        return rows(PublishedTable.class, file, null, fields);
    }

    /**
     * The rows of resource {@code file} beside class {@code beside}, whose first line that is not a comment must be
     * {@code header} (the column names, comma-separated); each row has as many fields as the header names.
     */
    public static List<List<String>> rows(Class<?> beside, String file, String header) {
        return rows(beside, file, header, split(header).size());
    }

    private static List<List<String>> rows(Class<?> beside, String file, String header, int fields) {
        try (InputStream in = beside.getResourceAsStream(file)) {
            if (in == null) throw new IllegalStateException(file + " is missing from the class path beside " + beside.getName());
            return rows(file, header, fields, new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("reading " + file, e);
        }
    }

    private static List<List<String>> rows(String file, String header, int fields, BufferedReader reader) throws IOException {
        List<List<String>> rows = new ArrayList<>();
        boolean headerRead = header == null;
        String line;
        int number = 0;
        while ((line = reader.readLine()) != null) {
            number++;
            if (line.isBlank() || line.startsWith("#")) continue;
            if (!headerRead) {
                if (!line.equals(header)) {
                    throw new IllegalStateException(file + " line " + number + ": expected the header " + header + ", found " + line);
                }
                headerRead = true;
                continue;
            }
            List<String> f = split(line);
            if (f.size() != fields) {
                throw new IllegalStateException(file + " line " + number + ": expected " + fields + " fields"
                        + (header == null ? "" : " (" + header + ")") + ", found " + f.size());
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
