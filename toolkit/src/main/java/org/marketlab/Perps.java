package org.marketlab;

import org.marketlab.perps.CollateralAsset;
import org.marketlab.perps.PerpsSession;
import org.marketlab.perps.PerpsPublic;
import org.marketlab.perps.PublicPortfolio;
import org.marketlab.signing.Wallet;

import java.util.List;

/**
 * The perpetuals exchange: account sessions, and the public reads.
 *
 * <pre>{@code
 * var s = Perps.session(Wallet.fromEnv("OWNER_PRIVATE_KEY"));   // registers (or resumes) a proxy signer
 * s.funding().table();  s.withdrawals().status("pending").table();  s.portfolio();
 * Perps.publicPortfolio("0x…");  Perps.assets();
 * }</pre>
 *
 * Every request is paced by the weights of the specification against a budget of 120 per 10 s per account (and
 * one for the public reads): a conservative assumption, as the service does not publish the size.
 */
public final class Perps {

    private Perps() {
    }

    /**
     * A session for the account of {@code owner} with the default options: a proxy valid for one week, labelled
     * {@code marketlab}, its credentials kept owner-only under {@code ~/.marketlab/credentials/<profile>/}.
     */
    public static PerpsSession session(Wallet owner) {
        return PerpsSession.open(MarketLab.transport(), owner, PerpsSession.Options.defaults());
    }

    /** A session with other options: {@code Perps.session(w, PerpsSession.Options.defaults().lifetime(Duration.ofDays(1)))}. */
    public static PerpsSession session(Wallet owner, PerpsSession.Options options) {
        return PerpsSession.open(MarketLab.transport(), owner, options);
    }

    /** The public portfolio of any address: positions and equity. */
    public static PublicPortfolio publicPortfolio(String address) {
        return new PerpsPublic(MarketLab.transport()).portfolio(address);
    }

    /** The assets accepted as collateral. */
    public static List<CollateralAsset> assets() {
        return new PerpsPublic(MarketLab.transport()).assets();
    }
}
