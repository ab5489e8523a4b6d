package org.marketlab.clob;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.marketlab.http.ExchangeMode;
import org.marketlab.http.ExchangeModeException;
import org.marketlab.http.InvalidRequestException;
import org.marketlab.http.ServerException;
import org.marketlab.http.ServiceException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.sandbox.Sandbox;
import org.marketlab.sandbox.clob.ClobAccountsApi;

import java.math.BigDecimal;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The order error rows the sandbox plays on request ({@code POST /control/order-errors}, {@code failNextOrders}), met by
 * the toolkit over HTTP: {@code order timed out} (500) is resubmitted with the same signed order (the refused attempt and
 * the booked order have one id, which hashes the salt and the signature's fields) and the order rests once; 425 (the
 * engine restarting) is retried; the engine's 500 rows and the other refusals are never retried and come back as the
 * typed exception of their status with the server's message; in a batch, per entry ({@link OrderResult#failure()}), a
 * timed-out entry resubmitted on its own.
 */
class OrderErrorRowsTest {

    static Sandbox sandbox;
    static ClobAccountsApi book;
    static ClobSession seller;
    static String token;
    static BigDecimal size;

    @BeforeAll
    static void start() {
        sandbox = TradingSandbox.start();
        book = sandbox.orderBook();
        Transport transport = TradingSandbox.transport(sandbox, 3); // three attempts a call
        seller = TradingSandbox.session(transport, 1);
        TradingSandbox.Held held = TradingSandbox.held(transport, seller,
                (pos, b) -> b.tickSize().compareTo(new BigDecimal("0.01")) == 0
                        && b.bestBid().compareTo(new BigDecimal("0.9")) < 0
                        && TradingSandbox.holds(pos, b, BigDecimal.ZERO, 10));
        token = held.token();
        size = held.book().minOrderSize();
    }

    @AfterAll
    static void stop() {
        sandbox.close();
    }

    @BeforeEach
    void clean() {
        book.clearOrderFailures();
        seller.cancelEverything();
    }

    /** A sell far above the book (its best bid is under 0.90): it rests and crosses nothing. */
    private static LimitOrder resting() {
        return seller.limitOrder(token, Side.SELL, new BigDecimal("0.97"), size);
    }

    private static long requests(String path) {
        return sandbox.stats().requests("clob", path);
    }

    private static long resting(String id) {
        return seller.orders().list().stream().filter(o -> o.id().equals(id)).count();
    }

    @Test
    void orderTimedOutIsResubmittedWithTheSameSignedOrderAndRestsOnce() {
        book.failNextOrders("order timed out");
        long before = requests("/order");
        OrderResult r = seller.place(resting());
        assertTrue(r.accepted() && "live".equals(r.status()), r.toString());
        assertEquals(before + 2, requests("/order"), "one refused attempt, one resubmission");
        assertEquals(List.of(r.orderId()), book.failedOrders(), "the refused attempt was this very signed order (same salt)");
        assertEquals(1, resting(r.orderId()), "booked once");

        book.clearOrderFailures();
        book.failNextOrders("order timed out", "order timed out");
        before = requests("/order");
        OrderResult twice = seller.place(resting());
        assertTrue(twice.accepted(), twice.toString());
        assertEquals(before + 3, requests("/order"));
        assertEquals(List.of(twice.orderId(), twice.orderId()), book.failedOrders());
        assertEquals(1, resting(twice.orderId()));

        // Past the attempts: the typed 500 with the server's message, and nothing booked.
        book.clearOrderFailures();
        book.failNextOrders("order timed out", "order timed out", "order timed out");
        before = requests("/order");
        ServerException e = assertThrows(ServerException.class, () -> seller.place(resting()));
        assertEquals(500, e.status());
        assertEquals("order timed out", e.serverMessage());
        assertEquals(before + 3, requests("/order"));
        List<String> ids = book.failedOrders();
        assertEquals(3, ids.size());
        assertEquals(1, ids.stream().distinct().count(), "every attempt the same signed order: " + ids);
        assertEquals(0, resting(ids.get(0)));
    }

    @Test
    void engineRestartingIsRetried() {
        book.failNextOrders("425");
        long before = requests("/order");
        OrderResult r = seller.place(resting());
        assertTrue(r.accepted(), r.toString());
        assertEquals(before + 2, requests("/order"));
        assertEquals(1, resting(r.orderId()));
        assertTrue(book.failedOrders().isEmpty(), "a restart refuses the request, not an order");

        book.failNextOrders("425", "425", "425");
        int open = seller.orders().list().size();
        before = requests("/order");
        ServerException e = assertThrows(ServerException.class, () -> seller.place(resting()));
        assertEquals(425, e.status());
        assertEquals(before + 3, requests("/order"));
        assertEquals(open, seller.orders().list().size(), "nothing placed");

        book.failNextOrders("425");
        before = requests("/orders");
        List<OrderResult> batch = seller.placeAll(List.of(resting(), resting()));
        assertTrue(batch.stream().allMatch(OrderResult::accepted), OrderResult.table(batch).print());
        assertEquals(before + 2, requests("/orders"), "the whole batch again, once");
        for (OrderResult b : batch) assertEquals(1, resting(b.orderId()));
    }

