package org.marketlab.datasets;

import org.marketlab.accounts.Account;
import org.marketlab.config.Profile;
import org.marketlab.config.Service;
import org.marketlab.internal.transport.Transport;
import org.marketlab.signing.Wallet;

import java.nio.file.Path;

/**
 * A harvest in a process of its own, for {@link HarvestResumeTest} to kill: demo wallet 2's trades from the Data API
 * at {@code args[1]}, 100 a page, 300 rows a chunk, into {@code args[0]}; it pauses {@code args[2]} ms after each page
 * so that the kill lands mid-way.
 */
public final class HarvestChild {

    public static void main(String[] args) {
        Profile p = Profile.sandbox(7).withUrl(Service.DATA, args[1]);
        long pause = Long.parseLong(args[2]);
        HarvestReport r = new Account(Transport.of(p), Wallet.demo(2).address()).trades().pageSize(100).harvest().chunkRows(300)
                .onProgress(progress -> {
                    try {
                        Thread.sleep(pause);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                })
                .to(Path.of(args[0]));
        System.out.println("done " + r);
    }
}
