"""Every public method of the official polymarket-client, unchanged, against a running sandbox.

Usage: python polymarket_client.py <markets url> <clob url> <data url> <perps url> <perps ws url> <seed> <chain url>

Prints one JSON object: {"client", "version", "calls": [{"method", "outcome", "detail"}]}, outcome "pass", "fail" or
"not simulated" (the reason in detail). Counted: every public method of PublicClient, the methods SecureClient adds,
the perpetuals methods AsyncSecureClient adds, and every public method of the PerpsSession it opens (the async
clients mirror the sync ones and are not counted twice). A call passes when the client returns without raising (its
models validate every answer) and what it returns holds what the method promises.

The client has no public setting for its hosts: its environments are frozen objects it makes itself. As its own
tests do, the script builds one with the SDK's environment helpers (polymarket._internal.environment), the
production configuration with the sandbox's URLs, its Polygon node (chain) as the RPC node; the order book's channels
and the live-data stream are the sandbox's, the order book's host serves the RFQ host and the builder RFQ gateway, and
the relayer and the collateral-return gateway are the sandbox's (served on the chain host); the RFQ quoter's channel is the order book's
host's /ws/rfq; the hosts the sandbox does not simulate (the sports and authenticated price streams) point at a closed port on loopback,
so no request ever leaves the machine. Demo wallet 2 signs, trading from its own address (an EOA wallet: its on-chain
calls are transactions it signs and sends to the node itself); demo wallet 4's key is the one deleted; demo wallet 6's
key owns the deposit wallet whose session keys and collateral return are called.
"""
import asyncio
import dataclasses
import inspect
import json
import sys
import time
import traceback
import urllib.request
from datetime import datetime, timedelta, timezone
from decimal import ROUND_CEILING, ROUND_HALF_UP, Decimal
from importlib import metadata

from eth_account import Account
from eth_utils import keccak
from polymarket import AsyncSecureClient, PublicClient, SecureClient
from polymarket._internal.environment import PRODUCTION_CONFIG, create_environment, get_environment_config

MARKETS, CLOB, DATA, PERPS, PERPS_WS = (u.rstrip("/") for u in sys.argv[1:6])
CHAIN = sys.argv[7].rstrip("/") if len(sys.argv) > 7 and not sys.argv[7].startswith("--") else "http://127.0.0.1:9"
CLOSED = "http://127.0.0.1:9"
# The sandbox's builder: the code its seeded builder fills carry (GET /builder/trades answers them).
BUILDER_CODE = "0x" + keccak(text=f"marketlab sandbox builder:{sys.argv[6] if len(sys.argv) > 6 else 7}").hex().removeprefix("0x")

ENV = create_environment(name="sandbox", config=dataclasses.replace(
    PRODUCTION_CONFIG, clob_url=CLOB, gamma_url=MARKETS, data_url=DATA, perps_url=PERPS,
    perps_ws_url=PERPS_WS + ("" if PERPS_WS.endswith("/v1/ws") else "/v1/ws"),
    relayer_url=CHAIN, rfq_url=CLOB, rpc_url=CHAIN, collateral_return_url=CHAIN, builder_gateway_url=CLOB,
    relayer_poll_frequency_ms=100,
    clob_market_ws_url=CLOB.replace("http", "ws", 1) + "/ws/market", clob_user_ws_url=CLOB.replace("http", "ws", 1) + "/ws/user",
    rtds_ws_url=MARKETS.replace("http", "ws", 1) + "/ws/live-data",
    sports_ws_url="ws://127.0.0.1:9", realtime_ws_url="ws://127.0.0.1:9", rfq_quoter_ws_url=CLOB.replace("http", "ws", 1) + "/ws/rfq"))

# What the sandbox does not simulate, with the reason (docs/interop.md names each).
NOT_SIMULATED = {}

calls = []


def record(method, outcome, detail=""):
    if outcome == "not simulated" and any(c["method"] == method for c in calls):
        return  # a method both clients have (PublicClient's, SecureClient's) is counted once
    calls.append({"method": method, "outcome": outcome, "detail": whole(detail)})


def whole(text):
    """A long reason keeps its first and last 600 characters: the node's words at the end survive a long dump."""
    return text if len(text) <= 1400 else f"{text[:600]} … {text[-600:]}"


def failure(e):
    """The error and every nested cause (a chain error wraps the node's answer in __cause__ / __context__)."""
    parts, seen = [], set()
    while e is not None and id(e) not in seen and len(parts) < 6:
        seen.add(id(e))
        parts.append(f"{type(e).__name__}: {e}")
        e = e.__cause__ or e.__context__
    return " <- ".join(parts)


def call(method, fn, check=None):
    if method in NOT_SIMULATED:
        record(method, "not simulated", NOT_SIMULATED[method])
        return None
    try:
        result = fn()
        wrong = check(result) if check else None
        record(method, "fail" if wrong else "pass", wrong or "")
        return result
    except Exception as e:  # noqa: BLE001 - every failure is reported, none stops the run
        record(method, "fail", failure(e))
        if "--trace" in sys.argv:
            traceback.print_exc(file=sys.stderr)
        return None


async def acall(method, fn, check=None):
    if method.removeprefix("PerpsSession.") in NOT_SIMULATED:
        record(method, "not simulated", NOT_SIMULATED[method.removeprefix("PerpsSession.")])
        return None
    try:
        result = await fn()
        wrong = check(result) if check else None
        record(method, "fail" if wrong else "pass", wrong or "")
        return result
    except Exception as e:  # noqa: BLE001
        record(method, "fail", failure(e))
        if "--trace" in sys.argv:
            traceback.print_exc(file=sys.stderr)
        return None


def first(paginator, n=None):
    """The first page's items of a paginator (the client's own paging reads the next pages)."""
    items = []
    for item in paginator.iter_items():
        items.append(item)
        if n is not None and len(items) >= n:
            break
    return items


