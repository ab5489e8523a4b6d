package org.marketlab.datasets;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.marketlab.Datasets;
import org.marketlab.accounts.Account;
import org.marketlab.accounts.AccountsSandbox;
import org.marketlab.accounts.Trade;
import org.marketlab.signing.Wallet;

import java.io.File;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A harvest killed mid-way (SIGKILL of its process) and run again gives the same rows as one uninterrupted harvest
 * and as the plain read: none twice, none missing.
 */
class HarvestResumeTest {

    private static Account wallet() {
        return new Account(AccountsSandbox.transport(), Wallet.demo(2).address());
    }

    static String key(Trade t) {
        return t.timestamp() + "|" + t.transactionHash() + "|" + t.tokenId() + "|" + t.side() + "|" + plain(t.price()) + "|" + plain(t.size())
                + "|" + t.proxyWallet() + "|" + t.outcomeIndex();
    }

    private static String plain(BigDecimal b) {
        return b == null ? "null" : b.stripTrailingZeros().toPlainString();
    }

    static List<String> keys(List<Trade> trades) {
        List<String> k = new ArrayList<>(trades.stream().map(HarvestResumeTest::key).toList());
        k.sort(null);
        return k;
    }

    @Test
    void aKilledHarvestResumesToTheSameRows(@TempDir Path tmp) throws Exception {
        Path killed = tmp.resolve("killed");
        Path whole = tmp.resolve("whole");
        String dataUrl = AccountsSandbox.profile().url(org.marketlab.config.Service.DATA).toString();

        // The reference: the plain read, and an uninterrupted harvest with the same pages and chunks.
        List<Trade> read = wallet().trades().pageSize(100).list();
        assertTrue(read.size() >= 10_000, "demo wallet 2 has 10,000 trades: " + read.size());
        HarvestReport uninterrupted = wallet().trades().pageSize(100).harvest().chunkRows(300).to(whole);
        assertTrue(uninterrupted.complete());
        assertEquals(read.size(), uninterrupted.rows());

        // The harvest in a process of its own, killed once it has checkpointed a few chunks.
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), HarvestChild.class.getName(),
                killed.toString(), dataUrl, "40").redirectErrorStream(true).redirectOutput(tmp.resolve("child.log").toFile()).start();
        Path checkpoint = killed.resolve(Harvest.CHECKPOINT);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        JsonNode cp = null;
        while (System.nanoTime() < deadline && child.isAlive()) {
            if (Files.exists(checkpoint)) {
                cp = new ObjectMapper().readTree(Files.readAllBytes(checkpoint));
                if (cp.path("chunks").asInt() >= 4) break;
            }
            Thread.sleep(10);
        }
        assertTrue(child.isAlive(), "the child was still harvesting when killed: " + Files.readString(tmp.resolve("child.log")));
        child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        cp = new ObjectMapper().readTree(Files.readAllBytes(checkpoint));
        assertFalse(cp.path("complete").asBoolean(), "killed before the end");
        long checkpointed = cp.path("rows").asLong();
        assertTrue(checkpointed > 0 && checkpointed < read.size(), "killed mid-way: " + checkpointed + " of " + read.size());

        // What the killed run checkpointed is readable as it is: whole files only.
        assertTrue(Datasets.load(killed, Trade.class).size() >= checkpointed);

        // Run again into the same folder: it continues from the checkpoint.
        HarvestReport resumed = wallet().trades().pageSize(100).harvest().chunkRows(300).to(killed);
        assertTrue(resumed.resumed() && resumed.complete(), resumed.toString());
        assertEquals(read.size() - checkpointed, resumed.rowsAdded(), "only the rows after the checkpoint are added");
        assertTrue(resumed.pages() < uninterrupted.pages(), "the pages before the checkpoint are not read again: " + resumed);

        List<Trade> fromKilled = Datasets.load(killed, Trade.class);
        List<Trade> fromWhole = Datasets.load(whole, Trade.class);
        assertEquals(keys(read), keys(fromWhole), "an uninterrupted harvest holds the read's rows");
        assertEquals(keys(fromWhole), keys(fromKilled), "the killed and resumed harvest holds the same rows: none twice, none missing");

        // Every file is whole and named as data; no temporary file is left.
        try (Stream<Path> s = Files.walk(killed)) {
            List<String> names = s.filter(Files::isRegularFile).map(p -> p.getFileName().toString()).toList();
            assertTrue(names.stream().noneMatch(n -> n.endsWith(".tmp")), names.toString());
        }
        File[] days = killed.toFile().listFiles((d, n) -> n.startsWith("day="));
        assertTrue(days != null && days.length > 1, "Hive partitions by day");

        // Again: already complete, nothing is read or written.
        HarvestReport again = wallet().trades().pageSize(100).harvest().chunkRows(300).to(killed);
        assertTrue(again.complete());
        assertEquals(0, again.pages());
        assertEquals(read.size(), again.rows());
    }

    @Test
    void aFolderOfAnotherQueryOrOfOtherFilesIsRefused(@TempDir Path tmp) throws Exception {
        Path dir = tmp.resolve("trades");
        wallet().trades().limit(250).pageSize(100).toParquet(dir);
        DatasetException other = assertThrows(DatasetException.class, () -> wallet().trades().side("BUY").limit(250).toParquet(dir));
        assertTrue(other.getMessage().contains("another query"), other.getMessage());

        Path notes = tmp.resolve("notes");
        Files.createDirectories(notes);
        Files.writeString(notes.resolve("readme.txt"), "my notes");
        DatasetException foreign = assertThrows(DatasetException.class, () -> wallet().trades().limit(10).toParquet(notes));
        assertTrue(foreign.getMessage().contains("not a harvest folder"), foreign.getMessage());
        assertEquals("my notes", Files.readString(notes.resolve("readme.txt")), "nothing of the folder is touched");
    }
}
