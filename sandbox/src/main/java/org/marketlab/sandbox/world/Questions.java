package org.marketlab.sandbox.world;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * What an event asks and what its markets' outcomes are called, made to belong together: any date or year in a
 * title or question is the event's end date (or its month or year); binary questions are answered Yes or No, a
 * game between two sides by the sides' names, a total by Over or Under; the markets of one event name distinct
 * candidates. No title carries a counter or a suffix to make it unique (slugs carry the id).
 */
final class Questions {

    /** How a market's outcomes are named. */
    enum Kind {
        /** Yes / No. */
        BINARY,
        /** The two sides of a game, by name. */
        SIDES,
        /** Over / Under a line. */
        TOTAL
    }

    /** One market of an event: its question, outcome names, kind, and its name within the event (or null). */
    record Item(String question, List<String> outcomes, Kind kind, String groupItemTitle, String description) {
    }

    /** An event's title and its markets. */
    record Plan(String title, List<Item> items) {
    }

    static final String[] NAMES = {"Alvarez", "Bennett", "Chen", "Dubois", "Eriksen", "Fujita", "Garcia",
            "Hughes", "Ivanova", "Johansson", "Kowalski", "Larsen", "Moreau", "Nakamura", "Okafor", "Patel", "Quinn",
            "Rossi", "Silva", "Tanaka", "Umarov", "Varga", "Weber", "Xu", "Yilmaz", "Zhou"};
    private static final String[] CITIES = {"Boston", "Denver", "Austin", "Seattle", "Portland", "Atlanta",
            "Chicago", "Phoenix", "Detroit", "Orlando", "Memphis", "Oakland", "Toronto", "Madrid", "Lyon", "Turin"};
    private static final String[] TEAMS = {"Lions", "Tigers", "Falcons", "Sharks", "Wolves", "Hawks", "Bears",
            "Eagles", "Rangers", "Comets", "Titans", "Pirates", "Kings", "Storm", "Giants", "Rockets"};
    /** Sports played one against one: their sides are people, not teams. */
    private static final Set<String> INDIVIDUAL = Set.of("Tennis", "Golf", "Boxing", "UFC", "F1");
    private static final String[] COINS = {"Bitcoin", "Ethereum", "Solana", "XRP", "Dogecoin", "Cardano"};
    private static final String[] MONTHS = {"January", "February", "March", "April", "May", "June", "July",
            "August", "September", "October", "November", "December"};

    private Questions() {
    }

    /** The title and markets of an event of {@code category} about {@code topic} with {@code count} markets ending at {@code end}. */
    static Plan plan(SplittableRandom r, String category, String topic, int count, Instant end) {
        LocalDate d = LocalDate.ofInstant(end, ZoneOffset.UTC);
        String date = MONTHS[d.getMonthValue() - 1] + " " + d.getDayOfMonth() + ", " + d.getYear();
        String month = MONTHS[d.getMonthValue() - 1] + " " + d.getYear();
        int year = d.getYear();
        return count > 1 ? group(r, category, topic, count, date, month, year) : single(r, category, topic, date, month, year);
    }

    private static Plan single(SplittableRandom r, String category, String topic, String date, String month, int year) {
        String name = NAMES[r.nextInt(NAMES.length)];
        if (category.equals("Sports")) {
            List<String> sides = sides(r, topic, 2);
            String game = sides.get(0) + " vs. " + sides.get(1);
            int kind = r.nextInt(10);
            if (kind < 6) {
                return one(game, new Item(game, sides, Kind.SIDES, null, "Resolves to the side that wins this " + topic
                        + " game, per the official result. Synthetic sandbox data."));
            }
            if (kind < 8) {
                String line = (INDIVIDUAL.contains(topic) ? 10 + r.nextInt(30) : 150 + r.nextInt(80)) + ".5";
                String q = game + ": over/under " + line + "?";
                return one(q, new Item(q, List.of("Over", "Under"), Kind.TOTAL, null, "Resolves Over if the game's total exceeds "
                        + line + ", Under otherwise, per the official " + topic + " result. Synthetic sandbox data."));
            }
            String q = "Will " + sides.get(0) + " beat " + sides.get(1) + " on " + date + "?";
            return one(q, yesNo(q, sides.get(0) + " wins", topic));
        }
        String q = switch (category) {
            case "Politics" -> switch (r.nextInt(3)) {
                case 0 -> "Will " + name + " lead the " + topic + " polls on " + date + "?";
                case 1 -> "Will " + name + " leave office by " + date + "?";
                default -> topic + ": will the bill pass by " + month + "?";
            };
            case "Crypto" -> {
                String coin = COINS[r.nextInt(COINS.length)];
                yield r.nextBoolean() ? "Will " + coin + " reach a new high by " + month + "?"
                        : "Will " + coin + " close the day higher on " + date + "?";
            }
            case "Economics" -> "Will " + topic + " beat expectations in " + month + "?";
            case "Culture" -> "Will " + name + " top the " + topic + " charts by " + date + "?";
            case "Science" -> "Will a " + topic + " milestone be announced by " + date + "?";
            case "Business" -> topic + ": will the announced deal close by " + date + "?";
            default -> topic + ": will the agreement be signed by " + month + "?";
        };
        return one(q, yesNo(q, "the event in the question happens", topic));
    }

