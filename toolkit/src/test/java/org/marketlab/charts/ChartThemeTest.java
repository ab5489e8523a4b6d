package org.marketlab.charts;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.marketlab.Charts;
import org.marketlab.tables.ColumnKind;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import javax.imageio.ImageIO;
import java.awt.Color;
import java.awt.Font;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The theme every chart takes, its tick labels, and the chart forms it brings (horizontal bars, steps, log axes). */
class ChartThemeTest {

    static BufferedImage image(org.knowm.xchart.internal.chartpart.Chart<?, ?> c) throws Exception {
        return ImageIO.read(new ByteArrayInputStream(Charts.png(c)));
    }

    @Test
    void tickLabelsAreCompactAndNeverENotation() {
        var money = AxisFormats.of(ColumnKind.USDC, 0, 2.8e7);
        assertEquals("$25M", money.apply(2.5e7));
        assertEquals("$0", money.apply(0.0));
        assertEquals(AxisFormats.MINUS + "$5M", money.apply(-5e6));
        var counts = AxisFormats.of(ColumnKind.NUMBER, 0, 12_000);
        assertEquals("10k", counts.apply(10_000.0));
        assertEquals("$1,234", AxisFormats.of(ColumnKind.USDC, 0, 1500).apply(1234.0));
        assertEquals("45%", AxisFormats.of(ColumnKind.SHARE, 0, 1).apply(0.45));
        assertEquals("120%", AxisFormats.of(ColumnKind.PERCENT, 0, 133).apply(120.0));
        assertEquals("0.23", AxisFormats.of(ColumnKind.PRICE, 0.19, 0.24).apply(0.23));
        assertEquals("0.198", AxisFormats.of(ColumnKind.PRICE, 0.195, 0.205).apply(0.198), "as many decimals as the range needs");
        assertEquals("$48,450", AxisFormats.of(ColumnKind.USDC, 48_450, 48_625).apply(48_450.0), "a narrow range at a large value is written out");
        for (double v : new double[]{1e-9, 1e-3, 3.3e7, 4.2e12}) {
            String s = AxisFormats.of(ColumnKind.NUMBER, 0, v).apply(v);
            assertFalse(s.matches(".*\\dE-?\\d.*"), s);
        }
        assertEquals("$1,624", AxisFormats.value(ColumnKind.USDC, 1623.85));
        assertEquals("$12.3M", AxisFormats.value(ColumnKind.USDC, 12_290_805.57));
        assertEquals(AxisFormats.MINUS + "$1,141", AxisFormats.value(ColumnKind.USDC, -1140.55));
        assertEquals("MMM d", AxisFormats.datePattern(7 * 86_400));
        assertEquals("HH:mm", AxisFormats.datePattern(6 * 3600));
        assertEquals("MMM yyyy", AxisFormats.datePattern(400L * 86_400));
    }

    @Test
    void everyChartTakesTheTheme() throws Exception {
        var bars = Charts.bar(ChartSamples.categories(), "category", "Sum [volume]", "Volume by category");
        var s = bars.getStyler();
        assertEquals(Color.WHITE, s.getChartBackgroundColor(), "no grey outer panel");
        assertEquals(Color.WHITE, s.getPlotBackgroundColor());
        assertEquals(Font.PLAIN, s.getAxisTickLabelsFont().getStyle(), "normal-weight tick labels");
        assertEquals(Font.PLAIN, s.getChartTitleFont().getStyle());
        assertEquals(ChartTheme.COLORBLIND[0], s.getSeriesColors()[0]);
        assertTrue(s.getPlotGridLinesStroke().getDashArray() == null, "a solid grid");
        BufferedImage img = image(bars);
        assertEquals(Color.WHITE.getRGB(), img.getRGB(2, 2), "white to the corner");
        assertEquals("total volume (USDC)", bars.getYAxisTitle(), "the axis says what it shows and in which unit");
    }

