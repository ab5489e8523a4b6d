package org.marketlab.clob;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Objects;

/**
 * A limit order being written: {@code size} shares of an outcome token at {@code price}, immutable (each method
 * returns a new order). Good till cancelled unless {@link #gtd(Instant)}, {@link #fok()} or {@link #fak()};
 * {@link #postOnly()} rests only. The tick size, minimum size and neg-risk flag are read from the token's book once
 * when not given. {@link #sign()} checks the price against the tick grid and the size against the minimum before
 * anything is sent, rounds the amounts as the official clients do and signs.
 *
 * <pre>{@code
 * var o = s.limitOrder(token, Side.BUY, new BigDecimal("0.45"), new BigDecimal("10")).postOnly();
 * }</pre>
 */
public final class LimitOrder {

    private final ClobSession session;
    private final String tokenId;
    private final Side side;
    private final BigDecimal price;
    private final BigDecimal size;
    private final OrderType type;
    private final Instant expiration;
    private final boolean postOnly;
    private final OrderMarket market;

    LimitOrder(ClobSession session, String tokenId, Side side, BigDecimal price, BigDecimal size, OrderType type, Instant expiration,
               boolean postOnly, OrderMarket market) {
        this.session = session;
        this.tokenId = ClobData.token(tokenId);
        this.side = Side.require(side);
        if (price == null) throw new IllegalArgumentException("price is null; give a price between 0 and 1 on the market's tick grid");
        if (size == null) throw new IllegalArgumentException("size is null; give a number of shares");
        if (price.signum() <= 0 || price.compareTo(BigDecimal.ONE) >= 0) {
            throw new IllegalArgumentException("price must lie strictly between 0 and 1, was " + price.toPlainString());
        }
        if (size.signum() <= 0) throw new IllegalArgumentException("size must be positive, was " + size.toPlainString());
        this.price = price;
        this.size = size;
        this.type = type;
        this.expiration = expiration;
        if (postOnly && (type == OrderType.FOK || type == OrderType.FAK)) {
            throw new IllegalArgumentException("post-only applies to GTC and GTD orders, not to " + type + " orders, which take liquidity");
        }
        this.postOnly = postOnly;
        this.market = market == null ? OrderMarket.UNKNOWN : market;
    }

    private LimitOrder with(OrderType t, Instant exp, boolean post, OrderMarket m) {
        return new LimitOrder(session, tokenId, side, price, size, t, exp, post, m);
    }

    /** Good till cancelled (the default). */
    public LimitOrder gtc() {
        return with(OrderType.GTC, null, postOnly, market);
    }

    /** Good till {@code expiration} (whole seconds; at least a minute ahead, as the order book requires). */
    public LimitOrder gtd(Instant expiration) {
        if (expiration == null) throw new IllegalArgumentException("expiration is null; give an Instant at least a minute ahead");
        return with(OrderType.GTD, expiration, postOnly, market);
    }

    /** Fill or kill: filled whole at once, or refused. */
    public LimitOrder fok() {
        requireNotPostOnly(OrderType.FOK);
        return with(OrderType.FOK, null, false, market);
    }

    /** Fill and kill: what matches at once is filled, the rest cancelled. */
    public LimitOrder fak() {
        requireNotPostOnly(OrderType.FAK);
        return with(OrderType.FAK, null, false, market);
    }

    private void requireNotPostOnly(OrderType t) {
        if (postOnly) throw new IllegalArgumentException("post-only applies to GTC and GTD orders, not to " + t + " orders, which take liquidity");
    }

    /** Rests on the book only: refused if it would match at once (GTC and GTD orders). */
    public LimitOrder postOnly() {
        if (type == OrderType.FOK || type == OrderType.FAK) {
            throw new IllegalArgumentException("post-only applies to GTC and GTD orders, not to " + type + " orders, which take liquidity");
        }
        return with(type, expiration, true, market);
    }

    /** Whether the token's market is neg-risk (signed for the neg-risk exchange); read from the book when not given. */
    public LimitOrder negRisk(boolean negRisk) {
        return with(type, expiration, postOnly, market.negRisk(negRisk));
    }