def nonempty(r):
    return None if r else f"empty: {r!r}"


def demo_key(n):
    return "0x" + keccak(text=f"marketlab demo account {n}").hex().removeprefix("0x")


def public_calls(pub, me, token, condition, event_id, event_slug, market_id):
    call("get_order_book", lambda: pub.get_order_book(asset_id=token), lambda r: None if r.bids or r.asks else "empty book")
    call("get_order_books", lambda: pub.get_order_books(asset_ids=[token]), lambda r: None if len(r) == 1 else str(r))
    call("get_midpoint", lambda: pub.get_midpoint(asset_id=token), lambda r: None if 0 < r < 1 else f"mid {r}")
    call("get_midpoints", lambda: pub.get_midpoints(asset_ids=[token]), nonempty)
    call("get_price", lambda: pub.get_price(asset_id=token, side="BUY"), lambda r: None if 0 < r < 1 else f"price {r}")
    from polymarket.models.clob.requests import PriceRequest
    call("get_prices", lambda: pub.get_prices(requests=[PriceRequest(asset_id=token, side="BUY")]), nonempty)
    call("get_spread", lambda: pub.get_spread(asset_id=token), lambda r: None if r >= 0 else f"spread {r}")
    call("get_spreads", lambda: pub.get_spreads(asset_ids=[token]), nonempty)
    call("get_last_trade_price", lambda: pub.get_last_trade_price(asset_id=token))
    call("get_last_trade_prices", lambda: pub.get_last_trade_prices(asset_ids=[token]), nonempty)
    call("estimate_market_price", lambda: pub.estimate_market_price(asset_id=token, side="BUY", amount=5), lambda r: None if 0 < r <= 1 else f"price {r}")
    now = int(time.time())
    call("list_price_history", lambda: first(pub.list_price_history(asset_id=token, interval="1w"), 50), nonempty)
    call("list_events", lambda: first(pub.list_events(page_size=5), 5), nonempty)
    call("get_event", lambda: pub.get_event(id=str(event_id)), lambda r: None if str(r.id) == str(event_id) else f"event {r.id}")
    call("get_event_tags", lambda: pub.get_event_tags(str(event_id)))
    call("list_markets", lambda: first(pub.list_markets(page_size=5), 5), nonempty)
    call("get_market", lambda: pub.get_market(id=str(market_id)), lambda r: None if str(r.id) == str(market_id) else f"market {r.id}")
    call("get_market_tags", lambda: pub.get_market_tags(str(market_id)))
    tags = call("list_tags", lambda: first(pub.list_tags(page_size=5), 5), nonempty)
    tag = tags[0] if tags else None
    call("get_tag", lambda: pub.get_tag(id=str(tag.id)), lambda r: None if str(r.id) == str(tag.id) else f"tag {r.id}")
    call("get_related_tags", lambda: pub.get_related_tags(id=str(tag.id)))
    call("get_related_tag_resources", lambda: pub.get_related_tag_resources(id=str(tag.id)))
    series = call("list_series", lambda: first(pub.list_series(page_size=5), 5), nonempty)
    call("get_series", lambda: pub.get_series(str(series[0].id)), lambda r: None if str(r.id) == str(series[0].id) else f"series {r.id}")
    comments = call("list_comments", lambda: first(pub.list_comments(parent_entity_id=str(event_id), parent_entity_type="Event", page_size=5), 5))
    call("get_comment_thread", lambda: pub.get_comment_thread(str(comments[0].id)) if comments else pub.get_comment_thread("1"))
    call("list_comments_by_user_address", lambda: first(pub.list_comments_by_user_address(address=me, page_size=5), 5))
    call("search", lambda: pub.search(q="bitcoin").first_page(), lambda r: None if r.items else "nothing found")
    call("get_sports", pub.get_sports, nonempty)
    call("get_sports_market_types", pub.get_sports_market_types)
    call("list_teams", lambda: first(pub.list_teams(page_size=5), 5), nonempty)
    call("get_public_profile", lambda: pub.get_public_profile(me))
    call("list_positions", lambda: first(pub.list_positions(user=me), 20), nonempty)
    call("list_trades", lambda: first(pub.list_trades(user=me), 20), nonempty)
    call("list_activity", lambda: first(pub.list_activity(user=me), 20), nonempty)
    call("get_portfolio_value", lambda: pub.get_portfolio_value(user=me), lambda r: None if r.value > 0 else f"value {r}")
    call("list_market_holders", lambda: first(pub.list_market_holders(condition_ids=[condition]), 20), nonempty)
    call("get_open_interests", lambda: pub.get_open_interests(condition_ids=[condition]), nonempty)
    call("get_event_live_volume", lambda: pub.get_event_live_volume(event_ids=[int(event_id)]))
    call("get_user_stats", lambda: pub.get_user_stats(user=me), lambda r: None if r is not None else "no stats")
    call("get_user_pnl", lambda: pub.get_user_pnl(user=me, interval="1m"))
    call("get_user_volume", lambda: pub.get_user_volume(user=me))
    call("list_trader_leaderboard", lambda: first(pub.list_trader_leaderboard(window="all"), 20), nonempty)
    call("get_trader_leaderboard_standing", lambda: pub.get_trader_leaderboard_standing(user=me, window="all"))
    call("list_biggest_winners", lambda: first(pub.list_biggest_winners(window="all"), 20))
    call("list_builder_leaderboard", lambda: first(pub.list_builder_leaderboard(window="all"), 20))
    call("get_builder_volumes", lambda: pub.get_builder_volumes(interval="week"))
    call("get_token_references", lambda: pub.get_token_references(condition_ids=[condition]), nonempty)
    call("get_resolutions", lambda: pub.get_resolutions(condition_ids=[condition]))
    call("download_accounting_snapshot", lambda: pub.download_accounting_snapshot(user=me), lambda r: None if r[:2] == b"PK" else "not a zip")
    call("list_current_rewards", lambda: first(pub.list_current_rewards(), 20), nonempty)
    rewarded = calls and None
    call("list_reward_markets", lambda: first(pub.list_reward_markets(), 20), nonempty)
    call("list_market_rewards", lambda: first(pub.list_market_rewards(condition_id=condition), 5))
    call("get_current_rebates", lambda: pub.get_current_rebates(date=time.strftime("%Y-%m-%d"), maker_address=me))
    call("list_builder_trades", lambda: first(pub.list_builder_trades(builder_code=BUILDER_CODE), 5), nonempty)
    call("get_trading_approvals_state", lambda: pub.get_trading_approvals_state(wallet=me),
         lambda r: None if r.is_fully_approved else f"a seeded wallet has approved the trading contracts: {r!r}")
    call("list_combo_markets", lambda: first(pub.list_combo_markets(), 150), combo_markets)
    held = call("list_combo_positions", lambda: first(pub.list_combo_positions(user=me), 20),
                lambda r: None if r and all(p.legs_total == len(p.legs) >= 2 and p.current_size > 0 for p in r) else f"demo wallet 2 holds seeded combos: {r!r}")
    call("list_combo_activity", lambda: first(pub.list_combo_activity(user=me), 20),
         lambda r: None if held and {a.condition_id for a in r} >= {p.condition_id for p in held} else f"every held combo has its split: {r!r}")
    del rewarded, now


