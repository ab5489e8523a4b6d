package org.marketlab.markets;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Names people read for outcome tokens: "question · outcome", learnt from every market the toolkit has read
 * ({@code Markets.events()...list()}, {@code Clob.tokens(market)}, outcome tables). Tables and charts built from a
 * token id are titled with it; a token never seen is shown shortened ({@code 213705…1627}).
 */
public final class TokenNames {

    /** Longest question kept in a name; longer ones are cut at a word and end in "…". */
    static final int QUESTION_CHARS = 70;
    private static final int MAX_NAMES = 200_000;
    private static final Map<String, String> NAMES = new ConcurrentHashMap<>();

    private TokenNames() {
    }

    /** The name of a token: "question · outcome" when its market has been read, else its shortened id. */
    public static String of(String tokenId) {
        String n = tokenId == null ? null : NAMES.get(tokenId);
        return n != null ? n : shortId(tokenId);
    }

    /** Whether a readable name is known for the token. */
    public static boolean known(String tokenId) {
        return tokenId != null && NAMES.containsKey(tokenId);
    }

    /** A long id as its first 6 and last 4 characters. */
    public static String shortId(String id) {
        return id == null || id.length() <= 12 ? String.valueOf(id) : id.substring(0, 6) + "…" + id.substring(id.length() - 4);
    }

    /** "question · outcome", the question cut to a readable length. */
    public static String name(String question, String outcome) {
        String q = question == null || question.isBlank() ? null : shorten(question.strip());
        if (q == null) return outcome;
        return outcome == null || outcome.isBlank() ? q : q + " · " + outcome;
    }

    /** Remembers the names of the outcome tokens of these markets. */
    public static void remember(Collection<Market> markets) {
        for (Market m : markets) remember(m);
    }

    /** Remembers the names of the outcome tokens of every market of these events. */
    public static void rememberEvents(Collection<Event> events) {
        for (Event e : events) remember(e.markets());
    }

    /** Remembers the names of a market's outcome tokens. */
    public static void remember(Market m) {
        List<String> ids = m.clobTokenIds();
        for (int i = 0; i < ids.size(); i++) {
            put(ids.get(i), name(m.question(), i < m.outcomes().size() ? m.outcomes().get(i) : null));
        }
    }

    /** Remembers one token's name. */
    public static void put(String tokenId, String name) {
        if (tokenId == null || name == null) return;
        if (NAMES.size() >= MAX_NAMES && !NAMES.containsKey(tokenId)) NAMES.clear(); // a bound, not a cache policy
        NAMES.put(tokenId, name);
    }

    private static String shorten(String q) {
        if (q.length() <= QUESTION_CHARS) return q;
        int cut = q.lastIndexOf(' ', QUESTION_CHARS - 1);
        return q.substring(0, cut > QUESTION_CHARS / 2 ? cut : QUESTION_CHARS - 1) + "…";
    }
}
