package org.marketlab.kernel;

import org.dflib.jjava.jupyter.kernel.history.HistoryEntry;
import org.dflib.jjava.jupyter.kernel.history.HistoryManager;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/** The cells of this session, for {@code history_request} (tail, range and search with glob patterns). */
final class SessionHistory implements HistoryManager {

    private final List<String> cells = new ArrayList<>();

    synchronized void add(String cell) {
        cells.add(cell);
    }

    @Override
    public synchronized List<HistoryEntry> lookupTail(int length, Set<ResultFlag> flags) {
        int from = Math.max(0, cells.size() - Math.max(0, length));
        return entries(from, cells.size());
    }

    @Override
    public synchronized List<HistoryEntry> lookupRange(int sessionOffset, int startCell, int endCell, Set<ResultFlag> flags) {
        int from = Math.max(0, startCell - 1);
        int to = endCell <= 0 ? cells.size() : Math.min(cells.size(), endCell - 1);
        return entries(from, Math.max(from, to));
    }

    @Override
    public synchronized List<HistoryEntry> search(String pattern, int length, Set<ResultFlag> flags) {
        Pattern p = Pattern.compile(glob(pattern == null || pattern.isEmpty() ? "*" : pattern), Pattern.DOTALL);
        List<HistoryEntry> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (int i = cells.size() - 1; i >= 0 && (length <= 0 || out.size() < length); i--) {
            String c = cells.get(i);
            if (!p.matcher(c).matches()) continue;
            if (flags.contains(ResultFlag.UNIQUE) && !seen.add(c)) continue;
            out.add(0, new HistoryEntry(0, i + 1, c, null));
        }
        return out;
    }

    private List<HistoryEntry> entries(int from, int to) {
        List<HistoryEntry> out = new ArrayList<>();
        for (int i = from; i < to; i++) out.add(new HistoryEntry(0, i + 1, cells.get(i), null));
        return out;
    }

    private static String glob(String g) {
        StringBuilder b = new StringBuilder();
        for (char c : g.toCharArray()) {
            switch (c) {
                case '*' -> b.append(".*");
                case '?' -> b.append('.');
                default -> b.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return b.toString();
    }
}
