package org.marketlab.accounts;

import org.junit.jupiter.api.Test;
import org.marketlab.internal.transport.Transport;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Data API's leaderboard and a wallet's statistics read by the toolkit from the sandbox: ranked in the order asked
 * for, whole across pages, and agreeing with the wallet's own statistics.
 */
class StandingsAgainstSandboxTest {

    private static final Transport T = AccountsSandbox.transport();

    @Test
    void theLeaderboardAgreesWithEachWalletsStatistics() {
        List<LeaderboardEntry> byVolume = Account.leaderboard(T, "all", "volume", 50);
        assertTrue(byVolume.size() >= 5, "the seeded wallets rank: " + byVolume.size());
        for (int i = 0; i < byVolume.size(); i++) {
            assertEquals(i + 1, byVolume.get(i).rank());
            if (i > 0) assertTrue(byVolume.get(i).volume().compareTo(byVolume.get(i - 1).volume()) <= 0, "largest volume first");
        }
        LeaderboardEntry top = byVolume.get(0);
        UserStats stats = new Account(T, top.userId()).stats();
        assertEquals(top.userId(), stats.proxyWallet());
        assertTrue(stats.tradeCount() > 0 && stats.marketsTraded() > 0 && stats.joinDate() != null, stats.toString());
        assertEquals(0, top.volume().compareTo(stats.volumeUsdc()), "the leaderboard's all-time volume is the wallet's: " + top + " " + stats);

        List<LeaderboardEntry> byPnl = Account.leaderboard(T, "all", "pnl", 50);
        for (int i = 1; i < byPnl.size(); i++) assertTrue(byPnl.get(i).pnl().compareTo(byPnl.get(i - 1).pnl()) <= 0, "largest PnL first");
        assertEquals(new HashSet<>(byVolume.stream().map(LeaderboardEntry::userId).toList()),
                new HashSet<>(byPnl.stream().map(LeaderboardEntry::userId).toList()), "the same traders, ranked two ways");

        // A shorter read is the same ranking cut.
        List<LeaderboardEntry> firstThree = Account.leaderboard(T, "all", "pnl", 3);
        assertEquals(byPnl.subList(0, 3), firstThree);
        assertTrue(Account.leaderboard(T, "week", "volume", 50).size() <= byVolume.size());

        UserStats nobody = new Account(T, "0x" + "1".repeat(40)).stats();
        assertEquals(0, nobody.tradeCount());
        assertEquals(BigDecimal.ZERO, nobody.volumeUsdc());
        assertNull(nobody.joinDate());

        IllegalArgumentException bad = assertThrows(IllegalArgumentException.class, () -> Account.leaderboard(T, "year", "pnl", 10));
        assertTrue(bad.getMessage().contains("day, week, month or all"), bad.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Account.leaderboard(T, "all", "profit", 10));
        assertThrows(IllegalArgumentException.class, () -> Account.leaderboard(T, "all", "pnl", 0));
    }
}
