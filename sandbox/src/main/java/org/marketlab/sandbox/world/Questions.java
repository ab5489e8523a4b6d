package org.marketlab.sandbox.world;

import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * What an event asks, made from templates per topic ({@link Form}): its title, its markets' questions and outcome
 * names, when it ends (a template's calendar: elections on election day, finals at the end of a season, a monthly
 * figure when it is published), its subject's extra tags, and how its prices start (a belief's opening price, a
 * group's prior shares, an asset question's strikes around the asset's level).
 *
 * <p>A title is a function of the template, the subject (the teams, the country, the asset...) and the end date, so
 * the world's frame can make every title unique before any event is made. Any full date in a title or question is the
 * event's end date; a month or year names the period the question is about, which ends with or just before it.
 */
final class Questions {

    private Questions() {
    }

    /** How a market's outcomes are named. */
    enum Kind {
        /** Yes / No. */
        BINARY,
        /** The two sides of a game, by name. */
        SIDES,
        /** Over / Under a line. */
        TOTAL,
        /** Up / Down against the level at the start. */
        UP_DOWN
    }

    /** Which model an event's prices follow. */
    enum Shape { BELIEF, GROUP, LADDER, BRACKET, UP_DOWN }

    /** One market of an event: its question, outcome names, kind, its name within the event (or null), its rules. */
    record Item(String question, List<String> outcomes, Kind kind, String groupItemTitle, String description) {
    }

    /**
     * An event's plan: title, markets, the model its prices follow and how they start (a belief's opening price, a
     * group's prior shares, an asset question's strikes), whether its group is neg-risk, and extra tags.
     */
    record Plan(String title, List<Item> items, Shape shape, double start, double[] priors, double[] strikes,
                Assets.Asset asset, boolean negRisk, List<String> tags) {
    }

    /** A template: its topic, its form, how often it is drawn among its topic's, and its league or asset (or -1). */
    record Template(int index, int topic, Form form, double weight, int param) {

        Catalogue.Topic topicOf() {
            return Catalogue.TOPICS.get(topic);
        }
    }

    /** What the world's frame fixes about an event before it is made; its title follows from the first three. */
    record Frame(Template template, int subject, Instant created, Instant start, Instant end, int count) {

        String title() {
            return Questions.title(template, subject, end);
        }
    }

    /** The forms of question, by topic. */
    enum Form {
        HOUSE, SENATE, PRESIDENT, NOMINEE, GOVERNOR, SHUTDOWN, BILL, RULING, VACANCY, APPROVAL, FOREIGN,
        GAME, TOTAL, BEAT, CHAMPION, SOCCER_GAME, CONSTRUCTORS, GRAND_PRIX, MATCH, SLAM, GOLF_MAJOR, FIGHT,
        LADDER, BRACKET, UP_DOWN, ABOVE, ETF, CRYPTO_BILL, RESERVE,
        FED_DECISION, FED_CUT, FED_CUTS, CPI, CPI_ABOVE, UNEMPLOYMENT, PAYROLLS, GDP, RECESSION, TARIFF,
        OPENING, TOP_FILM, BEST_PICTURE, ALBUM, TOP_ARTIST, DRAMA, GOTY,
        BEST_AI, AI_RELEASE, STARSHIP, MISSION, HOTTEST_YEAR, ANOMALY, CITY_TEMP, STORMS, PHEIC, QUAKE,
        LARGEST, EARNINGS, IPO, DELIVERIES, CEO, LAYOFFS,
        CEASEFIRE, NORMALIZE, NUCLEAR_DEAL, NATO_MEMBER, SECRETARY_GENERAL, UNSC, CHINA_GROWTH, STIMULUS
    }

