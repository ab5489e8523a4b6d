package org.marketlab.charts;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.internal.chartpart.Chart;
import org.marketlab.Charts;

import javax.imageio.ImageIO;
import java.awt.Graphics2D;
import java.awt.Image;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Golden images of a few charts, so the theme cannot drift unseen: each chart of a fixed table is drawn and compared
 * with the picture kept under {@code src/test/resources/golden/}, in two ways that both forgive fonts.
 * <ul>
 *   <li>The whole picture: both images reduced to an eighth of their size by area averaging (text becomes grey
 *       smudges where it stands) must agree on average within 5 levels of 255 per channel, with at most 3% of the
 *       reduced pixels off by more than 48. Another sans-serif font (Liberation Sans for DejaVu Sans, which moves
 *       every label and so the plot's edges) stays within these bounds; a grey plot panel (9 to 12 levels), a moved
 *       legend or pane, lost bars or candles do not.</li>
 *   <li>Its features, measured on the drawn image whatever the font: white to the corner, light solid grid lines
 *       across the plot in the theme's grid colour (a dashed or darker grid has no such runs), bars and lines in the
 *       theme's palette, a zero line across signed charts, volume bars in the pane under the candles.</li>
 * </ul>
 * {@code -Dmarketlab.golden.update=true} rewrites the pictures (look at them before committing); the drawn ones are
 * kept under {@code target/golden/} for comparison.
 */
class ChartGoldenTest {

    /** The standard theme's colours, written out: a change to the theme must change this test too. */
    static final java.awt.Color BLUE = new java.awt.Color(0x0173B2), UP = new java.awt.Color(0x029E73), DOWN = new java.awt.Color(0xD55E00),
            GRID = new java.awt.Color(0xE5E5E5), ZERO = new java.awt.Color(0x4D4D4D), TEXT = new java.awt.Color(0x262626);
    static final int REDUCE = 8;
    static final double MEAN_LEVELS = 5.0, FAR_LEVELS = 48, FAR_SHARE = 0.03;

    @Test
    void candlesWithAVolumePane() throws Exception {
        BufferedImage img = matches("candles", Charts.candles(ChartSamples.candles()));
        assertTrue(gridLines(img, GRID, true) >= 4, "horizontal grid lines in both panes: " + gridLines(img, GRID, true));
        int paneTop = (int) (img.getHeight() * (1 - Charts.VOLUME_SHARE));
        assertTrue(share(img, tinted(UP), paneTop, img.getHeight()) > 0.05, "rising volume bars in the pane under the candles");
        assertTrue(share(img, tinted(DOWN), paneTop, img.getHeight()) > 0.02, "falling volume bars too");
        assertTrue(share(img, exactly(UP), 0, paneTop) > 0.003 && share(img, exactly(DOWN), 0, paneTop) > 0.003, "candles in the up and down colours");
    }

    @Test
    void verticalBarsOfShortCategories() throws Exception {
        BufferedImage img = matches("bars", Charts.bar(ChartSamples.categories(), "category", "Sum [volume]", "Where the volume trades: active events by category"));
        assertTrue(gridLines(img, GRID, true) >= 4, "horizontal grid lines");
        assertTrue(share(img, exactly(BLUE), 0, img.getHeight()) > 0.15, "bars in the palette's first colour");
    }

    @Test
    void horizontalBarsOfGainsAndLosses() throws Exception {
        BufferedImage img = matches("pnl-by-market", Charts.pnlByMarket(ChartSamples.pnl(), 15));
        assertTrue(gridLines(img, GRID, false) >= 3, "vertical grid lines along the value axis");
        assertTrue(share(img, exactly(UP), 0, img.getHeight()) > 0.01 && share(img, exactly(DOWN), 0, img.getHeight()) > 0.005, "gains and losses coloured");
        assertTrue(longestRun(img, ZERO, false) > img.getHeight() / 2, "a zero line down the plot");
    }

    @Test
    void stepsWithAZeroLine() throws Exception {
        BufferedImage img = matches("equity", Charts.equity(ChartSamples.equity()));
        assertTrue(gridLines(img, GRID, true) >= 4, "horizontal grid lines");
        assertTrue(longestRun(img, ZERO, true) > img.getWidth() / 2, "a zero line across the plot");
        assertTrue(share(img, exactly(BLUE), 0, img.getHeight()) > 0.002, "the line in the palette's first colour");
    }

    @Test
    void aLineOfCountsWithRoundTicks() throws Exception {
        BufferedImage img = matches("window", Charts.line(ChartSamples.window(), "t_s", "in_window", "Requests in the sliding window", "requests in the window"));
        int rows = gridLines(img, GRID, true);
        assertTrue(rows >= 4 && rows <= 10, "a sensible number of horizontal grid lines (ticks): " + rows);
    }

    /** The comparison itself tells a themed chart from XChart's defaults (it can fail). */
    @Test
    void theComparisonCatchesXChartsDefaults() throws Exception {
        var plain = new org.knowm.xchart.CategoryChartBuilder().width(Charts.WIDTH).height(Charts.HEIGHT)
                .title("Where the volume trades: active events by category").xAxisTitle("category").yAxisTitle("total volume (USDC)").build();
        var t = ChartSamples.categories();
        plain.addSeries("volume", t.stringColumn("category").asList(), t.doubleColumn("Sum [volume]").asList());
        BufferedImage golden = golden("bars");
        BufferedImage drawn = draw(plain); // not Charts.png: that would theme it
        double[] d = difference(golden, drawn);
        assertTrue(d[0] > MEAN_LEVELS || d[1] > FAR_SHARE, String.format(Locale.ROOT, "XChart's defaults differ: mean %.1f, far %.3f", d[0], d[1]));
    }

    private static BufferedImage matches(String name, Chart<?, ?> chart) throws Exception {
        BufferedImage drawn = ImageIO.read(new ByteArrayInputStream(Charts.png(chart)));
        Path out = Path.of("target", "golden");
        Files.createDirectories(out);
        ImageIO.write(drawn, "png", out.resolve(name + ".png").toFile());
        if (Boolean.getBoolean("marketlab.golden.update")) {
            Path dir = Path.of("src", "test", "resources", "golden");
            Files.createDirectories(dir);
            ImageIO.write(drawn, "png", dir.resolve(name + ".png").toFile());
            return drawn;
        }
        BufferedImage golden = golden(name);
        assertEquals(golden.getWidth(), drawn.getWidth(), name + ": width");
        assertEquals(golden.getHeight(), drawn.getHeight(), name + ": height");
        double[] d = difference(golden, drawn);
        String report = String.format(Locale.ROOT, "%s: mean difference %.2f levels (at most %.1f), %.2f%% of reduced pixels off by more than %.0f (at most %.0f%%); "
                + "the drawn chart is %s", name, d[0], MEAN_LEVELS, d[1] * 100, FAR_LEVELS, FAR_SHARE * 100, out.resolve(name + ".png").toAbsolutePath());
        System.out.println(report);
        assertTrue(d[0] <= MEAN_LEVELS && d[1] <= FAR_SHARE, report);
        assertEquals(0xFFFFFF, drawn.getRGB(1, 1) & 0xFFFFFF, name + ": white to the corner");
        return drawn;
    }

    // ---- features of the drawn image ---------------------------------------------------------------------------

    private static java.util.function.IntPredicate exactly(java.awt.Color c) {
        return rgb -> close(rgb, c.getRed(), c.getGreen(), c.getBlue(), 8);
    }

    /** The colour over white at any opacity from a third to full (volume bars are drawn a little transparent). */
    private static java.util.function.IntPredicate tinted(java.awt.Color c) {
        return rgb -> {
            for (double a = 1; a >= 0.33; a -= 0.03) {
                if (close(rgb, (int) (c.getRed() * a + 255 * (1 - a)), (int) (c.getGreen() * a + 255 * (1 - a)), (int) (c.getBlue() * a + 255 * (1 - a)), 8)) return true;
            }
            return false;
        };
    }

    private static boolean close(int rgb, int r, int g, int b, int tolerance) {
        return Math.abs((rgb >> 16 & 255) - r) <= tolerance && Math.abs((rgb >> 8 & 255) - g) <= tolerance && Math.abs((rgb & 255) - b) <= tolerance;
    }

    /** Share of the pixels of rows {@code from} to {@code to} that match. */
    private static double share(BufferedImage img, java.util.function.IntPredicate match, int from, int to) {
        int n = 0, all = 0;
        for (int y = Math.max(0, from); y < Math.min(img.getHeight(), to); y++) {
            for (int x = 0; x < img.getWidth(); x++) {
                all++;
                if (match.test(img.getRGB(x, y))) n++;
            }
        }
        return all == 0 ? 0 : n / (double) all;
    }

    /** The longest unbroken run of a colour along a row ({@code rows}) or a column. */
    private static int longestRun(BufferedImage img, java.awt.Color c, boolean rows) {
        int best = 0;
        int outer = rows ? img.getHeight() : img.getWidth(), inner = rows ? img.getWidth() : img.getHeight();
        for (int i = 0; i < outer; i++) {
            int run = 0;
            for (int j = 0; j < inner; j++) {
                int rgb = rows ? img.getRGB(j, i) : img.getRGB(i, j);
                run = close(rgb, c.getRed(), c.getGreen(), c.getBlue(), 24) ? run + 1 : 0;
                best = Math.max(best, run);
            }
        }
        return best;
    }

    /**
     * Grid lines: rows ({@code horizontal}) or columns where a line of the grid colour runs across at least a third of
     * the pixels, in unbroken stretches of 20 pixels or more (a dashed grid breaks every few pixels). An antialiased
     * one-pixel line at a fractional position spreads over two rows, so each pair of neighbouring rows is weighed: at
     * a grid line, their grey adds up to one pixel of the grid colour (a darker grid adds up to more); neighbouring
     * pairs count as one line.
     */
    private static int gridLines(BufferedImage img, java.awt.Color grid, boolean horizontal) {
        int outer = horizontal ? img.getHeight() : img.getWidth(), inner = horizontal ? img.getWidth() : img.getHeight();
        int line = 255 - grid.getRed();
        int lines = 0;
        boolean previous = false;
        for (int i = 0; i + 1 < outer; i++) {
            int run = 0, best = 0, count = 0;
            for (int j = 0; j < inner; j++) {
                int a = horizontal ? img.getRGB(j, i) : img.getRGB(i, j), b = horizontal ? img.getRGB(j, i + 1) : img.getRGB(i + 1, j);
                boolean grey = neutral(a) && neutral(b);
                int dark = (255 - (a & 255)) + (255 - (b & 255));
                boolean gridish = grey && Math.abs(dark - line) <= 7;
                run = gridish ? run + 1 : 0;
                if (gridish) count++;
                best = Math.max(best, run);
            }
            boolean found = count >= inner / 3 && best >= 20;
            if (found && !previous) lines++;
            previous = found;
        }
        return lines;
    }

    private static boolean neutral(int rgb) {
        return (rgb >> 16 & 255) == (rgb & 255) && (rgb >> 8 & 255) == (rgb & 255);
    }

    private static BufferedImage golden(String name) throws Exception {
        try (InputStream in = ChartGoldenTest.class.getResourceAsStream("/golden/" + name + ".png")) {
            assertNotNull(in, "no golden picture " + name + ".png: run with -Dmarketlab.golden.update=true, look at it, commit it");
            return ImageIO.read(in);
        }
    }

    private static BufferedImage draw(Chart<?, ?> c) {
        BufferedImage img = new BufferedImage(c.getWidth(), c.getHeight(), BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        c.paint(g, c.getWidth(), c.getHeight());
        g.dispose();
        return img;
    }

    /** Mean absolute difference per channel of the reduced images, and the share of reduced pixels far apart. */
    static double[] difference(BufferedImage a, BufferedImage b) {
        int w = Math.max(1, Math.min(a.getWidth(), b.getWidth()) / REDUCE), h = Math.max(1, Math.min(a.getHeight(), b.getHeight()) / REDUCE);
        BufferedImage ra = reduce(a, w, h), rb = reduce(b, w, h);
        double sum = 0;
        int far = 0;
        for (int y = 0; y < h; y++) {
            for (int x = 0; x < w; x++) {
                int p = ra.getRGB(x, y), q = rb.getRGB(x, y);
                int worst = 0;
                for (int shift = 0; shift <= 16; shift += 8) {
                    int d = Math.abs((p >> shift & 255) - (q >> shift & 255));
                    sum += d;
                    worst = Math.max(worst, d);
                }
                if (worst > FAR_LEVELS) far++;
            }
        }
        return new double[]{sum / (3.0 * w * h), far / (double) (w * h)};
    }

    private static BufferedImage reduce(BufferedImage src, int w, int h) {
        Image scaled = src.getScaledInstance(w, h, Image.SCALE_AREA_AVERAGING);
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = out.createGraphics();
        g.drawImage(scaled, 0, 0, null);
        g.dispose();
        return out;
    }
}
