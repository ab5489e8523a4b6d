package org.marketlab.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The world's statistics as a researcher reads them: through the public routes only (events from the markets server,
 * price histories and candles from the order book, tapes, holders and open interest from the Data API), over several
 * seeds, each sandbox anchored and fixed at the same instant. Each test prints what it measured; the figures in
 * {@code docs/sandbox-world.md} come from {@code mvn -pl sandbox -am verify -Dtest=WorldStatisticsTest}.
 *
 * <p>What the documents promise and these tests hold the world to: a resolved market comes true with probability
 * {@code logistic((1 + x) logit(p))}, {@code p} its price a horizon (a week, or a quarter of its life if shorter) before
 * its end and {@code x} the longshot bias (0.07 by default), those chances shared out to sum to one among a neg-risk
 * group's outcomes; a ladder's prices fall as its strike rises; an open
 * neg-risk group's prices sum to one within 0.03 plus one tick per market; every price is on its market's tick
 * grid; hourly returns have fat tails and clustered volatility; open titles are unique; tags follow topics; a market's
 * tape adds up to its volume, and its holders to its open interest.
 */
class WorldStatisticsTest {

    private static final Instant ANCHOR = Instant.parse("2026-11-01T00:00:00Z");
    private static final long ANCHOR_S = ANCHOR.getEpochSecond();
    private static final long[] SEEDS = {3, 7, 11};
    private static final double DEFAULT_BIAS = 0.07;
    private static final DateTimeFormatter CLOSED_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss'+00'");
    private static final List<String> CATEGORIES = List.of("Politics", "Sports", "Crypto", "Economics", "Culture", "Science",
            "Business", "World");

    /** One seed's sandbox, its routes, and its events as {@code /events/keyset} lists them. */
    private record Run(long seed, Sandbox sandbox, Wire markets, Wire clob, Wire data, List<JsonNode> events) {
    }

    private static final List<Run> RUNS = new ArrayList<>();

    @BeforeAll
    static void start() {
        for (long seed : SEEDS) RUNS.add(run(seed, DEFAULT_BIAS, false));
    }

    private static Run run(long seed, double bias, boolean explicit) {
        Sandbox.Builder b = Sandbox.builder().seed(seed).now(ANCHOR).present(ANCHOR);
        if (explicit) b.longshotBias(bias);
        Sandbox s = b.build().enforceLimits(false);
        var urls = s.start();
        Wire markets = new Wire(urls.get("markets"));
        List<JsonNode> events = new ArrayList<>();
        String cursor = null;
        do {
            JsonNode page = markets.json("/events/keyset?limit=100" + (cursor == null ? "" : "&after_cursor=" + cursor));
            page.get("events").forEach(events::add);
            cursor = page.has("next_cursor") ? page.get("next_cursor").asText() : null;
        } while (cursor != null);
        return new Run(seed, s, markets, new Wire(urls.get("clob")), new Wire(urls.get("data")), events);
    }

    @AfterAll
    static void stop() {
        for (Run r : RUNS) r.sandbox().close();
    }

    // ---- calibration ------------------------------------------------------------------------------------------------

    /**
     * A resolved market: its price a horizon before its end, whether its first outcome won, and its neg-risk group's
     * prices at that minute (its own alone when it has no group).
     */
    private record Resolved(double price, boolean won, double[] group) {
    }

