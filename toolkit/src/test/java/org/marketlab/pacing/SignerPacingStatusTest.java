package org.marketlab.pacing;

import org.junit.jupiter.api.Test;
import tech.tablesaw.api.Table;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pacer keeps one pair of buckets per signer, and its status shows them: what {@code MarketLab.pacing()} and {@code %limits} print. */
class SignerPacingStatusTest {

    private static final String SIGNER = "0x00000000000000000000000000000000000000b2";

    @Test
    void oneBucketPairPerSignerShownInThePacingStatus() throws Exception {
        VirtualClock clock = new VirtualClock();
        Pacer pacer = new Pacer(List.of(), clock, Duration.ZERO);
        assertTrue(pacer.status().signers().isEmpty());
        SignerBuckets b = pacer.signer(SIGNER);
        assertSame(b, pacer.signer(SIGNER.toUpperCase().replace("0X", "0x")), "one pair per signer, whatever the case of the address");

        for (int i = 0; i < 60; i++) b.acquire("POST", "/order", 0);
        b.acquire("DELETE", "/cancel-all", 0);
        Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        h.put("Svc-RateLimit-Remaining", "-79.5");
        h.put("Svc-RateLimit-Tier", "Copper");
        h.put("Svc-RateLimit-Warning", "true");
        b.onResponse("DELETE", "/cancel-all", 200, h::get);

        PacingStatus status = pacer.status();
        assertEquals(2, status.signers().size());
        SignerStatus order = status.signers().get(0), cancel = status.signers().get(1);
        assertEquals("order", order.bucket());
        assertEquals(ClobTier.COPPER, order.tier(), "the tier the order book named");
        assertEquals(90, order.burst());
        assertEquals(60, order.ratePerSecond(), 1e-9);
        assertEquals(0, order.tokens(), 1e-9, "the burst spent (kept at 0 when reshaped from Standard)");
        assertEquals(60, order.admitted());
        assertEquals("cancel", cancel.bucket());
        assertEquals(-79.5, cancel.tokens(), 1e-9);
        assertEquals(79.5, cancel.debt(), 1e-9);
        assertEquals(120, cancel.ratePerSecond(), 1e-9);
        assertTrue(cancel.warning());
        assertEquals(0, cancel.rateLimited());

        Table t = status.signersTable();
        assertEquals(List.of("signer", "bucket", "tier", "tokens", "burst", "debt", "refill_per_s", "warning", "refused_429", "admitted",
                "waited", "total_wait_s"), t.columnNames());
        assertEquals(2, t.rowCount());
        assertEquals("Copper", t.stringColumn("tier").get(1));
        String text = status.toString();
        assertTrue(text.contains("signer " + SIGNER + " cancel") && text.contains("debt 79.50") && text.contains("WARNING mode"), text);
    }
}
