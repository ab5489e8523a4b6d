package org.marketlab.charts;

import org.knowm.xchart.internal.chartpart.Annotation;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.Stroke;
import java.awt.geom.Line2D;
import java.awt.geom.Rectangle2D;

/**
 * A horizontal line at zero across the plot, darker than the grid: where gains end and losses begin on signed bars
 * and lines (PnL, funding, buckets in debt). Drawn only when zero is inside the y axis's range.
 */
public final class ZeroLine extends Annotation {

    private final Color color;

    public ZeroLine(Color color) {
        super(false);
        this.color = color;
    }

    @Override
    public void paint(Graphics2D g) {
        if (!isVisible) return;
        int left = getXAxisScreenValueForMin(), right = getXAxisScreenValueForMax();
        int top = getYAxisScreenValueForMin(), bottom = getYAxisScreenValueForMax();
        double y = ShortPlots.y(chart, () -> getYAxisScreenValue(0));
        bounds = new Rectangle2D.Double(left, y, right - left, 0);
        if (y < top || y > bottom) return;
        Stroke saved = g.getStroke();
        g.setColor(color);
        g.setStroke(new BasicStroke(1.2f));
        g.draw(new Line2D.Double(left, y, right, y));
        g.setStroke(saved);
    }
}
