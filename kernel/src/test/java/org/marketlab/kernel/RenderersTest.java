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
}