    static final String[][][] LEAGUES = {Catalogue.NBA, Catalogue.NFL, Catalogue.MLB, Catalogue.NHL, Catalogue.EPL, Catalogue.UCL};
    private static final String[] LEAGUE_NAMES = {"NBA", "NFL", "MLB", "NHL", "Premier League", "Champions League"};
    /** The months each league plays in (1 to 12). */
    private static final int[][] SEASONS = {{10, 11, 12, 1, 2, 3, 4, 5, 6}, {9, 10, 11, 12, 1, 2}, {3, 4, 5, 6, 7, 8, 9, 10},
            {10, 11, 12, 1, 2, 3, 4, 5, 6}, {8, 9, 10, 11, 12, 1, 2, 3, 4, 5}, {9, 10, 11, 12, 2, 3, 4, 5}};
    /** A game's total line: its centre and spread (points, runs, goals). */
    private static final double[][] LINES = {{226, 12}, {45, 5}, {8.5, 1}, {6, 0.5}, {2.5, 0.5}, {2.5, 0.5}};

    /**
     * The templates, from {@code templates.csv} beside {@link Catalogue}: topic, form, weight and subject ({@code league}:
     * the league the topic names; an asset symbol; or none). A template's index is its row.
     */
    static final List<Template> TEMPLATES = templates();

    private static List<Template> templates() {
        List<Template> t = new ArrayList<>();
        for (List<String> f : Catalogue.rows("templates.csv", "topic,form,weight,subject")) {
            String topic = f.get(0), subject = f.get(3);
            int param = subject.isEmpty() ? -1
                    : subject.equals("league") ? List.of(LEAGUE_NAMES).indexOf(topic)
                    : Assets.index(Assets.bySymbol(subject));
            if (param == -1 && !subject.isEmpty()) throw new IllegalStateException("templates.csv: " + topic + " is not a league");
            t.add(new Template(t.size(), topicIndex(topic), Form.valueOf(f.get(1)), Double.parseDouble(f.get(2)), param));
        }
        return List.copyOf(t);
    }

    private static int topicIndex(String label) {
        for (int i = 0; i < Catalogue.TOPICS.size(); i++) {
            if (Catalogue.TOPICS.get(i).label().equals(label)) return i;
        }
        throw new IllegalStateException("templates.csv: no topic " + label + " in topics.csv");
    }

    // ---- the frame: template, subject, end date, count, title ---------------------------------------------------------

    /** Whether the template asks about a single game or fight (hours to days long). */
    static boolean isGame(Form f) {
        return f == Form.GAME || f == Form.TOTAL || f == Form.BEAT || f == Form.SOCCER_GAME || f == Form.MATCH || f == Form.FIGHT;
    }

    /** Whether the template's question is about one day (a daily price, a daily temperature, a game). */
    static boolean isDaily(Form f) {
        return isGame(f) || f == Form.UP_DOWN || f == Form.CITY_TEMP || f == Form.APPROVAL;
    }

    /** How many subjects a template can ask about (teams pairs, states, countries...). */
    static int subjects(Template t) {
        int n = t.param() >= 0 && t.form() != Form.LADDER && t.form() != Form.BRACKET && t.form() != Form.UP_DOWN
                && t.form() != Form.ABOVE ? LEAGUES[t.param()].length : 0;
        return switch (t.form()) {
            case GAME, TOTAL, BEAT, SOCCER_GAME -> n * n;
            case MATCH, FIGHT -> 40 * 40;
            case NOMINEE -> 2;
            case GOVERNOR -> Catalogue.STATES.length;
            case BILL -> Catalogue.BILLS.length;
            case RULING -> Catalogue.CASES.length;
            case FOREIGN -> Catalogue.ELECTIONS.length;
            case GRAND_PRIX -> Catalogue.GRANDS_PRIX.length;
            case SLAM -> 8;
            case GOLF_MAJOR -> 4;
            case ETF -> 4;
            case TARIFF -> Catalogue.COUNTRIES_TARIFF.length;
            case OPENING -> Catalogue.TITLE_WORDS_A.length * Catalogue.TITLE_WORDS_B.length;
            case AI_RELEASE -> Catalogue.AI_LABS.length;
            case MISSION -> Catalogue.MISSIONS.length;
            case CITY_TEMP -> Catalogue.CITIES.length;
            case EARNINGS, CEO, LAYOFFS -> Catalogue.COMPANIES.length;
            case IPO -> Catalogue.PRIVATE_COMPANIES.length;
            default -> 1;
        };
    }

