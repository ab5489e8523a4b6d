package org.marketlab.hostile;

import org.junit.jupiter.api.Test;
import org.marketlab.Clob;
import org.marketlab.clob.Book;
import org.marketlab.perps.PerpsPublic;
import org.marketlab.perps.PublicPortfolio;

import java.io.IOException;
import java.math.BigDecimal;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Money, prices and sizes keep every digit the service sends, as JSON numbers or as strings: 12345678901.123456 is
 * not 1.2345678901123455E10.
 */
class DecimalPrecisionTest {

    private static final String EXACT = "12345678901.123456";

    @Test
    void accountRecordsAreExact() throws IOException {
        for (String value : new String[]{EXACT, "\"" + EXACT + "\""}) {
            try (HostileServer s = new HostileServer((r, out) -> HostileServer.answer(out, 200,
                    "{\"positions\":[{\"instrument_id\":1,\"symbol\":\"BTC\",\"size\":" + value + "}],\"equity\":" + value
                            + ",\"timestamp\":1700000000000}"))) {
                PublicPortfolio p = new PerpsPublic(HostileDocumentsTest.to(s.url())).portfolio("0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf");
                assertEquals(new BigDecimal(EXACT), p.equity(), value);
                assertEquals(EXACT, p.equity().toPlainString());
                assertEquals(EXACT, p.positions().get(0).size().toPlainString());
            }
        }
    }

    @Test
    void bookPricesAndSizesAreExact() {
        for (String value : new String[]{EXACT, "\"" + EXACT + "\""}) {
            Book b = Clob.parseBook("{\"asset_id\":\"1\",\"bids\":[{\"price\":0.123456789012345678,\"size\":" + value + "}],\"asks\":[]}");
            assertEquals(EXACT, b.bids().get(0).size().toPlainString());
            assertEquals("0.123456789012345678", b.bids().get(0).price().toPlainString());
        }
    }
}
