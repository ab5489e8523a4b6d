// Every method ccxt's Polymarket class declares (its `has` map, true), unchanged, against a running sandbox.
//
// Usage: node ccxt-polymarket.mjs <markets url> <clob url> <data url> <demo wallet n> <clob ws url>
//
// Prints one JSON object: {client, version, calls: [{method, outcome, detail}]}, outcome "pass", "fail" or
// "not simulated" (the reason in detail). ccxt is pointed at the sandbox through its public `urls` option; the demo
// wallet signs, trading from its own address (signature type 0, EOA), and one order is signed as the POLY_1271
// deposit wallet ccxt defaults to.
import ccxt from 'ccxt';
import { Wallet, keccak256, toUtf8Bytes } from 'ethers';
import { every } from './every-method.mjs';

const [gamma, clob, data, demo, clobWs] = process.argv.slice(2);
const key = keccak256(toUtf8Bytes(`marketlab demo account ${demo || 1}`));
const me = new Wallet(key).address;
const POSITIONS = 'ccxt reads GET /positions as {data: [...]}, but the Data API answers it with a bare array (data-openapi.yaml; both official clients read it so) and no documented positions route answers {data} in ccxt\'s camelCase fields (/v2/positions is snake_case): against the live service too fetchPositions returns an empty list and fetchPosition nothing';
const NOT_SIMULATED = {
    fetchPositions: POSITIONS,
    fetchPosition: POSITIONS,
};
const { call, nonEmpty, report } = every('ccxt', ccxt.version, NOT_SIMULATED);

const urls = { api: { gamma, clob, data, ws: 'ws://127.0.0.1:9', wsUser: 'ws://127.0.0.1:9' } };
const ex = new ccxt.prediction.polymarket({ privateKey: key, walletAddress: me, urls, options: { signatureType: 0, fetchMarketsLimit: 40 }, enableRateLimit: false });

// A token the wallet holds, from the Data API (ccxt names outcomes by their token ids), whose book has both sides,
// whose best ask holds more than the script's market buy of 5, and whose price history
// has points in the window fetchOHLCV reads below (from 20 days ago, 15 days long).
const positions = await (await fetch(`${data}/v2/positions?user=${me.toLowerCase()}&limit=500`)).json();
const open = positions.data.filter((p) => p.status === 'OPEN');
let token;
const nowSeconds = Math.floor(Date.now() / 1000);
for (const p of open) {
    const r = await fetch(`${clob}/book?token_id=${p.token_id}`);
    if (!r.ok) continue;
    const b = await r.json();
    if (!b.bids.length || !b.asks.length) continue;
    const best = b.asks[b.asks.length - 1];
    if (Number(best.price) * Number(best.size) < 10) continue;
    const h = await fetch(`${clob}/prices-history?market=${p.token_id}&startTs=${nowSeconds - 20 * 86_400}&endTs=${nowSeconds - 5 * 86_400}&fidelity=60`);
    if (h.ok && (await h.json()).history.length) { token = p.token_id; break; }
}
const condition = open.find((p) => p.token_id === token).condition_id;

await call('fetchStatus', () => ex.fetchStatus(), (r) => (r.status === 'ok' ? undefined : JSON.stringify(r)));
await call('fetchTime', () => ex.fetchTime(), (r) => (r > 1_600_000_000_000 ? undefined : `time ${r}`));
await call('fetchMarkets', () => ex.fetchMarkets(), nonEmpty);
const events = await call('fetchEvents', () => ex.fetchEvents({ query: 'bitcoin', limit: 5 }), nonEmpty);
await call('fetchEvent', () => ex.fetchEvent(events[0].id), (r) => (r && String(r.id) === String(events[0].id) ? undefined : JSON.stringify(r).slice(0, 200)));
const book = await call('fetchOrderBook', () => ex.fetchOrderBook(token), (r) => (r.bids.length || r.asks.length ? undefined : 'empty book'));
await call('fetchTicker', () => ex.fetchTicker(token), (r) => (r.bid !== undefined || r.last !== undefined ? undefined : JSON.stringify(r).slice(0, 200)));
await call('fetchTickers', () => ex.fetchTickers([token]), nonEmpty);
await call('fetchOHLCV', () => ex.fetchOHLCV(token, '1h', Date.now() - 20 * 86_400_000, 500), nonEmpty);
await call('fetchTrades', () => ex.fetchTrades(token));
await call('fetchOpenInterest', () => ex.fetchOpenInterest(token), (r) => (r ? undefined : 'none'));
await call('fetchTradingFee', () => ex.fetchTradingFee(token));
await call('fetchBalance', () => ex.fetchBalance(), (r) => (r.total && Object.values(r.total).some((v) => v > 0) ? undefined : JSON.stringify(r).slice(0, 200)));
await call('fetchPositions', () => ex.fetchPositions(), nonEmpty);
await call('fetchPosition', () => ex.fetchPosition(token), (r) => (r ? undefined : 'none'));
await call('fetchMyTrades', () => ex.fetchMyTrades(), nonEmpty);

