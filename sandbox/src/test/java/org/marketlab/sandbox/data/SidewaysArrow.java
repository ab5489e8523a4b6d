package org.marketlab.sandbox.data;

import org.marketlab.sandbox.clob.ClobApi;

/** Planted for SandboxArchitectureTest: a Data API class that uses the order book's host. Never used. */
public final class SidewaysArrow {

    private SidewaysArrow() {
    }

    static Object reach(ClobApi book) {
        return book.quotes();
    }
}
