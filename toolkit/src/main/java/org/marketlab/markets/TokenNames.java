package org.marketlab.markets;

import org.marketlab.config.Connection;
import org.marketlab.internal.transport.Transport;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Names people read for outcome tokens: "question · outcome", learnt from the markets a connection has read
 * ({@code Markets.events()...list()}, {@code Clob.tokens(market)}, outcome tables). Tables and charts built from a
 * token id are titled with it; a token never seen is shown shortened ({@code 213705…1627}).
 *
 * <p>The names belong to a profile's connection ({@link #names(Connection)}): another profile, or a private
 * connection, learns its own. Each keeps at most {@value #MAX_NAMES} names, the least recently used going first.
 * The static methods use the current profile's ({@code MarketLab.use}); reading a name builds nothing.
 */
public final class TokenNames {

    /** Longest question kept in a name; longer ones are cut at a word and end in "…". */
    static final int QUESTION_CHARS = 70;
    /** The most names one connection keeps. */
    public static final int MAX_NAMES = 200_000;

    private final Map<String, String> names = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > MAX_NAMES;
        }
    };

    /** The question of each token's market, also by the market's condition id (for tables by market). */
    private final Map<String, String> questions = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
            return size() > MAX_NAMES;
        }
    };

    private TokenNames() {
    }

    /** The names a connection has learnt. */
    public static TokenNames names(Connection connection) {
        return Transport.of(connection).resources().local(TokenNames.class, TokenNames::new);
    }

    /** The current profile's names, or null while its connection has not been made (then none are known). */
    private static TokenNames currentIfMade() {
        Transport t = Transport.currentIfMade();
        return t == null ? null : names(t);
    }

    // ---- one connection's names ----------------------------------------------------------------------------------

    /** The name of a token: "question · outcome" when its market has been read here, else its shortened id. */
    public synchronized String get(String tokenId) {
        String n = tokenId == null ? null : names.get(tokenId);
        return n != null ? n : shortId(tokenId);
    }

    /** Whether a readable name is known here for the token. */
    public synchronized boolean knows(String tokenId) {
        return tokenId != null && names.containsKey(tokenId);
    }

    /** Learns one token's name. */
    public synchronized void add(String tokenId, String name) {
        if (tokenId == null || name == null) return;
        names.put(tokenId, name);
    }

    /** The question of the market a token (or a market's condition id) belongs to, when learnt here; else null. */
    public synchronized String questionOf(String tokenOrConditionId) {
        return tokenOrConditionId == null ? null : questions.get(tokenOrConditionId);
    }

    /** Learns the question of a token's (or, by its condition id, a market's) market. */
    public synchronized void addQuestion(String tokenOrConditionId, String question) {
        if (tokenOrConditionId == null || question == null || question.isBlank()) return;
        questions.put(tokenOrConditionId, question.strip());
    }

    /** Learns the names of a market's outcome tokens, and its question by its tokens and its condition id. */
    public void learn(Market m) {
        List<String> ids = m.clobTokenIds();
        for (int i = 0; i < ids.size(); i++) {
            add(ids.get(i), name(m.question(), i < m.outcomes().size() ? m.outcomes().get(i) : null));
            addQuestion(ids.get(i), m.question());
        }
        addQuestion(m.conditionId(), m.question());
    }

    /** Learns the names of the outcome tokens of these markets. */
    public void learnAll(Collection<Market> markets) {
        for (Market m : markets) learn(m);
    }

    /** How many names are known here. */
    public synchronized int size() {
        return names.size();
    }

    // ---- the current profile's ---------------------------------------------------------------------------------

    /** The name of a token in the current profile: "question · outcome" when its market has been read, else its shortened id. */
    public static String of(String tokenId) {
        TokenNames n = currentIfMade();
        return n != null ? n.get(tokenId) : shortId(tokenId);
    }

    /** Whether the current profile knows a readable name for the token. */
    public static boolean known(String tokenId) {
        TokenNames n = currentIfMade();
        return n != null && n.knows(tokenId);
    }

    /** Remembers one token's name in the current profile. */
    public static void put(String tokenId, String name) {
        names(Transport.current()).add(tokenId, name);
    }

    /** Remembers one token's name from its market's question and its outcome, and the question, in the current profile. */
    public static void put(String tokenId, String question, String outcome) {
        TokenNames n = names(Transport.current());
        n.add(tokenId, name(question, outcome));
        n.addQuestion(tokenId, question);
    }

    /** Remembers a market's question by its condition id in the current profile. */
    public static void putMarket(String conditionId, String question) {
        names(Transport.current()).addQuestion(conditionId, question);
    }

    /**
     * The question of the market a token (or a market's condition id) belongs to, when a read in the current profile
     * has told it; else null.
     */
    public static String question(String tokenOrConditionId) {
        TokenNames n = currentIfMade();
        return n == null ? null : n.questionOf(tokenOrConditionId);
    }

    /** Remembers the names of the outcome tokens of these markets in the current profile. */
    public static void remember(Collection<Market> markets) {
        names(Transport.current()).learnAll(markets);
    }

    /** Remembers the names of the outcome tokens of every market of these events in the current profile. */
    public static void rememberEvents(Collection<Event> events) {
        TokenNames n = names(Transport.current());
        for (Event e : events) n.learnAll(e.markets());
    }

    /** Remembers the names of a market's outcome tokens in the current profile. */
    public static void remember(Market m) {
        names(Transport.current()).learn(m);
    }

    // ---- naming ------------------------------------------------------------------------------------------------

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

    private static String shorten(String q) {
        if (q.length() <= QUESTION_CHARS) return q;
        int cut = q.lastIndexOf(' ', QUESTION_CHARS - 1);
        return q.substring(0, cut > QUESTION_CHARS / 2 ? cut : QUESTION_CHARS - 1) + "…";
    }
}