const bestBid = book && book.bids.length ? book.bids[0][0] : 0.5;
const tick = 0.01;
const low = Math.max(tick, Math.round((bestBid - 5 * tick) * 100) / 100);
const placed = await call('createOrder', () => ex.createOrder(token, 'limit', 'buy', 20, low), (r) => (r.id ? undefined : JSON.stringify(r).slice(0, 200)));
const batch = await call('createOrders', () => ex.createOrders([
    { outcome: token, type: 'limit', side: 'buy', amount: 21, price: low },
    { outcome: token, type: 'limit', side: 'buy', amount: 22, price: low }]), (r) => (r.length === 2 && r.every((o) => o.id) ? undefined : JSON.stringify(r).slice(0, 300)));
await call('fetchOrder', () => ex.fetchOrder(placed.id, token), (r) => (r.id === placed.id ? undefined : JSON.stringify(r).slice(0, 200)));
await call('fetchOpenOrders', () => ex.fetchOpenOrders(), nonEmpty);
await call('fetchOrderTrades', () => ex.fetchOrderTrades(placed.id, token));
await call('cancelOrder', () => ex.cancelOrder(placed.id, token));
await call('cancelOrders', () => ex.cancelOrders(batch.map((o) => o.id), token));

// A market buy by cost: ccxt signs a fill-or-kill whose limit is the outcome's listed price (Gamma's outcomePrices, as
// ccxt loaded them). Where the best ask is above that price the service kills the order, and so does the sandbox. The
// world trades on while its listings stand, so the outcome is chosen now: of those ccxt loaded, the one whose listed
// price, at the tick ccxt rounds it to, is furthest below its book's best ask, so that the minute's turn of the book
// between the choice and the order cannot bring the ask down to the limit.
let belowAsk;
let gap = 0;
for (const o of Object.values(ex.outcomes_by_id || {})) {
    const decimals = Math.round(-Math.log10(Number(o.precision?.price ?? 0.01)));
    const listed = Number(Number(o.price).toFixed(decimals));
    if (!o.active || !(listed > 0)) continue;
    const r = await fetch(`${clob}/book?token_id=${o.outcomeId}`);
    if (!r.ok) continue;
    const b = await r.json();
    const above = b.asks.length ? Number(b.asks[b.asks.length - 1].price) - listed : 0;
    if (above > gap) { belowAsk = o.outcomeId; gap = above; }
}
let costBuyBelowAsk;
try {
    if (belowAsk === undefined) throw new Error('no outcome ccxt loaded is listed below its best ask');
    await ex.createMarketBuyOrderWithCost(belowAsk, 5);
    costBuyBelowAsk = 'accepted';
} catch (e) {
    costBuyBelowAsk = String(e.message).slice(0, 300);
}
// The order book's WebSocket channels, on the sandbox's own: the market channel's book, ticker and trades, and the
// user channel's orders and fills, each watched before the order that moves it.
const live = new ccxt.prediction.polymarket({ privateKey: key, walletAddress: me, options: { signatureType: 0 }, enableRateLimit: false,
    urls: { api: { ...urls.api, ws: `${clobWs}/ws/market`, wsUser: `${clobWs}/ws/user` } } });
await live.loadHttpProxyAgent(); // ccxt's own step for plain ws:// hosts such as the sandbox's loopback ones
const within = (promise, what) => Promise.race([promise,
    new Promise((_, reject) => setTimeout(() => reject(new Error(`no ${what} within 20 s`)), 20_000))]);
