package org.marketlab.charts;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.internal.chartpart.Chart;
import org.marketlab.Charts;
import org.marketlab.Clob;
import org.marketlab.spi.Documents;
import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Charts render headless to PNG of the requested size with something drawn on them. */
class ChartsTest {

    static Table ohlc(int n) {
        InstantColumn t = InstantColumn.create("time");
        DoubleColumn o = DoubleColumn.create("open"), h = DoubleColumn.create("high"), l = DoubleColumn.create("low"),
                c = DoubleColumn.create("close"), v = DoubleColumn.create("volume");
        double p = 0.5;
        for (int i = 0; i < n; i++) {
            double next = Math.min(0.95, Math.max(0.05, p + Math.sin(i * 0.7) * 0.03));
            t.append(Instant.parse("2026-01-01T00:00:00Z").plusSeconds(3600L * i));
            o.append(p);
            c.append(next);
            h.append(Math.max(p, next) + 0.01);
            l.append(Math.min(p, next) - 0.01);
            v.append(100 + i % 7 * 20);
            p = next;
        }
        return Table.create("ohlc 1h", t, o, h, l, c, v);
    }

    /** Share of pixels that differ from the corner (background) colour. */
    static double drawn(byte[] png, int w, int h) throws Exception {
        BufferedImage img = ImageIO.read(new ByteArrayInputStream(png));
        assertEquals(w, img.getWidth());
        assertEquals(h, img.getHeight());
        int bg = img.getRGB(0, 0), other = 0;
        for (int y = 0; y < img.getHeight(); y += 2) for (int x = 0; x < img.getWidth(); x += 2) if (img.getRGB(x, y) != bg) other++;
        return other / (img.getWidth() * img.getHeight() / 4.0);
    }

    private static void rendersWithContent(Chart<?, ?> chart) throws Exception {
        double share = drawn(Charts.png(chart, 640, 360), 640, 360);
        assertTrue(share > 0.02, chart.getClass().getSimpleName() + ": only " + share + " of the image is drawn");
        assertEquals(Charts.WIDTH, chart.getWidth(), "resizing for one image leaves the chart as it was");
        String svg = new String(Charts.svg(chart), StandardCharsets.UTF_8);
        assertTrue(svg.contains("<svg"), "SVG");
    }

    @Test
    void candlesWithVolume() throws Exception {
        rendersWithContent(Charts.candles(ohlc(200)));
    }

    @Test
    void historyLineWithADateAxis() throws Exception {
        Table t = ohlc(100);
        Table history = Table.create("history", t.instantColumn("time"), t.doubleColumn("close").setName("price"));
        rendersWithContent(Charts.line(history));
    }

    @Test
    void depthOfABook() throws Exception {
        var chart = Charts.depth(Clob.parseBook(Documents.read("clob-book.json")));
        rendersWithContent(chart);
        // Steps: bids 410.25 / 270.25 / 210 up to the best bid (0.63), where they end; asks 75 / 205 / 300 from the best ask
        // (0.65). The outermost level is as wide as the gap before it: 0.01 below the lowest bid, 0.02 above the highest ask.
        var bids = chart.getSeriesMap().get("bids");
        var asks = chart.getSeriesMap().get("asks");
        assertEquals(java.util.List.of(0.6, 0.61, 0.61, 0.62, 0.62, 0.63, 0.63), java.util.Arrays.stream(bids.getXData()).boxed().map(v -> Math.round(v * 100) / 100.0).toList());
        assertEquals(java.util.List.of(410.25, 410.25, 270.25, 270.25, 210.0, 210.0, 0.0), java.util.Arrays.stream(bids.getYData()).boxed().toList());
        assertEquals(java.util.List.of(0.65, 0.65, 0.66, 0.66, 0.68, 0.68, 0.7), java.util.Arrays.stream(asks.getXData()).boxed().map(v -> Math.round(v * 100) / 100.0).toList());
        assertEquals(java.util.List.of(0.0, 75.0, 75.0, 205.0, 205.0, 300.0, 300.0), java.util.Arrays.stream(asks.getYData()).boxed().toList());
    }

    @Test
    void barsAndScatter() throws Exception {
        Table t = Table.create("t", StringColumn.create("category", "a", "b", "c"), DoubleColumn.create("volume", 3, 7, 5));
        rendersWithContent(Charts.bar(t, "category", "volume", "Volume"));
        rendersWithContent(Charts.scatter(ohlc(50), "open", "close", "open vs close"));
    }

