package org.marketlab.datasets;

import java.nio.file.Path;

/**
 * What a harvest did: the folder, the rows it holds now and how many this run added, the pages this run read, the
 * files it wrote, whether it continued an interrupted harvest and whether the harvest is complete.
 */
public record HarvestReport(String name, Path folder, long rows, long rowsAdded, int pages, int filesWritten,
                            boolean resumed, boolean complete) {

    @Override
    public String toString() {
        return name + " harvest in " + folder + ": " + rows + " rows" + (resumed ? " (resumed: " + rowsAdded + " added)" : "")
                + ", " + pages + " page(s) read, " + filesWritten + " file(s) written" + (complete ? ", complete" : ", not complete");
    }
}
