package org.marketlab.accounts;

import org.junit.jupiter.api.Test;
import org.marketlab.config.Progress;
import org.marketlab.signing.Wallet;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The figure for the note: rows, requests and time to read the sandbox's 10,000-trade wallet (demo wallet 2) through
 * {@code Accounts.of(...).trades()}, v2 by cursor at 1,000 and 100 a page, and v1 by offset; printed as one line per
 * read. Run: {@code mvn -B -ntp -o -pl toolkit -am verify -Dtest=TenThousandTradeWalletFigureTest -Dsurefire.failIfNoSpecifiedTests=false}.
 */
class TenThousandTradeWalletFigureTest {

    @Test
    void readTheTenThousandTradeWallet() {
        Account a = new Account(AccountsSandbox.transport(), Wallet.demo(2).address());
        a.trades().limit(1).list(); // the sandbox generates the wallet's history on its first read: not timed
        List<Trade> reference = null;
        for (int run = 1; run <= 2; run++) {
            List<String> labels = List.of("v2 /v2/trades by cursor, 1,000 a page", "v2 /v2/trades by cursor, 100 a page",
                    "v1 /trades by offset, 10,000 a page");
            List<Function<AccountTradesQuery, AccountTradesQuery>> reads = List.of(q -> q, q -> q.pageSize(100), AccountTradesQuery::v1);
            for (int i = 0; i < reads.size(); i++) {
                var read = reads.get(i);
                List<Progress> progress = new ArrayList<>();
                AccountTradesQuery q = read.apply(a.trades()).onProgress(progress::add);
                long t0 = System.nanoTime();
                List<Trade> rows = q.list();
                double ms = (System.nanoTime() - t0) / 1e6;
                Progress last = progress.get(progress.size() - 1);
                String label = labels.get(i);
                System.out.printf(Locale.ROOT, "[figure] run %d, %s: %,d rows, %d requests, %.0f ms%n", run, label, rows.size(), last.requests(), ms);
                assertEquals(rows.size(), new HashSet<>(rows).size(), "no row twice");
                if (reference == null) reference = rows;
                assertEquals(reference, rows, "every read gives the same rows in the same order");
            }
        }
        assertTrue(reference.size() >= 10_000, "a 10,000-trade wallet: " + reference.size());
    }
}
