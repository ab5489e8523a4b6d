package org.marketlab.perps;

import org.junit.jupiter.api.Test;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code session.placeOrders}: orders signed by the proxy and placed on the real-time channel of the sandbox, each
 * answered on its own: a bid far below the mark rests and is found among the open orders with its client id; a
 * post-only bid above the mark and an order of an unknown instrument are refused with the exchange's reason; bad input
 * is refused before anything is sent.
 */
class PlaceOrdersTest {

    @Test
    void ordersArePlacedOnTheChannelEachAnsweredOnItsOwn() {
        PerpsSession s = PerpsSandboxFixture.session(Wallet.random());
        BigDecimal mark = new PerpsPublic(PerpsSandboxFixture.transport()).tickers().stream().filter(t -> t.instrumentId() == 6).findFirst().orElseThrow().markPrice();
        BigDecimal low = mark.divide(BigDecimal.valueOf(2), 1, RoundingMode.DOWN), high = mark.multiply(BigDecimal.valueOf(2)).setScale(1, RoundingMode.DOWN);
        String coid = "0123456789abcdef0123456789abcdef";
        int before = s.openOrders().size();
        List<PlaceResult> r = s.placeOrders(List.of(
                NewOrder.limit(6, true, low, new BigDecimal("0.002")).withClientOrderId(coid),
                NewOrder.limit(6, true, high, new BigDecimal("0.002")).withPostOnly(),
                NewOrder.limit(12345, true, low, new BigDecimal("0.002"))));
        assertEquals(3, r.size());
        assertTrue(r.get(0).ok(), r.get(0).toString());
        assertEquals(coid, r.get(0).coid());
        assertFalse(r.get(1).ok());
        assertTrue(r.get(1).error().contains("post-only"), r.get(1).error());
        assertFalse(r.get(2).ok());
        assertTrue(r.get(2).error().contains("unknown instrument"), r.get(2).error());
        List<Order> open = s.openOrders();
        assertEquals(before + 1, open.size(), "only the resting bid was placed");
        Order placed = open.stream().filter(o -> o.oid() == r.get(0).oid()).findFirst().orElseThrow();
        assertEquals(coid, placed.coid());
        assertEquals(0, placed.p().compareTo(low), placed.toString());
        assertTrue(s.cancelOrders(List.of(r.get(0).oid())).get(0).ok());

        assertThrows(IllegalArgumentException.class, () -> s.placeOrders(List.of()));
        assertThrows(IllegalArgumentException.class, () -> NewOrder.limit(0, true, low, BigDecimal.ZERO));
        assertThrows(IllegalArgumentException.class, () -> NewOrder.market(0, true, BigDecimal.ONE).withPostOnly());
        assertThrows(IllegalArgumentException.class, () -> NewOrder.limit(0, true, low, BigDecimal.ONE).withClientOrderId("not-hex"));
    }
}
