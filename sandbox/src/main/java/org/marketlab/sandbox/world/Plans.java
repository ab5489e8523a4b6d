package org.marketlab.sandbox.world;

import org.marketlab.sandbox.world.Questions.Form;
import org.marketlab.sandbox.world.Questions.Frame;
import org.marketlab.sandbox.world.Questions.Item;
import org.marketlab.sandbox.world.Questions.Kind;
import org.marketlab.sandbox.world.Questions.Plan;
import org.marketlab.sandbox.world.Questions.Shape;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The markets of each form of question ({@link Questions}) and how their prices start: a belief's opening price; a
 * group's names and prior shares (favourites first, as the live service lists them); a bracket of an indicator's
 * ranges with priors from a normal around where the indicator is expected; an asset question's strikes at round
 * steps around the asset's level, spaced by how far the level can move before the end.
 */
final class Plans {

    /** Brackets over quantities that cannot go below zero: counts of cuts, storms, launches, deliveries, takings. */
    private static final EnumSet<Form> CANNOT_BE_NEGATIVE =
            EnumSet.of(Form.FED_CUTS, Form.STORMS, Form.DELIVERIES, Form.OPENING, Form.STARSHIP);

    private Plans() {
    }

    static Plan plan(SplittableRandom r, Frame f, double level, double days) {
        Form form = f.template().form();
        return switch (form) {
            case LADDER, BRACKET, UP_DOWN, ABOVE -> asset(r, f, level, days);
            case HOUSE, SENATE, PRESIDENT, NOMINEE, GOVERNOR, FOREIGN, SECRETARY_GENERAL -> race(r, f);
            case CHAMPION, CONSTRUCTORS, GRAND_PRIX, SLAM, GOLF_MAJOR, SOCCER_GAME -> sport(r, f);
            case APPROVAL, FED_DECISION, FED_CUTS, CPI, UNEMPLOYMENT, GDP, STORMS, DELIVERIES, OPENING, STARSHIP, ANOMALY,
                 CITY_TEMP -> ranges(r, f);
            case TOP_FILM, BEST_PICTURE, ALBUM, TOP_ARTIST, DRAMA, GOTY, BEST_AI, LARGEST -> contest(r, f);
            case GAME, TOTAL, MATCH, FIGHT -> game(r, f);
            default -> single(r, f);
        };
    }

    // ---- beliefs ----------------------------------------------------------------------------------------------------

    private static Plan single(SplittableRandom r, Frame f) {
        Form form = f.template().form();
        // "By {date}" questions mostly start unlikely; contested ones anywhere.
        double start = switch (form) {
            case BEAT, FED_CUT, PAYROLLS, EARNINGS, CPI_ABOVE, HOTTEST_YEAR, CHINA_GROWTH -> 0.15 + 0.7 * r.nextDouble();
            default -> r.nextInt(3) == 0 ? 0.05 + 0.9 * r.nextDouble() : 0.02 + 0.5 * Math.pow(r.nextDouble(), 2);
        };
        String q = f.title();
        Item item = new Item(q, List.of("Yes", "No"), Kind.BINARY, null, rules(form, "the answer to the question is yes"));
        return new Plan(f.title(), List.of(item), Shape.BELIEF, start, null, null, null, false, tags(f));
    }

    private static Plan game(SplittableRandom r, Frame f) {
        Form form = f.template().form();
        String title = f.title();
        double start = 0.2 + 0.6 * r.nextDouble();
        if (form == Form.TOTAL) {
            start = 0.4 + 0.2 * r.nextDouble();
            return new Plan(title, List.of(new Item(title, List.of("Over", "Under"), Kind.TOTAL, null,
                    "Resolves Over if the game's final total exceeds the line, Under otherwise, per the official "
                            + f.template().topicOf().label() + " result. Synthetic sandbox data.")),
                    Shape.BELIEF, start, null, null, null, false, tags(f));
        }
        String body = form == Form.FIGHT ? title.substring("UFC: ".length()) : title;
        String[] sides = sides(body);
        return new Plan(title, List.of(new Item(body, List.of(sides[0], sides[1]), Kind.SIDES, null,
                "Resolves to the side that wins, per the official " + f.template().topicOf().label()
                        + " result. Synthetic sandbox data.")), Shape.BELIEF, start, null, null, null, false, tags(f));
    }