    private static List<Resolved> resolved(Run run) {
        List<Resolved> out = new ArrayList<>();
        for (JsonNode e : run.events()) {
            if (!e.get("closed").asBoolean()) continue;
            List<Resolved> event = new ArrayList<>();
            for (JsonNode m : e.get("markets")) {
                long start = Instant.parse(m.get("createdAt").asText()).getEpochSecond() / 60;
                long end = Instant.parse(m.get("endDate").asText()).getEpochSecond() / 60;
                long horizon = Math.min(7 * 1440, Math.max(60, (end - start) / 4));
                long at = (end - horizon) * 60;
                JsonNode h = run.clob().json("/prices-history?market=" + m.get("positionIds").get(0).asText()
                        + "&startTs=" + at + "&endTs=" + at + "&fidelity=1").get("history");
                assertEquals(1, h.size(), "the price at the horizon of a closed market is readable: " + m.get("id"));
                String outcome = Wire.read(m.get("outcomePrices").asText().getBytes()).get(0).asText();
                assertTrue(outcome.equals("1") || outcome.equals("0"), "resolved: " + m.get("outcomePrices"));
                event.add(new Resolved(h.get(0).get("p").asDouble(), outcome.equals("1"), null));
            }
            boolean group = e.get("negRisk").asBoolean();
            double[] prices = event.stream().mapToDouble(Resolved::price).toArray();
            for (Resolved r : event) out.add(new Resolved(r.price(), r.won(), group ? prices : new double[]{r.price()}));
        }
        return out;
    }

    /** The chance the documented bias gives an outcome priced {@code p}. */
    private static double truth(double p, double bias) {
        if (p <= 0 || p >= 1) return p;
        return 1 / (1 + Math.exp(-(1 + bias) * Math.log(p / (1 - p))));
    }

    /** The documented chance of a resolved market: the curve's, shared out among a neg-risk group so that it sums to one. */
    private static double truth(Resolved r, double bias) {
        if (r.group().length == 1) return truth(r.price(), bias);
        double total = 0;
        for (double p : r.group()) total += truth(p, bias);
        return total == 0 ? 0 : truth(r.price(), bias) / total;
    }

    /** Least squares of outcomes on prices: slope, intercept, and their standard errors under the documented chances. */
    private record Fit(double slope, double intercept, double slopeError, double interceptError, int n) {
    }

    private static Fit fit(List<Resolved> rs, double bias, boolean expected) {
        int n = rs.size();
        double mx = rs.stream().mapToDouble(Resolved::price).average().orElseThrow();
        double sxx = 0, sxy = 0, sy = 0, vs = 0, vi = 0;
        for (Resolved r : rs) {
            double y = expected ? truth(r, bias) : r.won() ? 1 : 0;
            sxx += (r.price() - mx) * (r.price() - mx);
            sxy += (r.price() - mx) * y;
            sy += y;
        }
        for (Resolved r : rs) {
            double q = truth(r, bias), var = q * (1 - q), d = (r.price() - mx) / sxx;
            vs += d * d * var;
            double w = 1.0 / n - mx * d;
            vi += w * w * var;
        }
        double slope = sxy / sxx;
        return new Fit(slope, sy / n - slope * mx, Math.sqrt(vs), Math.sqrt(vi), n);
    }

    /** The frequency of YES by price decile, with the documented chance, printed and returned. */
    private static double[][] deciles(List<Resolved> rs, double bias, String label) {
        double[][] t = new double[10][4]; // n, mean price, frequency, expected
        for (Resolved r : rs) {
            int k = Math.min(9, (int) (r.price() * 10));
            t[k][0]++;
            t[k][1] += r.price();
            t[k][2] += r.won() ? 1 : 0;
            t[k][3] += truth(r, bias);
        }
        StringBuilder b = new StringBuilder(label + ": decile, markets, mean price, YES frequency, documented chance\n");
        for (int k = 0; k < 10; k++) {
            if (t[k][0] == 0) continue;
            for (int j = 1; j < 4; j++) t[k][j] /= t[k][0];
            b.append(String.format(Locale.ROOT, "  %d  %6.0f  %.3f  %.3f  %.3f%n", k, t[k][0], t[k][1], t[k][2], t[k][3]));
        }
        System.out.print(b);
        return t;
    }