    /**
     * The end (epoch second) of an event of template {@code t} on subject {@code s} created at {@code created} and drawn
     * to end near {@code drawn} (epoch seconds), or {@link Long#MIN_VALUE} when its calendar has no date near it.
     */
    static long snap(Template t, int s, long created, long drawn) {
        long from = Math.floorDiv(created, 86_400) + (isDaily(t.form()) ? 0 : 2);
        long want = Math.floorDiv(drawn, 86_400);
        if (isGame(t.form())) return inSeason(t, want) ? drawn : Long.MIN_VALUE;
        if (isDaily(t.form()) || freeDate(t.form())) {
            return at(Math.max(from, want), isDaily(t.form()) && t.form() != Form.CITY_TEMP ? 16 : 23);
        }
        int[] days = Calendar.days(t, s);
        int i = java.util.Arrays.binarySearch(days, (int) Math.max(from, want - 45));
        if (i < 0) i = -i - 1;
        if (i >= days.length || days[i] > want + 730) return Long.MIN_VALUE;
        return at(days[i], Calendar.hour(t.form()));
    }

    /** How precisely a title names its end: by day, month or year, or not at all. */
    enum Period { DAY, MONTH, YEAR, NONE }

    static Period period(Form f) {
        return switch (f) {
            case GAME, TOTAL, SOCCER_GAME, MATCH, FIGHT, SECRETARY_GENERAL, OPENING -> Period.NONE;
            case FED_DECISION, FED_CUT, CPI, CPI_ABOVE, UNEMPLOYMENT, PAYROLLS, BEST_AI, ANOMALY, LARGEST, EARNINGS, GDP,
                 DELIVERIES -> Period.MONTH;
            case HOUSE, SENATE, PRESIDENT, NOMINEE, GOVERNOR, VACANCY, FOREIGN, CHAMPION, CONSTRUCTORS, GRAND_PRIX, SLAM,
                 GOLF_MAJOR, FED_CUTS, RECESSION, TOP_FILM, BEST_PICTURE, ALBUM, TOP_ARTIST, DRAMA, GOTY, STARSHIP,
                 HOTTEST_YEAR, STORMS, CHINA_GROWTH -> Period.YEAR;
            default -> Period.DAY;
        };
    }

    /**
     * A key that two events share exactly when their titles are the same: the template, the subject and the part of
     * the end date the title names.
     */
    static long titleKey(Template t, int s, long end) {
        long day = Math.floorDiv(end, 86_400);
        long period = switch (period(t.form())) {
            case DAY -> day;
            case MONTH -> { LocalDate d = LocalDate.ofEpochDay(day); yield d.getYear() * 12L + d.getMonthValue(); }
            case YEAR -> LocalDate.ofEpochDay(day).getYear();
            case NONE -> 0;
        };
        return ((long) t.index() << 48) ^ ((long) s << 24) ^ period;
    }

    /** Forms asked "by {date}": any end date will do. */
    private static boolean freeDate(Form f) {
        return switch (f) {
            case SHUTDOWN, BILL, RULING, ETF, CRYPTO_BILL, RESERVE, TARIFF, AI_RELEASE, MISSION, PHEIC, QUAKE, IPO, CEO,
                 LAYOFFS, CEASEFIRE, NORMALIZE, NUCLEAR_DEAL, NATO_MEMBER, UNSC, STIMULUS, LADDER, BRACKET, ABOVE -> true;
            default -> false;
        };
    }

    private static boolean inSeason(Template t, long epochDay) {
        if (t.form() == Form.FIGHT) return true;
        int month = LocalDate.ofEpochDay(epochDay).getMonthValue();
        if (t.form() == Form.MATCH) return month != 12;
        for (int m : SEASONS[t.param()]) if (m == month) return true;
        return false;
    }

    /** An epoch second on epoch day {@code day} at {@code hour} UTC (23 means 23:59). */
    private static long at(long day, int hour) {
        return day * 86_400 + hour * 3600L + (hour == 23 ? 59 * 60 : 0);
    }

