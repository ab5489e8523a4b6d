package org.marketlab.datasets;

/**
 * A dataset could not be written or read: a path that is not a dataset, a schema that changed between files, a
 * value that does not fit its column, a full disk, an interrupted write. The message says what was wrong and what
 * is allowed; a failed write leaves no file that a reader would take for whole.
 */
public class DatasetException extends RuntimeException {

    public DatasetException(String message) {
        super(message);
    }

    public DatasetException(String message, Throwable cause) {
        super(message, cause);
    }
}