    @Test
    void resolvedMarketsAreCalibratedUpToTheDocumentedBias() {
        List<Resolved> all = new ArrayList<>();
        for (Run r : RUNS) all.addAll(resolved(r));
        assertTrue(all.size() > 5000, "resolved markets over " + SEEDS.length + " seeds: " + all.size());
        double[][] table = deciles(all, DEFAULT_BIAS, "calibration over seeds " + Arrays.toString(SEEDS));
        Fit measured = fit(all, DEFAULT_BIAS, false), documented = fit(all, DEFAULT_BIAS, true);
        System.out.printf(Locale.ROOT, "calibration: slope %.3f (documented %.3f, s.e. %.3f), intercept %.3f (documented %.3f, s.e. %.3f), %d markets%n",
                measured.slope(), documented.slope(), documented.slopeError(), measured.intercept(), documented.intercept(),
                documented.interceptError(), all.size());
        // The frequency of YES rises with the price, and each decile with enough markets sits near its documented chance.
        for (int k = 0; k < 10; k++) {
            if (table[k][0] < 100) continue;
            double se = Math.sqrt(table[k][3] * (1 - table[k][3]) / table[k][0]);
            assertEquals(table[k][3], table[k][2], 4 * se + 0.01, "decile " + k);
        }
        assertTrue(table[9][2] - table[0][2] > 0.8, "YES from the cheapest decile to the dearest");
        assertEquals(documented.slope(), measured.slope(), 4 * documented.slopeError() + 0.01, "slope");
        assertEquals(documented.intercept(), measured.intercept(), 4 * documented.interceptError() + 0.01, "intercept");
    }

    @Test
    void theLongshotBiasSettingMovesTheCalibration() {
        Map<Double, Fit> fits = new LinkedHashMap<>();
        for (double bias : new double[]{0, 0.6}) {
            Run run = run(5, bias, true);
            try {
                List<Resolved> rs = resolved(run);
                double[][] table = deciles(rs, bias, "seed 5, longshot bias " + bias);
                for (int k = 0; k < 10; k++) {
                    if (table[k][0] < 100) continue;
                    assertEquals(table[k][3], table[k][2], 4 * Math.sqrt(table[k][3] * (1 - table[k][3]) / table[k][0]) + 0.01, "decile " + k);
                }
                Fit measured = fit(rs, bias, false), documented = fit(rs, bias, true);
                System.out.printf(Locale.ROOT, "longshot bias %.2f: slope %.3f (documented %.3f, s.e. %.3f), intercept %.3f (documented %.3f)%n",
                        bias, measured.slope(), documented.slope(), documented.slopeError(), measured.intercept(), documented.intercept());
                assertEquals(documented.slope(), measured.slope(), 4 * documented.slopeError() + 0.01, "slope at bias " + bias);
                assertEquals(documented.intercept(), measured.intercept(), 4 * documented.interceptError() + 0.01, "intercept at bias " + bias);
                fits.put(bias, measured);
            } finally {
                run.sandbox().close();
            }
        }
        assertTrue(fits.get(0.6).slope() - fits.get(0.0).slope() > 0.08, "a stronger bias steepens the line: " + fits);
    }

    // ---- structure of prices ----------------------------------------------------------------------------------------

    /** The window one {@code /prices-history} request may span. */
    private static final long WINDOW = 15 * 86_400L;

    /** A token's history from {@code from} to {@code to}, read in consecutive windows the service allows, joined. */
    private static double[] history(Run run, String token, long from, long to, int fidelity) {
        List<Double> prices = new ArrayList<>();
        for (long start = from; start <= to; start += WINDOW + 1) {
            long end = Math.min(to, start + WINDOW);
            JsonNode h = run.clob().json("/prices-history?market=" + token + "&startTs=" + start + "&endTs=" + end + "&fidelity=" + fidelity).get("history");
            for (JsonNode p : h) prices.add(p.get("p").asDouble());
        }
        double[] out = new double[prices.size()];
        for (int i = 0; i < out.length; i++) out[i] = prices.get(i);
        return out;
    }

    private static boolean open(JsonNode e) {
        return !e.get("closed").asBoolean();
    }

