package org.marketlab.sandbox.data;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.contracts.Chain;
import org.marketlab.sandbox.contracts.Contracts;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Params;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;

import java.math.BigInteger;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * {@code GET /v2/approvals?user=}: the trading approvals a wallet has given on the chain, as the Data API indexes
 * them ({@code {data: {address, chain_id, contracts: [{token, spender, standard, approved, amount}]}}}, an ERC-20
 * row's amount in base units or {@code max}), read from the sandbox's {@link Chain}, so an approval sent to its node
 * shows here at once (the live index follows the chain a little later).
 */
public record ApprovalsApi(Chain chain) implements RouteModule {

    private static final Pattern ADDRESS = Pattern.compile("0x[0-9a-fA-F]{40}");

    @Route("GET /v2/approvals")
    private void approvals(Context ctx, Params q) {
        String user = q.matching("user", ADDRESS, "an address: 0x and 40 hex digits");
        if (user == null) throw q.missing("user", "an address: 0x and 40 hex digits");
        String owner = user.toLowerCase(Locale.ROOT);
        ObjectNode out = Json.object();
        ObjectNode d = out.putObject("data");
        d.put("address", owner);
        d.put("chain_id", Contracts.CHAIN_ID);
        ArrayNode rows = d.putArray("contracts");
        for (Contracts.Approval a : Contracts.TRADING) {
            ObjectNode r = rows.addObject();
            r.put("token", a.token());
            r.put("spender", a.spender());
            r.put("standard", a.erc20() ? "ERC20" : "ERC1155");
            if (a.erc20()) {
                BigInteger amount = chain.allowance(owner, a.token(), a.spender());
                r.put("approved", amount.signum() > 0);
                r.put("amount", amount.equals(Chain.MAX_UINT) ? "max" : amount.toString());
            } else {
                r.put("approved", chain.approvedForAll(owner, a.token(), a.spender()));
                r.putNull("amount");
            }
        }
        Json.send(ctx, out);
    }
}
