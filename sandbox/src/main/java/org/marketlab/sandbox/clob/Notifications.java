package org.marketlab.sandbox.clob;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.wallets.Ledger;
import org.marketlab.sandbox.wallets.MarketIndex;
import org.marketlab.sandbox.wallets.Wallets;
import org.marketlab.sandbox.world.World;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The order book's account notifications ({@code GET /notifications}, {@code DELETE /notifications}) of one sandbox,
 * per wallet: what happened to its orders on this order book (type 1, an order cancelled; type 2, an order filled),
 * after its seeded fills of the last {@value #SEEDED_DAYS} days (type 2, at most {@value #SEEDED} of them). Ids are
 * integers, increasing in the order the notifications were made; a dropped notification is gone for good.
 */
final class Notifications {

    static final int SEEDED = 20;
    static final int SEEDED_DAYS = 7;
    static final int ORDER_CANCELLATION = 1;
    static final int ORDER_FILL = 2;

    /** One notification, kept as its answer's element. */
    private record Note(long id, ObjectNode body) {
    }

    private final Wallets wallets;
    private final AtomicLong ids = new AtomicLong(1_000);
    private final Map<String, List<Note>> byWallet = new HashMap<>();

    Notifications(Wallets wallets) {
        this.wallets = wallets;
    }

    /** The wallet's notifications, oldest first (its seeded ones made on first read). */
    synchronized ArrayNode list(String wallet) {
        ArrayNode out = Json.array();
        for (Note n : notes(wallet)) out.add(n.body().deepCopy());
        return out;
    }

    /** Drops the wallet's notifications of these ids (others' and unknown ids are ignored); how many went. */
    synchronized int drop(String wallet, Collection<Long> ids) {
        List<Note> notes = notes(wallet);
        int before = notes.size();
        notes.removeIf(n -> ids.contains(n.id()));
        return before - notes.size();
    }

    /** An order of the wallet cancelled, with what had matched of it. */
    synchronized void cancelled(String wallet, String orderId, World.Token token, String side, String type, BigDecimal price,
                                BigDecimal original, BigDecimal matched, long timeSeconds) {
        add(wallet, ORDER_CANCELLATION, order(orderId, token, side, type, price, original, matched, null, null), timeSeconds);
    }

    /** A fill of one of the wallet's orders. */
    synchronized void filled(String wallet, String orderId, World.Token token, String side, String type, BigDecimal price,
                             BigDecimal original, BigDecimal matched, String txHash, String tradeId, long timeSeconds) {
        add(wallet, ORDER_FILL, order(orderId, token, side, type, price, original, matched, txHash, tradeId), timeSeconds);
    }

    private void add(String wallet, int type, ObjectNode payload, long timeSeconds) {
        String w = wallet.toLowerCase(Locale.ROOT);
        if (!w.startsWith("0x") || w.equals(org.marketlab.sandbox.trading.Engine.SEEDED_MAKER)) return;
        notes(w).add(note(w, type, payload, timeSeconds));
    }

    private List<Note> notes(String wallet) {
        String w = wallet.toLowerCase(Locale.ROOT);
        return byWallet.computeIfAbsent(w, this::seeded);
    }

    /** The wallet's latest seeded fills as fill notifications. */
    private List<Note> seeded(String wallet) {
        List<Note> out = new ArrayList<>();
        List<Ledger.Fill> fills = wallets.ledger(wallet).fills;
        long since = wallets.world().now().getEpochSecond() - SEEDED_DAYS * 86_400L;
        for (int i = Math.max(0, fills.size() - SEEDED); i < fills.size(); i++) {
            Ledger.Fill f = fills.get(i);
            if (f.time() < since) continue;
            out.add(note(wallet, ORDER_FILL, order(f.orderId(), f.token(), f.side(), "GTC", f.price(), f.size(), f.size(), f.txHash(), f.id()), f.time()));
        }
        return out;
    }

    private Note note(String wallet, int type, ObjectNode payload, long timeSeconds) {
        long id = ids.getAndIncrement();
        ObjectNode n = Json.object();
        n.put("id", id);
        n.put("owner", wallets.owner(wallet));
        n.put("type", type);
        n.put("timestamp", timeSeconds * 1000);
        n.set("payload", payload);
        return new Note(id, n);
    }

    private ObjectNode order(String orderId, World.Token token, String side, String type, BigDecimal price, BigDecimal original,
                             BigDecimal matched, String txHash, String tradeId) {
        MarketIndex.Market m = wallets.markets().byToken(token.tokenId());
        ObjectNode p = Json.object();
        p.put("asset_id", token.tokenId());
        p.put("market", token.conditionId());
        p.put("order_id", orderId);
        p.put("side", side);
        p.put("type", type);
        p.put("price", Orders.four(price));
        p.put("original_size", Orders.four(original));
        p.put("matched_size", Orders.four(matched));
        p.put("remaining_size", Orders.four(original.subtract(matched).max(BigDecimal.ZERO)));
        p.put("outcome", token.outcome());
        p.put("outcome_index", token.index());
        p.put("transaction_hash", txHash == null ? "" : txHash);
        p.put("trade_id", tradeId == null ? "" : tradeId);
        p.put("question", m == null ? "" : m.title());
        p.put("market_slug", m == null ? "" : m.slug());
        p.put("icon", m == null ? "" : m.icon());
        p.put("image", m == null ? "" : m.icon());
        p.put("eventSlug", m == null ? "" : m.eventSlug());
        p.put("seriesSlug", "");
        return p;
    }
}
