package org.marketlab.sandbox.perps;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** The private portfolio document, the same for {@code GET /v1/account/portfolio} and the {@code portfolio} frame. */
final class Portfolios {

    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

    private Portfolios() {
    }

    static ObjectNode of(PerpsAccount a, long now) {
        synchronized (a) {
            BigDecimal c = a.collateral();
            ObjectNode out = JSON.objectNode();
            out.set("positions", JSON.arrayNode().addAll(a.positions()));
            ObjectNode m = out.putObject("margin");
            BigDecimal initial = BigDecimal.ZERO, maintenance = BigDecimal.ZERO, value = BigDecimal.ZERO;
            for (ObjectNode p : a.positionRows()) {
                initial = initial.add(new BigDecimal(p.get("initial_margin").asText()));
                maintenance = maintenance.add(new BigDecimal(p.get("maintenance_margin").asText()));
                value = value.add(new BigDecimal(p.get("position_value").asText()));
            }
            BigDecimal accountValue = c.add(a.unrealizedPnl());
            BigDecimal orderMargin = a.orderMarginWith(null, null);
            m.put("total_account_value", accountValue.toPlainString());
            m.put("available_order_margin", c.subtract(orderMargin).setScale(2, RoundingMode.HALF_UP).toPlainString());
            m.put("total_initial_margin", initial.toPlainString());
            m.put("total_maintenance_margin", maintenance.toPlainString());
            m.put("total_position_value", value.toPlainString());
            out.put("withdrawable", accountValue.subtract(initial).max(BigDecimal.ZERO).setScale(2, RoundingMode.HALF_UP).toPlainString());
            out.put("in_liquidation", false);
            out.put("fee_tier", 0);
            out.put("timestamp", now);
            return out;
        }
    }
}
