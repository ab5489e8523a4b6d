package org.marketlab.markets;

import org.junit.jupiter.api.Test;
import org.marketlab.http.MalformedResponseException;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.Transport;
import org.marketlab.config.Profile;
import tech.tablesaw.api.Table;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The Data API's {@code /holders} answer, in the official shape ({@code [{token, holders: [...]}]}), read into one
 * row per holder and token, and {@code /live-volume}; the sandbox's data host serves it once its routes land (branch i12s).
 */
class HoldersReaderTest {

    private static final MarketData DATA = new MarketData(Transport.of(Profile.sandbox(1)));

    private static String fixture() throws IOException {
        try (InputStream in = HoldersReaderTest.class.getResourceAsStream("holders_shape.json")) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void eachHolderCarriesItsGroupsToken() throws IOException {
        List<Holder> h = MarketData.parseHolders(Document.file("holders", fixture()));
        assertEquals(List.of("7301", "7301", "7302"), h.stream().map(Holder::token).toList());
        assertEquals(List.of(new BigDecimal("1520.25"), new BigDecimal("12.5"), new BigDecimal("800")), h.stream().map(Holder::amount).toList());
        assertEquals(List.of(0, 0, 1), h.stream().map(Holder::outcomeIndex).toList());
        assertEquals("0x2222222222222222222222222222222222222222", h.get(1).proxyWallet());
        assertEquals("Odd-Raven", h.get(1).pseudonym());
        assertEquals(false, h.get(1).displayUsernamePublic());
        assertEquals("https://img/2.png", h.get(1).profileImage());
        assertNull(h.get(2).name());
        assertNull(h.get(2).profileImageOptimized(), "an image object is not a URL");
        Table t = org.marketlab.tables.RecordTable.of(Holder.class).table("holders", h);
        assertEquals(List.of(1520.25, 12.5, 800.0), t.doubleColumn("amount").asList());
        assertEquals("0x1111111111111111111111111111111111111111", t.stringColumn("proxyWallet").get(0));
    }

    @Test
    void liveVolumeInTheOfficialShape() {
        LiveVolume v = MarketData.parseLiveVolume(Document.file("live volume", "[{\"total\": 1500.5, \"markets\": [{\"market\": \"0xab\", \"value\": 1000.25},"
                + " {\"market\": \"0xcd\", \"value\": 500.25}]}]"));
        assertEquals(new BigDecimal("1500.5"), v.total());
        assertEquals(List.of("0xab", "0xcd"), v.markets().stream().map(LiveVolume.MarketVolume::market).toList());
        assertEquals(List.of(1000.25, 500.25), v.table().doubleColumn("value").asList());
        assertEquals(BigDecimal.ZERO, MarketData.parseLiveVolume(Document.file("live volume", "[]")).total());
        assertThrows(MalformedResponseException.class, () -> MarketData.parseLiveVolume(Document.file("live volume", "{\"total\": 1}")));
    }

    @Test
    void anotherShapeIsMalformed() {
        assertThrows(MalformedResponseException.class, () -> MarketData.parseHolders(Document.file("holders", "{\"token\": \"1\"}")));
        assertThrows(MalformedResponseException.class, () -> MarketData.parseHolders(Document.file("holders", "[{\"token\": \"1\"}]")));
        assertThrows(IllegalArgumentException.class, () -> DATA.holders(List.of("0x12")));
        assertThrows(IllegalArgumentException.class, () -> DATA.holders(List.of()));
    }
}
