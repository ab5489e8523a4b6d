package org.marketlab.pacing;

import java.time.Duration;

/**
 * One limit scope as the pacer sees it now.
 *
 * @param scope     the scope id, e.g. {@code markets.events}
 * @param endpoint  the specification's label, e.g. {@code /events}
 * @param used      requests in the current sliding window
 * @param limit     requests the window allows
 * @param window    the window length
 * @param admitted  requests admitted since start
 * @param waited    requests that had to wait for this scope
 * @param totalWait time those requests spent waiting
 * @param heldUntil when a hold after a {@code 429} ends, or {@code null} when the scope is not held
 */
public record ScopeStatus(String scope, String endpoint, int used, int limit, Duration window, long admitted,
                          long waited, Duration totalWait, java.time.Instant heldUntil) {
}
