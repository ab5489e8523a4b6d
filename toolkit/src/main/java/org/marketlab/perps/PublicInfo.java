package org.marketlab.perps;

import org.marketlab.config.Service;
import org.marketlab.http.Call;
import org.marketlab.http.ConnectionException;
import org.marketlab.http.Query;
import org.marketlab.http.Transport;

import java.util.Arrays;
import java.util.List;

/** The public reads of the perpetuals interface, paced against the shared public weight budget. */
public final class PublicInfo {

    private PublicInfo() {
    }

    /** {@code GET /v1/info/portfolio?address=}, weight 5. */
    public static PublicPortfolio portfolio(Transport t, String address) {
        address = org.marketlab.internal.Args.address(address, "address");
        Call call = Call.get(Service.PERPS, "/v1/info/portfolio", Query.empty().with("address", address));
        return read(t, call, Weights.PUBLIC_PORTFOLIO, PublicPortfolio.class);
    }

    /** {@code GET /v1/info/assets}, weight 2. */
    public static List<CollateralAsset> assets(Transport t) {
        Call call = Call.get(Service.PERPS, "/v1/info/assets", Query.empty());
        return List.copyOf(Arrays.asList(read(t, call, Weights.ASSETS, CollateralAsset[].class)));
    }

    private static <T> T read(Transport t, Call call, long weight, Class<T> type) {
        try {
            Weights.publicReads(t).acquire(weight);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectionException(0, null, call.toString(), null, "interrupted while waiting for the weight budget", e);
        }
        return Replies.as(t, call, t.send(call), type);
    }
}