    @Test
    void laddersAreMonotoneInTheirStrikes() {
        int ladders = 0, points = 0;
        for (Run run : RUNS) {
            for (JsonNode e : run.events()) {
                if (!open(e) || !e.get("title").asText().contains("above ___")) continue;
                List<JsonNode> ms = new ArrayList<>();
                e.get("markets").forEach(ms::add);
                ms.sort(Comparator.comparingDouble(m -> Double.parseDouble(m.get("groupItemTitle").asText().replaceAll("[$,]", ""))));
                List<double[]> hs = new ArrayList<>();
                for (JsonNode m : ms) hs.add(history(run, m.get("positionIds").get(0).asText(), ANCHOR_S - 3 * 86_400, ANCHOR_S, 60));
                for (int t = 0; t < hs.get(0).length; t++) {
                    for (int k = 1; k < hs.size(); k++) {
                        if (hs.get(k).length != hs.get(0).length) continue;
                        assertTrue(hs.get(k)[t] <= hs.get(k - 1)[t], e.get("title").asText() + ": a higher strike is no dearer at point " + t);
                        points++;
                    }
                }
                ladders++;
            }
        }
        System.out.printf("ladders: %d open ladders, %d neighbouring pairs of prices compared%n", ladders, points);
        assertTrue(ladders > 20, "open ladders " + ladders);
    }

    @Test
    void openNegRiskGroupsSumToAboutOne() {
        List<Double> deviations = new ArrayList<>();
        int groups = 0;
        for (Run run : RUNS) {
            for (JsonNode e : run.events()) {
                if (!open(e) || !e.get("negRisk").asBoolean()) continue;
                groups++;
                List<JsonNode> ms = new ArrayList<>();
                e.get("markets").forEach(ms::add);
                double tick = ms.get(0).get("orderPriceMinTickSize").asDouble();
                long from = ANCHOR_S - 3 * 86_400;
                Map<Long, Double> sums = new HashMap<>();
                for (JsonNode m : ms) {
                    long trading = m.get("closed").asBoolean() ? closedAt(m) : Long.MAX_VALUE;
                    JsonNode h = run.clob().json("/prices-history?market=" + m.get("positionIds").get(0).asText() + "&startTs=" + from
                            + "&endTs=" + ANCHOR_S + "&fidelity=60").get("history");
                    for (JsonNode pt : h) if (pt.get("t").asLong() < trading) sums.merge(pt.get("t").asLong(), pt.get("p").asDouble(), Double::sum);
                }
                for (double s : sums.values()) {
                    double d = Math.abs(s - 1);
                    deviations.add(d);
                    assertTrue(d <= 0.03 + ms.size() * tick, e.get("title").asText() + " sums to " + s + " over " + ms.size() + " markets");
                }
            }
        }
        double[] d = deviations.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double mean = Arrays.stream(d).average().orElseThrow();
        System.out.printf(Locale.ROOT, "neg-risk sums: %d open groups, %d hourly sums over 3 days: |sum - 1| mean %.4f, median %.4f, 95th %.4f, max %.4f%n",
                groups, d.length, mean, d[d.length / 2], d[(int) (d.length * 0.95)], d[d.length - 1]);
        assertTrue(groups > 150, "open neg-risk groups " + groups);
        assertTrue(mean < 0.015, "the sums stray little, and not for long: mean |sum - 1| " + mean);
    }

    private static long closedAt(JsonNode m) {
        return LocalDateTime.parse(m.get("closedTime").asText(), CLOSED_TIME).toEpochSecond(ZoneOffset.UTC);
    }

    @Test
    void everyHistoryPriceAndCandleIsOnItsTickGrid() {
        int prices = 0;
        for (Run run : RUNS) {
            int markets = 0;
            for (JsonNode e : run.events()) {
                if (markets >= 60) break;
                JsonNode m = e.get("markets").get(0);
                BigDecimal tick = new BigDecimal(m.get("orderPriceMinTickSize").asText());
                long end = open(e) ? ANCHOR_S : Instant.parse(m.get("endDate").asText()).getEpochSecond();
                for (String token : List.of(m.get("positionIds").get(0).asText(), m.get("positionIds").get(1).asText())) {
                    for (double p : history(run, token, end - 7 * 86_400, end, 60)) prices += onGrid(p, tick, m);
                    for (double p : history(run, token, end - 86_400, end, 1)) prices += onGrid(p, tick, m);
                    JsonNode candles = run.clob().json("/ohlc?asset_id=" + token + "&fidelity=1h&startTs=" + (end - 2 * 86_400) + "&endTs=" + end).get("candles");
                    for (JsonNode c : candles) for (String f : List.of("o", "h", "l", "c")) prices += onGrid(c.get(f).asDouble(), tick, m);
                }
                markets++;
            }
        }
        System.out.printf("tick grid: %d prices checked%n", prices);
        assertTrue(prices > 100_000, "prices checked " + prices);
    }