    /** How many markets an event of the template has. */
    static int count(Template t, int s, SplittableRandom r) {
        return switch (t.form()) {
            case HOUSE, SENATE, PRESIDENT -> 2;
            case NOMINEE -> 6 + r.nextInt(10);
            case GOVERNOR -> 2 + r.nextInt(3);
            case APPROVAL, CPI -> 8;
            case FOREIGN -> Catalogue.ELECTIONS[s][2] == null ? 5 + r.nextInt(5) : ((String[]) Catalogue.ELECTIONS[s][2]).length;
            case SOCCER_GAME -> 3;
            case CHAMPION -> Math.min(LEAGUES[t.param()].length, 8 + r.nextInt(16));
            case CONSTRUCTORS, GRAND_PRIX -> Catalogue.F1_TEAMS.length;
            case SLAM, GOLF_MAJOR -> 10 + r.nextInt(13);
            case LADDER -> 7 + r.nextInt(7);
            case BRACKET -> 8 + r.nextInt(7);
            case FED_DECISION -> 4;
            case FED_CUTS, GDP, STORMS, DELIVERIES, OPENING, STARSHIP -> 6;
            case UNEMPLOYMENT, ANOMALY, CITY_TEMP, BEST_AI, LARGEST -> 7;
            case TOP_FILM, TOP_ARTIST, BEST_PICTURE, ALBUM -> 8 + r.nextInt(5);
            case DRAMA, GOTY -> 6;
            case SECRETARY_GENERAL -> 6 + r.nextInt(4);
            default -> 1;
        };
    }

    /** The event's title: a function of the template, the subject and the end date alone. */
    static String title(Template t, int s, Instant end) {
        LocalDate d = LocalDate.ofInstant(end, ZoneOffset.UTC);
        String date = date(d), month = month(d);
        int y = d.getYear();
        String title = politicsAndSportsTitle(t, s, d, date, month, y);
        if (title == null) title = marketsTitle(t, s, d, date, month, y);
        if (title == null) title = societyTitle(t, s, d, date, month, y);
        return title;
    }

    /** Titles of politics and sports. */
    private static String politicsAndSportsTitle(Template t, int s, LocalDate d, String date, String month, int y) {
        return switch (t.form()) {
            case HOUSE -> "Which party will win the House in " + y + "?";
            case SENATE -> "Which party will win the Senate in " + y + "?";
            case PRESIDENT -> "Which party will win the " + y + " US presidential election?";
            case NOMINEE -> (s == 0 ? "Democratic" : "Republican") + " presidential nominee " + y + "?";
            case GOVERNOR -> Catalogue.STATES[s] + " governor election " + y + ": who will win?";
            case SHUTDOWN -> "Will the US government shut down by " + date + "?";
            case BILL -> "Will Congress pass " + Catalogue.BILLS[s] + " by " + date + "?";
            case RULING -> "Will the Supreme Court decide " + Catalogue.CASES[s] + " by " + date + "?";
            case VACANCY -> "Will a Supreme Court seat become vacant in " + y + "?";
            case APPROVAL -> "Presidential approval rating on " + date + "?";
            case FOREIGN -> Catalogue.ELECTIONS[s][0] + " " + Catalogue.ELECTIONS[s][1] + " " + y + ": who will win?";
            case GAME, SOCCER_GAME -> side(t, s, 0) + " vs. " + side(t, s, 1);
            case TOTAL -> side(t, s, 0) + " vs. " + side(t, s, 1) + ": over/under " + line(t, s) + "?";
            case BEAT -> "Will the " + side(t, s, 0) + " beat the " + side(t, s, 1) + " on " + date + "?";
            case MATCH, FIGHT -> (t.form() == Form.FIGHT ? "UFC: " : "") + person(s / 40) + " vs. " + person(1000 + s % 40);
            case CHAMPION -> championTitle(t, y);
            case CONSTRUCTORS -> "F1 Constructors' Champion " + y + "?";
            case GRAND_PRIX -> Catalogue.GRANDS_PRIX[s] + " Grand Prix " + y + ": which team will win?";
            case SLAM -> Catalogue.TENNIS_MAJORS[s % 4][0] + " " + y + " " + (s < 4 ? "men's" : "women's") + " champion?";
            case GOLF_MAJOR -> Catalogue.GOLF_MAJORS[s][0] + " " + y + " winner?";
            default -> null;
        };
    }