def combo_markets(r):
    """More than one page of open markets, each leg id the protocol-v2 position id of its condition id (ComboIds' rule)."""
    if len(r) <= 100:
        return f"{len(r)} combo markets: the catalogue pages by 100 and the world has more"
    for m in r:
        base = int(m.condition_id, 16) << 8
        if (int(m.outcomes.yes.position_id), int(m.outcomes.no.position_id)) != (base, base | 1):
            return f"position ids of {m.condition_id}: {m.outcomes!r}"
        if not 0 < m.outcomes.yes.price < 1:
            return f"price of {m.slug}: {m.outcomes.yes.price}"
    return None


def rfq_calls(c, me):
    """A combo bought by RFQ with a builder key: a quote priced from the legs (a YES of one market, the NO of another
    event's), accepted with a protocol-3 signed order, filled; the collateral leaves the balance and the combo appears
    among the positions with its legs."""
    markets = first(c.list_combo_markets(), 100)
    event = lambda m: str(c.get_market(id=str(m.id)).events[0].id)
    a = next(m for m in markets if Decimal("0.3") <= m.outcomes.yes.price <= Decimal("0.7"))
    b = next(m for m in markets if Decimal("0.3") <= m.outcomes.no.price <= Decimal("0.7") and event(m) != event(a))
    legs = [a.outcomes.yes.position_id, b.outcomes.no.position_id]
    fair = a.outcomes.yes.price * b.outcomes.no.price
    cash = lambda: c.get_balance_allowance(asset_type="COLLATERAL").balance
    before = cash()
    got = call("request_combo_quote", lambda: c.request_combo_quote(leg_position_ids=legs, direction="BUY", amount=Decimal(5)),
               lambda r: None if r.quote and fair < r.quote.blended_price < fair * Decimal("1.1") + Decimal("0.001")
               and r.quote.maker_amount == 5 else f"{r!r} for legs priced {fair}")
    quote = got.quote if got else None
    call("accept_combo_quote", lambda: c.accept_combo_quote(quote), lambda r: None if r.status == "executing" and r.taker_order_hash else str(r))
    rfq = quote.rfq_id if quote else "none"
    call("fetch_rfq_status", lambda: c.fetch_rfq_status(rfq_id=rfq), lambda r: None if r.status in ("FILLED", "AWAITING_MAKER_CONFIRMATION") else str(r))

    def filled(r):
        if r.status != "FILLED" or not r.tx_hash:
            return str(r)
        if before - cash() != 5_000_000:
            return f"the balance moved by {before - cash()} base units, not the 5 USDC paid"
        mine = [p for p in first(c.list_combo_positions(user=me), 50) if int(p.position_id) == int(quote.position_id)]
        if not mine or mine[0].current_size < quote.taker_amount or len(mine[0].legs) != 2:
            return f"no position of {quote.position_id} holding {quote.taker_amount}: {mine!r}"
        return None
    call("wait_for_combo_fill", lambda: c.wait_for_combo_fill(rfq_id=rfq, timeout=10, polling_interval=0.2), filled)


def main():
    key = demo_key(2)
    me = Account.from_key(key).address
    positions = json.load(urllib.request.urlopen(f"{DATA}/v2/positions?user={me.lower()}"))["data"]
    open_pos = [p for p in positions if p["status"] == "OPEN"]
    token, condition = open_pos[0]["token_id"], open_pos[0]["condition_id"]
    market = json.load(urllib.request.urlopen(f"{MARKETS}/markets?condition_ids={condition}"))[0]
    event = market["events"][0]

    pub = PublicClient(environment=ENV)
    public_calls(pub, me, token, condition, event["id"], event.get("slug"), market["id"])
    call("close", pub.close)

    client = SecureClient.create(private_key=key, wallet=me, environment=ENV)
    secure_calls(client, me, token, condition)
    asyncio.run(perps_calls(key))
    methods = expected_methods()
    counted = {c["method"] for c in calls}
    for m in sorted(methods - counted):
        record(m, "fail", "not called by this script")
    print(json.dumps({"client": "polymarket-client", "version": metadata.version("polymarket-client"), "calls": calls}))


