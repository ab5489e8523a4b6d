package org.marketlab.clob;

import org.marketlab.http.Transport;

/** Entry points for the query builders (their constructors stay package-private). */
public final class Queries {

    private Queries() {
    }

    public static PricesHistoryQuery history(Transport t, String tokenId) {
        return new PricesHistoryQuery(t, ClobData.token(tokenId), null, null, null, null);
    }

    public static OhlcQuery ohlc(Transport t, String assetId) {
        if (assetId == null || assetId.isBlank()) throw new IllegalArgumentException("asset id is required (an outcome token id)");
        return new OhlcQuery(t, ClobData.token(assetId), null, null, "1h", OhlcQuery.MAX_LIMIT, null);
    }
}