    @Test
    void everyOtherRowIsTypedWithTheServersMessageAndNeverRetried() {
        int rows = 0;
        for (Map.Entry<String, Integer> row : ClobAccountsApi.orderErrorRows().entrySet()) {
            if (row.getKey().equals("425") || row.getKey().equals("order timed out")) continue;
            book.clearOrderFailures();
            book.failNextOrders(row.getKey());
            long before = requests("/order");
            ServiceException e = assertThrows(ServiceException.class, () -> seller.place(resting()), row.getKey());
            String id = book.failedOrders().get(0);
            String expected = row.getKey().replace("{id}", id).replace("{address}", seller.address().toLowerCase(Locale.ROOT));
            assertEquals(expected, e.serverMessage());
            assertEquals(row.getValue().intValue(), e.status(), expected);
            Class<? extends ServiceException> type = row.getValue() == 500 ? ServerException.class : InvalidRequestException.class;
            assertEquals(type, e.getClass(), expected);
            assertEquals(before + 1, requests("/order"), "never retried: " + expected);
            assertEquals(0, resting(id), "nothing booked: " + expected);
            rows++;
        }
        assertEquals(10, rows, "the engine's four 500 rows and six 400 rows");
    }

    @Test
    void batchEntriesFailOneByOneAndATimedOutEntryIsResubmitted() {
        book.failNextOrders("the trade contains rounding issues", "order timed out", "'{address}' address banned");
        long before = requests("/orders");
        List<OrderResult> results = seller.placeAll(List.of(resting(), resting(), resting(), resting()));
        assertEquals(4, results.size());
        assertEquals(before + 2, requests("/orders"), "the batch, then the timed-out entry alone");
        List<String> failed = book.failedOrders();
        assertEquals(3, failed.size());

        ServiceException rounding = results.get(0).failure().orElseThrow();
        assertInstanceOf(ServerException.class, rounding);
        assertEquals(500, rounding.status());
        assertEquals("the trade contains rounding issues", rounding.serverMessage());
        assertFalse(results.get(0).accepted());

        assertTrue(results.get(1).accepted(), results.get(1).toString());
        assertEquals(failed.get(1), results.get(1).orderId(), "resubmitted: the same signed order");
        assertEquals(1, resting(results.get(1).orderId()));

        ServiceException banned = results.get(2).failure().orElseThrow();
        assertInstanceOf(InvalidRequestException.class, banned);
        assertEquals("'" + seller.address().toLowerCase(Locale.ROOT) + "' address banned", banned.serverMessage());

        assertTrue(results.get(3).accepted());
        assertTrue(results.get(3).failure().isEmpty());
        assertEquals(2, seller.orders().list().stream().filter(o -> o.id().equals(results.get(1).orderId()) || o.id().equals(results.get(3).orderId())).count());
        assertEquals(0, resting(failed.get(0)));
        assertEquals(0, resting(failed.get(2)));
    }

    @Test
    void postOnlyModeIsTypedForAnOrderAndPerEntry() {
        book.exchangeMode(org.marketlab.sandbox.trading.ExchangeMode.POST_ONLY, 45);
        try {
            long before = requests("/order");
            ExchangeModeException e = assertThrows(ExchangeModeException.class, () -> seller.place(resting()));
            assertEquals(ExchangeMode.POST_ONLY, e.mode());
            assertEquals(503, e.status());
            assertEquals(java.util.Optional.of(Duration.ofSeconds(45)), e.retryAfter());
            assertEquals(before + 1, requests("/order"), "never retried");

            List<OrderResult> batch = seller.placeAll(List.of(resting(), resting().postOnly()));
            ServiceException entry = batch.get(0).failure().orElseThrow();
            assertInstanceOf(ExchangeModeException.class, entry);
            assertEquals(ExchangeMode.POST_ONLY, ((ExchangeModeException) entry).mode());
            assertEquals("post-only mode: only post-only orders and cancels are allowed", entry.serverMessage());
            assertFalse(batch.get(0).accepted());
            assertTrue(batch.get(1).accepted(), batch.get(1).toString());
        } finally {
            book.exchangeMode(org.marketlab.sandbox.trading.ExchangeMode.NORMAL, 0);
        }
        assertEquals(ExchangeMode.POST_ONLY, ExchangeMode.of("post_only_mode", null), "the specification's code");
        assertEquals(ExchangeMode.CANCEL_ONLY, ExchangeMode.of("cancel-only", null));
    }

    @Test
    void theControlPathTellsTheSameOverHttp() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        URI control = sandbox.urls().get("clob").resolve("/control/order-errors");
        HttpResponse<String> told = http.send(HttpRequest.newBuilder(control)
                .POST(HttpRequest.BodyPublishers.ofString("{\"errors\": [\"there are no matching orders\", \"425\"]}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(200, told.statusCode(), told.body());
        assertEquals(List.of("there are no matching orders", "425"), book.pendingOrderFailures());
        HttpResponse<String> bad = http.send(HttpRequest.newBuilder(control)
                .POST(HttpRequest.BodyPublishers.ofString("{\"errors\": [\"no such row\"]}")).build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(400, bad.statusCode());
        assertTrue(bad.body().contains("no such row"), bad.body());

        // The message row waits for an order that passes its checks: the 425 behind it is not reached first.
        ServerException e = assertThrows(ServerException.class, () -> seller.place(resting()));
        assertEquals("there are no matching orders", e.serverMessage());
        OrderResult r = seller.place(resting());
        assertTrue(r.accepted());
        HttpResponse<String> state = http.send(HttpRequest.newBuilder(control).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(state.body().contains("\"pending\":[]"), state.body());
        List<String> failed = new ArrayList<>(book.failedOrders());
        assertEquals(1, failed.size());
        assertTrue(state.body().contains(failed.get(0)), state.body());
        assertThrows(IllegalArgumentException.class, () -> book.failNextOrders("Internal server error"));
    }
}
