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

    /** Clears the cell's output now (what it printed and showed so far). */
    public static void clearOutput() {
        clearOutput(false);
    }

    /**
     * Clears the cell's output; with {@code wait}, when its next output arrives, so a loop that prints or shows a
     * fresh value each turn replaces the last without a blank moment. What the cell printed before is sent first.
     */
    public static void clearOutput(boolean wait) {
        System.out.flush();
        System.err.flush();
        if (!(BaseKernel.notebookKernel() instanceof MarketLabKernel m)) {
            throw new IllegalStateException("clearOutput() clears a notebook cell's output; it runs in the MarketLab kernel only");
        }
        m.clearOutput(wait);
    }

    /** Shows a chart as SVG instead of PNG. */
    public static void displaySvg(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart) {
        DisplayData d = new DisplayData();
        d.putSVG(Renderers.svg(chart));
        d.putText(chart.getTitle());
        BaseKernel.notebookKernel().display(d);
    }
}