    private static int onGrid(double p, BigDecimal tick, JsonNode m) {
        BigDecimal v = BigDecimal.valueOf(p);
        assertEquals(0, v.remainder(tick).signum(), p + " is on the " + tick + " grid of market " + m.get("id"));
        return 1;
    }

    @Test
    void hourlyReturnsHaveFatTailsAndClusteredVolatility() {
        List<Double> kurtosis = new ArrayList<>(), clustering = new ArrayList<>();
        double pooled4 = 0;
        long pooledN = 0;
        for (Run run : RUNS) {
            for (JsonNode e : run.events()) {
                if (!open(e)) continue;
                JsonNode m = e.get("markets").get(0);
                Instant created = Instant.parse(m.get("createdAt").asText()), end = e.hasNonNull("endDate") ? Instant.parse(e.get("endDate").asText()) : null;
                if (m.get("orderPriceMinTickSize").asDouble() != 0.001 || created.getEpochSecond() > ANCHOR_S - 35 * 86_400L) continue;
                if (end == null || end.getEpochSecond() < ANCHOR_S + 8 * 86_400L) continue; // not yet converging on its outcome
                double[] p = history(run, m.get("positionIds").get(0).asText(), ANCHOR_S - 30 * 86_400L, ANCHOR_S, 60);
                // Undecided markets, whose moves show on the grid (near 0 or 1 most hours move a tick or none).
                if (p[p.length - 1] < 0.1 || p[p.length - 1] > 0.9) continue;
                double[] r = new double[p.length - 1];
                for (int i = 0; i < r.length; i++) r[i] = p[i + 1] - p[i];
                double mean = Arrays.stream(r).average().orElse(0), m2 = 0, m4 = 0;
                for (double x : r) {
                    m2 += (x - mean) * (x - mean);
                    m4 += Math.pow(x - mean, 4);
                }
                m2 /= r.length;
                m4 /= r.length;
                if (m2 == 0) continue;
                kurtosis.add(m4 / (m2 * m2));
                pooled4 += m4 / (m2 * m2) * r.length;
                pooledN += r.length;
                clustering.add(lagOneAutocorrelationOfAbs(r));
            }
        }
        double[] k = kurtosis.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double[] c = clustering.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        double meanC = Arrays.stream(c).average().orElseThrow(), sdC = Math.sqrt(Arrays.stream(c).map(x -> (x - meanC) * (x - meanC)).sum() / (c.length - 1));
        System.out.printf(Locale.ROOT, "hourly returns over 30 days of %d open markets (tick 0.001, priced 0.1 to 0.9): kurtosis median %.1f, pooled %.1f (normal: 3); "
                        + "lag-1 autocorrelation of |return| mean %.3f, median %.3f (s.e. of the mean %.3f)%n",
                k.length, k[k.length / 2], pooled4 / pooledN, meanC, c[c.length / 2], sdC / Math.sqrt(c.length));
        assertTrue(k.length > 100, "markets " + k.length);
        assertTrue(k[k.length / 2] > 6, "fat tails: median kurtosis " + k[k.length / 2]);
        assertTrue(meanC > 0.05 && meanC > 4 * sdC / Math.sqrt(c.length), "volatility clusters: |return| autocorrelation " + meanC);
    }