def secure_calls(c, me, token, condition):
    call("fetch_api_keys", c.fetch_api_keys, nonempty)
    call("get_closed_only_mode", c.get_closed_only_mode, lambda r: None if r is False else f"closed only {r}")
    call("get_balance_allowance", lambda: c.get_balance_allowance(asset_type="COLLATERAL"), lambda r: None if r.balance > 0 else str(r))
    orders = call("list_open_orders", lambda: first(c.list_open_orders()), nonempty) or []
    call("get_order", lambda: c.get_order(order_id=orders[0].id), lambda r: None if r.status else "no status")
    call("list_account_trades", lambda: first(c.list_account_trades(market=condition), 20), nonempty)
    call("get_notifications", c.get_notifications)
    notes = c.get_notifications() if True else ()
    call("drop_notifications", lambda: c.drop_notifications(ids=[notes[0].id] if notes else [1]))
    call("get_order_scoring", lambda: c.get_order_scoring(order_id=orders[0].id), lambda r: None if isinstance(r, bool) else str(r))
    call("get_orders_scoring", lambda: c.get_orders_scoring(order_ids=[o.id for o in orders[:2]]), nonempty)
    day = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 86_400))
    call("list_user_earnings_for_day", lambda: first(c.list_user_earnings_for_day(date=day)))
    call("get_total_earnings_for_user_for_day", lambda: c.get_total_earnings_for_user_for_day(date=day), nonempty)
    call("list_user_earnings_and_markets_config", lambda: first(c.list_user_earnings_and_markets_config(date=day)))
    call("get_reward_percentages", c.get_reward_percentages)
    call("send_order_heartbeat", lambda: c.send_order_heartbeat(), lambda r: None if r.heartbeat_id else "no id")
    call("get_builder_fee_rates", lambda: c.get_builder_fee_rates(BUILDER_CODE))
    builder = call("create_builder_api_key", c.create_builder_api_key)
    call("fetch_builder_api_keys", c.fetch_builder_api_keys, nonempty)
    # Revoking takes a client made with the builder key, as the client requires.
    with_builder = SecureClient.create(private_key=demo_key(2), wallet=me, environment=ENV, api_key=builder) if builder else c
    rfq_calls(with_builder, me)
    call("revoke_builder_api_key", with_builder.revoke_builder_api_key)

    book = c.get_order_book(asset_id=token)
    tick = Decimal(str(book.tick_size))
    low = max(tick, Decimal(str(book.bids[-1].price)) - 5 * tick) if book.bids else tick
    size = Decimal(str(book.min_order_size))
    signed = call("create_limit_order", lambda: c.create_limit_order(asset_id=token, price=low, size=size, side="BUY"))
    placed = call("post_order", lambda: c.post_order(signed), lambda r: None if getattr(r, "order_id", None) else str(r))
    batch = call("post_orders", lambda: c.post_orders([c.create_limit_order(asset_id=token, price=low, size=size + 1, side="BUY"),
                                                        c.create_limit_order(asset_id=token, price=low, size=size + 2, side="BUY")]),
                 lambda r: None if all(getattr(x, "order_id", None) for x in r) else str(r))
    resting = call("place_limit_order", lambda: c.place_limit_order(asset_id=token, price=low, size=size + 3, side="BUY"),
                   lambda r: None if getattr(r, "order_id", None) else str(r))
    call("create_market_order", lambda: c.create_market_order(asset_id=token, side="BUY", amount=5))
    taken = call("place_market_order", lambda: c.place_market_order(asset_id=token, side="BUY", amount=5), lambda r: None if getattr(r, "order_id", None) else str(r))
    call("wait_for_order_fill_settlement", lambda: c.wait_for_order_fill_settlement(taken, timeout_s=10), nonempty)
    call("cancel_order", lambda: c.cancel_order(order_id=placed.order_id), lambda r: None if placed.order_id in r.canceled else str(r))
    call("cancel_orders", lambda: c.cancel_orders(order_ids=[x.order_id for x in batch]), lambda r: None if len(r.canceled) == 2 else str(r))
    call("cancel_market_orders", lambda: c.cancel_market_orders(asset_id=token), lambda r: None if resting.order_id in r.canceled else str(r))
    call("cancel_all", c.cancel_all)
    chain_calls(c, me, token, condition)
    deposit_wallet_calls(c, condition)
    for m in NOT_SIMULATED:
        if hasattr(SecureClient, m):
            call(m, lambda: None)
    fresh = SecureClient.create(private_key=demo_key(4), wallet=Account.from_key(demo_key(4)).address, environment=ENV)
    call("delete_api_key", fresh.delete_api_key)
    ended = call("end_authentication", c.end_authentication)
    if ended is not None:
        ended.close()


