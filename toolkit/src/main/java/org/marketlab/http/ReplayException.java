package org.marketlab.http;

/**
 * In replay mode ({@code MarketLab.replay(dir)}), a request the recording cannot answer: a read that was not
 * recorded, a signed write (orders, cancels, transfers: never replayable), or a call whose answer carries a secret
 * (API key creation and derivation, proxy registration: never recorded). Nothing was sent.
 */
public class ReplayException extends ServiceException {

    public ReplayException(String endpoint, String detail) {
        super(0, null, endpoint, null, detail, null);
    }
}