    @Test
    void pngAtItsOwnSize() throws Exception {
        byte[] png = Charts.png(Charts.candles(ohlc(30)));
        assertTrue(drawn(png, Charts.WIDTH, Charts.HEIGHT) > 0.05);
    }

    @Test
    void wrongTablesSayWhatIsMissing() {
        Table t = Table.create("prices", DoubleColumn.create("p", 1, 2));
        var e = assertThrows(IllegalArgumentException.class, () -> Charts.candles(t));
        assertTrue(e.getMessage().contains("'time'") && e.getMessage().contains("[p]"), e.getMessage());
        var n = assertThrows(IllegalArgumentException.class, () -> Charts.bar(Table.create("x", StringColumn.create("a", "x"), StringColumn.create("b", "y")), "a", "b", "t"));
        assertTrue(n.getMessage().contains("not numeric"), n.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Charts.png(Charts.candles(ohlc(5)), 10, 10));
    }

    @Test
    void volumeIsDrawnInAPaneUnderTheCandles() throws Exception {
        Table with = ohlc(120);
        Table without = with.copy().removeColumns("volume");
        CandleChart candles = Charts.candles(with);
        assertTrue(candles.volume().isPresent() && Charts.candles(without).volume().isEmpty());
        BufferedImage a = ImageIO.read(new ByteArrayInputStream(Charts.png(candles, 640, 360)));
        BufferedImage b = ImageIO.read(new ByteArrayInputStream(Charts.png(Charts.candles(without), 640, 360)));
        java.awt.Color up = Charts.theme().up();
        int paneTop = (int) (360 * (1 - Charts.VOLUME_SHARE));
        int barsInPane = 0, barsAbove = 0, barsWithout = 0;
        for (int y = 0; y < 360; y++) {
            for (int x = 0; x < 640; x++) {
                // the volume bars: the rising colour, a little transparent over white
                if (near(a.getRGB(x, y), up, 0.4)) {
                    if (y > paneTop) barsInPane++;
                    else barsAbove++;
                }
                if (y > paneTop && near(b.getRGB(x, y), up, 0.4) && !near(b.getRGB(x, y), up, 0.0)) barsWithout++;
            }
        }
        assertTrue(barsInPane > 640 * 360 * 0.01, "volume bars drawn in the bottom pane: " + barsInPane);
        assertTrue(barsAbove > 0, "rising candles above the pane");
        assertTrue(barsWithout < barsInPane / 4, "no pane without volume (only the candles' soft edges): " + barsWithout + " against " + barsInPane);
    }

    @Test
    void volumeBarsAreAsTallAsTheirVolume() throws Exception {
        // 40 candles, volumes alternating 100 and 1,000: the tall bars ten times the short ones, at any chart height
        Table t = ohlc(40);
        DoubleColumn v = t.doubleColumn("volume");
        for (int i = 0; i < v.size(); i++) v.set(i, i % 2 == 0 ? 100.0 : 1000.0);
        for (int height : new int[]{300, 480, 800}) {
            BufferedImage a = ImageIO.read(new ByteArrayInputStream(Charts.png(Charts.candles(t), 900, height)));
            int paneTop = (int) (height * (1 - Charts.VOLUME_SHARE));
            java.awt.Color up = Charts.theme().up(), down = Charts.theme().down();
            int shortest = Integer.MAX_VALUE, tallest = 0;
            for (int x = 0; x < a.getWidth(); x++) {
                int bar = 0;
                for (int y = paneTop; y < height; y++) if (near(a.getRGB(x, y), up, 0.5) || near(a.getRGB(x, y), down, 0.5)) bar++;
                if (bar == 0) continue;
                shortest = Math.min(shortest, bar);
                tallest = Math.max(tallest, bar);
            }
            assertTrue(tallest > 0, "volume bars drawn at height " + height);
            double ratio = tallest / (double) shortest;
            assertTrue(ratio > 5 && ratio < 15, "a bar of 1,000 is about ten times as tall as one of 100 at height " + height
                    + ": " + tallest + " and " + shortest + " px");
        }
    }