    private static Plan group(SplittableRandom r, String category, String topic, int count, String date, String month, int year) {
        String title;
        List<String> names;
        List<String> questions = new ArrayList<>(count);
        switch (category) {
            case "Sports" -> {
                title = topic + " champion " + year + "?";
                names = sides(r, topic, count);
                for (String n : names) questions.add("Will " + n + " win the " + topic + " title in " + year + "?");
            }
            case "Politics", "World" -> {
                title = "Who will win the " + topic + " race in " + year + "?";
                names = people(r, count);
                for (String n : names) questions.add("Will " + n + " win the " + topic + " race in " + year + "?");
            }
            case "Crypto" -> {
                String coin = COINS[r.nextInt(COINS.length)];
                title = coin + " price on " + date + "?";
                names = new ArrayList<>(count);
                int step = new int[]{5, 10, 50, 100, 1000}[r.nextInt(5)];
                int low = step * (10 + r.nextInt(90));
                for (int k = 0; k < count; k++) {
                    String range = k == 0 ? "below $" + grouped(low)
                            : k == count - 1 ? "$" + grouped(low + (k - 1) * step) + " or more"
                            : "$" + grouped(low + (k - 1) * step) + " to $" + grouped(low + k * step);
                    names.add(range);
                    questions.add("Will " + coin + " be " + range + " on " + date + "?");
                }
            }
            case "Economics" -> {
                title = topic + " in " + month + ": which range?";
                names = new ArrayList<>(count);
                for (int k = 0; k < count; k++) {
                    String range = k == 0 ? "below " + pct(0) : k == count - 1 ? pct(k - 1) + " or more" : pct(k - 1) + " to " + pct(k);
                    names.add(range);
                    questions.add("Will " + topic + " come in " + range + " in " + month + "?");
                }
            }
            default -> {
                title = "Who will top " + topic + " in " + year + "?";
                names = people(r, count);
                for (String n : names) questions.add("Will " + n + " top " + topic + " in " + year + "?");
            }
        }
        List<Item> items = new ArrayList<>(count);
        for (int k = 0; k < count; k++) {
            items.add(new Item(questions.get(k), List.of("Yes", "No"), Kind.BINARY, names.get(k),
                    "Resolves Yes if " + names.get(k) + " is the answer, per the official " + topic
                            + " sources; otherwise No. Synthetic sandbox data."));
        }
        return new Plan(title, items);
    }

    /** The k-th quarter-point step from -0.50 %, two decimals ({@code String.format} is slow on this path). */
    private static String pct(int k) {
        return BigDecimal.valueOf(25L * k - 50, 2).toPlainString() + "%";
    }

    /** A whole dollar amount with thousands separators, as {@code %,d} writes it in English. */
    private static String grouped(int v) {
        String s = Integer.toString(v);
        int lead = s.length() % 3 == 0 ? 3 : s.length() % 3;
        StringBuilder b = new StringBuilder(s.length() + 4).append(s, 0, lead);
        for (int i = lead; i < s.length(); i += 3) b.append(',').append(s, i, i + 3);
        return b.toString();
    }

    private static Plan one(String title, Item item) {
        return new Plan(title, List.of(item));
    }

    private static Item yesNo(String question, String what, String topic) {
        return new Item(question, List.of("Yes", "No"), Kind.BINARY, null, "Resolves Yes if " + what + ", per the official "
                + topic + " sources named in the rules; otherwise No. Synthetic sandbox data.");
    }

    /** {@code n} distinct sides of a sport: people for sports played one against one, else teams by city. */
    private static List<String> sides(SplittableRandom r, String topic, int n) {
        if (INDIVIDUAL.contains(topic)) return people(r, n);
        Set<String> out = new LinkedHashSet<>();
        while (out.size() < n) out.add(CITIES[r.nextInt(CITIES.length)] + " " + TEAMS[r.nextInt(TEAMS.length)]);
        return new ArrayList<>(out);
    }

    /** {@code n} distinct people: an initial and a surname. */
    private static List<String> people(SplittableRandom r, int n) {
        Set<String> out = new LinkedHashSet<>();
        while (out.size() < n) out.add((char) ('A' + r.nextInt(26)) + ". " + NAMES[r.nextInt(NAMES.length)]);
        return new ArrayList<>(out);
    }
}
