package org.marketlab.perps;

import org.marketlab.internal.transport.Query;
import org.marketlab.internal.transport.Signer;
import org.marketlab.config.Connection;
import org.marketlab.internal.transport.Transport;

import java.util.List;

/** The public reads of the perpetuals interface on one transport, paced against the shared public weight budget. */
public final class PerpsPublic {

    private final PerpsRequests requests;

    public PerpsPublic(Connection connection) {
        Transport transport = Transport.of(connection);
        this.requests = new PerpsRequests(transport, Weights.publicReads(transport), null, Signer.NONE);
    }

    /** {@code GET /v1/info/portfolio?address=}, weight 5. */
    public PublicPortfolio portfolio(String address) {
        String checked = org.marketlab.internal.Args.address(address, "address");
        return requests.read("/v1/info/portfolio", Query.empty().with("address", checked), Weights.PUBLIC_PORTFOLIO).read(PublicPortfolio.class);
    }

    /** {@code GET /v1/info/assets}, weight 2. */
    public List<CollateralAsset> assets() {
        return List.of(requests.read("/v1/info/assets", Query.empty(), Weights.ASSETS).read(CollateralAsset[].class));
    }
}
