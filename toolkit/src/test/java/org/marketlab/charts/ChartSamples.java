package org.marketlab.charts;

import tech.tablesaw.api.DoubleColumn;
import tech.tablesaw.api.InstantColumn;
import tech.tablesaw.api.IntColumn;
import tech.tablesaw.api.StringColumn;
import tech.tablesaw.api.Table;

import java.time.Instant;

/** Fixed tables for the chart tests: the same pictures on every run, whatever the sandbox's world. */
final class ChartSamples {

    private ChartSamples() {
    }

    /** 7 days of hourly candles drifting up from 0.20, with volume. */
    static Table candles() {
        InstantColumn t = InstantColumn.create("time");
        DoubleColumn o = DoubleColumn.create("open"), h = DoubleColumn.create("high"), l = DoubleColumn.create("low"),
                c = DoubleColumn.create("close"), v = DoubleColumn.create("volume");
        double p = 0.2;
        for (int i = 0; i < 168; i++) {
            double next = p + Math.sin(i / 9.0) * 0.0012 + 0.00018;
            t.append(Instant.parse("2026-11-19T07:00:00Z").plusSeconds(3600L * i));
            o.append(p);
            c.append(next);
            h.append(Math.max(p, next) + 0.0006);
            l.append(Math.min(p, next) - 0.0006);
            v.append(600 + 400 * Math.abs(Math.sin(i / 5.0)) + (i % 11) * 25);
            p = next;
        }
        return Table.create("1h candles of Will a Tech milestone be announced by December 8, 2026? · Yes", t, o, h, l, c, v);
    }

    /** Volume by category: eight short names, tens of millions. */
    static Table categories() {
        return Table.create("volume by category",
                StringColumn.create("category", "Economics", "World", "Culture", "Business", "Science", "Politics", "Sports", "Crypto"),
                DoubleColumn.create("Sum [volume]", 27_600_416.8, 18_357_777.73, 11_379_077.28, 9_700_000, 9_300_000, 7_600_000, 7_100_000, 6_900_000));
    }

    /** PnL by position: long questions, gains and losses. */
    static Table pnl() {
        String[] titles = {"Will V. Rossi top Retail in 2026?", "Will D. Okafor top Tesla in 2026?", "Will F. Eriksen top Tech in 2026?",
                "Will C. Larsen top Layoffs in 2025?", "Will Cardano be $270 to $280 on November 13, 2026?",
                "Will E. Silva win the Latin America race in 2026?", "Will M. Yilmaz win the UFC title in 2026?",
                "Will Chicago Rockets win the MLB title in 2029?", "Will Housing come in -0.25% to 0.00% in July 2029?",
                "Will Bitcoin be $1,070 or more on July 25, 2029?", "Will H. Xu top Microsoft in 2026?",
                "Will R. Rossi win the Royals race in 2028?", "Will a Health milestone be announced by December 20, 2026?",
                "Will S. Fujita win the Senate race in 2027? A long question that needs two lines and more to be read in full"};
        double[] pnl = {810.89, 635.89, 441.86, 380.2, 371.5, 322.1, 266.0, 160.4, -170.2, -198.7, -230.1, -251.3, -299.0, -1_140.55};
        StringColumn title = StringColumn.create("title", titles), outcome = StringColumn.create("outcome");
        for (int i = 0; i < titles.length; i++) outcome.append(i % 3 == 0 ? "No" : "Yes");
        return Table.create("PnL by position", title, outcome, DoubleColumn.create("total_pnl", pnl));
    }

    /** Requests in a sliding window: whole numbers climbing to a limit of 500, then held there. */
    static Table window() {
        DoubleColumn t = DoubleColumn.create("t_s");
        IntColumn n = IntColumn.create("in_window");
        for (int i = 0; i < 700; i++) {
            t.append(i < 500 ? i * 0.005 : 2.5 + (i - 500) * 0.045);
            n.append(i < 500 ? i + 1 : 480 + (i % 20));
        }
        return Table.create("requests", t, n);
    }

    /** An equity curve: PnL after each activity row, over three months. */
    static Table equity() {
        InstantColumn t = InstantColumn.create("time");
        DoubleColumn pnl = DoubleColumn.create("pnl");
        double v = 70;
        for (int i = 0; i < 90; i++) {
            t.append(Instant.parse("2026-08-28T00:00:00Z").plusSeconds(86_400L * i + (i % 5) * 3_000));
            v += (i % 7 == 0 ? -60 : 12) + Math.sin(i) * 20;
            pnl.append(v - 120);
        }
        return Table.create("pnl", t, pnl);
    }
}
