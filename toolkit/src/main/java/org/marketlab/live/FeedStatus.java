package org.marketlab.live;

import java.time.Duration;

/**
 * Where one live feed stands, as {@code %limits} and {@code MarketLab.pacing()} list it beside the request pacing.
 *
 * @param kind           what the feed follows: {@code market}, {@code user}, {@code perps account}, {@code replay}
 * @param name           which of them: the tokens, the key, the owner, the file
 * @param state          the connection's state, lower case
 * @param frames         frames received
 * @param duplicates     frames dropped as repeats
 * @param resyncs        times the state was made whole again: fresh snapshots after a mismatch, a gap or a reconnect
 * @param mismatches     checks that failed (hashes, best bid and ask, sequence gaps), each healed by a resync
 * @param reconnects     connections replaced
 * @param lastMessageAge time since the last message
 * @param lastError      the last trouble, or null
 */
public record FeedStatus(String kind, String name, String state, long frames, long duplicates, long resyncs, long mismatches,
                         long reconnects, Duration lastMessageAge, String lastError) {
}
