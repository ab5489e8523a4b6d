package org.marketlab.clob;

import java.time.Instant;

/**
 * One message of the order book's user channel: an order of the key's account placed, matched or cancelled, or a
 * trade of it on its way to the chain. What {@link UserFeed#parse} reads and the user feed's listeners receive.
 */
public sealed interface UserMessage {

    /** The message's {@code event_type}: {@code order} or {@code trade} (or what an unknown one says). */
    String eventType();

    /** The service's time of the message (null when the frame carries none). */
    Instant timestamp();

    /**
     * {@code order}: the order as it stands after the event.
     *
     * @param type {@code PLACEMENT} (it rests), {@code UPDATE} (it was matched, in part or whole) or {@code CANCELLATION}
     */
    record OrderEvent(String type, OpenOrder order, Instant timestamp) implements UserMessage {
        @Override
        public String eventType() {
            return "order";
        }
    }

    /**
     * {@code trade}: a trade of the account's, as {@code /data/trades} reports it, at one step of its way to the chain:
     * {@code MATCHED}, {@code MINED}, {@code CONFIRMED}, or {@code RETRYING} and {@code FAILED}.
     */
    record TradeEvent(ClobTrade trade, Instant timestamp) implements UserMessage {
        @Override
        public String eventType() {
            return "trade";
        }
    }

    /** A message of a type this version does not know, kept as its JSON text, with the service's time when it carries one. */
    record Unknown(String eventType, String json, Instant timestamp) implements UserMessage {
    }
}
