package org.marketlab.clob;

import java.math.BigDecimal;
import java.util.List;
import java.util.Objects;

/**
 * A market order being written, immutable: a BUY spends {@code amount} of collateral, a SELL sells {@code amount}
 * shares, fill-or-kill unless {@link #fak()}. Its worst price is {@link #price(BigDecimal)} or, when not given, read
 * from the book as the official clients do: the level at which the book's depth covers the amount (a fill-or-kill
 * order the book cannot cover is refused before sending). The tick size and neg-risk flag are read from the book
 * when not given.
 */
public final class MarketOrder {

    private final ClobSession session;
    private final String tokenId;
    private final Side side;
    private final BigDecimal amount;
    private final BigDecimal price;
    private final OrderType type;
    private final OrderMarket market;

    MarketOrder(ClobSession session, String tokenId, Side side, BigDecimal amount, BigDecimal price, OrderType type, OrderMarket market) {
        this.session = session;
        this.tokenId = ClobData.token(tokenId);
        this.side = Side.require(side);
        if (amount == null || amount.signum() <= 0) {
            throw new IllegalArgumentException("amount must be positive (collateral to spend for a BUY, shares to sell for a SELL), was "
                    + (amount == null ? "null" : amount.toPlainString()));
        }
        if (price != null && (price.signum() <= 0 || price.compareTo(BigDecimal.ONE) >= 0)) {
            throw new IllegalArgumentException("price must lie strictly between 0 and 1, was " + price.toPlainString());
        }
        this.amount = amount;
        this.price = price;
        this.type = type;
        this.market = market == null ? OrderMarket.UNKNOWN : market;
    }

    /** Fill or kill (the default). */
    public MarketOrder fok() {
        return new MarketOrder(session, tokenId, side, amount, price, OrderType.FOK, market);
    }

    /** Fill and kill: what matches is filled, the rest cancelled. */
    public MarketOrder fak() {
        return new MarketOrder(session, tokenId, side, amount, price, OrderType.FAK, market);
    }

    /** The worst price accepted (else read from the book). */
    public MarketOrder price(BigDecimal worst) {
        if (worst == null) throw new IllegalArgumentException("price is null; leave it out to read it from the book");
        return new MarketOrder(session, tokenId, side, amount, worst, type, market);
    }

    public MarketOrder negRisk(boolean negRisk) {
        return new MarketOrder(session, tokenId, side, amount, price, type, market.negRisk(negRisk));
    }

    public MarketOrder tickSize(BigDecimal tickSize) {
        OrderAmounts.rounding(tickSize);
        return new MarketOrder(session, tokenId, side, amount, price, type, market.tickSize(tickSize));
    }

    public String tokenId() {
        return tokenId;
    }

    public Side side() {
        return side;
    }

    public BigDecimal amount() {
        return amount;
    }

    public OrderType type() {
        return type;
    }

    /** The amounts this order signs. */
    public OrderAmounts amounts() {
        OrderMarket m = session.market(tokenId, market.minSize(BigDecimal.ZERO));
        return OrderAmounts.market(side, amount, worstPrice(), m.tickSize());
    }

    /** The given worst price, or the one the book gives for this amount. */
    public BigDecimal worstPrice() {
        if (price != null) return price;
        Book book = session.book(tokenId);
        List<Level> levels = side == Side.BUY ? book.asks() : book.bids();
        return marketPrice(levels, side, amount, type);
    }

    /** The official clients' {@code calculateBuyMarketPrice} / {@code calculateSellMarketPrice}: levels best last. */
    static BigDecimal marketPrice(List<Level> levels, Side side, BigDecimal amount, OrderType type) {
        if (levels.isEmpty()) throw new IllegalArgumentException("no " + (side == Side.BUY ? "asks" : "bids") + " to match a market " + side);
        BigDecimal sum = BigDecimal.ZERO;
        for (int i = levels.size() - 1; i >= 0; i--) {
            Level l = levels.get(i);
            sum = sum.add(side == Side.BUY ? l.size().multiply(l.price()) : l.size());
            if (sum.compareTo(amount) >= 0) return l.price();
        }
        if (type == OrderType.FOK) {
            throw new IllegalArgumentException("the book holds " + sum.stripTrailingZeros().toPlainString() + (side == Side.BUY ? " of collateral" : " shares")
                    + " on the " + (side == Side.BUY ? "ask" : "bid") + " side, less than the fill-or-kill amount " + amount.toPlainString()
                    + ": lower the amount or use fak()");
        }
        return levels.get(0).price();
    }

    /** Rounds and signs (a fresh salt and timestamp). */
    public SignedOrder sign() {
        OrderMarket m = session.market(tokenId, market.minSize(BigDecimal.ZERO));
        OrderAmounts a = OrderAmounts.market(side, amount, worstPrice(), m.tickSize());
        return session.signOrder(tokenId, side, a, 0, m.negRisk());
    }

    @Override
    public String toString() {
        return "MarketOrder[" + side + " " + amount.toPlainString() + (side == Side.BUY ? " of collateral" : " shares") + " of " + tokenId
                + (price != null ? " worst " + price.toPlainString() : "") + ", " + type + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof MarketOrder m && m.tokenId.equals(tokenId) && m.side == side && m.amount.compareTo(amount) == 0
                && Objects.equals(m.price, price) && m.type == type && m.market.equals(market);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tokenId, side, amount.stripTrailingZeros(), type);
    }
}