def deposit_wallet_calls(c, condition):
    """A deposit wallet's calls, as its owner makes them (demo wallet 6's key, its deposit wallet as the client derives
    it, deployed through the sandbox's relayer when the client is made, with a builder key the order book issued).
    Session keys: authorised (the client waits for the relayer's transaction, then for the key in the order book's
    list), listed, revoked (the client waits until it is unlisted); each checked by the list the order book answers
    afterwards. Collateral return: demo wallet 2 sends the wallet 3 USDC, the wallet approves the trading contracts and
    splits 2 USDC into a full set of the market (gasless batches the relayer runs on the chain), then plans the return
    (one merge of 2 USDC) and executes it; a fresh plan then finds nothing to return and the wallet's collateral back
    at what the plan promised."""
    from polymarket._internal.wallet import derive_beacon_deposit_wallet_address
    owner = Account.from_key(demo_key(6)).address
    wallet = derive_beacon_deposit_wallet_address(owner, get_environment_config(ENV).wallet_derivation)
    plain = SecureClient.create(private_key=demo_key(6), wallet=owner, environment=ENV)  # its builder key, made as an EOA client
    builder = plain.create_builder_api_key()
    dw = SecureClient.create(private_key=demo_key(6), wallet=wallet, environment=ENV, api_key=builder)
    session = Account.create().address

    def listed():
        return {k.address.lower() for k in dw.fetch_session_keys()}

    call("authorize_session_key", lambda: dw.authorize_session_key(address=session, scopes=["CLOB"]),
         lambda r: None if r.session_key.address.lower() == session.lower() and r.transaction.transaction_hash
         and session.lower() in listed() else f"{r!r}, listed {listed()}")
    call("fetch_session_keys", dw.fetch_session_keys,
         lambda r: None if [k.address.lower() for k in r] == [session.lower()] and [str(x) for x in r[0].scopes] == ["CLOB"] else repr(r))
    call("revoke_session_key", lambda: dw.revoke_session_key(address=session),
         lambda r: None if session.lower() not in listed() else f"still listed: {listed()}")

    config = get_environment_config(ENV)
    c.transfer_erc20(token_address=config.collateral_token, recipient_address=wallet, amount=3_000_000).wait()
    dw.setup_trading_approvals().wait()
    dw.split_position(condition_id=condition, amount=2_000_000).wait()
    plan = call("plan_collateral_return", dw.plan_collateral_return,
                lambda p: None if [o.kind for o in p.operations] == ["merge"] and p.operations[0].amount == 2
                and p.net_pusd_out == 2 and p.final_pusd == p.starting_pusd + 2 else repr(p))
    if plan is not None:
        call("execute_collateral_return_plan", lambda: dw.execute_collateral_return_plan(plan=plan).wait(),
             lambda r: None if (lambda after: not after.operations and after.starting_pusd == plan.final_pusd)(dw.plan_collateral_return())
             else repr(dw.plan_collateral_return()))
    else:
        record("execute_collateral_return_plan", "fail", "no plan to execute")


def chain_calls(c, me, token, condition):
    """The on-chain calls: each a transaction demo wallet 2 signs and sends to the sandbox's node, then waits for; each
    checked by what the order book reports afterwards (balances, allowances) or by the Data API's approvals."""
    from polymarket.calls import erc20_approval_call, MAX_UINT256
    config = get_environment_config(ENV)  # the addresses the client itself uses (the published Polygon ones)
    collateral, ctf, exchange = config.collateral_token, config.conditional_tokens, config.standard_exchange

    def cash():
        return c.get_balance_allowance(asset_type="COLLATERAL")

    def shares():
        return c.get_balance_allowance(asset_type="CONDITIONAL", token_id=token).balance

    def allowance(asset_type, **kw):
        r = c.get_balance_allowance(asset_type=asset_type, **kw)
        return next(v for k, v in r.allowances.items() if k.lower() == exchange.lower())

    # SecureClient's get_trading_approvals_state (PublicClient's, counted once) for its own wallet.
    if not c.get_trading_approvals_state().is_fully_approved:
        record("get_trading_approvals_state", "fail", f"a seeded wallet has approved the trading contracts: {c.get_trading_approvals_state()!r}")
    call("approve_erc20", lambda: c.approve_erc20(token_address=collateral, spender_address=exchange, amount=0).wait(),
         lambda r: None if allowance("COLLATERAL") == 0 else f"allowance still {allowance('COLLATERAL')}")
    call("approve_erc1155_for_all", lambda: c.approve_erc1155_for_all(token_address=ctf, operator_address=exchange, approved=False).wait(),
         lambda r: None if allowance("CONDITIONAL", token_id=token) == 0 else "operator still approved")
    missing = c.get_trading_approvals_state()
    if len(missing.missing.erc20) != 1 or len(missing.missing.erc1155) != 1:
        record("get_trading_approvals_state", "fail", f"the two revoked approvals are not reported missing: {missing!r}")
    call("setup_trading_approvals", lambda: c.setup_trading_approvals().wait(),
         lambda r: None if c.get_trading_approvals_state().is_fully_approved and allowance("COLLATERAL") == MAX_UINT256 else "not approved again")
    before = cash().balance
    recipient = Account.from_key(demo_key(5)).address
    call("transfer_erc20", lambda: c.transfer_erc20(token_address=collateral, recipient_address=recipient, amount=1_000_000).wait(),
         lambda r: None if cash().balance == before - 1_000_000 else f"balance {before} -> {cash().balance}")
    held, before = shares(), cash().balance
    call("split_position", lambda: c.split_position(condition_id=condition, amount=2_000_000).wait(),
         lambda r: None if shares() == held + 2_000_000 and cash().balance == before - 2_000_000 else f"shares {held} -> {shares()}")
    call("merge_positions", lambda: c.merge_positions(condition_id=condition, amount=1_000_000).wait(),
         lambda r: None if shares() == held + 1_000_000 and cash().balance == before - 1_000_000 else f"shares {held} -> {shares()}")
    call("merge_multiple_positions", lambda: c.merge_multiple_positions(positions=[{"condition_id": condition, "amount": 1_000_000}]).wait(),
         lambda r: None if shares() == held and cash().balance == before else f"shares {held} -> {shares()}")
    call("execute_transaction", lambda: c.execute_transaction(calls=[erc20_approval_call(
        token_address=collateral, spender=config.perps_deposit_contract, amount=MAX_UINT256)]).wait(), lambda r: None if r.transaction_hash else str(r))
    import urllib.request
    positions = json.load(urllib.request.urlopen(f"{DATA}/v2/positions?user={me.lower()}&limit=100"))["data"]
    won = [p for p in positions if p["status"] == "REDEEMABLE" and Decimal(str(p["current_price"])) == 1]
    if won:
        redeemable, size = won[0]["condition_id"], Decimal(str(won[0]["current_size"]))
        before = cash().balance
        call("redeem_positions", lambda: c.redeem_positions(condition_id=redeemable).wait(),
             lambda r: None if cash().balance == before + int(size * 1_000_000) else f"balance {before} -> {cash().balance}, {size} won")
    else:
        record("redeem_positions", "fail", "demo wallet 2 holds no winning token of a resolved market")
    call("setup_gasless_wallet", c.setup_gasless_wallet, lambda r: None if r is c else "not the client")
    call("is_gasless_ready", c.is_gasless_ready, lambda r: None if r is True else str(r))


