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
        assertEquals(java.util.Map.of("width", 240, "height", 160), ((java.util.Map<?, ?>) metadata.get(shown)).get("image/png"));
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
        for (String cell : new String[]{">0.500<", ">0.510<", ">0.525<", ">337.21<", ">1,000.12<", ">11.11<", ">2.00<", ">2026-12-31<", ">2027-01-01<", ">2026-11-23 14:00<"}) {
            assertTrue(html.contains(cell), cell + " in " + html);
        }
        assertTrue(!html.contains("337.21000000000004") && !html.contains("11.111111") && !html.contains("T12:00"), html);
    }
}