    // ---- groups of people, parties, teams, titles -------------------------------------------------------------------

    private static Plan race(SplittableRandom r, Frame f) {
        int s = f.subject();
        int n = f.count();
        LocalDate end = LocalDate.ofInstant(f.end(), ZoneOffset.UTC);
        List<String> names;
        String what;
        boolean parties = false;
        switch (f.template().form()) {
            case HOUSE, SENATE, PRESIDENT -> {
                names = List.of("Democrats", "Republicans");
                parties = true;
                what = "win " + (f.template().form() == Form.PRESIDENT ? "the presidency" : "control of the "
                        + (f.template().form() == Form.HOUSE ? "House" : "Senate")) + " in " + end.getYear();
            }
            case GOVERNOR -> {
                names = new ArrayList<>();
                String[] party = {" (D)", " (R)", " (I)", " (L)"};
                for (String p : Questions.people(r, n)) names.add(p + party[names.size()]);
                what = "win the " + Catalogue.STATES[s] + " governor election in " + end.getYear();
            }
            case FOREIGN -> {
                String[] list = (String[]) Catalogue.ELECTIONS[s][2];
                names = list != null ? List.of(list) : Questions.people(r, n);
                parties = list != null;
                what = (list != null ? "win the most seats in the " : "win the ") + Catalogue.ELECTIONS[s][0] + " "
                        + Catalogue.ELECTIONS[s][1] + " of " + end.getYear();
            }
            case SECRETARY_GENERAL -> {
                names = Questions.people(r, n);
                what = "be chosen as the next UN Secretary-General";
            }
            default -> {
                names = Questions.people(r, n);
                what = "be the " + (s == 0 ? "Democratic" : "Republican") + " presidential nominee in " + end.getYear();
            }
        }
        double[] priors = names.size() == 2 ? new double[]{0.3 + 0.4 * r.nextDouble(), 0} : skewed(r, names.size());
        if (names.size() == 2) priors[1] = 1 - priors[0];
        List<Item> items = new ArrayList<>();
        for (String name : names) {
            String q = "Will " + (parties && name.endsWith("s") ? "the " : "") + name + " " + what + "?";
            items.add(new Item(q, List.of("Yes", "No"), Kind.BINARY, name, rules(f.template().form(), name + " " + what)));
        }
        return group(f, items, priors, true);
    }

    private static Plan sport(SplittableRandom r, Frame f) {
        Form form = f.template().form();
        int n = f.count();
        LocalDate end = LocalDate.ofInstant(f.end(), ZoneOffset.UTC);
        List<Item> items = new ArrayList<>();
        double[] priors;
        if (form == Form.SOCCER_GAME) {
            String[] sides = sides(f.title());
            String on = " on " + Questions.date(end);
            priors = new double[]{0.3 + 0.3 * r.nextDouble(), 0.22 + 0.08 * r.nextDouble(), 0};
            priors[2] = 1 - priors[0] - priors[1];
            items.add(new Item("Will " + sides[0] + " win" + on + "?", List.of("Yes", "No"), Kind.BINARY, sides[0], rules(form, sides[0] + " wins")));
            items.add(new Item("Will " + f.title() + " end in a draw?", List.of("Yes", "No"), Kind.BINARY, "Draw", rules(form, "the game ends level")));
            items.add(new Item("Will " + sides[1] + " win" + on + "?", List.of("Yes", "No"), Kind.BINARY, sides[1], rules(form, sides[1] + " wins")));
            return group(f, items, priors, true);
        }
        List<String> names = switch (form) {
            case CHAMPION -> teams(r, Questions.LEAGUES[f.template().param()], n);
            case CONSTRUCTORS, GRAND_PRIX -> List.of(Catalogue.F1_TEAMS);
            default -> Questions.people(r, n);
        };
        priors = skewed(r, names.size());
        String event = switch (form) {
            case CHAMPION -> new String[]{"the " + end.getYear() + " NBA Finals", "Super Bowl " + end.getYear(),
                    "the " + end.getYear() + " World Series", "the " + end.getYear() + " Stanley Cup",
                    "the " + (end.getYear() - 1) + "–" + end.getYear() % 100 + " Premier League title",
                    "the " + end.getYear() + " Champions League final"}[f.template().param()];
            case CONSTRUCTORS -> "the " + end.getYear() + " F1 Constructors' Championship";
            case GRAND_PRIX -> "the " + Catalogue.GRANDS_PRIX[f.subject()] + " Grand Prix " + end.getYear();
            case SLAM -> "the " + f.title().substring(0, f.title().length() - " champion?".length());
            default -> f.title().substring(0, f.title().length() - " winner?".length());
        };
        for (String name : names) {
            items.add(new Item("Will " + name + " win " + event + "?", List.of("Yes", "No"), Kind.BINARY, name, rules(form, name + " wins " + event)));
        }
        return group(f, items, priors, true);
    }