    @Test
    void moreCandlesThanPixelsStillShowTheirVolumeAcrossThePane() throws Exception {
        BufferedImage a = ImageIO.read(new ByteArrayInputStream(Charts.png(Charts.candles(ohlc(5000)), 640, 360)));
        int paneTop = (int) (360 * (1 - Charts.VOLUME_SHARE));
        java.awt.Color up = Charts.theme().up(), down = Charts.theme().down();
        int columns = 0;
        for (int x = 0; x < 640; x++) {
            boolean bar = false;
            for (int y = paneTop; y < 360 && !bar; y++) bar = near(a.getRGB(x, y), up, 0.5) || near(a.getRGB(x, y), down, 0.5);
            if (bar) columns++;
        }
        assertTrue(columns > 640 * 0.6, "a bar in most pixel columns of the pane: " + columns);
    }

    /** Whether a pixel is {@code c} blended over white with an opacity from {@code 1 - spread} to 1 (0: exactly c). */
    static boolean near(int rgb, java.awt.Color c, double spread) {
        int r = rgb >> 16 & 255, g = rgb >> 8 & 255, bl = rgb & 255;
        for (double alpha = 1; alpha >= 1 - spread - 1e-9; alpha -= 0.05) {
            double er = c.getRed() * alpha + 255 * (1 - alpha), eg = c.getGreen() * alpha + 255 * (1 - alpha), eb = c.getBlue() * alpha + 255 * (1 - alpha);
            if (Math.abs(r - er) < 12 && Math.abs(g - eg) < 12 && Math.abs(bl - eb) < 12) return true;
        }
        return false;
    }

    @Test
    void renderingIsHeadlessAndLeavesTheChartItsSize() throws Exception {
        var chart = Charts.candles(ohlc(40));
        Charts.png(chart, 300, 200);
        assertTrue(java.awt.GraphicsEnvironment.isHeadless());
        assertEquals(Charts.WIDTH, chart.getWidth());
        assertEquals(Charts.HEIGHT, chart.getHeight());
        assertTrue(drawn(Charts.png(chart), Charts.WIDTH, Charts.HEIGHT) > 0.05, "at its own size again");
        assertTrue(drawn(Charts.png(chart, 1600, 900), 1600, 900) > 0.05);
    }

    @Test
    void columnHelpersWithDateAxes() throws Exception {
        Table t = ohlc(60);
        rendersWithContent(Charts.line(t.instantColumn("time"), t.doubleColumn("close")));
        rendersWithContent(Charts.scatter(t.doubleColumn("open"), t.doubleColumn("close")));
        tech.tablesaw.api.DateColumn days = tech.tablesaw.api.DateColumn.create("day");
        DoubleColumn volume = DoubleColumn.create("volume");
        for (int i = 0; i < 30; i++) {
            days.append(java.time.LocalDate.of(2026, 1, 1).plusDays(i));
            volume.append(100 + 40 * Math.sin(i));
        }
        var bars = Charts.bar(days, volume);
        assertEquals("volume by day", bars.getTitle());
        rendersWithContent(bars);
        var line = Charts.line(days, volume);
        assertEquals("day (UTC)", line.getXAxisTitle());
        assertEquals("volume (USDC)", line.getYAxisTitle());
        rendersWithContent(line);
        var e = assertThrows(IllegalArgumentException.class, () -> Charts.line(StringColumn.create("name", "a", "b"), DoubleColumn.create("v", 1, 2)));
        assertTrue(e.getMessage().contains("Charts.bar"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Charts.bar(StringColumn.create("name", "a"), DoubleColumn.create("v", 1, 2)));
    }

    @Test
    void candlesAndDepthFromTheSandbox() throws Exception {
        try (var sandbox = org.marketlab.sandbox.Sandbox.builder().seed(4).now(Instant.parse("2026-11-01T00:00:00Z")).build()) {
            String url = sandbox.start().get("clob").toString();
            var transport = org.marketlab.internal.transport.Transport.create(
                    org.marketlab.config.Profile.sandbox(4).withUrl(org.marketlab.config.Service.CLOB, url),
                    org.marketlab.pacing.Clock.system(), org.marketlab.pacing.RetryPolicy.DEFAULT);
            var clob = new org.marketlab.clob.ClobData(transport);
            String token = sandbox.world().tokens().stream().filter(t -> !t.closed()).findFirst().orElseThrow().tokenId();
            Table candles = clob.ohlc(token).fidelity("1d")
                    .since(Instant.parse("2026-08-01T00:00:00Z")).until(Instant.parse("2026-11-01T00:00:00Z")).table();
            rendersWithContent(Charts.candles(candles));
            rendersWithContent(Charts.depth(clob.book(token)));
        }
    }
}
