package org.marketlab.perps;

import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Signer;
import org.marketlab.internal.transport.Transport;

import java.util.List;

/** The public reads of the perpetuals interface on one transport, paced against the shared public weight budget. */
public final class PerpsPublic {

    private final PerpsRequests requests;

    public PerpsPublic(Transport transport) {
        this.requests = new PerpsRequests(transport, Weights.publicReads(transport), null, Signer.NONE);
    }

    /** {@code GET /v1/info/portfolio?address=}, weight 5. */
    public PublicPortfolio portfolio(String address) {
        if (address == null || !address.matches("0x[0-9a-fA-F]{40}")) {
            throw new IllegalArgumentException("address must be 0x followed by 40 hex digits, was '" + address + "'");
        }
        return requests.read("/v1/info/portfolio", Query.empty().with("address", address), Weights.PUBLIC_PORTFOLIO).read(PublicPortfolio.class);
    }

    /** {@code GET /v1/info/assets}, weight 2. */
    public List<CollateralAsset> assets() {
        return List.of(requests.read("/v1/info/assets", Query.empty(), Weights.ASSETS).read(CollateralAsset[].class));
    }
}