await call('watchOrderBook', () => within(live.watchOrderBook(token), 'book'), (r) => (r.bids.length && r.asks.length ? undefined : 'empty book'));
await call('watchTicker', () => within(live.watchTicker(token), 'ticker'), (r) => (r.bid > 0 && r.ask > r.bid ? undefined : JSON.stringify(r).slice(0, 200)));
// The sandbox's other traders act on the watched books (their changes bring the ticker above); they stop now, so that
// none of their takers buys the offer below before the counted call does.
const stopped = await fetch(`${clob}/control/market-channel`, { method: 'POST', body: JSON.stringify({ flowIntervalMillis: 0 }) });
if (!stopped.ok) throw new Error(`the sandbox's traders did not stop: ${stopped.status} ${await stopped.text()}`);
// Once another trader offers at the listed price, the same call fills: demo wallet 4 sells a token it holds there.
const sellerKey = keccak256(toUtf8Bytes('marketlab demo account 4'));
const seller = new ccxt.prediction.polymarket({ privateKey: sellerKey, walletAddress: new Wallet(sellerKey).address, urls,
    options: { signatureType: 0 }, enableRateLimit: false });
const held = (await (await fetch(`${data}/v2/positions?user=${seller.walletAddress.toLowerCase()}&limit=500`)).json()).data
    .filter((p) => p.status === 'OPEN');
let offered;
for (const p of held) {
    const listing = await (await fetch(`${gamma}/markets?clob_token_ids=${p.token_id}`)).json();
    const m = listing[0];
    if (!m || m.closed || !m.acceptingOrders) continue;
    const listed = Number(JSON.parse(m.outcomePrices)[JSON.parse(m.clobTokenIds).indexOf(p.token_id)]);
    const b = await (await fetch(`${clob}/book?token_id=${p.token_id}`)).json();
    const bestBid = b.bids.length ? Number(b.bids[b.bids.length - 1].price) : 0;
    const shares = Math.ceil(10 / listed);
    if (!(listed > bestBid) || shares < Number(b.min_order_size) || shares > Number(p.size)) continue;
    await seller.createOrder(p.token_id, 'limit', 'sell', shares, listed);
    offered = p.token_id;
    break;
}

const tape = within(live.watchTrades(offered), 'trade');
const fills = within(live.watchMyTrades(), 'fill');
const own = within(live.watchOrders(), 'order');
for (const p of [tape, fills, own]) p.catch(() => undefined); // each is awaited by its call below
await new Promise((resolve) => setTimeout(resolve, 1_000)); // the subscriptions reach the sandbox before the orders
await call('createMarketBuyOrderWithCost', () => live.createMarketBuyOrderWithCost(offered, 5),
    (r) => (r.id && r.info?.status === 'matched' ? undefined : JSON.stringify(r).slice(0, 300)));
await live.createOrder(token, 'limit', 'buy', 20, low);
await call('watchTrades', () => tape, (r) => (r.length && r[0].outcome ? undefined : JSON.stringify(r).slice(0, 200)));
await call('watchMyTrades', () => fills, nonEmpty);
await call('watchOrders', () => own, nonEmpty);
await call('cancelAllOrders', () => ex.cancelAllOrders(), (r) => (Array.isArray(r) ? undefined : JSON.stringify(r).slice(0, 200)));
await live.close();

// ccxt's default signature type: POLY_1271, the order signed for a deposit wallet by its owner (ERC-7739). The deposit
// wallet is new to the sandbox, so it holds nothing: the order's signature is accepted and the balance check refuses it.
const depositWallet = '0x' + keccak256(toUtf8Bytes(`marketlab deposit wallet ${me}`)).slice(26);
const viaDeposit = new ccxt.prediction.polymarket({ privateKey: key, walletAddress: depositWallet, urls, options: { signatureType: 3 } });
let poly1271;
try {
    await viaDeposit.createOrder(token, 'limit', 'buy', 20, low);
    poly1271 = 'accepted';
} catch (e) {
    poly1271 = String(e.message).slice(0, 300);
}

// What ccxt's positions reader makes of the documented /positions answer (a bare array): nothing, whatever the wallet holds.
const positionsHeld = (await (await fetch(`${data}/positions?user=${me.toLowerCase()}`)).json()).length;
const positionsRead = (await ex.fetchPositions()).length;

report(Object.entries(ex.has).filter(([, v]) => v === true).map(([k]) => k).filter((k) => !['prediction', 'publicAPI', 'privateAPI'].includes(k)),
    { poly1271, costBuyBelowAsk, positionsHeld, positionsRead });