async def quoter(client, cash):
    """The quoter's session: the crowd's first request arrives, demo wallet 2 quotes it from collateral at 0.99 (the
    client signs the order), confirms the last look, and the fill is CONFIRMED with the quote's cost taken from its cash."""
    before = await cash()
    async with client.open_rfq_session() as session:
        async def until(kind):
            async for event in session:
                if event.type == kind:
                    return event
            raise RuntimeError(f"the session ended before a {kind}")
        request = await asyncio.wait_for(until("quote_request"), 15)
        await request.quote(price="0.99")
        confirmation = await asyncio.wait_for(until("confirmation_request"), 15)
        await confirmation.confirm()
        while (update := await asyncio.wait_for(until("execution_update"), 15)).status != "CONFIRMED":
            pass
        cost = (confirmation.fill_size * confirmation.price * 1_000_000).to_integral_value(rounding=ROUND_CEILING)
        return request, update, before, await cash(), int(cost)


async def perps_calls(key):
    """AsyncSecureClient's perpetuals methods, then every PerpsSession method on the session it opens."""
    from polymarket.perps import PerpsSession
    from polymarket.models.perps.requests import PerpsOrderRequest
    from polymarket.models.perps import PerpsLeverageUpdate

    me = Account.from_key(key).address
    client = await AsyncSecureClient.create(private_key=key, wallet=me, environment=ENV)
    instruments = await acall("fetch_perps_instruments", lambda: client.fetch_perps_instruments(), nonempty) or ()
    iid = instruments[0].id if instruments else 0
    await acall("fetch_perps_ticker", lambda: client.fetch_perps_ticker(instrument_id=iid), lambda r: None if r.mark_price > 0 else str(r))
    await acall("fetch_perps_tickers", lambda: client.fetch_perps_tickers(), nonempty)
    book = await acall("fetch_perps_book", lambda: client.fetch_perps_book(instrument_id=iid), lambda r: None if r.bids and r.asks else "empty book")
    await acall("fetch_perps_fees", lambda: client.fetch_perps_fees(), nonempty)
    await acall("fetch_perps_registration", lambda: client.fetch_perps_registration(address=me), lambda r: None if isinstance(r, bool) else str(r))

    async def items(paginator, n):
        out = []
        async for item in paginator.iter_items():
            out.append(item)
            if len(out) >= n:
                break
        return out

    await acall("list_perps_candles", lambda: items(client.list_perps_candles(instrument_id=iid, interval="1h"), 24), nonempty)
    await acall("list_perps_funding_history", lambda: items(client.list_perps_funding_history(instrument_id=iid), 10), nonempty)
    await acall("list_perps_trades", lambda: items(client.list_perps_trades(instrument_id=iid), 50), nonempty)
    # The sandbox's perpetuals builders are the demo wallets: demo wallet 1 builds for the script's trader.
    builder = Account.from_key(demo_key(1)).address
    await acall("fetch_perps_builder_status", lambda: client.fetch_perps_builder_status(address=builder),
                lambda r: None if r.registered and r.enabled and r.admission_enabled and r.max_fee_rate > 0 else str(r))
    ids = [i.id for i in instruments][:20]
    await acall("fetch_perps_position_snapshots", lambda: client.fetch_perps_position_snapshots(address=me, active_instrument_ids=ids),
                lambda r: snapshots(r, owner=False))
    # Funds move between the order book's collateral and the perpetuals' account: a deposit is a transaction to the
    # deposit contract on the sandbox's node, a withdrawal a signed request the exchange pays on the chain.
    async def cash():
        return (await client.get_balance_allowance(asset_type="COLLATERAL")).balance

    before = await cash()

    async def deposit():
        await (await client.deposit_to_perps(amount=2_000_000)).wait()
        return await cash()
    await acall("deposit_to_perps", deposit, lambda after: None if after == before - 2_000_000 else f"balance {before} -> {after}")

    async def withdraw():
        start = await cash()
        withdrawal = await client.withdraw_from_perps(amount=1_000_000)
        return withdrawal, start, await cash()
    await acall("withdraw_from_perps", withdraw,
                lambda r: None if isinstance(r[0], int) and r[2] == r[1] + 1_000_000 else f"withdrawal {r[0]}, balance {r[1]} -> {r[2]}")
    await acall("open_rfq_session", lambda: quoter(client, cash),
                lambda r: None if r[0].direction == "SELL" and r[1].tx_hash and r[3] == r[2] - r[4]
                else f"request {r[0]}, update {r[1]}, balance {r[2]} -> {r[3]}, quote cost {r[4]}")
    await acall("subscribe", lambda: streams(client, iid), lambda r: r)

    session = await acall("open_perps_session", lambda: client.open_perps_session(), lambda r: None if r is not None else "no session")
    if session is None:
        await client.close()
        return
    s = session

    async def scall(method, fn, check=None):
        return await acall("PerpsSession." + method, fn, check)
    await scall("fetch_portfolio", s.fetch_portfolio)
    await scall("fetch_balances", s.fetch_balances, nonempty)
    await scall("fetch_stats", s.fetch_stats)
    await scall("fetch_account_config", s.fetch_account_config, nonempty)
    await scall("fetch_auto_cancel_status", s.fetch_auto_cancel_status)
    opened = await scall("fetch_open_orders", s.fetch_open_orders, nonempty) or ()
    await scall("fetch_orders", s.fetch_orders, nonempty)
    await scall("list_fills", lambda: items(s.list_fills(), 20))
    await scall("list_deposits", lambda: items(s.list_deposits(), 20))
    await scall("list_withdrawals", lambda: items(s.list_withdrawals(), 20), nonempty)
    await scall("list_internal_transfers", lambda: items(s.list_internal_transfers(), 20), nonempty)
    await scall("list_funding_payments", lambda: items(s.list_funding_payments(), 20), nonempty)
    start = datetime.now(timezone.utc) - timedelta(days=1)
    await scall("list_equity_history", lambda: items(s.list_equity_history(interval="1h", start=start), 20))
    await scall("list_pnl_history", lambda: items(s.list_pnl_history(interval="1h", start=start), 20))
    try:
        mark = (await client.fetch_perps_ticker(instrument_id=iid)).mark_price
    except Exception:  # noqa: BLE001 - fetch_perps_ticker's own call above reports why
        mark = Decimal(100)
    low = (mark * Decimal("0.9")).quantize(Decimal(1).scaleb(-instruments[0].price_decimals))
    qty = Decimal(1).scaleb(-instruments[0].quantity_decimals) * 10
    placed = await scall("place_order", lambda: s.place_order(instrument_id=iid, side="BUY", quantity=qty, time_in_force="gtc", price=low),
                         lambda r: None if r.order.id is not None and r.order.status == "open" else str(r))
    posted = await scall("post_orders", lambda: s.post_orders([
        PerpsOrderRequest(instrument_id=iid, side="BUY", quantity=qty, time_in_force="gtc", price=low),
        PerpsOrderRequest(instrument_id=iid, side="BUY", quantity=qty, time_in_force="gtc", price=low)]),
        lambda r: None if len(r) == 2 and all(a.status == "ok" for a in r) else str(r))
    await scall("cancel_order", lambda: s.cancel_order(order_id=placed.order.id), lambda r: None if r.status == "ok" else str(r))
    await scall("cancel_orders", lambda: s.cancel_orders(order_ids=[a.order_id for a in posted]), lambda r: None if all(x.status == "ok" for x in r) else str(r))
    await scall("cancel_all_orders", lambda: s.cancel_all_orders(instrument_id=iid))
    twap = await scall("create_twap", lambda: s.create_twap(instrument_id=iid, side="BUY", quantity=qty * 3, duration_ms=300_000),
                       lambda r: None if r.twap_id else str(r))
    twap_id = twap.twap_id if twap else 1
    await scall("fetch_twaps", s.fetch_twaps, lambda r: None if any(t.twap_id == twap_id and t.slices >= 1 for t in r) else str(r))
    await scall("pause_twap", lambda: s.pause_twap(twap_id=twap_id))
    await scall("resume_twap", lambda: s.resume_twap(twap_id=twap_id))
    await scall("cancel_twap", lambda: s.cancel_twap(twap_id=twap_id))
    chase = await scall("create_chase", lambda: s.create_chase(instrument_id=iid, side="BUY", quantity=qty), lambda r: None if r.chase_id else str(r))
    chase_id = chase.chase_id if chase else 1
    await scall("fetch_chases", s.fetch_chases, lambda r: None if any(c.chase_id == chase_id and c.order_id for c in r) else str(r))
    await scall("cancel_chase", lambda: s.cancel_chase(chase_id=chase_id))
    await scall("update_leverage", lambda: s.update_leverage(instrument_id=iid, leverage=5, cross_margin=True))
    await scall("update_leverages", lambda: s.update_leverages([PerpsLeverageUpdate(instrument_id=iid, leverage=4, cross_margin=True)]))
    try:
        held = [p.instrument_id for p in (await s.fetch_portfolio()).positions]
    except Exception:  # noqa: BLE001 - fetch_portfolio's own call above reports why
        held = []
    await scall("update_margin", lambda: s.update_margin(instrument_id=held[0] if held else iid, amount="10"))
    await scall("fetch_position_snapshots", lambda: s.fetch_position_snapshots(active_instrument_ids=ids), lambda r: snapshots(r, owner=True))
    await scall("place_position_tp_sl", lambda: protect(s, instruments), lambda r: None if r.take_profit and r.stop_loss else str(r))
    await scall("arm_auto_cancel", lambda: s.arm_auto_cancel(cancel_at=datetime.now(timezone.utc) + timedelta(seconds=60)))
    await scall("disarm_auto_cancel", lambda: s.disarm_auto_cancel())
    await builder_calls(s, scall, items, builder, iid, qty, mark, instruments[0].price_decimals)
    notes = await scall("list_notifications", lambda: items(s.list_notifications(), 50), nonempty)
    await scall("mark_notifications_read", lambda: s.mark_notifications_read(ids=[n.notification.id for n in (notes or [])[:1]] or ["none"]))
    await scall("open", lambda: s.open())
    await scall("close", s.close)
    await acall("revoke_perps_credentials", lambda: client.revoke_perps_credentials(proxy=s._credentials.proxy))
    await client.close()
    del opened, book


