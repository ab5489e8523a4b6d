package org.marketlab.sandbox.chain;

import com.fasterxml.jackson.databind.JsonNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.contracts.CollateralReturn;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Refusal;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;

import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The collateral-return gateway (served on the chain host, beside the relayer whose transactions it submits):
 * <ul>
 *   <li>{@code POST /v1/collateral-return/plan} {@code {"wallet"}}: the wallet's plan now ({@link CollateralReturn}),
 *       in the shape the official clients read: {@code plan_hash}, {@code chain_id}, {@code wallet}, {@code block_number},
 *       {@code starting_pusd}, {@code net_pusd_out}, {@code final_pusd} (decimal strings), {@code operations} (kind,
 *       position, amount in base units), {@code required_positions}, {@code position_summary},
 *       {@code candidate_position_ids}, {@code router_call}.</li>
 *   <li>{@code POST /v1/collateral-return/submit} {@code {plan_hash, envelope}}: the envelope a deposit wallet's
 *       batch as {@code POST /submit} takes it ({@code type: "WALLET"}), its one call the plan's router call, signed by
 *       the owner or a listed session signer; the plan's merges and redemptions run on the chain as the wallet's own,
 *       and the answer is the relayer's {@code {transactionID, transactionHash, state}}.</li>
 * </ul>
 * Refusals, every one before any effect: an unknown plan (404), a plan whose wallet changed since (409, "request a
 * new plan"), a plan with nothing to return, an envelope for another wallet or with other calls (400), and the
 * relayer's own (signature 401, nonce, deadline 400). Submitting needs builder-key headers, as the relayer does.
 */
public final class CollateralReturnApi implements RouteModule {

    private final CollateralReturn plans;
    private final RelayerApi relayer;
    private final Function<Context, String> builders;

    public CollateralReturnApi(CollateralReturn plans, RelayerApi relayer, Function<Context, String> builders) {
        this.plans = plans;
        this.relayer = relayer;
        this.builders = builders;
    }

    @Route("POST /v1/collateral-return/plan")
    private void plan(Context ctx) {
        Json.send(ctx, plans.plan(RelayerApi.bodyAddress(ctx, "wallet")));
    }

    @Route("POST /v1/collateral-return/submit")
    private void submit(Context ctx) {
        builders.apply(ctx);
        JsonNode body = Json.readOrNull(ctx.bodyAsBytes());
        if (body == null || !body.isObject()) throw Refusal.badRequest("the body must be a JSON object: {plan_hash, envelope}");
        CollateralReturn.Plan plan = plans.recorded(body.path("plan_hash").asText(null));
        if (plan == null) throw Refusal.notFound("unknown plan_hash " + body.path("plan_hash") + ": request a plan first");
        JsonNode envelope = body.path("envelope");
        if (!envelope.isObject() || !"WALLET".equals(envelope.path("type").asText())) {
            throw Refusal.badRequest("envelope must be a deposit wallet's batch (type WALLET), as POST /submit takes it");
        }
        String wallet = envelope.path("depositWalletParams").path("depositWallet").asText("").toLowerCase(Locale.ROOT);
        if (!wallet.equals(plan.wallet())) throw Refusal.badRequest("the envelope is for " + wallet + ", the plan for " + plan.wallet());
        Json.send(ctx, relayer.walletBatch(envelope, calls -> {
            String router = CollateralReturn.routerData(plan.hash());
            if (calls.size() != 1 || !calls.get(0)[0].equalsIgnoreCase(org.marketlab.sandbox.contracts.Contracts.PROTOCOL_V2_ROUTER)
                    || !calls.get(0)[1].equalsIgnoreCase(router)) {
                throw Refusal.badRequest("the envelope's calls must be the plan's router call, exactly as planned");
            }
            if (!plans.current(plan)) throw new Refusal(409, "the plan no longer matches the wallet's positions: request a new plan");
            if (plan.calls().isEmpty()) throw Refusal.badRequest("the plan returns nothing: the wallet holds no full set and no resolved position");
            return List.copyOf(plan.calls());
        }));
    }
}