    /** Titles of crypto and economics. */
    private static String marketsTitle(Template t, int s, LocalDate d, String date, String month, int y) {
        return switch (t.form()) {
            case LADDER -> asset(t).name() + " above ___ on " + date + "?";
            case BRACKET -> capital(asset(t).name()) + " price on " + date + "?";
            case UP_DOWN -> capital(asset(t).name()) + " Up or Down on " + date + "?";
            case ABOVE -> "Will " + asset(t).name() + " close above ___ on " + date + "?";
            case ETF -> "Will the SEC approve a spot " + ETF_COINS[s] + " ETF by " + date + "?";
            case CRYPTO_BILL -> "Will Congress pass a stablecoin bill by " + date + "?";
            case RESERVE -> "Will the US hold bitcoin in a strategic reserve by " + date + "?";
            case FED_DECISION -> "Fed decision in " + month + "?";
            case FED_CUT -> "Will the Fed cut rates at its " + month + " meeting?";
            case FED_CUTS -> "How many Fed rate cuts in " + y + "?";
            case CPI -> "US CPI inflation for " + month(d.minusMonths(1)) + "?";
            case CPI_ABOVE -> "Will US CPI inflation for " + month(d.minusMonths(1)) + " be above 3.0%?";
            case UNEMPLOYMENT -> "US unemployment rate for " + month(d.minusMonths(1)) + "?";
            case PAYROLLS -> "Will US payrolls grow by more than 150,000 in " + month(d.minusMonths(1)) + "?";
            case GDP -> "US GDP growth in Q" + quarterBefore(d) + "?";
            case RECESSION -> "Will the US enter a recession in " + y + "?";
            case TARIFF -> "Will the US raise tariffs on " + Catalogue.COUNTRIES_TARIFF[s] + " by " + date + "?";
            default -> null;
        };
    }

    /** Titles of culture, science, business and world affairs. */
    private static String societyTitle(Template t, int s, LocalDate d, String date, String month, int y) {
        return switch (t.form()) {
            case OPENING -> film(s) + " opening weekend box office?";
            case TOP_FILM -> "Highest-grossing film of " + y + "?";
            case BEST_PICTURE -> "Best Picture at the " + y + " Oscars?";
            case ALBUM -> "Album of the Year at the " + y + " Grammys?";
            case TOP_ARTIST -> "Most-streamed artist on Spotify in " + y + "?";
            case DRAMA -> "Outstanding Drama Series at the " + y + " Emmys?";
            case GOTY -> "Game of the Year at The Game Awards " + y + "?";
            case BEST_AI -> "Which company will have the best AI model at the end of " + month + "?";
            case AI_RELEASE -> "Will " + Catalogue.AI_LABS[s] + " release a new flagship model by " + date + "?";
            case STARSHIP -> "How many Starship launches in " + y + "?";
            case MISSION -> "Will " + Catalogue.MISSIONS[s] + " launch by " + date + "?";
            case HOTTEST_YEAR -> "Will " + y + " be the hottest year on record?";
            case ANOMALY -> "Global temperature anomaly for " + month + "?";
            case CITY_TEMP -> "Highest temperature in " + Catalogue.CITIES[s][0] + " on " + date + "?";
            case STORMS -> "How many Atlantic named storms in " + y + "?";
            case PHEIC -> "Will the WHO declare a new public health emergency by " + date + "?";
            case QUAKE -> "Will a magnitude 8.0+ earthquake strike by " + date + "?";
            case LARGEST -> "Largest company by market cap at the end of " + month + "?";
            case EARNINGS -> "Will " + Catalogue.COMPANIES[s] + " beat earnings estimates in its " + month + " report?";
            case IPO -> "Will " + Catalogue.PRIVATE_COMPANIES[s] + " go public by " + date + "?";
            case DELIVERIES -> "Tesla deliveries in Q" + quarterBefore(d) + "?";
            case CEO -> "Will " + Catalogue.COMPANIES[s] + " name a new CEO by " + date + "?";
            case LAYOFFS -> "Will " + Catalogue.COMPANIES[s] + " announce layoffs of 1,000 or more by " + date + "?";
            case CEASEFIRE -> "Russia x Ukraine ceasefire by " + date + "?";
            case NORMALIZE -> "Will Israel and Saudi Arabia normalize relations by " + date + "?";
            case NUCLEAR_DEAL -> "Will the US and Iran sign a nuclear deal by " + date + "?";
            case NATO_MEMBER -> "Will a new country join NATO by " + date + "?";
            case SECRETARY_GENERAL -> "Next UN Secretary-General?";
            case UNSC -> "Will the UN Security Council adopt a resolution on Ukraine by " + date + "?";
            case CHINA_GROWTH -> "Will China's GDP grow 5% or more in " + y + "?";
            case STIMULUS -> "Will China announce a new fiscal stimulus package by " + date + "?";
            default -> null;
        };
    }

