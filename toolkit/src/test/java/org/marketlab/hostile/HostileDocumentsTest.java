package org.marketlab.hostile;

import org.marketlab.pacing.RetryPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.marketlab.Clob;
import org.marketlab.Markets;
import org.marketlab.clob.ClobData;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.http.MalformedResponseException;
import org.marketlab.http.OperationRefusedException;
import org.marketlab.internal.transport.Transport;
import org.marketlab.markets.Event;
import org.marketlab.markets.MarketData;
import org.marketlab.pacing.Clock;
import org.marketlab.perps.PerpsPublic;

import java.io.IOException;
import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Documents of the wrong shape from a server (and from files) are refused at parse time, naming what is missing. */
class HostileDocumentsTest {

    private HostileServer server;

    @AfterEach
    void close() throws IOException {
        if (server != null) server.close();
    }

    static Transport to(String url) {
        Profile p = Profile.live();
        for (Service s : List.of(Service.MARKETS, Service.CLOB, Service.DATA, Service.PERPS, Service.BRIDGE)) p = p.withUrl(s, url);
        return Transport.create(p, Clock.system(), new RetryPolicy(2, 2, Duration.ofMillis(5), Duration.ofMillis(10)));
    }

    @Test
    void aBookWithoutItsFieldsIsMalformedNamingEndpointAndField() throws IOException {
        server = new HostileServer((r, out) -> HostileServer.answer(out, 200, "{\"error\":null,\"data\":[{\"price\":\"0.5\"}]}"));
        var e = assertThrows(MalformedResponseException.class, () -> new ClobData(to(server.url())).book("123"));
        assertTrue(e.getMessage().contains("/book"), e.getMessage());
        assertTrue(e.getMessage().contains("asset_id"), e.getMessage());
        assertEquals(200, e.status());
    }

    @Test
    void aSavedDocumentThatIsWrongSaysFile() {
        var e = assertThrows(MalformedResponseException.class, () -> Clob.parseBook("{}"));
        assertTrue(e.getMessage().startsWith("file "), e.getMessage());
        assertTrue(e.getMessage().contains("asset_id"), e.getMessage());
        assertFalse(e.getMessage().contains("answered"), "a file answers nothing: " + e.getMessage());

        var levels = assertThrows(MalformedResponseException.class,
                () -> Clob.parseBook("{\"asset_id\":\"1\",\"bids\":[1,2],\"asks\":[]}"));
        assertTrue(levels.getMessage().contains("bids"), levels.getMessage());

        var events = assertThrows(MalformedResponseException.class, () -> Markets.parseEvents("[{\"title\":\"no id\"}]"));
        assertTrue(events.getMessage().startsWith("file "), events.getMessage());
        assertTrue(events.getMessage().contains("no id"), events.getMessage());

        var shorter = assertThrows(MalformedResponseException.class,
                () -> Clob.parsePricesHistory("{\"history\":[{\"t\":1700000000,\"p\":0.5},5,{\"t\":1700000060,\"p\":0.6}]}"));
        assertTrue(shorter.getMessage().contains("not a {t, p} object"), "never a silently shorter history: " + shorter.getMessage());
        var farOff = assertThrows(MalformedResponseException.class,
                () -> Clob.parsePricesHistory("{\"history\":[{\"t\":9223372036854775807,\"p\":0.5}]}"));
        assertTrue(farOff.getMessage().contains("Unix seconds"), farOff.getMessage());

        var notJson = assertThrows(MalformedResponseException.class, () -> Markets.parseMarkets("{not json"));
        assertTrue(notJson.getMessage().startsWith("file "), notJson.getMessage());
    }

    @Test
    void limitNeverYieldsMoreThanAskedWhenTheServerIgnoresIt() throws IOException {
        StringBuilder page = new StringBuilder("{\"events\":[");
        for (int i = 1; i <= 50; i++) page.append(i > 1 ? "," : "").append("{\"id\":\"").append(i).append("\"}");
        String body = page.append("],\"next_cursor\":\"c2\"}").toString();
        server = new HostileServer((r, out) -> HostileServer.answer(out, 200, body));
        List<Event> got = new MarketData(to(server.url())).events().limit(5).list();
        assertEquals(5, got.size());
        assertEquals(1, server.received().size(), "five were in the first page: no second request");
    }

    @Test
    void idsOfNothingSelectNothingAndSendNothing() throws IOException {
        server = new HostileServer((r, out) -> HostileServer.answer(out, 200, "{\"events\":[{\"id\":\"1\"}],\"next_cursor\":null}"));
        Transport t = to(server.url());
        assertEquals(List.of(), new MarketData(t).events().ids(new long[0]).list());
        assertEquals(List.of(), new MarketData(t).events().ids(List.of()).list());
        assertEquals(0, server.received().size());
        assertEquals(1, new MarketData(t).events().ids(1L).list().size(), "one id still selects");
    }

    @Test
    void aPerpetualsRefusalInA2xxBodyIsTyped() throws IOException {
        server = new HostileServer((r, out) -> HostileServer.answer(out, 200, "{\"status\":\"err\",\"error\":\"insufficient_margin\"}"));
        var e = assertThrows(OperationRefusedException.class, () -> new PerpsPublic(to(server.url())).assets());
        assertEquals("insufficient_margin", e.serverMessage());
        assertTrue(e.getMessage().contains("/v1/info/assets"), e.getMessage());
    }
}
