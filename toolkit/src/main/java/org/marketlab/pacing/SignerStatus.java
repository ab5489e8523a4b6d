package org.marketlab.pacing;

import java.time.Duration;

/**
 * One of a signer's order-book buckets as the toolkit sees it now ({@link SignerBuckets}, shown by
 * {@code MarketLab.pacing()}).
 *
 * @param signer       the signer's address
 * @param bucket       {@code order} or {@code cancel}
 * @param tier         the signer's tier, as the order book last named it (Standard until it names one)
 * @param tokens       tokens in the bucket now, with their fraction (negative in debt, or while reservations wait)
 * @param burst        the bucket's capacity
 * @param debt         tokens owed (zero unless the balance is below zero)
 * @param ratePerSecond refill, tokens per second
 * @param warning      whether the last answer carried {@code RateLimit-Warning: true}: warning mode, the request
 *                     would have been refused under live enforcement
 * @param rateLimited  {@code 429} answers met on this bucket
 * @param admitted     requests admitted
 * @param waited       requests that waited for tokens
 * @param totalWait    time they waited
 */
public record SignerStatus(String signer, String bucket, ClobTier tier, double tokens, long burst, double debt, double ratePerSecond,
                           boolean warning, long rateLimited, long admitted, long waited, Duration totalWait) {

    static SignerStatus of(String signer, ClobTier tier, TokenBucket.Status s) {
        return new SignerStatus(signer, s.name(), tier, s.tokens(), s.burst(), s.debt(), s.ratePerSecond(), s.warning(), s.rateLimited(),
                s.acquired(), s.waited(), s.totalWait());
    }
}