    private static double lagOneAutocorrelationOfAbs(double[] r) {
        double mean = Arrays.stream(r).map(Math::abs).average().orElse(0), num = 0, den = 0;
        for (int i = 0; i < r.length; i++) {
            den += Math.pow(Math.abs(r[i]) - mean, 2);
            if (i > 0) num += (Math.abs(r[i]) - mean) * (Math.abs(r[i - 1]) - mean);
        }
        return den == 0 ? 0 : num / den;
    }

    // ---- questions and tags --------------------------------------------------------------------------------------------

    @Test
    void rangesOfCountsAndAmountsNeverGoBelowZero() {
        Pattern count = Pattern.compile(
                "the number of|opening-weekend gross|vehicle deliveries");
        Pattern belowZero = Pattern.compile(
                "be (below \\$?0(M|k)?\\?| ?-\\d|below -\\$?\\d)");
        for (Run run : RUNS) {
            int ranges = 0;
            for (JsonNode e : run.events()) {
                for (JsonNode m : e.get("markets")) {
                    String q = m.get("question").asText();
                    if (!count.matcher(q).find()) continue;
                    ranges++;
                    assertFalse(belowZero.matcher(q).find(), "seed " + run.seed() + ": a count's range below zero: " + q);
                }
            }
            assertTrue(ranges > 50, "seed " + run.seed() + ": ranges over counts and amounts " + ranges);
        }
    }

    @Test
    void openTitlesAreUnique() {
        for (Run run : RUNS) {
            Set<String> titles = new HashSet<>();
            int open = 0;
            for (JsonNode e : run.events()) {
                if (!open(e)) continue;
                open++;
                assertTrue(titles.add(e.get("title").asText()), "seed " + run.seed() + ": one open event titled " + e.get("title").asText());
            }
            assertTrue(open > 500, "open events " + open);
        }
    }

    @Test
    void tagsFollowTopicsAndSearchFindsWhatItSays() {
        for (Run run : RUNS) {
            Map<String, Set<String>> common = new HashMap<>();
            for (JsonNode e : run.events()) {
                String category = e.get("category").asText();
                Set<String> labels = new java.util.LinkedHashSet<>();
                e.get("tags").forEach(t -> labels.add(t.get("label").asText()));
                assertEquals(category, labels.iterator().next(), "an event's first tag is its category: " + e.get("title"));
                for (String other : CATEGORIES) {
                    assertTrue(other.equals(category) || !labels.contains(other), e.get("title").asText() + " is not tagged " + other);
                }
                common.merge(e.get("subcategory").asText(), labels, (a, b) -> {
                    Set<String> x = new HashSet<>(a);
                    x.retainAll(b);
                    return x;
                });
            }
            // Every event of a topic carries the topic's tags: the category's and at least one more.
            common.forEach((topic, tags) -> assertTrue(tags.size() >= 2, "the events on " + topic + " share their tags: " + tags));
            JsonNode found = run.markets().json("/public-search?q=bitcoin&limit_per_type=50");
            assertTrue(found.get("events").size() > 5, "events about bitcoin");
            for (JsonNode e : found.get("events")) {
                String text = (e.get("title").asText() + " " + e.get("tags").toString() + " " + e.path("markets").toString()).toLowerCase(Locale.ROOT);
                assertTrue(text.contains("bitcoin"), "a search for bitcoin finds what mentions it: " + e.get("title"));
            }
        }
    }

    // ---- trading adds up across hosts -------------------------------------------------------------------------------------

    @Test
    void aMarketsTapeAddsUpToItsVolumeAndItsHoldersToItsOpenInterest() {
        int checked = 0;
        for (Run run : RUNS) {
            int here = 0;
            for (JsonNode e : run.events()) {
                if (!open(e) || here >= 6) continue;
                for (JsonNode m : e.get("markets")) {
                    double v24 = m.get("volume24hr").asDouble();
                    if (m.get("closed").asBoolean() || v24 < 500 || v24 > 200_000) continue;
                    checkTape(run, m, v24);
                    checkHolders(run, e, m);
                    here++;
                    break;
                }
            }
            checked += here;
        }
        assertTrue(checked >= 12, "markets checked " + checked);
    }

