package org.marketlab.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.config.Service;
import org.marketlab.http.ServiceException;
import org.marketlab.internal.transport.Call;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;
import org.marketlab.internal.transport.Query;
import org.marketlab.config.Connection;
import org.marketlab.internal.transport.Transport;
import tech.tablesaw.api.Table;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * A wallet's public record on the Data API, no key needed: positions, trades, activity, value and a PnL series.
 * Each read is a builder that pages to the end (or {@code .limit(n)}), v2 by default ({@code .v1()} reads the v1
 * routes).
 *
 * <p>Positions and trades sit under the address that holds the shares: for accounts made in the app that is the
 * proxy (funder) wallet, not the key that signs. An empty read says so, and when a public profile maps the address
 * to a proxy wallet, {@link #followProxy()} reads that one.
 */
public final class Account {

    /** Where the notes of empty reads go (the notebook's output by default). */
    static volatile PrintStream notes = System.out;

    private final Transport transport;
    private final String address;

    public Account(Connection connection, String address) {
        Transport transport = Transport.of(connection);
        this.transport = Objects.requireNonNull(transport, "transport");
        if (address == null || !address.trim().matches("0x[0-9a-fA-F]{40}")) {
            throw new IllegalArgumentException("address must be 0x followed by 40 hex digits, was '" + address + "'");
        }
        this.address = address.trim().toLowerCase(Locale.ROOT);
    }

    public String address() {
        return address;
    }

    Transport transport() {
        return transport;
    }

    /** Positions held now ({@code OPEN}, the default: redeemable ones included), or {@code .status(REDEEMABLE | CLOSED)}. */
    public PositionsQuery positions() {
        return PositionsQuery.of(this);
    }

    /**
     * One row per status, the positions' totals: {@code status} (OPEN, REDEEMABLE, CLOSED), {@code positions},
     * {@code value}, {@code cost}, {@code realized_pnl}, {@code unrealized_pnl}, {@code total_pnl} (USDC). OPEN counts every
     * position held now, redeemable ones included, as {@link #positions()} does; REDEEMABLE is the part of them that
     * has resolved and awaits redeeming; CLOSED the positions sold out or redeemed. The account's whole PnL is OPEN's
     * plus CLOSED's. Three reads, each paged to the end.
     */
    public Table positionsByStatus() {
        tech.tablesaw.api.StringColumn status = tech.tablesaw.api.StringColumn.create("status");
        tech.tablesaw.api.IntColumn count = tech.tablesaw.api.IntColumn.create("positions");
        java.util.List<String> sums = java.util.List.of("value", "cost", "realized_pnl", "unrealized_pnl", "total_pnl");
        java.util.List<tech.tablesaw.api.DoubleColumn> columns = new java.util.ArrayList<>();
        for (String s : sums) columns.add(tech.tablesaw.api.DoubleColumn.create(s));
        for (PositionsQuery.Status st : PositionsQuery.Status.values()) {
            java.util.List<Position> rows = positions().status(st).list();
            java.util.Map<String, java.math.BigDecimal> totals = AccountAnalytics.totals(rows);
            status.append(st.name());
            count.append(rows.size());
            for (int i = 0; i < sums.size(); i++) columns.get(i).append(totals.get(sums.get(i)).doubleValue());
        }
        Table t = Table.create("positions of " + address.substring(0, 6) + "…" + address.substring(38) + " by status", status, count);
        columns.forEach(t::addColumns);
        return t;
    }

    /** Every trade (both sides: taker and maker fills), newest first. */
    public AccountTradesQuery trades() {
        return AccountTradesQuery.of(this);
    }

    /** Every activity row (trades, splits, merges, redeems, rewards, ...), newest first. */
    public ActivityQuery activity() {
        return ActivityQuery.of(this);
    }

    /** What the positions are worth now ({@code /v2/value}). */
    public AccountValue value() {
        Document doc = transport.send(Call.get(Service.DATA, "/v2/value", Query.empty().with("user", address)));
        JsonNode n = doc.tree().path("data");
        if (n.isArray()) n = n.path(0);
        if (n.isMissingNode() || n.isNull()) return new AccountValue(address, java.math.BigDecimal.ZERO);
        java.math.BigDecimal v = JsonFields.decimal(doc, n, "value");
        return new AccountValue(address, v == null ? java.math.BigDecimal.ZERO : v);
    }

    /** The PnL series from the activity feed, marked at the positions' current prices at its last point. */
    public PnlQuery pnl() {
        return new PnlQuery(this, null, null);
    }

    /**
     * Exposure by event of {@code positions}, each event named by its title (read from the markets host), with its
     * slug; {@code AccountAnalytics.exposureByEvent(positions)} gives the same by slug without a read.
     */
    public Table exposureByEvent(java.util.List<Position> positions) {
        return AccountAnalytics.exposureByEvent(transport, positions);
    }

    /** Exposure by tag of {@code positions} (their events' tags, read from the markets host). */
    public Table exposureByTag(java.util.List<Position> positions) {
        return AccountAnalytics.exposureByTag(transport, positions);
    }

    /**
     * The audit's anomalies, row by row: resolved positions never redeemed, positions above a quarter of the account's
     * value, and trades between {@code from} and {@code to} more than 0.10 from the market's price at the time.
     */
    public java.util.List<Anomaly> anomalies(java.time.Instant from, java.time.Instant to) {
        java.util.List<Position> open = positions().list();
        java.util.List<Anomaly> out = new java.util.ArrayList<>(AccountAnalytics.redeemableNotRedeemed(open));
        out.addAll(AccountAnalytics.concentration(open, new java.math.BigDecimal("0.25")));
        out.addAll(AccountAnalytics.farFromMid(transport, trades().from(from).to(to).list(), new java.math.BigDecimal("0.10")));
        return out;
    }

    /**
     * The proxy (funder) wallet the public profile of this address names ({@code GET /public-profile?address=} on the
     * markets host), if the service maps it and it differs from this address.
     */
    public Optional<String> proxyWallet() {
        try {
            Document doc = transport.send(Call.get(Service.MARKETS, "/public-profile", Query.empty().with("address", address)));
            String proxy = JsonFields.text(doc.tree(), "proxyWallet", "proxy_wallet");
            if (proxy == null || !proxy.matches("0x[0-9a-fA-F]{40}") || proxy.equalsIgnoreCase(address)) return Optional.empty();
            return Optional.of(proxy.toLowerCase(Locale.ROOT));
        } catch (ServiceException | IllegalArgumentException none) {
            return Optional.empty();
        }
    }

    /** The account of this address's proxy wallet; an {@link IllegalStateException} saying why when no public read maps one. */
    public Account followProxy() {
        return new Account(transport, proxyWallet().orElseThrow(() -> new IllegalStateException("no public profile maps " + address
                + " to a proxy wallet; if the account was made in the app, its proxy (funder) address is shown in the app's profile"
                + " and in the proxy_wallet of its rows: Accounts.of(\"0x…\")")));
    }

    /** The note an empty read leaves: what was empty, and the likely cause. */
    String emptyNote(String what, boolean filtered) {
        StringBuilder b = new StringBuilder("No ").append(what).append(" for ").append(address).append(" on the Data API");
        if (filtered && !ActivityQuery.of(this).limit(1).onProgress(p -> { }).list().isEmpty()) {
            b.append(" with these filters.");
            return b.toString();
        }
        if (filtered) b.append(" with these filters, and no activity at all");
        b.append(". If this is the address that signs (an EOA, or the key exported from the app), the positions and trades usually")
                .append(" sit under the proxy (funder) wallet that holds the shares, not under the signer: read that address instead.");
        Optional<String> proxy = proxyWallet();
        proxy.ifPresent(p -> b.append(" Its public profile names the proxy wallet ").append(p)
                .append(": Accounts.of(\"").append(address).append("\").followProxy()."));
        return b.toString();
    }

    /** An empty table named by the note, which is also printed. */
    Table empty(Table table, String what, boolean filtered) {
        String note = emptyNote(what, filtered);
        notes.println(note);
        return table.setName(note);
    }

    /** The wallet's public statistics ({@code /v2/user-stats}): markets traded, biggest win, join date, all-time PnL and volume. */
    public UserStats stats() {
        Document doc = transport.send(Call.get(Service.DATA, "/v2/user-stats", Query.empty().with("user", address)));
        JsonNode d = doc.tree().path("data");
        java.math.BigDecimal zero = java.math.BigDecimal.ZERO;
        if (d.isMissingNode() || d.isNull()) return new UserStats(address, 0, zero, 0, null, 0, zero, zero, zero, zero);
        if (!d.isObject()) throw doc.malformed("expected {\"data\": {...}} or {\"data\": null}", null);
        JsonNode all = d.path("all_time_pnl");
        return new UserStats(address, d.path("trades").asInt(), orZero(JsonFields.decimal(doc, d, "biggest_win")), d.path("views").asLong(),
                d.hasNonNull("join_date") ? JsonFields.instant(doc, d, "join_date") : null, all.path("trade_count").asLong(),
                orZero(JsonFields.decimal(doc, all, "realized_pnl")), orZero(JsonFields.decimal(doc, all, "unrealized_pnl")),
                orZero(JsonFields.decimal(doc, all, "volume_usdc")), orZero(JsonFields.decimal(doc, all, "reward_income")));
    }

    private static java.math.BigDecimal orZero(java.math.BigDecimal v) {
        return v == null ? java.math.BigDecimal.ZERO : v;
    }

    /**
     * The Data API's leaderboard ({@code GET /v2/leaderboard}, every page up to {@code limit}): {@code period} one of
     * {@code day}, {@code week}, {@code month}, {@code all}; {@code by} {@code pnl} or {@code volume}.
     */
    public static java.util.List<LeaderboardEntry> leaderboard(Connection connection, String period, String by, int limit) {
        Transport transport = Transport.of(connection);
        String p = period == null ? "" : period.trim().toLowerCase(Locale.ROOT);
        if (!java.util.List.of("day", "week", "month", "all").contains(p)) {
            throw new IllegalArgumentException("period is day, week, month or all, not '" + period + "'");
        }
        String b = by == null ? "" : by.trim().toUpperCase(Locale.ROOT);
        if (!java.util.List.of("PNL", "VOLUME").contains(b)) throw new IllegalArgumentException("by is pnl or volume, not '" + by + "'");
        if (limit < 1 || limit > 10_000) throw new IllegalArgumentException("limit is from 1 to 10,000 traders, not " + limit);
        java.util.List<LeaderboardEntry> out = new java.util.ArrayList<>();
        String cursor = null;
        while (out.size() < limit) {
            Query q = cursor != null ? Query.empty().with("cursor", cursor)
                    : Query.empty().with("time_period", p).with("sort_by", b).with("limit", Math.min(limit, 1000));
            Document doc = transport.send(Call.get(Service.DATA, "/v2/leaderboard", q));
            JsonNode data = doc.tree().path("data");
            if (!data.isArray()) throw doc.malformed("expected {\"data\": [...], \"pagination\": {...}}", null);
            for (JsonNode n : data) {
                if (out.size() == limit) break;
                out.add(doc.read(n, LeaderboardEntry.class, "a leaderboard row"));
            }
            JsonNode next = doc.tree().path("pagination").path("next_cursor");
            if (data.isEmpty() || next.isNull() || next.isMissingNode() || next.asText().isEmpty()) break;
            cursor = next.asText();
        }
        return out;
    }

    @Override
    public String toString() {
        return "Account[" + address + "]";
    }
}
