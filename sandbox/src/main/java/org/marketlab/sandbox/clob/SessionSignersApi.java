package org.marketlab.sandbox.clob;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.contracts.DepositWallet;
import org.marketlab.sandbox.contracts.Relayer;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;
import org.marketlab.sandbox.wallets.ApiKeys;
import org.web3j.crypto.Keys;

/**
 * {@code GET /v1/user/session-signers} (L2): the session signers of the authenticated owner's deposit wallet (the
 * factory's address for that owner), as the relayer lists them: {@code {wallet, signers: [{address, scopes,
 * valid_until}]}}, {@code valid_until} in unix seconds. A wallet with none lists an empty array.
 */
public final class SessionSignersApi implements RouteModule {

    private final ClobAccountsApi accounts;
    private final Relayer relayer;

    public SessionSignersApi(ClobAccountsApi accounts, Relayer relayer) {
        this.accounts = accounts;
        this.relayer = relayer;
    }

    /** The session signers the deposit wallet of the key's address has authorised, with their scopes and expiry. */
    @Route("GET /v1/user/session-signers")
    private void sessionSigners(Context ctx) {
        ApiKeys.Entry key = accounts.l2(ctx);
        String wallet = DepositWallet.of(key.address());
        ObjectNode out = Json.object().put("wallet", Keys.toChecksumAddress(wallet));
        ArrayNode signers = out.putArray("signers");
        for (Relayer.Grant g : relayer.signers(wallet)) {
            ObjectNode s = signers.addObject().put("address", g.signer()).put("valid_until", g.validUntil());
            g.scopes().forEach(s.putArray("scopes")::add);
        }
        Json.send(ctx, out);
    }
}
