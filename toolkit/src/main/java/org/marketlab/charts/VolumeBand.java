package org.marketlab.charts;

import org.knowm.xchart.internal.chartpart.Annotation;

import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Rectangle2D;
import java.util.Date;
import java.util.List;

/**
 * Volume bars in a band along the bottom of a plot, in the rising colour where the candle closed at or above its
 * open and the falling colour below. {@link CandleChart} draws them in a pane of their own under the candles
 * (share 1: the whole plot), with that pane's own axis.
 *
 * <p>XChart's own OHLC series keeps a volume only for tooltips (and as whole numbers), so a PNG or SVG would show
 * none; this annotation draws it.
 */
public final class VolumeBand extends Annotation {

    private final double[] x;
    private final double[] volume;
    private final boolean[] up;
    private final double share;
    private final double max;
    private Color upColor = new Color(0x029E73), downColor = new Color(0xD55E00);

    /**
     * @param times  the candles' times (the chart's x values)
     * @param volume traded volume per candle (missing or negative values draw nothing)
     * @param up     whether each candle closed at or above its open
     * @param share  the band's height as a share of the plot's, in (0, 1]
     */
    public VolumeBand(List<Date> times, double[] volume, boolean[] up, double share) {
        super(false);
        if (times.size() != volume.length || volume.length != up.length) {
            throw new IllegalArgumentException("times, volume and up differ in length: " + times.size() + ", " + volume.length + ", " + up.length);
        }
        if (!(share > 0 && share <= 1)) throw new IllegalArgumentException("share must be in (0, 1], was " + share);
        this.x = new double[times.size()];
        for (int i = 0; i < x.length; i++) x[i] = times.get(i).getTime();
        this.volume = volume.clone();
        this.up = up.clone();
        this.share = share;
        double m = 0;
        for (double v : volume) if (v > m) m = v;
        this.max = m;
    }

    /** The largest volume, which fills the band's height. */
    public double max() {
        return max;
    }

    /** Draws rising and falling bars in these colours (a little transparent). */
    public VolumeBand colors(Color rising, Color falling) {
        this.upColor = rising;
        this.downColor = falling;
        return this;
    }

    @Override
    public void paint(Graphics2D g) {
        if (!isVisible || x.length == 0 || !(max > 0)) return;
        int left = getXAxisScreenValueForMin(), right = getXAxisScreenValueForMax();
        int bottom = getYAxisScreenValueForMax(), top = getYAxisScreenValueForMin();
        // In a pane of its own the bars follow the pane's y axis (0 at the bottom); as a band, the band's height.
        boolean ownAxis = share >= 1;
        double height = (bottom - top) * share;
        // One bar per candle, as wide as the gap to its neighbour allows (a pixel at least).
        double gap = x.length > 1 ? Math.abs(screenX(x[1]) - screenX(x[0])) : (right - left) / 10.0;
        for (int i = 2; i < x.length && i < 64; i++) gap = Math.min(gap, Math.abs(screenX(x[i]) - screenX(x[i - 1])));
        double width = Math.max(1, gap * 0.7);
        Shape clip = g.getClip();
        g.clip(new Rectangle2D.Double(left, top, right - left, bottom - top));
        Rectangle2D.Double bar = new Rectangle2D.Double();
        Color rising = new Color(upColor.getRed(), upColor.getGreen(), upColor.getBlue(), 150);
        Color falling = new Color(downColor.getRed(), downColor.getGreen(), downColor.getBlue(), 150);
        if (gap < 2) { // more candles than pixels: one bar per pixel column, the column's largest volume in its colour
            int columns = Math.max(1, right - left + 1);
            double[] most = new double[columns];
            boolean[] rises = new boolean[columns];
            for (int i = 0; i < x.length; i++) {
                double v = volume[i];
                int col = (int) Math.round(screenX(x[i])) - left;
                if (!(v > 0) || col < 0 || col >= columns || v <= most[col]) continue;
                most[col] = v;
                rises[col] = up[i];
            }
            for (int col = 0; col < columns; col++) {
                if (!(most[col] > 0)) continue;
                final double v = most[col];
                double barTop = ownAxis ? ShortPlots.y(chart, () -> getYAxisScreenValue(v)) : bottom - Math.max(1, v / max * height);
                double h = Math.max(1, bottom - barTop);
                bar.setRect(left + col, bottom - h, 1, h);
                g.setColor(rises[col] ? rising : falling);
                g.fill(bar);
            }
        } else {
            for (int i = 0; i < x.length; i++) {
                double v = volume[i];
                if (!(v > 0)) continue;
                double barTop = ownAxis ? ShortPlots.y(chart, () -> getYAxisScreenValue(v)) : bottom - Math.max(1, v / max * height);
                double h = Math.max(1, bottom - barTop);
                bar.setRect(screenX(x[i]) - width / 2, bottom - h, width, h);
                g.setColor(up[i] ? rising : falling);
                g.fill(bar);
            }
        }
        g.setClip(clip);
        bounds = new Rectangle2D.Double(left, bottom - height, right - left, height);
    }

    private double screenX(double value) {
        return getXAxisScreenValue(value);
    }
}