    private static final String[] ETF_COINS = {"Solana", "XRP", "Dogecoin", "Cardano"};

    private static String championTitle(Template t, int y) {
        return switch (t.param()) {
            case 0 -> "NBA Champion " + y + "?";
            case 1 -> "Super Bowl Champion " + y + "?";
            case 2 -> "World Series Champion " + y + "?";
            case 3 -> "Stanley Cup Champion " + y + "?";
            case 4 -> "Premier League Winner " + y + "?";
            default -> "Champions League Winner " + y + "?";
        };
    }

    static Assets.Asset asset(Template t) {
        return Assets.ALL.get(t.param());
    }

    static String date(LocalDate d) {
        return Catalogue.MONTHS[d.getMonthValue() - 1] + " " + d.getDayOfMonth() + ", " + d.getYear();
    }

    static String month(LocalDate d) {
        return Catalogue.MONTHS[d.getMonthValue() - 1] + " " + d.getYear();
    }

    /** "3 2027": the last quarter ended before {@code d}. */
    private static String quarterBefore(LocalDate d) {
        LocalDate q = d.minusMonths(1);
        return ((q.getMonthValue() - 1) / 3 + 1) + " " + q.getYear();
    }

    private static String capital(String s) {
        return s.startsWith("the ") ? "The " + s.substring(4) : s;
    }

    /** Side {@code k} (0 or 1) of a game's pair of teams {@code s}. */
    private static String side(Template t, int s, int k) {
        String[][] teams = LEAGUES[t.param()];
        int a = s / teams.length, b = s % teams.length;
        return teams[k == 0 ? a : b][1];
    }

    /** Whether subject {@code s} is a real pairing (two different sides). */
    static boolean validSubject(Template t, int s) {
        return switch (t.form()) {
            case GAME, TOTAL, BEAT, SOCCER_GAME -> s / LEAGUES[t.param()].length != s % LEAGUES[t.param()].length;
            case MATCH, FIGHT -> s / 40 != s % 40;
            default -> true;
        };
    }

    private static String line(Template t, int s) {
        double[] l = LINES[t.param()];
        double u = Hash.unit(Hash.key(t.param(), 17), s);
        long half = Math.round((l[0] + (2 * u - 1) * l[1]) * 2);
        return (half / 2) + ".5";
    }

    /** An invented person, the same for the same number: first name and surname. */
    static String person(int n) {
        long h = Hash.mix(n * 0x9E3779B97F4A7C15L + 77);
        return Catalogue.FIRST_NAMES[(int) Math.floorMod(h, (long) Catalogue.FIRST_NAMES.length)] + " "
                + Catalogue.SURNAMES[(int) Math.floorMod(h >>> 20, (long) Catalogue.SURNAMES.length)];
    }

