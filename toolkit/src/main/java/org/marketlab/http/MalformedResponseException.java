package org.marketlab.http;

import java.time.Duration;

/** The server answered, but not with a document of the documented shape. */
public class MalformedResponseException extends ServiceException {
    public MalformedResponseException(int status, String serverMessage, String endpoint, Duration retryAfter, String detail, Throwable cause) {
        super(status, serverMessage, endpoint, retryAfter, detail, cause);
    }

    /**
     * For a document of the wrong shape: names the endpoint that answered it, or, for a saved document read with a
     * {@code parse…} method (a response whose URL is a {@code file:} URI), the file and the endpoint it stands for.
     */
    public static MalformedResponseException of(String endpoint, Response response, String detail, Throwable cause) {
        java.net.URI url = response.url();
        if (url != null && "file".equals(url.getScheme())) {
            String file = url.getSchemeSpecificPart();
            return new MalformedResponseException(0, null, "file " + file + " (a saved " + endpoint + " document)", null, detail, cause);
        }
        return new MalformedResponseException(response.status(), null, endpoint, null, detail, cause);
    }
}
