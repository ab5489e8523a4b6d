package org.marketlab.charts;

import org.knowm.xchart.OHLCChart;
import org.knowm.xchart.OHLCSeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Annotation;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.OHLCStyler;

import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.util.Objects;
import java.util.Optional;

/**
 * Candles with their volume in a pane of its own underneath, as trading screens and matplotlib's finance plots
 * draw them: the price pane on top (with the title), the volume pane below (with the time axis), both plots
 * starting and ending at the same x so a candle and its volume bar line up, each pane with its own y axis.
 *
 * <p>XChart (3.8) draws one plot per chart, so this chart paints two: {@link #price()} (an {@link OHLCChart}) and
 * {@link #volume()} (an {@link XYChart} whose bars are a {@link VolumeBand}). It is an XChart {@link Chart}, so the
 * kernel shows it and {@code Charts.png}/{@code Charts.svg} write it; its styler is the price pane's.
 */
public final class CandleChart extends Chart<OHLCStyler, OHLCSeries> implements ChartTheme.Themed {

    private final OHLCChart price;
    private final XYChart volume;
    private final double volumeShare;
    private final Probe priceProbe = new Probe(), volumeProbe = new Probe();

    /**
     * @param price       the candles (title, price axis)
     * @param volume      the volume pane (time axis), or null for candles alone
     * @param volumeShare the volume pane's share of the height, in (0, 0.6]
     */
    public CandleChart(OHLCChart price, XYChart volume, double volumeShare) {
        super(price.getWidth(), price.getHeight(), price.getStyler());
        this.price = Objects.requireNonNull(price, "price");
        this.volume = volume;
        if (!(volumeShare > 0 && volumeShare <= 0.6)) throw new IllegalArgumentException("volumeShare must be in (0, 0.6], was " + volumeShare);
        this.volumeShare = volumeShare;
        price.addAnnotation(priceProbe);
        if (volume != null) volume.addAnnotation(volumeProbe);
    }

    /** The candle pane. */
    public OHLCChart price() {
        return price;
    }

    /** The volume pane, when the table had a volume column. */
    public Optional<XYChart> volume() {
        return Optional.ofNullable(volume);
    }

    @Override
    public void theme(ChartTheme theme) {
        theme.apply(price);
        if (volume != null) theme.apply(volume);
    }

    @Override
    public String getTitle() {
        return price.getTitle();
    }

    @Override
    public void setTitle(String title) {
        price.setTitle(title);
    }

    @Override
    public String getXAxisTitle() {
        return volume != null ? volume.getXAxisTitle() : price.getXAxisTitle();
    }

    @Override
    public void setXAxisTitle(String title) {
        if (volume != null) volume.setXAxisTitle(title);
        else price.setXAxisTitle(title);
    }

    @Override
    public String getYAxisTitle() {
        return price.getYAxisTitle();
    }

    @Override
    public void setYAxisTitle(String title) {
        price.setYAxisTitle(title);
    }

    @Override
    public void paint(Graphics2D g, int width, int height) {
        setWidth(width);
        setHeight(height);
        if (volume == null) {
            price.paint(g, width, height);
            return;
        }
        int priceHeight = (int) Math.round(height * (1 - volumeShare)), volumeHeight = height - priceHeight;
        // Both plots start at the same x: the y axes' areas are made as wide as the wider one (measured by a paint
        // on a scratch image, since XChart sizes them from the tick labels it picks).
        // The measuring paint lays out the axes only: the series and the volume bars are hidden for it (both panes'
        // ranges are set, so hiding them changes no tick), which keeps it cheap for thousands of candles.
        price.getStyler().setYAxisLeftWidthHint(0);
        volume.getStyler().setYAxisLeftWidthHint(0);
        java.util.List<org.knowm.xchart.internal.series.Series> shown = new java.util.ArrayList<>();
        for (var s : price.getSeriesMap().values()) if (s.isEnabled()) shown.add(s);
        for (var s : volume.getSeriesMap().values()) if (s.isEnabled()) shown.add(s);
        boolean ranged = price.getStyler().getYAxisMin() != null && price.getStyler().getYAxisMax() != null
                && volume.getStyler().getYAxisMin() != null && volume.getStyler().getYAxisMax() != null
                && price.getStyler().getXAxisMin() != null && volume.getStyler().getXAxisMin() != null;
        Graphics2D scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_RGB).createGraphics();
        try {
            if (ranged) {
                shown.forEach(s -> s.setEnabled(false));
                bands(false);
            }
            price.paint(scratch, width, priceHeight);
            volume.paint(scratch, width, volumeHeight);
        } finally {
            scratch.dispose();
            if (ranged) {
                shown.forEach(s -> s.setEnabled(true));
                bands(true);
            }
        }
        // With a hint wider than its labels need, XChart starts an axis's plot at the hint: so both at the wider one's start.
        int hint = (int) Math.max(priceProbe.left, volumeProbe.left);
        price.getStyler().setYAxisLeftWidthHint(hint);
        volume.getStyler().setYAxisLeftWidthHint(hint);
        price.paint(g, width, priceHeight);
        g.translate(0, priceHeight);
        try {
            volume.paint(g, width, volumeHeight);
        } finally {
            g.translate(0, -priceHeight);
        }
    }

    private void bands(boolean visible) {
        for (Object a : annotationsOf(volume)) if (a instanceof VolumeBand b) b.setVisible(visible);
    }

    /** XChart keeps a chart's annotations in a protected list; the volume pane's are read to hide its bars while measuring. */
    private static java.util.List<?> annotationsOf(Chart<?, ?> chart) {
        try {
            java.lang.reflect.Field f = Chart.class.getDeclaredField("annotations");
            f.setAccessible(true);
            return (java.util.List<?>) f.get(chart);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return java.util.List.of();
        }
    }

    /** Where a pane's plot starts, as last painted. */
    private static final class Probe extends Annotation {
        double left;

        Probe() {
            super(false);
        }

        @Override
        public void paint(Graphics2D g) {
            left = getXAxisScreenValueForMin();
            bounds = new Rectangle2D.Double();
        }
    }
}