    /** The market's tick size (else read from the book). */
    public LimitOrder tickSize(BigDecimal tickSize) {
        OrderAmounts.rounding(tickSize);
        return with(type, expiration, postOnly, market.tickSize(tickSize));
    }

    /** The market's minimum order size in shares (else read from the book). */
    public LimitOrder minSize(BigDecimal minSize) {
        return with(type, expiration, postOnly, market.minSize(minSize));
    }

    public String tokenId() {
        return tokenId;
    }

    public Side side() {
        return side;
    }

    public BigDecimal price() {
        return price;
    }

    public BigDecimal size() {
        return size;
    }

    public OrderType type() {
        return type;
    }

    public Instant expiration() {
        return expiration;
    }

    public boolean isPostOnly() {
        return postOnly;
    }

    /** The amounts this order signs, with the market's tick size (read once if not given). */
    public OrderAmounts amounts() {
        OrderMarket m = session.market(tokenId, market);
        check(m);
        return OrderAmounts.limit(side, price, size, m.tickSize());
    }

    private void check(OrderMarket m) {
        BigDecimal tick = m.tickSize();
        if (price.remainder(tick).signum() != 0 || price.compareTo(tick) < 0 || price.compareTo(BigDecimal.ONE.subtract(tick)) > 0) {
            BigDecimal below = price.divide(tick, 0, RoundingMode.FLOOR).multiply(tick).max(tick);
            BigDecimal above = price.divide(tick, 0, RoundingMode.CEILING).multiply(tick).min(BigDecimal.ONE.subtract(tick));
            throw new IllegalArgumentException("price " + price.toPlainString() + " is not on token " + shortToken() + "'s tick grid of "
                    + tick.toPlainString() + " (from " + tick.toPlainString() + " to " + BigDecimal.ONE.subtract(tick).toPlainString()
                    + "): use " + below.stripTrailingZeros().toPlainString()
                    + (above.compareTo(below) != 0 ? " or " + above.stripTrailingZeros().toPlainString() : ""));
        }
        BigDecimal shares = size.setScale(Math.max(size.scale(), 2), RoundingMode.FLOOR).setScale(2, RoundingMode.FLOOR);
        if (m.minSize() != null && shares.compareTo(m.minSize()) < 0) {
            throw new IllegalArgumentException("size " + size.toPlainString() + " is under token " + shortToken() + "'s minimum order size of "
                    + m.minSize().stripTrailingZeros().toPlainString() + " shares");
        }
        if (shares.signum() == 0) throw new IllegalArgumentException("size " + size.toPlainString() + " rounds down to 0 shares at 2 decimals");
        if (type == OrderType.GTD && expiration.isBefore(session.now().plusSeconds(60))) {
            throw new IllegalArgumentException("a GTD expiration must be at least a minute ahead; " + expiration + " is not");
        }
    }

    private String shortToken() {
        return tokenId.length() > 12 ? tokenId.substring(0, 6) + "…" + tokenId.substring(tokenId.length() - 4) : tokenId;
    }

    /** Checks, rounds and signs (a fresh salt and timestamp). */
    public SignedOrder sign() {
        OrderMarket m = session.market(tokenId, market);
        check(m);
        OrderAmounts a = OrderAmounts.limit(side, price, size, m.tickSize());
        return session.signOrder(tokenId, side, a, type == OrderType.GTD ? expiration.getEpochSecond() : 0, m.negRisk());
    }

    @Override
    public String toString() {
        return "LimitOrder[" + side + " " + size.toPlainString() + " of " + shortToken() + " at " + price.toPlainString() + ", " + type
                + (expiration != null ? " until " + expiration : "") + (postOnly ? ", post-only" : "") + "]";
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LimitOrder l && l.tokenId.equals(tokenId) && l.side == side && l.price.compareTo(price) == 0
                && l.size.compareTo(size) == 0 && l.type == type && Objects.equals(l.expiration, expiration) && l.postOnly == postOnly
                && l.market.equals(market);
    }

    @Override
    public int hashCode() {
        return Objects.hash(tokenId, side, price.stripTrailingZeros(), size.stripTrailingZeros(), type, expiration, postOnly);
    }
}