    /**
     * Seed 7's most traded market is a headline: its whole tape, read by {@code /v2/trades} cursor in pages of 1,000 (the
     * fewest pages, each trade once, newest first), runs past 100,000 trades and adds up to its volume.
     */
    @Test
    void theMostTradedMarketIsAHeadlineWhoseWholeTapeAddsUpToItsVolume() {
        Run run = RUNS.stream().filter(r -> r.seed() == 7).findFirst().orElseThrow();
        JsonNode top = null;
        for (JsonNode e : run.events()) {
            for (JsonNode m : e.get("markets")) if (top == null || m.get("volumeNum").asDouble() > top.get("volumeNum").asDouble()) top = m;
        }
        String c = top.get("conditionId").asText();
        JsonNode holders = run.data().json("/v2/holders?condition=" + c + "&limit=1000").get("data");
        java.util.Map<String, Double> netFirst = new java.util.HashMap<>();
        java.util.Set<String> hashes = new java.util.HashSet<>();
        double value = 0;
        long last = Long.MAX_VALUE;
        int pages = 0;
        String cursor = null;
        do {
            JsonNode page = run.data().json("/v2/trades?condition=" + c + "&limit=1000" + (cursor == null ? "" : "&cursor=" + cursor));
            pages++;
            for (JsonNode t : page.get("data")) {
                long ts = t.get("timestamp").asLong();
                assertTrue(ts <= last, "newest first");
                last = ts;
                assertTrue(hashes.add(t.get("transaction_hash").asText() + "/" + t.get("outcome_index").asInt()), "each trade once");
                if (ts < ANCHOR_S) value += t.get("size").asDouble() * t.get("price").asDouble();
                boolean longFirst = t.get("side").asText().equals("BUY") == (t.get("outcome_index").asInt() == 0);
                netFirst.merge(t.get("proxy_wallet").asText(), (longFirst ? 1 : -1) * t.get("size").asDouble(), Double::sum);
            }
            cursor = page.at("/pagination/has_more").asBoolean() ? page.at("/pagination/next_cursor").asText() : null;
        } while (cursor != null);
        int trades = hashes.size();
        double volume = top.get("volumeNum").asDouble();
        System.out.printf(Locale.ROOT, "the most traded market, %s: %,d trades in %d pages, %.2f USDC before the anchor against a volume of %.2f%n",
                top.get("question").asText(), trades, pages, value, volume);
        assertTrue(trades >= 100_000, "a headline's tape: " + trades + " trades");
        assertEquals((trades + 999) / 1000, pages, "the fewest pages");
        assertEquals(volume, value, 0.001 * volume + 0.005 * trades, "the tape adds up to the volume");
        long[] inTape = {0};
        var wallets = run.sandbox().wallets();
        wallets.quotes().tape(wallets.markets().byCondition(c).tokens()[0]).visit(0, wallets.tapeEnd(), false, t -> ++inTape[0] > 0);
        assertEquals(inTape[0], trades, "every trade of the tape, none lost at a page's edge");
        checkHoldersFollowTheTape(run, holders, netFirst);
    }

    /**
     * The crowd's holders of each outcome are the tape's takers left long it (first-outcome shares bought less sold,
     * the second outcome counting the other way), the longest holding the most; the seeded wallets, whose own fills
     * are parts of tape trades, are left out.
     */
    private static void checkHoldersFollowTheTape(Run run, JsonNode groups, java.util.Map<String, Double> netFirst) {
        java.util.Set<String> seeded = new java.util.HashSet<>();
        for (String w : run.sandbox().wallets().seeded()) seeded.add(w.toLowerCase(Locale.ROOT));
        int checked = 0;
        for (JsonNode g : groups) {
            int outcome = g.get("holders").get(0).get("outcome_index").asInt();
            double sign = outcome == 0 ? 1 : -1, before = Double.MAX_VALUE;
            for (JsonNode h : g.get("holders")) {
                String wallet = h.get("proxy_wallet").asText();
                if (seeded.contains(wallet.toLowerCase(Locale.ROOT))) continue;
                double net = sign * netFirst.getOrDefault(wallet, 0.0);
                assertTrue(net > 0, wallet + " holds outcome " + outcome + " and is not long it on the tape: " + net);
                assertTrue(net <= before + 0.01, "holders come in the order of their net shares: " + wallet + " " + net + " after " + before);
                before = net;
                checked++;
            }
        }
        assertTrue(checked >= 20, "crowd holders checked: " + checked);
    }