async def builder_calls(s, scall, items, builder, iid, qty, mark, decimals):
    """The trader approves a builder (3 basis points), a crossing buy carries it and fills, the builder reads its
    receipt and totals, and the trader revokes: the receipt's fee is the fill's notional at the approved rate."""
    rate = Decimal("0.0003")
    approved = await scall("approve_builder_fee", lambda: s.approve_builder_fee(builder_address=builder, max_fee_rate=rate),
                           lambda r: None if r.max_fee_rate == rate and s.builder_attribution and s.builder_attribution.fee_rate == rate else f"{r!r} {s.builder_attribution!r}")
    version = approved.approval_version if approved else 1
    await scall("fetch_builder_approvals", lambda: s.fetch_builder_approvals(builder=builder),
                lambda r: None if len(r) == 1 and r[0].approval_version == version and r[0].max_fee_rate == rate else str(r))
    high = (mark * Decimal("1.05")).quantize(Decimal(1).scaleb(-decimals))
    paid = await s.place_order(instrument_id=iid, side="BUY", quantity=qty, time_in_force="gtc", price=high)
    fills = [f for f in await items(s.list_fills(), 100) if f.order_id == paid.order.id]
    await scall("revoke_builder_fee", lambda: s.revoke_builder_fee(builder),
                lambda r: None if r.max_fee_rate == 0 and r.approval_version == version + 1 and s.builder_attribution is None else f"{r!r} {s.builder_attribution!r}")

    # The builder's own session reads what it earned.
    key = demo_key(1)
    builder_client = await AsyncSecureClient.create(private_key=key, wallet=builder, environment=ENV)
    b = await builder_client.open_perps_session()
    try:
        def earned(r):
            mine = [e for e in r if e.order_id == paid.order.id]
            if not fills or not mine:
                return f"no receipt for order {paid.order.id}: fills {fills!r}, receipts {r!r}"
            f = fills[0]
            # The fee is the notional at the rate to the micro-dollar, halves up (docs/sandbox.md): a notional such as
            # 60.015 at 3 basis points lands on a half, whichever mark the day's perpetuals trade at.
            want = (f.price * f.quantity * rate).quantize(Decimal("0.000001"), rounding=ROUND_HALF_UP)
            if mine[0].builder_fee != want or f.builder_fee != want or f.builder is None:
                return f"builder fee {mine[0].builder_fee} on the receipt, {f.builder_fee} on the fill, expected {want}"
            return None
        receipts = await acall("PerpsSession.list_builder_earnings", lambda: items(b.list_builder_earnings(), 100), earned) or ()

        def totals(r):
            fee = sum((e.builder_fee for e in receipts), Decimal(0))
            got = sum((a.builder_fee for a in r.assets), Decimal(0))
            count = sum(a.fill_count for a in r.assets)
            return None if got == fee and count == len(receipts) and r.trader_count >= 1 else f"{r!r} against {len(receipts)} receipts of {fee}"
        await acall("PerpsSession.fetch_builder_earnings_summary", lambda: b.fetch_builder_earnings_summary(), totals)
    finally:
        await b.close()
        await builder_client.close()


