package org.marketlab.spi;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * One row of the published IP-based limits: at most {@code limit} requests in any {@code window} (a sliding
 * window) for the requests this row matches. The rows live in {@code ip-limits.csv} beside this class, read by
 * both the toolkit's pacer and the sandbox's enforcement.
 *
 * @param scope    stable identifier, e.g. {@code markets.events}
 * @param service  service name of {@link EmbeddedService#SERVICES}, {@code *} for every service, or a host the
 *                 toolkit has no endpoint for yet ({@code relayer}, {@code pnl})
 * @param endpoint the specification's label for the row
 * @param methods  upper-case HTTP methods, empty for all
 * @param paths    path patterns: {@code *}, {@code /x}, {@code /x/*}, {@code !/x/*}
 */
public record IpLimit(String scope, String service, String endpoint, Set<String> methods, List<String> paths,
                      int limit, Duration window) {

    public IpLimit {
        if (limit <= 0) throw new IllegalArgumentException("limit must be positive in scope " + scope);
        if (window.isNegative() || window.isZero()) throw new IllegalArgumentException("window must be positive in scope " + scope);
        methods = Set.copyOf(methods);
        paths = List.copyOf(paths);
    }

    /** Whether a request with this service, method and path (no query string) counts against this row. */
    public boolean matches(String service, String method, String path) {
        if (!this.service.equals("*") && !this.service.equals(service)) return false;
        if (!methods.isEmpty() && !methods.contains(method.toUpperCase(Locale.ROOT))) return false;
        for (String p : paths) {
            if (pathMatches(p, path)) return true;
        }
        return false;
    }

    private static boolean pathMatches(String pattern, String path) {
        if (pattern.equals("*")) return true;
        if (pattern.startsWith("!")) return !pathMatches(pattern.substring(1), path);
        if (pattern.endsWith("/*")) {
            String base = pattern.substring(0, pattern.length() - 2);
            return path.equals(base) || path.startsWith(base + "/");
        }
        return path.equals(pattern);
    }

    /** The rows of the specification's IP-limits tables, in the order they are published. */
    public static List<IpLimit> published() {
        List<IpLimit> rows = new ArrayList<>();
        for (List<String> f : PublishedTable.rows("ip-limits.csv", 7)) {
            Set<String> methods = f.get(3).equals("*") ? Set.of() : Set.of(f.get(3).toUpperCase(Locale.ROOT).split(" "));
            rows.add(new IpLimit(f.get(0), f.get(1), f.get(2), methods, List.of(f.get(4).split(" ")),
                    Integer.parseInt(f.get(5)), Duration.ofSeconds(Long.parseLong(f.get(6)))));
        }
        return List.copyOf(rows);
    }
}