    /** An invented film, album, show or game title, the same for the same number. */
    static String film(int n) {
        int a = n / Catalogue.TITLE_WORDS_B.length % Catalogue.TITLE_WORDS_A.length, b = n % Catalogue.TITLE_WORDS_B.length;
        return (n % 3 == 0 ? "The " : "") + Catalogue.TITLE_WORDS_A[a] + " " + Catalogue.TITLE_WORDS_B[b];
    }

    // ---- the plan: markets, outcomes, starting prices ----------------------------------------------------------------

    /**
     * The plan of an event: its markets and how its prices start. {@code level} is the asset's level when the event
     * opened (for asset questions), {@code days} its life in days.
     */
    static Plan plan(SplittableRandom r, Frame f, double level, double days) {
        return Plans.plan(r, f, level, days);
    }

    /** {@code n} distinct invented people for a race, drawn from {@code r}. */
    static List<String> people(SplittableRandom r, int n) {
        Set<String> out = new LinkedHashSet<>();
        while (out.size() < n) out.add(person(r.nextInt(100_000)));
        return new ArrayList<>(out);
    }

    /** {@code n} distinct invented titles, drawn from {@code r}. */
    static List<String> titles(SplittableRandom r, int n) {
        Set<String> out = new LinkedHashSet<>();
        while (out.size() < n) out.add(film(r.nextInt(Catalogue.TITLE_WORDS_A.length * Catalogue.TITLE_WORDS_B.length)));
        return new ArrayList<>(out);
    }

    /**
     * Calendars of the templates that end on fixed dates, as sorted epoch days from 2015 to 2040, made once per template
     * (and subject, for the forms whose dates depend on it): plain date arithmetic, as this runs when the world's frame
     * is drawn, at the sandbox's start.
     */
    static final class Calendar {

        private static final int FIRST_YEAR = 2015, LAST_YEAR = 2040;
        private static final java.util.concurrent.ConcurrentHashMap<Long, int[]> CACHE = new java.util.concurrent.ConcurrentHashMap<>();

        private Calendar() {
        }

        /** The UTC hour of the day such an event ends. */
        static int hour(Form f) {
            return switch (f) {
                case CPI, CPI_ABOVE, UNEMPLOYMENT, PAYROLLS, GDP -> 13;
                case FED_DECISION, FED_CUT -> 19;
                default -> 23;
            };
        }

        static int[] days(Template t, int s) {
            long k = (long) t.index() << 32 | (bySubject(t.form()) ? s : 0);
            int[] d = CACHE.get(k);
            if (d == null) {
                d = make(t, s);
                CACHE.putIfAbsent(k, d);
            }
            return d;
        }

        /** Whether the form's dates depend on the subject (a country's elections, a race's or a major's date). */
        private static boolean bySubject(Form f) {
            return f == Form.FOREIGN || f == Form.GRAND_PRIX || f == Form.SLAM || f == Form.GOLF_MAJOR;
        }

        private static int[] make(Template t, int s) {
            int[] out = new int[(LAST_YEAR - FIRST_YEAR + 1) * 53];
            int n = 0;
            for (int y = FIRST_YEAR; y <= LAST_YEAR; y++) n = year(t, s, y, out, n);
            int[] d = java.util.Arrays.copyOf(out, n);
            java.util.Arrays.sort(d);
            return d;
        }

