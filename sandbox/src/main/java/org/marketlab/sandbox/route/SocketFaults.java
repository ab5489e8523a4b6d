package org.marketlab.sandbox.route;

/**
 * The faults a host's WebSocket connections show on request, and what they have pushed: the same for every channel the
 * sandbox serves (the order book's market and user channels, the perpetuals channel). Tests, benches and the hosts'
 * control routes set them; {@link Sockets} applies them.
 */
public interface SocketFaults {

    /** Closes every open connection abruptly (no close frame, no reason). Returns how many. */
    int closeConnections();

    /** The connections open now send and answer nothing more, pongs included, and stay open. Returns how many. */
    int silence();

    /** What can happen to the next pushed messages (on any connection). */
    enum Fault {
        /** Counted but never sent: a gap. */
        DROP,
        /** Sent twice. */
        DUPLICATE,
        /** Each held back and sent after the message that follows it. */
        REORDER
    }

    /** The next {@code n} pushed messages get {@code fault} (0: none do). */
    SocketFaults next(Fault fault, int n);

    /** Every message and reply waits this long before it is sent (in order). */
    SocketFaults delayMessages(long millis);

    /** No faults. */
    SocketFaults clear();

    /** Messages pushed (dropped ones included, duplicates once). */
    long pushed();

    /** Messages dropped by the fault. */
    long dropped();

    /** Connections open now. */
    int openConnections();
}
