package org.marketlab.accounts;

import org.marketlab.internal.query.Read;
import org.marketlab.markets.TokenNames;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;

/**
 * A wallet's positions: {@code Accounts.of(a).positions().status(Status.CLOSED).sortBy(Sort.REALIZED_PNL).table()}.
 * Immutable; v2 {@code /v2/positions} by default, v1 {@code /positions} / {@code /closed-positions} with {@link #v1()}.
 */
public final class PositionsQuery extends DataQuery<PositionsQuery, Position> {

    /** OPEN: holding shares (redeemable ones included); REDEEMABLE: resolved and not redeemed; CLOSED: sold out or redeemed. */
    public enum Status { OPEN, REDEEMABLE, CLOSED }

    /** Sort keys, with their v1 names. */
    public enum Sort {
        CURRENT_VALUE("CURRENT"), ENTRY_COST("INITIAL"), SIZE("TOKENS"), UNREALIZED_PNL("CASHPNL"), PERCENT_PNL("PERCENTPNL"),
        REALIZED_PNL("REALIZEDPNL"), TITLE("TITLE"), PRICE("PRICE"), AVG_PRICE("AVGPRICE"), TIMESTAMP("TIMESTAMP"), RESOLVING("RESOLVING");

        final String v1;

        Sort(String v1) {
            this.v1 = v1;
        }
    }

    private final Status status;

    PositionsQuery(Account account, Read<Position> read, Status status) {
        super(account, read, r -> new PositionsQuery(account, r, status));
        this.status = status;
    }

    static PositionsQuery of(Account account) {
        return new PositionsQuery(account, read(account, Endpoints.POSITIONS).with("status", "OPEN").with("size_threshold", BigDecimal.ZERO)
                .with("v1.sizeThreshold", BigDecimal.ZERO), Status.OPEN);
    }

    /** OPEN (default), REDEEMABLE or CLOSED. */
    public PositionsQuery status(Status status) {
        if (status == null) throw new IllegalArgumentException("status must be OPEN, REDEEMABLE or CLOSED");
        Read<Position> r = read().with("status", status.name()).with("v1.redeemable", status == Status.REDEEMABLE ? Boolean.TRUE : null)
                .endpoint(status == Status.CLOSED ? Endpoints.CLOSED_POSITIONS : Endpoints.POSITIONS);
        return new PositionsQuery(account, r, status);
    }

    /** OPEN, REDEEMABLE or CLOSED, in any case. */
    public PositionsQuery status(String status) {
        try {
            return status(Status.valueOf(status.trim().toUpperCase(Locale.ROOT)));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("status must be OPEN, REDEEMABLE or CLOSED, was '" + status + "'");
        }
    }

    /** Only positions whose title contains this text (any case). */
    public PositionsQuery title(String text) {
        if (text == null || text.isBlank()) throw new IllegalArgumentException("title: give some text to look for");
        return filter("title", "title", text.trim());
    }

    /** Only positions of at least this many shares (default 0: all). */
    public PositionsQuery sizeThreshold(BigDecimal shares) {
        if (shares == null || shares.signum() < 0) throw new IllegalArgumentException("sizeThreshold must be 0 or more, was " + shares);
        return filter("size_threshold", "sizeThreshold", shares.toPlainString());
    }

    public PositionsQuery sizeThreshold(String shares) {
        return sizeThreshold(Checks.decimal(shares, "sizeThreshold"));
    }

    /** Order by {@code sort}, descending unless {@link #ascending()}. */
    public PositionsQuery sortBy(Sort sort) {
        if (sort == null) throw new IllegalArgumentException("sortBy: give a PositionsQuery.Sort");
        return both("sort_by", null, sort.name()).both(null, "sortBy", sort.v1);
    }

    /** Ascending instead of descending. */
    public PositionsQuery ascending() {
        return both("sort_direction", "sortDirection", "ASC");
    }

    /** Every position (up to the limit); their questions are learnt, so tables and charts by token or market carry them. */
    @Override
    public List<Position> list() {
        List<Position> rows = super.list();
        for (Position p : rows) {
            TokenNames.put(p.tokenId(), p.title(), p.outcome());
            TokenNames.putMarket(p.conditionId(), p.title());
        }
        return rows;
    }

    /** One row per position, every field, with {@code total_pnl} (realised + unrealised) last. */
    @Override
    public Table table() {
        return orEmpty(RecordTable.of(Position.class).column("total_pnl", BigDecimal.class, Position::totalPnl).table("positions", list()),
                status.name().toLowerCase(Locale.ROOT) + " positions");
    }
}
