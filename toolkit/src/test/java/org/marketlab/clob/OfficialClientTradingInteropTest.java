package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.Interop;
import org.marketlab.accounts.Account;
import org.marketlab.accounts.Trade;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Transport;
import org.marketlab.sandbox.Sandbox;

import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official {@code @polymarket/clob-client-v2} trading against the sandbox (interop/clob-trade.mjs), with errors
 * thrown: demo wallet 2 through the official client buys with {@code createAndPostOrder} (a GTC limit) and
 * {@code createMarketOrder} + {@code postOrder} (a FOK market buy, priced from the book, its market resolved through
 * {@code /markets-by-token} and {@code /clob-markets}) from sells demo wallet 1 rested with the toolkit, quotes with
 * {@code postOrders}; demo wallet 1 through the official client cancels the toolkit's orders with {@code cancelOrder},
 * {@code cancelOrders} and {@code cancelAll}. Every answer is accepted; the fills are the ones both toolkit sessions and
 * the Data API read (the official client's own trade reads equal the toolkit's field by field); the official client's
 * resting quotes are cancelled by the toolkit.
 */
class OfficialClientTradingInteropTest {

    static Sandbox sandbox;
    static Transport transport;

    @BeforeAll
    static void start() {
        sandbox = TradingSandbox.start();
        transport = TradingSandbox.transport(sandbox, 2);
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @Test
    void officialClientOrdersFillAgainstTheToolkitsAndCancelsCrossBothWays() throws Exception {
        ClobSession seller = TradingSandbox.session(transport, 1);
        ClobSession buyer = TradingSandbox.session(transport, 2);

        // A token demo wallet 1 holds plenty of, on a 0.01 grid, priced away from the ends, whose seeded spread leaves
        // two prices inside it (the seeded levels are the world's market maker, first in time at their prices).
        TradingSandbox.Held held = TradingSandbox.held(transport, seller, (pos, b) -> b.tickSize().compareTo(new BigDecimal("0.01")) == 0
                && b.bestAsk().compareTo(new BigDecimal("0.25")) >= 0 && b.bestAsk().compareTo(new BigDecimal("0.7")) <= 0
                && b.bestAsk().subtract(b.bestBid()).compareTo(b.tickSize().multiply(BigDecimal.valueOf(3))) >= 0
                && TradingSandbox.holds(pos, b, BigDecimal.ZERO, 10));
        String token = held.token();
        Book book = held.book();
        BigDecimal tick = book.tickSize(), min = book.minOrderSize();
        // Both toolkit sells inside the seeded spread, so they are the best asks and cross no seeded bid.
        BigDecimal limitPrice = book.bestAsk().subtract(tick.multiply(BigDecimal.valueOf(2)));
        BigDecimal ask = book.bestAsk().subtract(tick);
        BigDecimal high = book.bestAsk().add(tick.multiply(BigDecimal.valueOf(5)));

        // The toolkit rests demo wallet 1's sells: one the official limit buy takes, one that is the book's best ask
        // after it, which the official market buy takes (the client prices a market buy from the book's asks), four to
        // be cancelled.
        OrderResult s1 = seller.place(seller.limitOrder(token, Side.SELL, limitPrice, min));
        OrderResult s2 = seller.place(seller.limitOrder(token, Side.SELL, ask, min.multiply(BigDecimal.valueOf(4))));
        List<OrderResult> toCancel = seller.placeAll(List.of(seller.limitOrder(token, Side.SELL, high, min),
                seller.limitOrder(token, Side.SELL, high, min), seller.limitOrder(token, Side.SELL, high, min),
                seller.limitOrder(token, Side.SELL, high.add(tick), min)));
        for (OrderResult r : List.of(s1, s2, toCancel.get(0), toCancel.get(1), toCancel.get(2), toCancel.get(3))) {
            assertTrue(r.accepted() && "live".equals(r.status()), r.toString());
        }
        Set<String> buyerOpenBefore = openIds(buyer);
        Set<String> sellerOpenBefore = openIds(seller);
        Set<String> toolkitSells = Set.of(s1.orderId(), s2.orderId(), toCancel.get(0).orderId(), toCancel.get(1).orderId(), toCancel.get(2).orderId(),
                toCancel.get(3).orderId());
        int buyerTradesBefore = buyer.trades().list().size();
        int sellerTradesBefore = seller.trades().list().size();
        int dataTradesBefore = new Account(transport, buyer.address()).trades().list().size();

        BigDecimal amount = BigDecimal.ONE; // collateral: well inside the best ask's level and the resting sell
        ObjectNode input = JsonMapper.builder().build().createObjectNode();
        input.put("maker", "demo:1").put("taker", "demo:2").put("token", token).put("condition", book.market());
        input.put("limitPrice", limitPrice.doubleValue()).put("limitSize", min.doubleValue()).put("marketAmount", amount.doubleValue());
        input.putArray("quotePrices").add(tick.doubleValue()).add(tick.multiply(BigDecimal.valueOf(2)).doubleValue());
        input.put("quoteSize", min.doubleValue());
        input.put("cancelOne", toCancel.get(0).orderId());
        input.putArray("cancelMany").add(toCancel.get(1).orderId()).add(toCancel.get(2).orderId());
        Path file = Files.createTempFile("clob-trade", ".json");
        Files.writeString(file, input.toString());
        JsonNode js;
        try {
            js = Interop.run("clob-trade.mjs", sandbox.urls().get("clob").toString(), file.toString());
        } finally {
            Files.deleteIfExists(file);
        }

        // The reads around an order: the lists page by their cursors, the market is the token's.
        for (String list : List.of("markets", "sampling", "simplified", "samplingSimplified")) {
            JsonNode l = js.get("lists").get(list);
            assertEquals(l.get("size").asInt(), l.get("count").asInt(), list);
            assertTrue(l.get("count").asInt() > 0 && l.get("count").asInt() <= l.get("limit").asInt(), list + ": " + l);
            if (!l.get("next").asText().equals("LTE=")) assertTrue(l.get("secondCount").asInt() > 0, list + ": " + l);
        }
        assertEquals(js.get("lists").get("markets").get("firstCondition"), js.get("lists").get("simplified").get("firstCondition"));
        assertEquals(book.market(), js.get("marketInfo").get("condition_id").asText());
        assertTrue(js.get("marketInfo").get("tokens").toString().contains(token));
        assertEquals(0, tick.compareTo(js.get("marketInfo").get("minimum_tick_size").decimalValue()));
        assertEquals(0, tick.compareTo(js.get("clobMarket").get("mts").decimalValue()));
        assertTrue(js.get("clobMarket").get("t").toString().contains(token));

        // 1. The limit buy took s1 whole at its price.
        JsonNode limit = js.get("limit");
        assertTrue(limit.get("success").asBoolean(), limit.toString());
        assertEquals("matched", limit.get("status").asText(), limit.toString());
        assertEquals(0, min.compareTo(new BigDecimal(limit.get("takingAmount").asText())), limit.toString());
        assertEquals(1, limit.get("tradeIDs").size());
        // 2. The market buy took shares from s2 at the best ask, for no more than the amount.
        JsonNode market = js.get("market");
        assertTrue(market.get("success").asBoolean(), market.toString());
        assertEquals("matched", market.get("status").asText(), market.toString());
        assertEquals(1, market.get("tradeIDs").size());
        BigDecimal shares = new BigDecimal(js.get("marketOrder").get("takerAmount").asText()).movePointLeft(6);
        assertEquals(0, shares.compareTo(new BigDecimal(market.get("takingAmount").asText())), "FOK: every share of the order");
        assertTrue(new BigDecimal(market.get("makingAmount").asText()).compareTo(amount) <= 0, market.toString());
        assertEquals(0, new BigDecimal(market.get("makingAmount").asText()).compareTo(shares.multiply(ask)), "paid at the maker's price");

        // The same fills, as the buyer (taker) and the seller (maker) read them with the toolkit, and as the official
        // client reads them: field by field.
        String limitTrade = limit.get("tradeIDs").get(0).asText(), marketTrade = market.get("tradeIDs").get(0).asText();
        List<ClobTrade> bought = buyer.trades().list();
        assertEquals(buyerTradesBefore + 2, bought.size());
        ClobTrade t1 = one(bought, limitTrade), t2 = one(bought, marketTrade);
        assertEquals("BUY", t1.side());
        assertEquals(0, limitPrice.compareTo(t1.price()));
        assertEquals(0, min.compareTo(t1.size()));
        assertEquals(0, ask.compareTo(t2.price()));
        assertEquals(0, shares.compareTo(t2.size()));
        assertEquals(limit.get("transactionsHashes").get(0).asText(), t1.transactionHash());
        assertEquals(market.get("transactionsHashes").get(0).asText(), t2.transactionHash());
        List<ClobTrade> official = ClobTrade.readPage(Document.file("official client trades", "{\"data\":" + js.get("trades") + "}"));
        assertEquals(List.of(t1, t2), official, "the official client reads the toolkit's rows");
        List<ClobTrade> sold = seller.trades().list();
        assertEquals(sellerTradesBefore + 2, sold.size());
        assertEquals(s1.orderId(), one(sold, limitTrade).makerOrders().get(0).orderId());
        assertEquals(s2.orderId(), one(sold, marketTrade).makerOrders().get(0).orderId());
        // And the Data API lists both fills under the buyer's address.
        List<Trade> data = new Account(transport, buyer.address()).trades().list();
        assertEquals(dataTradesBefore + 2, data.size());
        for (ClobTrade t : List.of(t1, t2)) {
            Trade d = data.stream().filter(x -> t.transactionHash().equals(x.transactionHash())).findFirst().orElseThrow();
            assertEquals("BUY", d.side());
            assertEquals(token, d.tokenId());
            assertEquals(0, t.price().compareTo(d.price()));
            assertEquals(0, t.size().compareTo(d.size()));
        }

        // 3. The official client's post-only quotes rest; the toolkit sees them and cancels them.
        JsonNode quotes = js.get("quotes");
        assertEquals(2, quotes.size());
        List<String> quoteIds = new ArrayList<>();
        for (JsonNode q : quotes) {
            assertTrue(q.get("success").asBoolean() && q.get("errorMsg").asText().isEmpty(), q.toString());
            assertEquals("live", q.get("status").asText());
            quoteIds.add(q.get("orderID").asText());
        }
        Set<String> open = new HashSet<>(buyerOpenBefore);
        open.addAll(quoteIds);
        assertEquals(open, openIds(buyer), "the buyer's open orders: the seeded ones and the official client's quotes");
        assertEquals(List.of(quoteIds.get(0)), buyer.cancel(quoteIds.get(0)).canceled());
        assertEquals(List.of(quoteIds.get(1)), buyer.cancelAll(List.of(quoteIds.get(1))).canceled());
        assertEquals(buyerOpenBefore, openIds(buyer));

        // 4. The official client cancelled the toolkit's sells: one, two, then everything left (s2's remainder and the last).
        assertEquals(List.of(toCancel.get(0).orderId()), ids(js.get("cancelOne").get("canceled")));
        assertEquals(0, js.get("cancelOne").get("not_canceled").size());
        assertEquals(List.of(toCancel.get(1).orderId(), toCancel.get(2).orderId()), ids(js.get("cancelMany").get("canceled")));
        // cancelAll takes every open order of the wallet: s2's remainder, the last sell, and the wallet's seeded orders.
        assertTrue(sellerOpenBefore.containsAll(toolkitSells), "the toolkit's sells were open");
        Set<String> everythingLeft = new HashSet<>(sellerOpenBefore);
        everythingLeft.removeAll(Set.of(s1.orderId(), toCancel.get(0).orderId(), toCancel.get(1).orderId(), toCancel.get(2).orderId()));
        assertEquals(everythingLeft, new HashSet<>(ids(js.get("cancelAll").get("canceled"))));
        assertTrue(everythingLeft.containsAll(Set.of(s2.orderId(), toCancel.get(3).orderId())));
        assertEquals(Set.of(), openIds(seller), "nothing of demo wallet 1 rests after its cancelAll");
    }

    private static Set<String> openIds(ClobSession s) {
        Set<String> out = new HashSet<>();
        s.orders().list().forEach(o -> out.add(o.id()));
        return out;
    }

    private static ClobTrade one(List<ClobTrade> trades, String id) {
        List<ClobTrade> found = trades.stream().filter(t -> t.id().equals(id)).toList();
        assertEquals(1, found.size(), "trade " + id + " listed once");
        return found.get(0);
    }

    private static List<String> ids(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }
}