    private static Plan contest(SplittableRandom r, Frame f) {
        Form form = f.template().form();
        int n = f.count();
        List<String> names = switch (form) {
            case TOP_ARTIST -> Questions.people(r, n);
            case BEST_AI -> pick(r, Catalogue.AI_LABS, n);
            case LARGEST -> pick(r, Arrays.copyOf(Catalogue.COMPANIES, 8), n);
            case ALBUM -> {
                List<String> out = new ArrayList<>();
                List<String> by = Questions.people(r, n);
                for (String t : Questions.titles(r, n)) out.add(t + " (" + by.get(out.size()) + ")");
                yield out;
            }
            default -> Questions.titles(r, n);
        };
        String award = f.title().substring(0, f.title().length() - 1);
        // An award keeps its name's capitals ("win Best Picture at the 2027 Oscars"); a ranking reads as a phrase.
        boolean wins = form == Form.BEST_PICTURE || form == Form.ALBUM || form == Form.DRAMA || form == Form.GOTY;
        String what = wins ? award : Character.toLowerCase(award.charAt(0)) + award.substring(1);
        List<Item> items = new ArrayList<>();
        for (String name : names) {
            String q = form == Form.BEST_AI ? "Will " + name + " have the best AI model at the end of " + Questions.month(LocalDate.ofInstant(f.end(), ZoneOffset.UTC)) + "?"
                    : form == Form.LARGEST ? "Will " + name + " be the largest company by market cap at the end of " + Questions.month(LocalDate.ofInstant(f.end(), ZoneOffset.UTC)) + "?"
                    : "Will " + name + (wins ? " win " : " be the ") + what + "?";
            items.add(new Item(q, List.of("Yes", "No"), Kind.BINARY, name, rules(form, name + " is the answer")));
        }
        return group(f, items, skewed(r, n), true);
    }

    // ---- ranges of an indicator ---------------------------------------------------------------------------------------

