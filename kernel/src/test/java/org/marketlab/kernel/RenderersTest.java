package org.marketlab.kernel;

import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;

import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RenderersTest {

    @Test
    void arraysShowTheirElements() {
        assertEquals("int[3] { 1, 2, 3 }", Renderers.arrayText(new int[]{1, 2, 3}));
        assertEquals("String[2] { \"a\", null }", Renderers.arrayText(new String[]{"a", null}));
        assertEquals("double[][2] { double[1] { 0.5 }, double[0] { } }", Renderers.arrayText(new double[][]{{0.5}, {}}));
        String longOne = Renderers.arrayText(new long[Renderers.ARRAY_ITEMS + 5]);
        assertTrue(longOne.startsWith("long[" + (Renderers.ARRAY_ITEMS + 5) + "] { 0, 0"), longOne);
        assertTrue(longOne.endsWith(", … 5 more }"), longOne);
    }

    @Test
    void chartsRenderAsPngAndSvg() {
        XYChart c = new XYChartBuilder().width(240).height(160).title("t").build();
        c.addSeries("s", new double[]{1, 2, 3}, new double[]{3, 1, 2});
        byte[] png = Base64.getDecoder().decode(Renderers.png(c));
        assertArrayEquals(new byte[]{(byte) 0x89, 'P', 'N', 'G'}, java.util.Arrays.copyOf(png, 4));
        String svg = Renderers.svg(c);
        assertTrue(svg.contains("<svg") && svg.contains("width=\"240"), svg.substring(0, Math.min(300, svg.length())));
    }

    @Test
    void chartsArePngsOfTwiceTheirSizeShownAtTheirSize() throws Exception {
        XYChart c = new XYChartBuilder().width(240).height(160).title("t").build();
        c.addSeries("s", new double[]{1, 2, 3}, new double[]{3, 1, 2});
        var image = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(Base64.getDecoder().decode(Renderers.png(c))));
        assertEquals(480, image.getWidth());
        assertEquals(320, image.getHeight());
        var shown = Renderers.chart(c);
        var metadata = org.dflib.jjava.jupyter.kernel.display.DisplayData.class.getDeclaredField("metadata"); // no getter
        metadata.setAccessible(true);
        var png = (java.util.Map<?, ?>) ((java.util.Map<?, ?>) metadata.get(shown)).get("image/png");
        assertEquals(240, png.get("width"));
        assertEquals(160, png.get("height"));
        var words = (java.util.Map<?, ?>) png.get("marketlab");
        assertEquals("t", words.get("title"), "the words the chart shows travel with it, for checks of the outputs");
        assertEquals(java.util.List.of("1.0", "2.0", "3.0"), words.get("xTickLabels"));
        assertTrue(((java.util.List<?>) words.get("yTickLabels")).size() >= 3, words.toString());
    }

    @Test
    void xchartChartsMadeElsewhereAreShownInTheTheme() throws Exception {
        XYChart c = new XYChartBuilder().width(240).height(160).title("t").xAxisTitle("x").yAxisTitle("y").build();
        c.addSeries("s", new double[]{1, 2, 3}, new double[]{2.8e7, 1e7, 2e7});
        var renderer = new org.dflib.jjava.jupyter.kernel.display.Renderer();
        Renderers.register(renderer);
        var shown = renderer.render(c);
        var image = javax.imageio.ImageIO.read(new java.io.ByteArrayInputStream(Base64.getDecoder().decode(
                (String) shown.getData(org.dflib.jjava.jupyter.kernel.display.mime.MIMEType.IMAGE_PNG))));
        assertEquals(java.awt.Color.WHITE.getRGB(), image.getRGB(1, 1), "white, not XChart's grey panel");
        var metadata = org.dflib.jjava.jupyter.kernel.display.DisplayData.class.getDeclaredField("metadata");
        metadata.setAccessible(true);
        var words = (java.util.Map<?, ?>) ((java.util.Map<?, ?>) ((java.util.Map<?, ?>) metadata.get(shown)).get("image/png")).get("marketlab");
        for (Object tick : (java.util.List<?>) words.get("yTickLabels")) assertTrue(String.valueOf(tick).endsWith("M"), "compact: " + words);
    }

    public record Quote(String outcome, java.math.BigDecimal price, String secret) {
    }

    @Test
    void aListOfRecordsIsATableAndAColumnAOneColumnTable() {
        var renderer = new org.dflib.jjava.jupyter.kernel.display.Renderer();
        Renderers.register(renderer);
        var list = java.util.List.of(new Quote("Yes", new java.math.BigDecimal("0.615"), "s3cr3t"), new Quote("No", new java.math.BigDecimal("0.385"), "s3cr3t"));
        String html = (String) renderer.render(list).getData(org.dflib.jjava.jupyter.kernel.display.mime.MIMEType.TEXT_HTML);
        assertTrue(html.contains("<b>Quotes</b> · 2 rows × 2 columns"), html);
        assertTrue(html.contains(">0.615<") && html.contains(">0.385<") && html.contains(">Yes<"), html);
        assertTrue(!html.contains("s3cr3t") && !html.contains("Quote["), html);
        var plain = renderer.render(java.util.List.of(1, 2));
        assertEquals(null, plain.getData(org.dflib.jjava.jupyter.kernel.display.mime.MIMEType.TEXT_HTML));
        assertEquals("[1, 2]", plain.getData(org.dflib.jjava.jupyter.kernel.display.mime.MIMEType.TEXT_PLAIN));
        var volume = tech.tablesaw.api.DoubleColumn.create("volume", 1234.5, 337.21000000000004);
        String col = (String) renderer.render(volume).getData(org.dflib.jjava.jupyter.kernel.display.mime.MIMEType.TEXT_HTML);
        assertTrue(col.contains("<b>volume</b> · 2 rows × 1 column") && col.contains(">1,234.50<") && col.contains(">337.21<"), col);
    }

    @Test
    void tablesReadLikeAReport() {
        var t = tech.tablesaw.api.Table.create("book of Will it rain? · Yes",
                tech.tablesaw.api.DoubleColumn.create("price", 0.5, 0.51, 0.525),
                tech.tablesaw.api.DoubleColumn.create("cumulative", 100, 337.21000000000004, 1000.123456789),
                tech.tablesaw.api.DoubleColumn.create("spread_pct", 11.111111, 2, 3),
                tech.tablesaw.api.InstantColumn.create("endDate", new java.time.Instant[]{java.time.Instant.parse("2026-12-31T12:00:00Z"), null, java.time.Instant.parse("2027-01-01T00:00:00Z")}),
                tech.tablesaw.api.InstantColumn.create("time", new java.time.Instant[]{java.time.Instant.parse("2026-11-23T14:00:00Z"), java.time.Instant.parse("2026-11-23T15:00:00Z"), java.time.Instant.parse("2026-11-23T16:00:00Z")}));
        String html = Html.table(t);
        assertTrue(html.contains("<caption") && html.contains("book of Will it rain? · Yes"), html);
        for (String cell : new String[]{">0.500<", ">0.510<", ">0.525<", ">337.21<", ">1,000.12<", ">11.11%<", ">2.00%<", ">2026-12-31<", ">2027-01-01<", ">2026-11-23 14:00<"}) {
            assertTrue(html.contains(cell), cell + " in " + html);
        }
        assertTrue(!html.contains("337.21000000000004") && !html.contains("11.111111") && !html.contains("T12:00"), html);
        for (String header : new String[]{">end date<", ">time (UTC)<", ">spread<", "title=\"column &quot;endDate&quot; · instant, date\"", "data-kind=\"percent\""}) {
            assertTrue(html.contains(header), header + " in " + html);
        }
    }

    @Test
    void shortTextStaysOnOneLineAndLongTextWrapsInAWideColumn() {
        var t = tech.tablesaw.api.Table.create("trades",
                tech.tablesaw.api.StringColumn.create("title", "Will Bitcoin be $4,600 or more on December 11, 2030?", "Will it rain?"),
                tech.tablesaw.api.StringColumn.create("side", "BUY", "SELL"),
                tech.tablesaw.api.DoubleColumn.create("price", 0.12, 0.5));
        String html = Html.table(t);
        java.util.regex.Matcher cells = java.util.regex.Pattern.compile("<td style=\"([^\"]*)\"[^>]*>([^<]*)</td>").matcher(html);
        java.util.Map<String, String> style = new java.util.HashMap<>();
        while (cells.find()) style.put(cells.group(2), cells.group(1));
        assertEquals("text-align:left;min-width:15em;max-width:32em", style.get("Will Bitcoin be $4,600 or more on December 11, 2030?"),
                "a question wraps in a column wide enough for two lines of it: " + html);
        assertEquals("text-align:left;white-space:nowrap", style.get("BUY"), "a side takes only its own width: " + html);
        assertEquals("text-align:right;white-space:nowrap", style.get("0.12"), html);
        assertTrue(html.contains("caption-side:top;white-space:nowrap"), "a short caption on one line: " + html);
        String longName = "books where buying 500 shares costs more than 5¢ a share beyond the midpoint (blank: not enough on offer)";
        assertTrue(!Html.table(t.copy().setName(longName)).contains("caption-side:top;white-space:nowrap"), "a long caption wraps");
    }

    @Test
    void aWideReportGivesItsLongTextLessRoomSoTheTableFitsThePage() {
        String question = "Will Bitcoin be $4,600 or more on December 11, 2030?";
        String tags = "Crypto, Bitcoin, Crypto Prices, Hit Price";
        var narrow = tech.tablesaw.api.Table.create("events",
                tech.tablesaw.api.StringColumn.create("title", question), tech.tablesaw.api.StringColumn.create("tags", tags));
        var wide = narrow.copy();
        for (String name : new String[]{"volume", "liquidity", "volume24hr", "volume1wk", "volume1mo", "openInterest", "competitive", "commentCount"}) {
            wide.addColumns(tech.tablesaw.api.DoubleColumn.create(name, 12_345_678.91));
        }
        java.util.function.Function<String, Double> width = html -> {
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("min-width:(\\d+)em").matcher(html);
            double sum = 0;
            while (m.find()) sum += Double.parseDouble(m.group(1));
            return sum;
        };
        double alone = width.apply(Html.table(narrow));
        double beside = width.apply(Html.table(wide));
        assertEquals(29, alone, "two long-text columns alone keep the width two lines of them want");
        assertTrue(beside < alone && beside >= 2 * Html.NARROWEST_TEXT_EM,
                "beside eight wide number columns they give up width, down to the narrowest: " + beside);
    }

    @Test
    void aggregatesAreRenamedNamesComeFirstAndLongIdsAreShortenedWithTheFullValueAsTooltip() {
        String token = "15949614544635750037772570313731244046655429614609351137383498195108194896428";
        var t = tech.tablesaw.api.Table.create("fees",
                tech.tablesaw.api.StringColumn.create("market", "0x011627e5b5fe2209a06d10d05169d21c47882fb169f15b0dbf22c9f4e8b147e3"),
                tech.tablesaw.api.StringColumn.create("asset", token),
                tech.tablesaw.api.DoubleColumn.create("Sum [notional]", 6724.61473),
                tech.tablesaw.api.DoubleColumn.create("Count [notional]", 29.0),
                tech.tablesaw.api.StringColumn.create("title", "Will it rain?"));
        String html = Html.table(t);
        assertTrue(html.indexOf(">title<") < html.indexOf(">market<"), "the name before the ids: " + html);
        assertTrue(html.contains(">total notional (USDC)<") && html.contains(">count<") && !html.contains(">Sum ["), html);
        assertTrue(html.contains(">6,724.61<"), "money to the cent, grouped: " + html);
        assertTrue(html.contains("title=\"" + token + "\">1594…6428<"), "shortened, the full id as tooltip: " + html);
        assertTrue(html.contains(">0x0116…47e3<"), html);
        assertEquals("0x011627e5b5fe2209a06d10d05169d21c47882fb169f15b0dbf22c9f4e8b147e3", t.stringColumn("market").get(0), "the data keeps the id");
    }

    public record Margin(java.math.BigDecimal totalAccountValue, java.time.Duration lastMessageAge) {
    }

    @Test
    void recordsReadLikeAReportToo() {
        String html = Html.record(new Margin(new java.math.BigDecimal("105159.726637"), java.time.Duration.ofNanos(248_414_500)));
        assertTrue(html.contains("<b>Margin</b>"), html);
        assertTrue(html.contains(">total account value (USDC)<") && html.contains(">105,159.73<"), html);
        assertTrue(html.contains(">last message age<") && html.contains(">248 ms<") && !html.contains("PT0"), html);
        var cash = new org.marketlab.clob.BalanceAllowance(org.marketlab.clob.AssetType.COLLATERAL, null, new java.math.BigInteger("6724614730"),
                java.math.BigInteger.TWO.pow(256).subtract(java.math.BigInteger.ONE), java.util.Map.of());
        String c = Html.record(cash);
        assertTrue(c.contains(">balance (USDC)<") && c.contains(">6,724.61<") && c.contains(">unlimited<") && !c.contains("115792089237316195423570985008687907853269984665640564039457584007913129639935"), c);
    }
}
