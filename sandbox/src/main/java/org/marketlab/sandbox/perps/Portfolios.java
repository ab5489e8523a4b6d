package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

/**
 * The private portfolio document, the same for {@code GET /v1/account/portfolio} and the {@code portfolio} frame:
 * the account value is the collateral plus the positions' unrealised PnL; open orders can hold the collateral the
 * positions' initial margin does not; what can be withdrawn is the collateral, or the account value when that is
 * less (unrealised gains are not withdrawable, losses reduce what is), less the margin positions and orders hold;
 * the account is in liquidation when its value is below the positions' maintenance margin.
 */
final class Portfolios {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private Portfolios() {
    }

    static ObjectNode of(PerpsAccount a, long now) {
        synchronized (a) {
            BigDecimal c = a.collateral();
            List<ObjectNode> positions = a.positionRows();
            ObjectNode out = JSON.objectNode();
            out.set("positions", JSON.arrayNode().addAll(positions));
            ObjectNode m = out.putObject("margin");
            BigDecimal initial = BigDecimal.ZERO, maintenance = BigDecimal.ZERO, value = BigDecimal.ZERO, pnl = BigDecimal.ZERO;
            for (ObjectNode p : positions) {
                initial = initial.add(new BigDecimal(p.get("initial_margin").asText()));
                maintenance = maintenance.add(new BigDecimal(p.get("maintenance_margin").asText()));
                value = value.add(new BigDecimal(p.get("position_value").asText()));
                pnl = pnl.add(new BigDecimal(p.get("unrealized_pnl").asText()));
            }
            BigDecimal accountValue = c.add(pnl);
            BigDecimal orderMargin = a.orderMarginWith(null, null);
            m.put("total_account_value", accountValue.toPlainString());
            m.put("available_order_margin", c.subtract(initial).subtract(orderMargin).setScale(2, RoundingMode.HALF_UP).toPlainString());
            m.put("total_initial_margin", initial.toPlainString());
            m.put("total_maintenance_margin", maintenance.toPlainString());
            m.put("total_position_value", value.toPlainString());
            out.put("withdrawable", c.min(accountValue).subtract(initial).subtract(orderMargin).max(BigDecimal.ZERO)
                    .setScale(2, RoundingMode.HALF_UP).toPlainString());
            out.put("in_liquidation", accountValue.compareTo(maintenance) < 0);
            out.put("fee_tier", 0);
            out.put("timestamp", now);
            return out;
        }
    }
}