    /** A bracket of ranges: labels, a subject for the questions, priors from a normal around the expected value. */
    private static Plan ranges(SplittableRandom r, Frame f) {
        Form form = f.template().form();
        int n = f.count();
        LocalDate end = LocalDate.ofInstant(f.end(), ZoneOffset.UTC);
        String[] labels;
        String subject;
        if (form == Form.FED_DECISION) {
            labels = new String[]{"Cut 50+ bps", "Cut 25 bps", "No change", "Hike 25+ bps"};
            double[] p = {0.03 + 0.1 * r.nextDouble(), 0.1 + 0.4 * r.nextDouble(), 0.3 + 0.5 * r.nextDouble(), 0.02 + 0.08 * r.nextDouble()};
            List<Item> items = new ArrayList<>();
            for (String l : labels) {
                items.add(new Item("Will the Fed's decision in " + Questions.month(end) + " be: " + l + "?", List.of("Yes", "No"),
                        Kind.BINARY, l, rules(form, "the Federal Open Market Committee's decision is " + l.toLowerCase())));
            }
            return group(f, items, normalised(p), true);
        }
        double centre, step, first;
        String unit;
        switch (form) {
            case APPROVAL -> { centre = 43 + 3 * r.nextGaussian(); step = 1; unit = "%"; subject = "the president's approval rating on " + Questions.date(end); }
            case CPI -> { centre = 2.8 + 0.4 * r.nextGaussian(); step = 0.1; unit = "%"; subject = "US CPI inflation (year on year) for " + Questions.month(end.minusMonths(1)); }
            case UNEMPLOYMENT -> { centre = 4.3 + 0.3 * r.nextGaussian(); step = 0.1; unit = "%"; subject = "the US unemployment rate for " + Questions.month(end.minusMonths(1)); }
            case GDP -> { centre = 2 + r.nextGaussian(); step = 1; unit = "%"; subject = "US real GDP growth (annualised) for the quarter"; }
            case FED_CUTS -> { centre = 2 + r.nextGaussian(); step = 1; unit = ""; subject = "the number of Fed rate cuts in " + end.getYear(); }
            case STORMS -> { centre = 17 + 3 * r.nextGaussian(); step = 3; unit = ""; subject = "the number of Atlantic named storms in " + end.getYear(); }
            case DELIVERIES -> { centre = 440 + 40 * r.nextGaussian(); step = 40; unit = "k"; subject = "Tesla's vehicle deliveries for the quarter"; }
            case OPENING -> { centre = 30 + 60 * r.nextDouble(); step = 20; unit = "M";
                subject = "the domestic opening-weekend gross of " + f.title().substring(0, f.title().indexOf(" opening weekend")); }
            case STARSHIP -> { centre = 8 + 4 * r.nextGaussian(); step = 3; unit = ""; subject = "the number of Starship launches in " + end.getYear(); }
            case ANOMALY -> { centre = 1.3 + 0.1 * r.nextGaussian(); step = 0.05; unit = "°C"; subject = "the global surface temperature anomaly for " + Questions.month(end); }
            default -> {
                Object[] city = Catalogue.CITIES[f.subject()];
                double jan = (Integer) city[1], jul = (Integer) city[2];
                centre = jan + (jul - jan) * (1 - Math.cos(2 * Math.PI * (end.getMonthValue() - 1) / 12)) / 2 + 4 * r.nextGaussian();
                step = 2;
                unit = "°F";
                subject = "the highest temperature recorded in " + city[0] + " on " + Questions.date(end);
            }
        }
        first = Math.round(centre / step - (n - 2) / 2.0) * step;
        // A count or an amount is never negative, so its lowest range ends one step above zero at least.
        if (CANNOT_BE_NEGATIVE.contains(form)) first = Math.max(step, first);
        if (form == Form.GDP) first = Math.round(centre - (n - 2) / 2.0);
        labels = new String[n];
        double[] priors = new double[n];
        for (int k = 0; k < n; k++) {
            double lo = first + (k - 1) * step, hi = first + k * step;
            labels[k] = k == 0 ? "below " + num(first, step, unit) : k == n - 1 ? num(lo, step, unit) + " or more"
                    : step < 1 && unit.equals("%") ? num(lo, step, unit) : num(lo, step, unit) + " to " + num(hi, step, unit);
            double a = k == 0 ? Double.NEGATIVE_INFINITY : lo, b = k == n - 1 ? Double.POSITIVE_INFINITY : hi;
            priors[k] = EventModel.phi((b - centre) / (1.2 * step)) - EventModel.phi((a - centre) / (1.2 * step)) + 0.004;
        }
        List<Item> items = new ArrayList<>();
        for (String l : labels) {
            items.add(new Item("Will " + subject + " be " + l + "?", List.of("Yes", "No"), Kind.BINARY, l,
                    rules(form, subject + " is " + l)));
        }
        return group(f, items, normalised(priors), true);
    }

    /** A bound of a range as the labels write it: "2.8%", "$40M", "17", "440k", "66°F". */
    private static String num(double v, double step, String unit) {
        int decimals = step >= 1 ? 0 : step >= 0.1 ? 1 : 2;
        String s = BigDecimal.valueOf(v).setScale(decimals, RoundingMode.HALF_UP).toPlainString();
        return unit.equals("M") ? "$" + s + "M" : s + unit;
    }

