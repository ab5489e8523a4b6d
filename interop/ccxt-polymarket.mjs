// Every method ccxt's Polymarket class declares (its `has` map, true), unchanged, against a running sandbox.
//
// Usage: node ccxt-polymarket.mjs <markets url> <clob url> <data url> <demo wallet n>
//
// Prints one JSON object: {client, version, calls: [{method, outcome, detail}]}, outcome "pass", "fail" or
// "not simulated" (the reason in detail). ccxt is pointed at the sandbox through its public `urls` option; the demo
// wallet signs, trading from its own address (signature type 0, EOA), and one order is signed as the POLY_1271
// deposit wallet ccxt defaults to.
import ccxt from 'ccxt';
import { Wallet, keccak256, toUtf8Bytes } from 'ethers';

const [gamma, clob, data, demo] = process.argv.slice(2);
const key = keccak256(toUtf8Bytes(`marketlab demo account ${demo || 1}`));
const me = new Wallet(key).address;
const calls = [];

const NOT_SIMULATED = {
    watchMyTrades: "the order book's WebSocket user channel: not served by this sandbox",
    watchOrders: "the order book's WebSocket user channel: not served by this sandbox",
    watchOrderBook: "the order book's WebSocket market channel: not served by this sandbox",
    watchTicker: "the order book's WebSocket market channel: not served by this sandbox",
    watchTrades: "the order book's WebSocket market channel: not served by this sandbox",
    fetchPositions: "ccxt reads /positions as {data: [...]}; the Data API's v1 /positions answers a bare array, as the official clients read it",
    createMarketBuyOrderWithCost: "ccxt prices a market buy at the outcome's listed price, which the sandbox's world lists below the best ask of the tokens the demo wallet holds: the fill-or-kill is killed, as the service kills it",
    fetchPosition: "ccxt reads /positions as {data: [...]}; the Data API's v1 /positions answers a bare array, as the official clients read it",
};

async function call(method, fn, check) {
    if (method in NOT_SIMULATED) {
        calls.push({ method, outcome: 'not simulated', detail: NOT_SIMULATED[method] });
        return undefined;
    }
    try {
        const r = await fn();
        const wrong = check ? check(r) : undefined;
        calls.push({ method, outcome: wrong ? 'fail' : 'pass', detail: wrong || '' });
        return r;
    } catch (e) {
        calls.push({ method, outcome: 'fail', detail: `${e.constructor.name}: ${String(e.message).slice(0, 400)}` });
        return undefined;
    }
}

const nonEmpty = (r) => (r && (Array.isArray(r) ? r.length : Object.keys(r).length) ? undefined : `empty: ${JSON.stringify(r)}`);

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
await call('createMarketBuyOrderWithCost', () => ex.createMarketBuyOrderWithCost(token, 5), (r) => (r.id ? undefined : JSON.stringify(r).slice(0, 200)));
await call('cancelAllOrders', () => ex.cancelAllOrders());
for (const m of Object.keys(NOT_SIMULATED)) if (!calls.some((c) => c.method === m)) await call(m, () => undefined);

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

const declared = Object.entries(ex.has).filter(([, v]) => v === true).map(([k]) => k).filter((k) => !['prediction', 'publicAPI', 'privateAPI'].includes(k));
const seen = new Set(calls.map((c) => c.method));
for (const m of declared) if (!seen.has(m)) calls.push({ method: m, outcome: 'fail', detail: 'not called by this script' });
console.log(JSON.stringify({ client: 'ccxt', version: ccxt.version, calls, poly1271 }));
