package org.marketlab.charts;

import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.OHLCChart;
import org.knowm.xchart.OHLCSeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.internal.series.Series;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.CategoryStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;
import org.marketlab.tables.ColumnKind;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.util.Arrays;
import java.util.Locale;
import java.util.Objects;
import java.util.TimeZone;

/**
 * How charts look: a white background and plot, a light solid grid, normal-weight sans-serif text in readable
 * sizes, a colour-blind-safe palette (seaborn's "colorblind" colours), solid lines without markers, legends below
 * the plot, compact tick labels ({@link AxisFormats}) and a sensible number of ticks. Every {@code Charts} method
 * applies the current theme ({@code Charts.theme()}); the kernel applies it to any other XChart chart it shows, and
 * {@code Charts.png}/{@code Charts.svg} keep it. Immutable: change it with the {@code with...} methods and
 * {@code Charts.theme(theme)}.
 *
 * <pre>{@code
 * Charts.theme(Charts.theme().withFont("DejaVu Serif").withSize(1200, 600));
 * Charts.theme(ChartTheme.standard());                       // back to the default
 * }</pre>
 */
public record ChartTheme(Color[] palette, Color up, Color down, Color text, Color mutedText, Color grid, Color spine, Color background,
                         String font, float titleSize, float labelSize, float tickSize, int width, int height) {

    /** seaborn's "colorblind" palette: distinguishable with the common colour-vision deficiencies. */
    public static final Color[] COLORBLIND = {
            new Color(0x0173B2), new Color(0xDE8F05), new Color(0x029E73), new Color(0xD55E00), new Color(0xCC78BC),
            new Color(0xCA9161), new Color(0xFBAFE4), new Color(0x949494), new Color(0xECE133), new Color(0x56B4E9)};

    private static volatile ChartTheme current = standard();

    /**
     * Every theme, the {@code with...} methods' among them, is checked here: a palette of at least one colour, the text,
     * frame and background colours and the rising and falling ones given ({@code grid} may be null: no grid), a font
     * family's name, font sizes of 6 to 48 pixels, and 200 to 4,000 by 150 to 4,000 pixels for new charts.
     *
     * @param palette      the series colours, in order
     * @param up           the colour of rising candles and gains
     * @param down         the colour of falling candles and losses
     * @param text         title and label text
     * @param mutedText    tick label text
     * @param grid         grid lines ({@code null}: no grid)
     * @param spine        the plot's frame and the zero line's lighter neighbour
     * @param background   chart and plot background
     * @param font         the font family
     * @param titleSize    the title's size in pixels
     * @param labelSize    the axis titles' and legend's size in pixels
     * @param tickSize     the tick labels' size in pixels
     * @param width        a new chart's width in pixels
     * @param height       a new chart's height in pixels
     */
    public ChartTheme {
        if (palette == null || palette.length == 0 || Arrays.stream(palette).anyMatch(Objects::isNull)) {
            throw new IllegalArgumentException("palette must hold at least one colour and no null");
        }
        palette = palette.clone();
        if (up == null || down == null) throw new IllegalArgumentException("up and down must be colours");
        if (text == null || mutedText == null || spine == null || background == null) {
            throw new IllegalArgumentException("text, mutedText, spine and background must be colours");
        }
        if (font == null || font.isBlank()) throw new IllegalArgumentException("font must be a font family's name, was '" + font + "'");
        for (float f : new float[]{titleSize, labelSize, tickSize}) {
            if (!(f >= 6 && f <= 48)) {
                throw new IllegalArgumentException("font sizes must be 6 to 48 pixels, were " + titleSize + ", " + labelSize + ", " + tickSize);
            }
        }
        if (width < 200 || height < 150 || width > 4000 || height > 4000) {
            throw new IllegalArgumentException("width must be 200 to 4,000 and height 150 to 4,000 pixels, were " + width + "×" + height);
        }
    }

    public static ChartTheme standard() {
        return new ChartTheme(COLORBLIND, new Color(0x029E73), new Color(0xD55E00), new Color(0x262626), new Color(0x4D4D4D),
                new Color(0xE5E5E5), new Color(0xBFBFBF), Color.WHITE, Font.SANS_SERIF, 16f, 13f, 12f, 900, 480);
    }

    /** The theme charts take now ({@code Charts.theme()} reads and sets it). */
    public static ChartTheme current() {
        return current;
    }

    /** Makes {@code theme} the one charts take from now on. */
    public static void use(ChartTheme theme) {
        current = Objects.requireNonNull(theme, "theme");
    }

    /** The series colours, in order (a copy). */
    @Override
    public Color[] palette() {
        return palette.clone();
    }











    /** The title font. */
    public Font titleFont() {
        return new Font(font, Font.PLAIN, Math.round(titleSize));
    }

    /** The axis title and legend font. */
    public Font labelFont() {
        return new Font(font, Font.PLAIN, Math.round(labelSize));
    }

    /** The tick label font. */
    public Font tickFont() {
        return new Font(font, Font.PLAIN, Math.round(tickSize));
    }

    /** This theme with other series colours (at least one). */
    public ChartTheme withPalette(Color... colors) {
        return new ChartTheme(colors, up, down, text, mutedText, grid, spine, background, font, titleSize, labelSize, tickSize, width, height);
    }

    /** This theme with other colours for rising and falling (candles, gains and losses). */
    public ChartTheme withUpDown(Color up, Color down) {
        return new ChartTheme(palette, up, down, text, mutedText, grid, spine, background, font, titleSize, labelSize, tickSize, width, height);
    }

    /** This theme with another font family (a logical name such as "SansSerif", or an installed family). */
    public ChartTheme withFont(String family) {
        return new ChartTheme(palette, up, down, text, mutedText, grid, spine, background, family, titleSize, labelSize, tickSize, width, height);
    }

    /** This theme with other font sizes in pixels (title, axis titles and legend, tick labels), each 6 to 48. */
    public ChartTheme withFontSizes(float title, float labels, float ticks) {
        return new ChartTheme(palette, up, down, text, mutedText, grid, spine, background, font, title, labels, ticks, width, height);
    }

    /** This theme with another size for new charts, 200 to 4,000 pixels each way. */
    public ChartTheme withSize(int width, int height) {
        return new ChartTheme(palette, up, down, text, mutedText, grid, spine, background, font, titleSize, labelSize, tickSize, width, height);
    }

    /** This theme with another grid colour ({@code null}: no grid). */
    public ChartTheme withGrid(Color grid) {
        return new ChartTheme(palette, up, down, text, mutedText, grid, spine, background, font, titleSize, labelSize, tickSize, width, height);
    }

    /** The colour of series {@code i} (the palette repeats). */
    public Color color(int i) {
        return palette[Math.floorMod(i, palette.length)];
    }

    /**
     * What every chart takes from the theme, {@link #apply}'s and those that style themselves ({@link Themed}) alike: the
     * backgrounds, text colour and title font, padding, the plot's frame, the series colours, anti-aliasing; on a chart
     * with axes the axis title and tick fonts, the tick labels' colour and whether grid lines show.
     */
    void base(Styler s) {
        s.setChartBackgroundColor(background);
        s.setPlotBackgroundColor(background);
        s.setChartFontColor(text);
        s.setChartTitleFont(titleFont());
        s.setChartPadding(14);
        s.setPlotBorderColor(spine);
        s.setSeriesColors(palette);
        s.setAntiAlias(true);
        if (s instanceof AxesChartStyler a) {
            a.setAxisTitleFont(labelFont());
            a.setAxisTickLabelsFont(tickFont());
            a.setAxisTickLabelsColor(mutedText);
            a.setPlotGridLinesVisible(grid != null);
        }
    }

    /**
     * Styles {@code chart}: background, fonts, grid, palette, line and marker styles, legend; on an XY or category
     * chart that has no tick format of its own, compact tick labels and dates by span. Returns the chart.
     */
    public <C extends Chart<?, ?>> C apply(C chart) {
        Objects.requireNonNull(chart, "chart");
        if (chart instanceof Themed t) {
            t.theme(this);
            return chart;
        }
        Styler s = chart.getStyler();
        base(s);
        s.setChartTitleBoxVisible(false);
        s.setChartTitlePadding(12);
        s.setLegendFont(labelFont());
        s.setLegendBackgroundColor(background);
        s.setLegendBorderColor(background);
        s.setLegendPadding(12);
        s.setLegendSeriesLineLength(22);
        s.setAnnotationTextFont(tickFont());
        s.setAnnotationTextFontColor(mutedText);
        s.setAnnotationTextPanelFont(tickFont());
        s.setAnnotationTextPanelBorderColor(spine);
        s.setSeriesLines(solid(2f));
        s.setSeriesMarkers(circles());
        s.setToolTipsEnabled(false);
        s.setPlotBorderVisible(true);
        s.setXAxisTitleColor(text);
        s.setYAxisTitleColor(text);
        if (s instanceof AxesChartStyler a) {
            a.setAxisTickMarksColor(spine);
            a.setAxisTicksLineVisible(false);
            a.setAxisTicksMarksVisible(false);
            a.setAxisTickPadding(6);
            a.setAxisTitlePadding(8);
            a.setPlotMargin(4);
            a.setPlotTicksMarksVisible(false);
            if (grid != null) {
                a.setPlotGridLinesColor(grid);
                a.setPlotGridLinesStroke(new BasicStroke(1f));
            }
            a.setXAxisTickMarkSpacingHint(110);
            a.setYAxisTickMarkSpacingHint(62);
            a.setLocale(Locale.ENGLISH);
            a.setTimezone(TimeZone.getTimeZone("UTC"));
            a.setXAxisLabelRotation(0);
        }
        if (s instanceof CategoryStyler c) {
            c.setAvailableSpaceFill(0.75);
            c.setPlotGridVerticalLinesVisible(false);
        }
        if (chart instanceof XYChart xy) {
            for (XYSeries series : xy.getSeriesMap().values()) {
                XYSeries.XYSeriesRenderStyle style = series.getXYSeriesRenderStyle() != null ? series.getXYSeriesRenderStyle()
                        : ((XYStyler) s).getDefaultSeriesRenderStyle();
                if (series.getMarker() == null && style != XYSeries.XYSeriesRenderStyle.Scatter) series.setMarker(SeriesMarkers.NONE);
            }
        }
        if (chart instanceof OHLCChart ohlc) {
            for (OHLCSeries series : ohlc.getSeriesMap().values()) {
                series.setUpColor(up);
                series.setDownColor(down);
            }
        }
        legend(chart);
        ticks(chart);
        return chart;
    }

    /**
     * Keeps a chart's tick labels true to its axes before each paint: a compact format set for a linear axis is dropped
     * from an axis made logarithmic since (XChart would put linear labels on it), which then shows plain numbers at
     * its decades; a title wider than the chart is set in a smaller size (down to 11 px) rather than cut. Returns the chart.
     */
    public static <C extends Chart<?, ?>> C settle(C chart) {
        fitTitle(chart);
        if (chart.getStyler() instanceof AxesChartStyler a) {
            if (a.isXAxisLogarithmic() && a.getxAxisTickLabelsFormattingFunction() != null && AxisFormats.isCompact(a.getxAxisTickLabelsFormattingFunction())) {
                a.setxAxisTickLabelsFormattingFunction(null);
                a.setXAxisDecimalPattern("#,##0.###");
                a.setXAxisLogarithmicDecadeOnly(true);
            }
            if (a.isYAxisLogarithmic() && a.getyAxisTickLabelsFormattingFunction() != null && AxisFormats.isCompact(a.getyAxisTickLabelsFormattingFunction())) {
                a.setyAxisTickLabelsFormattingFunction(null);
                a.setYAxisDecimalPattern("#,##0.###");
                a.setYAxisLogarithmicDecadeOnly(true);
            }
        }
        return chart;
    }

    private static void fitTitle(Chart<?, ?> chart) {
        if (chart instanceof HorizontalBarChart) return; // wraps its own title
        String title = chart.getTitle();
        Styler s = chart.getStyler();
        if (title == null || title.isEmpty() || !s.isChartTitleVisible() || s.getChartTitleFont() == null) return;
        java.awt.Graphics2D g = new java.awt.image.BufferedImage(1, 1, java.awt.image.BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            Font f = s.getChartTitleFont();
            double room = chart.getWidth() - 2.0 * s.getChartPadding() - 8;
            while (g.getFontMetrics(f).stringWidth(title) > room && f.getSize2D() > 11) f = f.deriveFont(f.getSize2D() - 1);
            if (f != s.getChartTitleFont()) s.setChartTitleFont(f);
        } finally {
            g.dispose();
        }
    }

    /** A legend below the plot when there is more than one series to tell apart; none otherwise. */
    private static void legend(Chart<?, ?> chart) {
        Styler s = chart.getStyler();
        int shown = 0;
        for (Series series : seriesOf(chart)) if (series.isEnabled() && series.isShowInLegend()) shown++;
        s.setLegendVisible(shown > 1);
        s.setLegendPosition(Styler.LegendPosition.OutsideS);
        s.setLegendLayout(Styler.LegendLayout.Horizontal);
    }

    private static Iterable<? extends Series> seriesOf(Chart<?, ?> chart) {
        if (chart instanceof XYChart xy) return xy.getSeriesMap().values();
        if (chart instanceof CategoryChart c) return c.getSeriesMap().values();
        if (chart instanceof OHLCChart o) return o.getSeriesMap().values();
        return java.util.List.of();
    }

    /**
     * Compact tick labels on numeric axes that have no format of their own, dates by span on date axes without a
     * pattern, a readable pattern on logarithmic axes, and no equally spaced data turning every tick into a data value.
     */
    private static void ticks(Chart<?, ?> chart) {
        if (chart instanceof XYChart xy) {
            XYStyler s = xy.getStyler();
            double[] ys = all(xy, false), xs = all(xy, true);
            if (s.isYAxisLogarithmic()) {
                if (s.getYAxisDecimalPattern() == null) s.setYAxisDecimalPattern("#,##0.###");
            } else if (s.getyAxisTickLabelsFormattingFunction() == null && s.getYAxisDecimalPattern() == null && ys.length > 0) {
                s.setyAxisTickLabelsFormattingFunction(AxisFormats.of(ColumnKind.NUMBER, ys));
            }
            boolean dates = xy.getSeriesMap().values().stream().anyMatch(x -> x.getxAxisDataType() == Series.DataType.Date);
            if (dates) {
                if (s.getDatePattern() == null && xs.length > 1) {
                    double lo = Arrays.stream(xs).min().orElse(0), hi = Arrays.stream(xs).max().orElse(0);
                    s.setDatePattern(AxisFormats.datePattern((long) ((hi - lo) / 1000)));
                }
            } else if (s.isXAxisLogarithmic()) {
                if (s.getXAxisDecimalPattern() == null) s.setXAxisDecimalPattern("#,##0.###");
            } else if (s.getxAxisTickLabelsFormattingFunction() == null && s.getXAxisDecimalPattern() == null && xs.length > 0) {
                s.setxAxisTickLabelsFormattingFunction(AxisFormats.of(ColumnKind.NUMBER, xs));
            }
            TickSpacing.unevenXY(xy);
        } else if (chart instanceof CategoryChart c) {
            CategoryStyler s = c.getStyler();
            double[] ys = c.getSeriesMap().values().stream().flatMap(x -> x.getYData().stream()).filter(Objects::nonNull)
                    .mapToDouble(Number::doubleValue).toArray();
            if (!s.isYAxisLogarithmic() && s.getyAxisTickLabelsFormattingFunction() == null && s.getYAxisDecimalPattern() == null && ys.length > 0) {
                s.setyAxisTickLabelsFormattingFunction(AxisFormats.of(ColumnKind.NUMBER, ys));
            }
            TickSpacing.unevenCategory(c);
        }
    }

    private static double[] all(XYChart c, boolean x) {
        return c.getSeriesMap().values().stream().filter(Series::isEnabled)
                .flatMapToDouble(s -> Arrays.stream(x ? s.getXData() : s.getYData())).filter(v -> !Double.isNaN(v) && !Double.isInfinite(v)).toArray();
    }

    private static BasicStroke[] solid(float width) {
        BasicStroke[] b = new BasicStroke[10];
        Arrays.fill(b, new BasicStroke(width, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        return b;
    }

    private static Marker[] circles() {
        Marker[] m = new Marker[10];
        Arrays.fill(m, SeriesMarkers.CIRCLE);
        return m;
    }

    /** A chart that styles itself from a theme (the toolkit's own chart types). */
    public interface Themed {
        /** Takes the theme's fonts, colours and sizes. */
        void theme(ChartTheme theme);
    }

    /** Equal when every setting is: the palette's colours compared in order. */
    @Override
    public boolean equals(Object o) {
        return o instanceof ChartTheme t && Arrays.equals(palette, t.palette) && up.equals(t.up) && down.equals(t.down) && text.equals(t.text)
                && mutedText.equals(t.mutedText) && Objects.equals(grid, t.grid) && spine.equals(t.spine) && background.equals(t.background)
                && font.equals(t.font) && titleSize == t.titleSize && labelSize == t.labelSize && tickSize == t.tickSize
                && width == t.width && height == t.height;
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(palette) + Objects.hash(up, down, text, mutedText, grid, spine, background, font, titleSize, labelSize, tickSize, width, height);
    }

    @Override
    public String toString() {
        return "ChartTheme[font " + font + " " + titleSize + "/" + labelSize + "/" + tickSize + ", " + palette.length + " colours, " + width + "×" + height + "]";
    }
}