    @Test
    void xchartChartsMadeElsewhereTakeTheThemeWhenShownOrSaved() throws Exception {
        XYChart raw = new XYChartBuilder().width(600).height(300).title("raw").xAxisTitle("x").yAxisTitle("y").build();
        raw.addSeries("s", new double[]{1, 2, 3}, new double[]{2e7, 3e7, 2.5e7});
        Color xchartDefault = raw.getStyler().getChartBackgroundColor();
        assertFalse(Color.WHITE.equals(xchartDefault), "XChart's own default is the grey panel");
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(Charts.png(raw)));
        assertEquals(Color.WHITE.getRGB(), img.getRGB(2, 2), "Charts.png keeps the theme");
        ChartText text = ChartText.of(raw);
        assertFalse(text.yTickLabels().isEmpty());
        for (String t : text.yTickLabels()) assertFalse(t.contains("E"), "compact, not E-notation: " + text.yTickLabels());
        raw.getStyler().setChartBackgroundColor(Color.BLACK);
        Charts.themed(raw);
        assertEquals(Color.BLACK, raw.getStyler().getChartBackgroundColor(), "themed once: a user's later choice stands");
    }

    /** An event study's table as {@code Research.eventStudy} gives it: a jump of 5 cents at minute 0. */
    static Table study() {
        var minute = tech.tablesaw.api.IntColumn.create("minute");
        var events = tech.tablesaw.api.IntColumn.create("events");
        DoubleColumn mean = DoubleColumn.create("mean"), q25 = DoubleColumn.create("q25"), median = DoubleColumn.create("median"), q75 = DoubleColumn.create("q75");
        for (int m = -60; m <= 60; m++) {
            double v = m < 0 ? 0.002 * Math.sin(m) : 0.05;
            minute.append(m);
            events.append(12);
            mean.append(v);
            q25.append(v - 0.01);
            median.append(v);
            q75.append(v + 0.01);
        }
        return Table.create("event study of 12 events", minute, events, mean, q25, median, q75);
    }

    @Test
    void researchChartsTakeTheThemeInAPlainProgram() throws Exception {
        var won = tech.tablesaw.api.BooleanColumn.create("yes_won");
        var price = DoubleColumn.create("price_7d");
        for (int i = 0; i < 200; i++) {
            price.append((i % 20 + 0.5) / 20);
            won.append(i % 20 >= 10);
        }
        var calibration = Charts.calibration(org.marketlab.Research.calibration(Table.create("resolved", won, price), java.time.Duration.ofDays(7)));
        var study = Charts.eventStudy(study());
        for (XYChart c : List.of(calibration, study)) {
            var s = c.getStyler();
            assertEquals(Color.WHITE, s.getChartBackgroundColor(), c.getTitle());
            assertEquals(Color.WHITE, s.getPlotBackgroundColor(), c.getTitle());
            assertEquals(Charts.theme().font(), s.getChartTitleFont().getFamily(), c.getTitle());
            assertEquals(Font.PLAIN, s.getAxisTickLabelsFont().getStyle(), c.getTitle());
            assertEquals(Charts.theme().mutedText(), s.getAxisTickLabelsColor(), c.getTitle());
            assertEquals(Charts.WIDTH, c.getWidth(), c.getTitle());
            assertEquals(Color.WHITE.getRGB(), image(c).getRGB(2, 2), "white to the corner: " + c.getTitle());
        }
        assertEquals(Charts.theme().color(0), study.getSeriesMap().get("upper quartile").getLineColor(), "the quartiles in the theme's first colour");
        assertEquals(Charts.theme().color(1), study.getSeriesMap().get("mean").getLineColor(), "the mean in its second");
        ChartTheme before = Charts.theme();
        try {
            Charts.theme(Charts.theme().withPalette(Color.MAGENTA, Color.ORANGE).withSize(640, 320));
            var changed = Charts.eventStudy(study());
            assertEquals(640, changed.getWidth(), "the theme's size");
            assertEquals(Color.ORANGE, changed.getSeriesMap().get("mean").getLineColor(), "the theme's palette");
            assertEquals(Color.MAGENTA, changed.getSeriesMap().get("upper quartile").getLineColor());
        } finally {
            Charts.theme(before);
        }
    }

    @Test
    void theThemeCanBeChangedAndChangedBack() throws Exception {
        ChartTheme before = Charts.theme();
        try {
            Charts.theme(Charts.theme().withPalette(Color.MAGENTA).withSize(640, 320).withFont(Font.SERIF));
            var chart = Charts.bar(ChartSamples.categories(), "category", "Sum [volume]", "Volume by category");
            assertEquals(640, chart.getWidth());
            assertEquals(Font.SERIF, chart.getStyler().getChartTitleFont().getFamily());
            BufferedImage img = image(chart);
            int magenta = 0;
            for (int y = 0; y < img.getHeight(); y++) for (int x = 0; x < img.getWidth(); x++) if (img.getRGB(x, y) == Color.MAGENTA.getRGB()) magenta++;
            assertTrue(magenta > 1000, "bars in the theme's colour: " + magenta);
        } finally {
            Charts.theme(before);
        }
        assertEquals(ChartTheme.COLORBLIND[0], Charts.theme().color(0));
        assertThrows(IllegalArgumentException.class, () -> Charts.theme().withPalette());
        assertThrows(IllegalArgumentException.class, () -> Charts.theme().withSize(10, 10));
        assertThrows(IllegalArgumentException.class, () -> Charts.theme(null));
    }

    @Test
    void evenlySpacedCountsGetRoundTicksNotThirtySix() throws Exception {
        var chart = Charts.line(ChartSamples.window(), "t_s", "in_window", "Requests in the window", "requests");
        Charts.png(chart);
        List<String> y = ChartText.of(chart).yTickLabels();
        assertTrue(y.size() >= 4 && y.size() <= 9, "a sensible number of ticks: " + y);
        for (String t : y) assertTrue(t.matches("[0-9,]+") && Integer.parseInt(t.replace(",", "")) % 50 == 0, "round ticks: " + y);
        assertEquals("time (s)", chart.getXAxisTitle());
    }

    @Test
    void bothCandlePanesHaveRoundTicks() throws Exception {
        CandleChart chart = Charts.candles(ChartSamples.candles());
        Charts.png(chart);
        List<String> volume = ChartText.of(chart.volume().orElseThrow()).yTickLabels();
        assertTrue(volume.size() >= 2, volume.toString());
        for (String t : volume) assertTrue(t.matches("\\$[0-9,]+") && Integer.parseInt(t.replaceAll("[$,]", "")) % 100 == 0, "round volume ticks: " + volume);
        List<String> price = ChartText.of(chart.price()).yTickLabels();
        assertTrue(price.size() >= 4, price.toString());
        for (String t : price) assertTrue(t.matches("0\\.\\d{2}"), "prices to two decimals here: " + price);
    }

    @Test
    void longCategoryLabelsGetHorizontalBarsAndEveryLabelShows() throws Exception {
        HorizontalBarChart pnl = Charts.pnlByMarket(ChartSamples.pnl(), 15);
        assertEquals(14, pnl.labels().size(), "every market has its row");
        assertTrue(pnl.getHeight() > Charts.HEIGHT, "the chart grows a row per bar: " + pnl.getHeight());
        assertTrue(pnl.labels().get(13).startsWith("Will S. Fujita win the Senate race in 2027?"));
        Charts.png(pnl);
        assertFalse(pnl.tickLabels().isEmpty());
        assertEquals("total PnL (USDC)", pnl.getXAxisTitle());
        // Short categories stay vertical; long or many go horizontal.
        assertTrue(Charts.bar(ChartSamples.categories(), "category", "Sum [volume]", "t") instanceof org.knowm.xchart.CategoryChart);
        Table longer = Table.create("t", StringColumn.create("event", "Who will win the Latin America race in 2026?", "Tariffs in September 2027: which range?"),
                DoubleColumn.create("value", 10.0, 20.0));
        assertTrue(Charts.bar(longer, "event", "value", "t") instanceof HorizontalBarChart);
    }

    @Test
    void labelsWrapAtWordsAndEndWithAnEllipsisAtAWord() {
        var fm = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics().getFontMetrics(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
        String q = "Will S. Fujita win the Senate race in 2027? A long question that needs two lines and more to be read in full";
        List<String> lines = Labels.wrap(q, 200, fm, 2);
        assertEquals(2, lines.size());
        assertTrue(lines.get(1).endsWith("…"), lines.toString());
        String shown = String.join(" ", lines).replace("…", "");
        for (String word : shown.trim().split(" ")) assertTrue(q.contains(word), "no word cut: " + word + " in " + lines);
        for (String l : lines) assertTrue(fm.stringWidth(l) <= 200, l);
        assertEquals(List.of("who-will-top-retail-in-", "2026-16702"), Labels.wrap("who-will-top-retail-in-2026-16702", 150, fm, 2),
                "slugs wrap at their hyphens");
        assertEquals(List.of("Crypto"), Labels.wrap("Crypto", 200, fm, 2));
    }

    @Test
    void cumulativeSeriesAreStepsAndSignedSeriesHaveAZeroLine() throws Exception {
        XYChart equity = Charts.equity(ChartSamples.equity());
        for (XYSeries s : equity.getSeriesMap().values()) assertEquals(XYSeries.XYSeriesRenderStyle.Step, s.getXYSeriesRenderStyle());
        BufferedImage img = image(equity);
        // The zero line: a long run of the theme's dark line colour across the plot.
        int longest = 0;
        int zero = Charts.theme().mutedText().getRGB() & 0xFFFFFF;
        for (int y = 0; y < img.getHeight(); y++) {
            int run = 0;
            for (int x = 0; x < img.getWidth(); x++) {
                int rgb = img.getRGB(x, y) & 0xFFFFFF;
                run = Math.abs((rgb >> 16) - (zero >> 16)) < 40 && Math.abs((rgb & 255) - (zero & 255)) < 40 ? run + 1 : 0;
                longest = Math.max(longest, run);
            }
        }
        assertTrue(longest > img.getWidth() / 2, "a zero line across the plot: longest dark run " + longest);
    }

    @Test
    void logAxesAreLabelledPowersOfTen() throws Exception {
        DoubleColumn volume = DoubleColumn.create("volume"), liquidity = DoubleColumn.create("liquidity");
        for (int i = 0; i < 200; i++) {
            volume.append(Math.pow(10, -2 + 9 * ((i * 37) % 200) / 200.0));
            liquidity.append(Math.pow(10, -1 + 6 * ((i * 53) % 200) / 200.0));
        }
        XYChart c = Charts.logAxes(Charts.scatter(Table.create("m", volume, liquidity), "volume", "liquidity", "Liquidity by volume"), true, true);
        Charts.png(c);
        ChartText t = ChartText.of(c);
        assertTrue(t.xTickLabels().size() >= 4, t.toString());
        for (String s : t.xTickLabels()) assertTrue(s.matches("10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+"), "10^k: " + t.xTickLabels());
        for (String s : t.yTickLabels()) assertTrue(s.matches("10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+"), "10^k: " + t.yTickLabels());
        assertTrue(c.getXAxisTitle().endsWith("log scale"));
        assertThrows(IllegalArgumentException.class, () -> Charts.logAxes(Charts.line(ChartSamples.equity(), "time", "pnl", "t", "y"), true, false));
    }

    @Test
    void aLogAxisSetOnTheStylerDropsTheLinearTickFormat() throws Exception {
        XYChart c = Charts.scatter(ChartSamples.categories().copy().addColumns(DoubleColumn.create("n", 1.0, 10.0, 100.0, 1e3, 1e4, 1e5, 1e6, 1e7)),
                "n", "Sum [volume]", "t");
        c.getStyler().setXAxisLogarithmic(true);
        Charts.png(c);
        assertNull(c.getStyler().getxAxisTickLabelsFormattingFunction(), "XChart's log ticks, not linear labels on a log axis");
        for (String s : ChartText.of(c).xTickLabels()) assertFalse(s.contains("E"), s);
    }

    @Test
    void longTitlesShrinkRatherThanRunOff() throws Exception {
        var chart = Charts.line(ChartSamples.equity(), "time", "pnl",
                "A title far longer than any chart is wide, which must still be read whole by whoever looks at the chart in a report", "PnL");
        Charts.png(chart);
        assertTrue(chart.getStyler().getChartTitleFont().getSize() < Charts.theme().titleFont().getSize());
    }
}
