package org.marketlab.charts;

import org.knowm.xchart.internal.chartpart.Annotation;

import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.Shape;
import java.awt.geom.Rectangle2D;
import java.util.Date;
import java.util.List;
import java.util.Locale;

/**
 * Volume bars in a band along the bottom of a candle chart's plot, drawn over the candles with transparency
 * (as trading screens do), green where the candle closed at or above its open and red below.
 *
 * <p>XChart's own OHLC series keeps a volume only for tooltips (and as whole numbers), so a PNG or SVG would
 * show none; this annotation draws it. {@code Charts.candles} adds one when the table has a volume column.
 */
public final class VolumeBand extends Annotation {

    static final Color UP = new Color(19, 179, 70, 95);
    static final Color DOWN = new Color(242, 39, 42, 95);

    private final double[] x;
    private final double[] volume;
    private final boolean[] up;
    private final double share;
    private final double max;

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

    @Override
    public void paint(Graphics2D g) {
        if (!isVisible || x.length == 0 || !(max > 0)) return;
        int left = getXAxisScreenValueForMin(), right = getXAxisScreenValueForMax();
        int bottom = getYAxisScreenValueForMax(), top = getYAxisScreenValueForMin();
        double height = (bottom - top) * share;
        // One bar per candle, as wide as the gap to its neighbour allows (a pixel at least).
        double gap = x.length > 1 ? Math.abs(screenX(x[1]) - screenX(x[0])) : (right - left) / 10.0;
        for (int i = 2; i < x.length && i < 64; i++) gap = Math.min(gap, Math.abs(screenX(x[i]) - screenX(x[i - 1])));
        double width = Math.max(1, gap * 0.7);
        Shape clip = g.getClip();
        g.clip(new Rectangle2D.Double(left, top, right - left, bottom - top));
        Rectangle2D.Double bar = new Rectangle2D.Double();
        for (int i = 0; i < x.length; i++) {
            double v = volume[i];
            if (!(v > 0)) continue;
            double h = Math.max(1, v / max * height);
            bar.setRect(screenX(x[i]) - width / 2, bottom - h, width, h);
            g.setColor(up[i] ? UP : DOWN);
            g.fill(bar);
        }
        g.setClip(clip);
        g.setColor(new Color(90, 90, 90));
        g.setFont(styler.getLegendFont().deriveFont(Font.PLAIN, 10f));
        g.drawString(String.format(Locale.ROOT, "volume (max %,.0f)", max), left + 4, (float) (bottom - height - 3));
        bounds = new Rectangle2D.Double(left, bottom - height, right - left, height);
    }

    private double screenX(double value) {
        return getXAxisScreenValue(value);
    }
}