async def streams(client, iid):
    """One merged subscription to the order book's market channel (a token's book) and the live-data stream (comments,
    Binance's and Chainlink's BTC): every kind arrives, and BTC is priced where the perpetuals mark BTC-USD. Answers
    None when all holds, else what is wrong."""
    from polymarket.streams._specs import CommentsSpec, CryptoPricesSpec, MarketSpec
    held = json.load(urllib.request.urlopen(f"{DATA}/v2/positions?user={Account.from_key(demo_key(2)).address.lower()}"))["data"]
    token = next((p["token_id"] for p in held if p["status"] == "OPEN"), None)  # a resolved market's book is gone
    if token is None:
        return f"demo wallet 2 holds no open position whose book to subscribe to (statuses {sorted({p['status'] for p in held})})"
    handle = await client.subscribe([MarketSpec(token_ids=[token]), CommentsSpec(),
                                     CryptoPricesSpec(topic="prices.crypto.binance", symbols=["btcusdt"]),
                                     CryptoPricesSpec(topic="prices.crypto.chainlink", symbols=["btc/usd"])])
    seen = {}
    try:
        async with asyncio.timeout(20):
            async for event in handle:
                seen.setdefault(getattr(event, "topic", None) or "market", event)
                if len(seen) == 4:
                    break
    except TimeoutError:
        pass
    finally:
        await handle.close()
    if len(seen) < 4:
        return f"events of {sorted(seen)} only"
    btc = next(i for i in await client.fetch_perps_instruments() if i.symbol.startswith("BTC"))
    mark = (await client.fetch_perps_ticker(instrument_id=btc.id)).mark_price
    for topic in ("prices.crypto.binance", "prices.crypto.chainlink"):
        value = seen[topic].payload.value
        if abs(value - mark) > mark * Decimal("0.01"):
            return f"{topic} BTC at {value}, the perpetuals' mark {mark}"
    return None


def snapshots(r, owner):
    """The held positions' snapshots, with leverage for the owner alone."""
    ok = [a for a in r.active if a.status == "ok"]
    if not ok:
        return f"no snapshot: {r!r}"
    if any((a.snapshot.leverage is not None) != owner for a in ok):
        return f"leverage {'missing for' if owner else 'shown to'} {'the owner' if owner else 'anyone'}: {r!r}"
    return None


async def protect(s, instruments):
    """A take-profit and a stop-loss 20 % either side of the mark on the first position held."""
    from polymarket.models.perps.requests import PerpsPositionTpSlTrigger
    position = next(p for p in (await s.fetch_portfolio()).positions if p.size != 0)
    decimals = next(i.price_decimals for i in instruments if i.id == position.instrument_id)
    mark = position.position_value / abs(position.size)
    up, down = ((mark * Decimal(f)).quantize(Decimal(1).scaleb(-decimals)) for f in ("1.2", "0.8"))
    gain, loss = (up, down) if position.size > 0 else (down, up)
    return await s.place_position_tp_sl(instrument_id=position.instrument_id, take_profit=PerpsPositionTpSlTrigger(trigger_price=gain),
                                        stop_loss=PerpsPositionTpSlTrigger(trigger_price=loss))


def expected_methods():
    """Every public method the script must account for (see the module's doc)."""
    names = set()
    for cls in (PublicClient, SecureClient):
        names |= {n for n, v in inspect.getmembers(cls) if not n.startswith("_") and callable(v)}
    names.discard("create")  # the constructor, called by every secure run
    from polymarket.perps import PerpsSession
    secure = {n for n, v in inspect.getmembers(SecureClient) if not n.startswith("_") and callable(v)}
    names |= {n for n, v in inspect.getmembers(AsyncSecureClient) if not n.startswith("_") and callable(v)} - secure
    names |= {"PerpsSession." + n for n, v in inspect.getmembers(PerpsSession) if not n.startswith("_") and callable(v)}
    return names


if __name__ == "__main__":
    main()
