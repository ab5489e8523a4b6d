package org.marketlab.accounts;

import org.marketlab.config.Progress;
import org.marketlab.tables.RecordTable;
import tech.tablesaw.api.Table;

import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * A wallet's positions: {@code Accounts.of(a).positions().status(Status.CLOSED).sortBy(Sort.REALIZED_PNL).table()}.
 * Immutable; v2 {@code /v2/positions} by default, v1 {@code /positions} / {@code /closed-positions} with {@link #v1()}.
 */
public final class PositionsQuery {

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

    static final DataRead.Route V2 = new DataRead.Route("/v2/positions", 500);
    static final DataRead.Route V1_OPEN = new DataRead.Route("/positions", 500);
    static final DataRead.Route V1_CLOSED = new DataRead.Route("/closed-positions", 50);

    private final Account account;
    private final DataRead<Position> read;
    private final Status status;
    private final boolean filtered;

    PositionsQuery(Account account) {
        this(account, new DataRead<Position>(account.transport(), "positions", V2, V1_OPEN, (d, n) -> Position.read(d, n, null))
                .with("user", "user", account.address()).with("status", null, "OPEN").with("size_threshold", "sizeThreshold", BigDecimal.ZERO),
                Status.OPEN, false);
    }

    private PositionsQuery(Account account, DataRead<Position> read, Status status, boolean filtered) {
        this.account = account;
        this.read = read;
        this.status = status;
        this.filtered = filtered;
    }

    private PositionsQuery with(DataRead<Position> r) {
        return new PositionsQuery(account, r, status, true);
    }

    /** OPEN (default), REDEEMABLE or CLOSED. */
    public PositionsQuery status(Status status) {
        if (status == null) throw new IllegalArgumentException("status must be OPEN, REDEEMABLE or CLOSED");
        DataRead<Position> r = read.with("status", null, status.name());
        String v1Status = status == Status.CLOSED ? "CLOSED" : null;
        r = r.route(V2, status == Status.CLOSED ? V1_CLOSED : V1_OPEN, (d, n) -> Position.read(d, n, v1Status))
                .withV1("redeemable", status == Status.REDEEMABLE ? Boolean.TRUE : null);
        return new PositionsQuery(account, r, status, filtered);
    }

    /** OPEN, REDEEMABLE or CLOSED, in any case. */
    public PositionsQuery status(String status) {
        try {
            return status(Status.valueOf(status.trim().toUpperCase(Locale.ROOT)));
        } catch (RuntimeException e) {
            throw new IllegalArgumentException("status must be OPEN, REDEEMABLE or CLOSED, was '" + status + "'");
        }
    }

    /** Only positions in these markets (condition ids, at most 20). */
    public PositionsQuery condition(String... conditionIds) {
        List<String> ids = Checks.conditions(conditionIds);
        return with(read.with("condition", "market", String.join(",", ids)));
    }

    /** Only positions in these events (event ids). */
    public PositionsQuery event(String... eventIds) {
        for (String e : eventIds) if (e == null || !e.trim().matches("[0-9]+")) throw new IllegalArgumentException("event id must be digits, was '" + e + "'");
        return with(read.with("event_id", "eventId", String.join(",", Arrays.stream(eventIds).map(String::trim).toList())));
    }

    /** Only positions whose title contains this text (any case). */
    public PositionsQuery title(String text) {
        if (text == null || text.isBlank()) throw new IllegalArgumentException("title: give some text to look for");
        return with(read.with("title", "title", text.trim()));
    }

    /** Only positions of at least this many shares (default 0: all). */
    public PositionsQuery sizeThreshold(BigDecimal shares) {
        if (shares == null || shares.signum() < 0) throw new IllegalArgumentException("sizeThreshold must be 0 or more, was " + shares);
        return with(read.with("size_threshold", "sizeThreshold", shares.toPlainString()));
    }

    public PositionsQuery sizeThreshold(String shares) {
        return sizeThreshold(Checks.decimal(shares, "sizeThreshold"));
    }

    /** Order by {@code sort}, descending unless {@link #ascending()}. */
    public PositionsQuery sortBy(Sort sort) {
        if (sort == null) throw new IllegalArgumentException("sortBy: give a PositionsQuery.Sort");
        return new PositionsQuery(account, read.with("sort_by", null, sort.name()).withV1("sortBy", sort.v1), status, filtered);
    }

    public PositionsQuery ascending() {
        return new PositionsQuery(account, read.with("sort_direction", "sortDirection", "ASC"), status, filtered);
    }

    /** Read the v1 routes (bare arrays, offsets) instead of v2. */
    public PositionsQuery v1() {
        return new PositionsQuery(account, read.version1(true), status, filtered);
    }

    /** Rows per request (default the route's maximum: fewer requests). */
    public PositionsQuery pageSize(int n) {
        return new PositionsQuery(account, read.pageSize(n), status, filtered);
    }

    public PositionsQuery limit(int n) {
        return new PositionsQuery(account, read.limit(n), status, filtered);
    }

    public PositionsQuery onProgress(Progress.Listener listener) {
        return new PositionsQuery(account, read.progress(listener), status, filtered);
    }

    public List<Position> list() {
        return read.list();
    }

    public Stream<Position> stream() {
        return read.stream();
    }

    /** One row per position, every field, with {@code total_pnl} (realised + unrealised) last. */
    public Table table() {
        List<Position> rows = list();
        Table t = RecordTable.of(Position.class).column("total_pnl", BigDecimal.class, Position::totalPnl).table("positions", rows);
        return rows.isEmpty() ? account.empty(t, status.name().toLowerCase(Locale.ROOT) + " positions", filtered) : t;
    }
}
