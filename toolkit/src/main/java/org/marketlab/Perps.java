package org.marketlab;

import org.marketlab.config.Service;
import org.marketlab.http.Call;
import org.marketlab.http.Query;
import org.marketlab.http.Response;
import org.marketlab.http.Transport;
import org.marketlab.perps.CollateralAsset;
import org.marketlab.perps.PerpsSession;
import org.marketlab.perps.PublicPortfolio;
import org.marketlab.signing.Wallet;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;

/**
 * The perpetuals exchange: public reads, and account sessions.
 *
 * <pre>{@code
 * var s = Perps.session(Wallet.fromEnv("OWNER_KEY"));   // registers (or resumes) a proxy signer
 * s.funding().table();  s.withdrawals().status("pending").table();  s.portfolio();
 * }</pre>
 */
public final class Perps {

    private Perps() {
    }

    /** A session for the account of {@code owner}, with the default options (one week, credentials under ~/.marketlab). */
    public static PerpsSession session(Wallet owner) {
        return PerpsSession.open(Transport.current(), owner, PerpsSession.Options.defaults());
    }

    public static PerpsSession session(Wallet owner, PerpsSession.Options options) {
        return PerpsSession.open(Transport.current(), owner, options);
    }

    /** The public portfolio of any address. */
    public static PublicPortfolio publicPortfolio(String address) {
        if (address == null || !address.matches("0x[0-9a-fA-F]{40}")) {
            throw new IllegalArgumentException("address must be 0x followed by 40 hex digits, was '" + address + "'");
        }
        Transport t = Transport.current();
        Call call = Call.get(Service.PERPS, "/v1/info/portfolio", Query.empty().with("address", address));
        return read(t, call, t.send(call), PublicPortfolio.class);
    }

    /** The assets accepted as collateral. */
    public static List<CollateralAsset> assets() {
        Transport t = Transport.current();
        Call call = Call.get(Service.PERPS, "/v1/info/assets", Query.empty());
        return Arrays.asList(read(t, call, t.send(call), CollateralAsset[].class));
    }

    private static <T> T read(Transport t, Call call, Response r, Class<T> type) {
        try {
            return t.json().readValue(r.body(), type);
        } catch (IOException e) {
            throw t.malformed(call, r, "could not be read as " + type.getSimpleName() + ": " + e.getMessage(), e);
        }
    }
}
