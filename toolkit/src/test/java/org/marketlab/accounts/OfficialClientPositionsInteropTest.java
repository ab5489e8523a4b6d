package org.marketlab.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.marketlab.Interop;
import org.marketlab.signing.Wallet;

import java.math.BigDecimal;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * The official {@code @polymarket/client} (interop/data-positions.mjs: its listPositions and listClosedPositions,
 * paged by its own cursor over the v1 routes) lists the same positions of demo wallet 1 as
 * {@code Accounts.of(...).positions()} on v2, with the same sizes and PnL (the client renames {@code asset} to {@code tokenId}). Skipped only where Node.js is not installed.
 */
class OfficialClientPositionsInteropTest {

    @Test
    void officialClientListsTheSamePositions() throws Exception {
        Assumptions.assumeTrue(nodeInstalled(), "node is not on the PATH: skipped");
        Account a = new Account(AccountsSandbox.transport(), Wallet.demo(1).address());
        JsonNode js = Interop.run("data-positions.mjs", AccountsSandbox.sandbox().urls().get("data").toString(), a.address());
        Map<String, BigDecimal[]> open = new TreeMap<>(), closed = new TreeMap<>();
        for (Position p : a.positions().list()) open.put(p.tokenId(), new BigDecimal[]{p.size(), p.realizedPnl(), p.unrealizedPnl()});
        for (Position p : a.positions().status(PositionsQuery.Status.CLOSED).list()) closed.put(p.tokenId(), new BigDecimal[]{p.size(), p.realizedPnl(), null});
        assertFalse(open.isEmpty());
        assertFalse(closed.isEmpty());
        assertEquals(open.keySet(), tokens(js.get("open")), "the same open positions");
        assertEquals(closed.keySet(), tokens(js.get("closed")), "the same closed positions");
        for (JsonNode p : js.get("open")) {
            BigDecimal[] t = open.get(p.get("tokenId").asText());
            assertEquals(0, t[0].compareTo(new BigDecimal(p.get("size").asText())), "size of " + p);
            assertEquals(0, t[1].compareTo(new BigDecimal(p.get("realizedPnl").asText())), "realised PnL of " + p);
            assertEquals(0, t[2].compareTo(new BigDecimal(p.get("cashPnl").asText())), "unrealised PnL of " + p);
        }
        for (JsonNode p : js.get("closed")) {
            assertEquals(0, closed.get(p.get("tokenId").asText())[1].compareTo(new BigDecimal(p.get("realizedPnl").asText())), "realised PnL of " + p);
        }
    }

    static boolean nodeInstalled() {
        try {
            Process p = new ProcessBuilder("node", "--version").redirectErrorStream(true).start();
            p.getInputStream().readAllBytes();
            return p.waitFor(30, java.util.concurrent.TimeUnit.SECONDS) && p.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    private static java.util.Set<String> tokens(JsonNode rows) {
        java.util.Set<String> out = new java.util.TreeSet<>();
        rows.forEach(r -> out.add(r.get("tokenId").asText()));
        assertEquals(rows.size(), out.size(), "each position once");
        return out;
    }
}
