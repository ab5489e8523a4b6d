package org.marketlab.charts;

import java.awt.FontMetrics;
import java.util.ArrayList;
import java.util.List;

/** Category labels that fit: wrapped at spaces and hyphens, ended with "…" at a word boundary; and round ticks. */
final class Labels {

    static final String ELLIPSIS = "…";

    private Labels() {
    }

    /**
     * {@code text} on at most {@code maxLines} lines no wider than {@code width}: broken after spaces, hyphens and
     * slashes; what does not fit ends the last line with "…" after the last whole word that fits. Only a single word
     * wider than a whole line is cut inside (there is no boundary to cut at).
     */
    static List<String> wrap(String text, double width, FontMetrics fm, int maxLines) {
        List<String> lines = new ArrayList<>();
        if (text == null || text.isEmpty()) {
            lines.add("");
            return lines;
        }
        List<String> tokens = tokens(text.strip());
        StringBuilder line = new StringBuilder();
        int i = 0;
        while (i < tokens.size()) {
            String t = tokens.get(i);
            String candidate = line + t;
            if (fm.stringWidth(candidate.stripTrailing()) <= width) {
                line.append(t);
                i++;
                continue;
            }
            if (line.length() == 0) { // one word wider than the line
                lines.add(fit(t.stripTrailing(), width, fm));
                i++;
            } else {
                lines.add(line.toString().stripTrailing());
                line.setLength(0);
            }
            if (lines.size() == maxLines) break;
        }
        if (line.length() > 0 && lines.size() < maxLines) {
            lines.add(line.toString().stripTrailing());
            line.setLength(0);
        }
        boolean rest = i < tokens.size() || line.length() > 0;
        if (rest && !lines.isEmpty()) {
            // The last line ends with "…" after the last word that still fits with it.
            int last = lines.size() - 1;
            List<String> words = tokens(lines.get(last));
            String ended = null;
            for (int k = words.size(); k > 0 && ended == null; k--) {
                String head = String.join("", words.subList(0, k)).stripTrailing().replaceAll("[-/,:;]$", "");
                if (fm.stringWidth(head + ELLIPSIS) <= width) ended = head + ELLIPSIS;
            }
            lines.set(last, ended != null ? ended : fit(lines.get(last), width, fm));
        }
        return lines;
    }

    /** The text cut to fit with "…" (for a single word longer than a line). */
    private static String fit(String word, double width, FontMetrics fm) {
        if (fm.stringWidth(word) <= width) return word;
        int n = word.length();
        while (n > 1 && fm.stringWidth(word.substring(0, n) + ELLIPSIS) > width) n--;
        return word.substring(0, n) + ELLIPSIS;
    }

    /** Words with the space, hyphen or slash that follows them. */
    private static List<String> tokens(String text) {
        List<String> out = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ' ' || c == '-' || c == '/') {
                out.add(text.substring(start, i + 1));
                start = i + 1;
            }
        }
        if (start < text.length()) out.add(text.substring(start));
        return out;
    }

    /** The widest a label needs (on one line), at most {@code cap}. */
    static double widest(List<String> labels, FontMetrics fm, double cap) {
        double w = 0;
        for (String l : labels) w = Math.max(w, fm.stringWidth(l == null ? "" : l));
        return Math.min(w, cap);
    }

    /** Round ticks (1, 2 or 5 times a power of ten apart) covering {@code lo} to {@code hi}, about {@code count} of them. */
    static double[] ticks(double lo, double hi, int count) {
        if (!(hi > lo)) hi = lo + 1;
        double step = AxisFormats.niceStep((hi - lo) / Math.max(1, count));
        double first = Math.floor(lo / step + 1e-9) * step, last = Math.ceil(hi / step - 1e-9) * step;
        int n = (int) Math.round((last - first) / step) + 1;
        double[] t = new double[n];
        for (int i = 0; i < n; i++) t[i] = Math.round((first + i * step) / step) * step;
        return t;
    }
}