    // ---- asset questions ------------------------------------------------------------------------------------------------

    private static Plan asset(SplittableRandom r, Frame f, double level, double days) {
        Form form = f.template().form();
        Assets.Asset a = Questions.asset(f.template());
        String date = Questions.date(LocalDate.ofInstant(f.end(), ZoneOffset.UTC));
        double move = Assets.pricingVolatility(a) * Math.sqrt(Math.max(0.25, days));
        List<String> tags = tags(f);
        String the = a.dollars() ? "the price of " + a.name() : a.name();
        if (form == Form.UP_DOWN) {
            Item item = new Item(f.title(), List.of("Up", "Down"), Kind.UP_DOWN, null, "Resolves Up if " + the + " at the end of "
                    + date + " is at or above its level a day before, Down otherwise. Synthetic sandbox data.");
            return new Plan(f.title(), List.of(item), Shape.UP_DOWN, 0, null, new double[]{level}, a, false, tags);
        }
        int n = f.count();
        double step = Assets.step(level, Math.max(0.004, (form == Form.BRACKET ? 4 : 2.4) * move / Math.max(1, n - 2)));
        double centre = Math.round(level / step) * step;
        if (form == Form.ABOVE) {
            double z = Math.max(-1.5, Math.min(1.5, r.nextGaussian()));
            double k = Math.max(step, Math.round(level * Math.exp(0.5 * move * z) / step) * step);
            String q = f.title().replace("___", a.format(k));
            Item item = new Item(q, List.of("Yes", "No"), Kind.BINARY, null, rules(form, the + " is above " + a.format(k) + " at the close on " + date));
            return new Plan(q, List.of(item), Shape.LADDER, 0, null, new double[]{k}, a, false, tags);
        }
        int strikes = form == Form.LADDER ? n : n - 1;
        double firstStrike = centre - Math.floor((strikes - 1) / 2.0) * step;
        while (firstStrike <= 0) firstStrike += step;
        double[] k = new double[strikes];
        for (int i = 0; i < strikes; i++) k[i] = firstStrike + i * step;
        List<Item> items = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String name, cond;
            if (form == Form.LADDER) {
                name = a.format(k[i]);
                cond = "above " + name;
            } else {
                name = i == 0 ? "below " + a.format(k[0]) : i == n - 1 ? a.format(k[n - 2]) + " or more" : a.format(k[i - 1]) + " to " + a.format(k[i]);
                cond = name;
            }
            items.add(new Item("Will " + the + " be " + cond + " on " + date + "?", List.of("Yes", "No"), Kind.BINARY, name,
                    rules(form, the + " is " + cond + " at the close on " + date)));
        }
        boolean negRisk = form == Form.BRACKET;
        return new Plan(f.title(), items, form == Form.LADDER ? Shape.LADDER : Shape.BRACKET, 0, null, k, a, negRisk, tags);
    }

    // ---- helpers ----------------------------------------------------------------------------------------------------

    private static Plan group(Frame f, List<Item> items, double[] priors, boolean negRisk) {
        return new Plan(f.title(), items, Shape.GROUP, 0, priors, null, null, negRisk, tags(f));
    }

    /** Prior shares of a field: a few favourites and a long tail, in falling order. */
    static double[] skewed(SplittableRandom r, int n) {
        double[] p = new double[n];
        for (int i = 0; i < n; i++) p[i] = Math.pow(r.nextDouble(), 2.2) + 0.004;
        Arrays.sort(p);
        for (int i = 0; i < n / 2; i++) {
            double t = p[i];
            p[i] = p[n - 1 - i];
            p[n - 1 - i] = t;
        }
        return normalised(p);
    }

    private static double[] normalised(double[] p) {
        double total = 0;
        for (double x : p) total += x;
        for (int i = 0; i < p.length; i++) p[i] /= total;
        return p;
    }

    private static List<String> teams(SplittableRandom r, String[][] league, int n) {
        List<String> all = new ArrayList<>();
        for (String[] t : league) all.add(t[0]);
        for (int i = all.size() - 1; i > 0; i--) java.util.Collections.swap(all, i, r.nextInt(i + 1));
        return all.subList(0, Math.min(n, all.size()));
    }

    private static List<String> pick(SplittableRandom r, String[] from, int n) {
        List<String> all = new ArrayList<>(List.of(from));
        for (int i = all.size() - 1; i > 0; i--) java.util.Collections.swap(all, i, r.nextInt(i + 1));
        return new ArrayList<>(all.subList(0, Math.min(n, all.size())));
    }

    /** The rules a market's description gives: what makes it Yes, and where the answer comes from. */
    private static String rules(Form form, String yesIf) {
        return "This market resolves Yes if " + yesIf + ", and No otherwise, per " + source(form) + ". Synthetic sandbox data.";
    }

    private static String source(Form form) {
        return switch (form) {
            case HOUSE, SENATE, PRESIDENT, GOVERNOR, NOMINEE -> "certified election results";
            case FOREIGN -> "the official results of the election";
            case FED_DECISION, FED_CUT, FED_CUTS -> "the Federal Reserve's statements";
            case CPI, CPI_ABOVE -> "the Bureau of Labor Statistics' CPI release";
            case UNEMPLOYMENT, PAYROLLS -> "the Bureau of Labor Statistics' employment report";
            case GDP, RECESSION -> "the Bureau of Economic Analysis and the NBER";
            case LADDER, BRACKET, ABOVE, UP_DOWN -> "the reference price at the stated time";
            case CITY_TEMP, ANOMALY, HOTTEST_YEAR, STORMS -> "the national weather and climate agencies' records";
            default -> "the official sources named in its rules";
        };
    }

    /** The event's tags: its topic's, then its subject's (a country, a company, a league's final) where it has one. */
    static List<String> tags(Frame f) {
        List<String> out = new ArrayList<>(f.template().topicOf().tags());
        String extra = switch (f.template().form()) {
            case FOREIGN -> (String) Catalogue.ELECTIONS[f.subject()][0];
            case GOVERNOR -> "Governors";
            case SENATE -> "Senate";
            case HOUSE -> "House";
            case CRYPTO_BILL -> "Stablecoins";
            case ETF -> "ETFs";
            case RESERVE -> "Bitcoin";
            case BEST_PICTURE -> "Oscars";
            case ALBUM -> "Grammys";
            case TOP_ARTIST -> "Spotify";
            case SLAM -> "Grand Slam";
            case GOLF_MAJOR -> "Majors";
            case STARSHIP -> "Starship";
            case PHEIC -> "WHO";
            case BEST_AI -> "OpenAI";
            case NORMALIZE -> "Saudi Arabia";
            case NUCLEAR_DEAL -> "Iran";
            case CHAMPION -> new String[]{"NBA Finals", "Super Bowl", "World Series", "Stanley Cup", null, null}[f.template().param()];
            case MISSION -> Catalogue.MISSIONS[f.subject()].startsWith("NASA") ? "NASA" : null;
            case AI_RELEASE -> Catalogue.AI_LABS[f.subject()];
            case TARIFF -> Catalogue.COUNTRIES_TARIFF[f.subject()].replace("the ", "");
            case EARNINGS, CEO, LAYOFFS -> Catalogue.COMPANIES[f.subject()];
            case LADDER, BRACKET, ABOVE, UP_DOWN -> switch (Questions.asset(f.template()).symbol()) {
                case "GOLD" -> "Gold";
                case "SILVER" -> "Silver";
                case "WTIOIL" -> "Oil";
                case "SP500" -> "S&P 500";
                case "NAS100" -> "Nasdaq";
                default -> null;
            };
            default -> null;
        };
        if (extra != null && Tags.known(extra) && !out.contains(extra)) out.add(extra);
        return out;
    }

    /** The two sides of "A vs. B" (by hand: a regular expression costs its compilation at a first page). */
    private static String[] sides(String title) {
        int at = title.indexOf(" vs. ");
        return new String[]{title.substring(0, at), title.substring(at + " vs. ".length())};
    }
}