    /** The day's taker trades add up to the day's volume; the candles' volumes are the trades' shares. */
    private static void checkTape(Run run, JsonNode m, double v24) {
        String c = m.get("conditionId").asText();
        double value = 0, sharesYes = 0;
        int trades = 0;
        for (int offset = 0; ; offset += 1000) {
            JsonNode page = run.data().json("/trades?market=" + c + "&limit=1000&offset=" + offset);
            boolean older = false;
            for (JsonNode t : page) {
                long ts = t.get("timestamp").asLong();
                if (ts < ANCHOR_S - 86_400) {
                    older = true;
                    break;
                }
                if (ts >= ANCHOR_S) continue;
                value += t.get("size").asDouble() * t.get("price").asDouble();
                if (t.get("outcomeIndex").asInt() == 0) sharesYes += t.get("size").asDouble();
                trades++;
            }
            if (older || page.size() < 1000 || offset >= 9000) break;
        }
        assertEquals(v24, value, 0.001 * v24 + 0.005 * trades, "the day's trades of " + m.get("id") + " add up to its 24-hour volume");
        JsonNode candles = run.clob().json("/ohlc?asset_id=" + m.get("positionIds").get(0).asText() + "&fidelity=1h&startTs="
                + (ANCHOR_S - 86_400) + "&endTs=" + (ANCHOR_S - 60)).get("candles");
        double candleShares = 0;
        for (JsonNode k : candles) candleShares += k.get("v").asDouble();
        assertEquals(sharesYes, candleShares, 0.01 * candles.size() + 1e-6, "the candles' volume is the tape's shares");
        System.out.printf(Locale.ROOT, "tape of market %s: %d trades in the last day, %.2f USDC against a 24-hour volume of %.2f%n",
                m.get("id").asText(), trades, value, v24);
    }

    /** Each outcome's holders hold the complete sets outstanding; open interest is their shares at their prices. */
    private static void checkHolders(Run run, JsonNode e, JsonNode m) {
        String c = m.get("conditionId").asText();
        JsonNode groups = run.data().json("/v2/holders?condition=" + c + "&limit=1000").get("data");
        assertEquals(2, groups.size());
        BigDecimal priced = BigDecimal.ZERO;
        List<BigDecimal> totals = new ArrayList<>();
        for (JsonNode g : groups) {
            BigDecimal total = BigDecimal.ZERO;
            for (JsonNode h : g.get("holders")) total = total.add(h.get("amount").decimalValue());
            BigDecimal mid = new BigDecimal(run.clob().json("/midpoint?token_id=" + g.get("token_id").asText()).get("mid").asText());
            priced = priced.add(total.multiply(mid));
            totals.add(total);
        }
        BigDecimal oi = run.data().json("/oi?market=" + c).get(0).get("value").decimalValue();
        assertEquals(0, priced.compareTo(oi), "open interest is the holders' shares at their prices: " + priced + " vs " + oi);
        assertTrue(totals.get(0).signum() > 0, "the outcomes are held");
        assertEquals(0, totals.get(0).compareTo(totals.get(1)), "each outcome's holders hold the complete sets outstanding: " + totals);
        if (e.get("markets").size() == 1) {
            assertEquals(e.get("openInterest").asDouble(), totals.get(0).doubleValue(), 0.011, "the event's open interest is its market's");
        }
        System.out.printf(Locale.ROOT, "holders of market %s: %s shares of each outcome, open interest %s (event %s: %s)%n",
                m.get("id").asText(), totals, oi, e.get("id").asText(), e.get("openInterest").asText());
    }
}
