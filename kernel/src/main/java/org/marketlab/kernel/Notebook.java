package org.marketlab.kernel;

import org.dflib.jjava.jupyter.kernel.BaseKernel;
import org.dflib.jjava.jupyter.kernel.display.DisplayData;

/** Functions every cell can call (statically imported at start-up). */
public final class Notebook {

    private Notebook() {
    }

    /**
     * Shows a value now, as its richest form (table as HTML, chart as PNG, ...), whatever the cell returns; a live
     * view ({@code feed.fillsTable()}, {@code feed.equityChart()}) keeps redrawing itself in place.
     */
    public static void display(Object value) {
        BaseKernel k = BaseKernel.notebookKernel();
        if (value instanceof org.marketlab.live.LiveView<?> view && k instanceof MarketLabKernel m) {
            m.showLive(view); // redrawn in place as it changes
            return;
        }
        DisplayData d = value instanceof DisplayData dd ? dd : k.getRenderer().render(value);
        k.display(d);
    }

    /** Shows a chart as SVG instead of PNG. */
    public static void displaySvg(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart) {
        DisplayData d = new DisplayData();
        d.putSVG(Renderers.svg(chart));
        d.putText(chart.getTitle());
        BaseKernel.notebookKernel().display(d);
    }
}
