package org.marketlab;

import org.junit.jupiter.api.Test;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import tech.tablesaw.api.Table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one-liner of the README with no configuration: the embedded sandbox starts through the SPI. */
class NoConfigurationTest {

    @Test
    void activeEventsTableFromTheEmbeddedSandbox() {
        MarketLab.use(Profile.sandbox());
        Table t = Markets.events().active().limit(30).table();
        assertEquals(30, t.rowCount());
        assertTrue(t.stringColumn("status").asList().stream().allMatch(java.util.Set.of("open", "closed")::contains), t.stringColumn("status").asList().toString());
        assertTrue(t.columnCount() <= 12, "a compact view: " + t.columnNames());
        String url = Transport.of(MarketLab.profile()).baseUrl(Service.MARKETS).toString();
        assertTrue(url.startsWith("http://127.0.0.1:"), url);
        var limits = MarketLab.limits();
        assertTrue(limits.rowCount() >= 40);
        assertEquals(500, limits.where(limits.stringColumn("scope").isEqualTo("markets.events")).intColumn("limit").get(0));
        var status = MarketLab.pacing();
        assertTrue(status.scopes().stream().anyMatch(s -> s.scope().equals("markets.events") && s.used() >= 1), status.toString());
    }
}