        /** Adds year {@code y}'s dates to {@code out} from {@code n}; answers the new count. */
        private static int year(Template t, int s, int y, int[] out, int n) {
            switch (t.form()) {
                case HOUSE, SENATE, GOVERNOR -> { if (y % 2 == 0) out[n++] = electionDay(y); }
                case PRESIDENT -> { if (y % 4 == 0) out[n++] = electionDay(y); }
                case NOMINEE -> { if (y % 4 == 0) out[n++] = day(y, 8, 20); }
                case VACANCY, HOTTEST_YEAR, RECESSION, TOP_FILM, TOP_ARTIST, FED_CUTS, STARSHIP, CHINA_GROWTH -> out[n++] = day(y, 12, 31);
                case FOREIGN -> {
                    // An ISO date, read by hand: LocalDate.parse would start the formatter machinery at the sandbox's start.
                    String first = (String) Catalogue.ELECTIONS[s][3];
                    int y0 = Integer.parseInt(first, 0, 4, 10), m0 = Integer.parseInt(first, 5, 7, 10), d0 = Integer.parseInt(first, 8, 10, 10);
                    int cycle = (Integer) Catalogue.ELECTIONS[s][4];
                    if (y >= y0 && (y - y0) % cycle == 0) out[n++] = day(y, m0, d0);
                }
                case CHAMPION -> out[n++] = finals(t.param(), y);
                case CONSTRUCTORS -> out[n++] = day(y, 12, 6);
                case GRAND_PRIX -> out[n++] = onOrAfter(day(y, 3, 1) + 7 * (s * 38 / Catalogue.GRANDS_PRIX.length), 7);
                case SLAM -> out[n++] = day(y, (Integer) Catalogue.TENNIS_MAJORS[s % 4][1], (Integer) Catalogue.TENNIS_MAJORS[s % 4][2]);
                case GOLF_MAJOR -> out[n++] = day(y, (Integer) Catalogue.GOLF_MAJORS[s][1], (Integer) Catalogue.GOLF_MAJORS[s][2]);
                case FED_DECISION, FED_CUT -> {
                    int[][] md = {{1, 28}, {3, 18}, {4, 29}, {6, 17}, {7, 29}, {9, 16}, {10, 28}, {12, 9}};
                    for (int[] x : md) out[n++] = onOrAfter(day(y, x[0], x[1]), 3);
                }
                case CPI, CPI_ABOVE -> { for (int m = 1; m <= 12; m++) out[n++] = day(y, m, 13); }
                case UNEMPLOYMENT, PAYROLLS -> { for (int m = 1; m <= 12; m++) out[n++] = onOrAfter(day(y, m, 1), 5); }
                case GDP -> { for (int m = 1; m <= 10; m += 3) out[n++] = day(y, m, 28); }
                case DELIVERIES -> { for (int m = 1; m <= 10; m += 3) out[n++] = day(y, m, 2); }
                case EARNINGS -> { for (int m = 1; m <= 10; m += 3) out[n++] = day(y, m, 25); }
                case OPENING -> { for (int d = onOrAfter(day(y, 1, 1), 7); d < day(y + 1, 1, 1); d += 7) out[n++] = d; }
                case BEST_PICTURE -> out[n++] = day(y, 3, 8);
                case ALBUM -> out[n++] = day(y, 2, 7);
                case DRAMA -> out[n++] = day(y, 9, 20);
                case GOTY -> out[n++] = day(y, 12, 11);
                case BEST_AI, ANOMALY, LARGEST -> { for (int m = 1; m <= 12; m++) out[n++] = day(m == 12 ? y + 1 : y, m == 12 ? 1 : m + 1, 1) - 1; }
                case STORMS -> out[n++] = day(y, 11, 30);
                case SECRETARY_GENERAL -> { if (y == 2026) out[n++] = day(2026, 12, 31); }
                default -> { }
            }
            return n;
        }

        private static int day(int y, int m, int d) {
            return (int) LocalDate.of(y, m, d).toEpochDay();
        }

        /** The first epoch day on or after {@code day} that is weekday {@code dow} (1 Monday to 7 Sunday). */
        static int onOrAfter(int day, int dow) {
            int today = (int) Math.floorMod(day + 3, 7L) + 1; // 1970-01-01 was a Thursday
            return day + Math.floorMod(dow - today, 7);
        }

        /** US general elections: the Tuesday after the first Monday of November. */
        static int electionDay(int y) {
            return onOrAfter(day(y, 11, 1), 1) + 1;
        }

        private static int finals(int league, int y) {
            return switch (league) {
                case 0 -> day(y, 6, 15);
                case 1 -> onOrAfter(day(y, 2, 1), 7) + 7;
                case 2 -> day(y, 10, 30);
                case 3 -> day(y, 6, 14);
                case 4 -> day(y, 5, 24);
                default -> day(y, 5, 30);
            };
        }
    }
}
