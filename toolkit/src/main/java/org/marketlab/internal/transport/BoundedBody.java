package org.marketlab.internal.transport;

import org.marketlab.http.ResponseTooLargeException;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.BufferedSource;

import java.io.IOException;

/** Reads a response body up to a cap; a longer one is a {@link ResponseTooLargeException}, read no further. */
final class BoundedBody {

    private BoundedBody() {
    }

    static byte[] read(okhttp3.Response r, long cap, String endpoint) throws IOException {
        ResponseBody body = r.body();
        if (body == null) return new byte[0];
        long declared = body.contentLength();
        if (declared > cap) throw tooLarge(r.code(), endpoint, cap, "it declares " + declared + " bytes");
        BufferedSource source = body.source();
        Buffer buffer = new Buffer();
        while (buffer.size() <= cap) {
            if (source.read(buffer, 64 * 1024) == -1) return buffer.readByteArray();
        }
        throw tooLarge(r.code(), endpoint, cap, "more than that arrived");
    }

    private static ResponseTooLargeException tooLarge(int status, String endpoint, long cap, String what) {
        return new ResponseTooLargeException(status, null, endpoint, null, "the answer is larger than the response-size cap of "
                + cap + " bytes (" + what + "); Profile.withMaxResponseBytes raises the cap, a narrower query (limit, window) asks for less", null);
    }
}
