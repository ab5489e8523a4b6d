// Every public method of the official @polymarket/clob-client-v2 (its ClobClient class, the methods its type
// declarations do not mark private), unchanged, against a running sandbox.
//
// Usage: node clob-client-v2-every.mjs <clob url> <data url>
//
// Prints one JSON object: {client, version, calls: [{method, outcome, detail}]}, outcome "pass", "fail" or
// "not simulated" (the reason in detail). A call passes when the client returns without raising (it is built with
// throwOnError) and what it returns holds what the method promises (a check per call, below). The client is pointed
// at the sandbox through its public constructor ({host}); demo wallet 1 signs.
import { readFileSync } from 'node:fs';
import { ClobClient, Chain, Side, OrderType, AssetType } from '@polymarket/clob-client-v2';
import { Wallet, keccak256, toUtf8Bytes } from 'ethers';
import { every } from './every-method.mjs';

const [host, data] = process.argv.slice(2).map((u) => u.replace(/\/$/, ''));
const version = JSON.parse(readFileSync(new URL('./node_modules/@polymarket/clob-client-v2/package.json', import.meta.url))).version;
const { call, has, listed, paged, report } = every('@polymarket/clob-client-v2', version);

const key = keccak256(toUtf8Bytes('marketlab demo account 1'));
const account = new Wallet(key);
// The client signs with ethers v5's _signTypedData; ethers v6 names it signTypedData.
const signer = { getAddress: async () => account.address, _signTypedData: (d, t, v) => account.signTypedData(d, t, v) };

const positions = await (await fetch(`${data}/v2/positions?user=${account.address.toLowerCase()}`)).json();
const open = positions.data.filter((p) => p.status === 'OPEN');
const token = open[0].token_id;
const condition = open[0].condition_id;

const pub = new ClobClient({ host, chain: Chain.POLYGON, throwOnError: true });
await call('getOk', () => pub.getOk(), (r) => (r ? undefined : 'no OK'));
await call('getVersion', () => pub.getVersion(), (r) => (r === 2 ? undefined : `version ${r}`));
await call('getServerTime', () => pub.getServerTime(), (r) => (Number(r) > 1_600_000_000 ? undefined : `time ${r}`));
await call('getMarkets', () => pub.getMarkets(), paged);
await call('getSimplifiedMarkets', () => pub.getSimplifiedMarkets(), paged);
const sampling = await call('getSamplingMarkets', () => pub.getSamplingMarkets(), paged);
await call('getSamplingSimplifiedMarkets', () => pub.getSamplingSimplifiedMarkets(), paged);
await call('getMarket', () => pub.getMarket(condition), has('condition_id', 'tokens'));
await call('getClobMarketInfo', () => pub.getClobMarketInfo(condition), has('t', 'mts'));
const book = await call('getOrderBook', () => pub.getOrderBook(token), has('bids', 'asks', 'hash'));
await call('getOrderBooks', () => pub.getOrderBooks([{ token_id: token }]), (r) => (Array.isArray(r) && r.length === 1 ? undefined : JSON.stringify(r).slice(0, 200)));
await call('getOrderBookHash', () => pub.getOrderBookHash({ ...book }), (r) => (book && r === book.hash ? undefined : `hash ${r} against the book's ${book?.hash}`));
await call('getTickSize', () => pub.getTickSize(token), (r) => (['0.1', '0.01', '0.001', '0.0001'].includes(r) ? undefined : `tick ${r}`));
await call('getNegRisk', () => pub.getNegRisk(token), (r) => (typeof r === 'boolean' ? undefined : `neg risk ${r}`));
await call('getFeeRateBps', () => pub.getFeeRateBps(token), (r) => (r === 0 ? undefined : `fee ${r}`));
await call('getFeeExponent', () => pub.getFeeExponent(token), (r) => (typeof r === 'number' ? undefined : `exponent ${r}`));
await call('getMidpoint', () => pub.getMidpoint(token), has('mid'));
await call('getMidpoints', () => pub.getMidpoints([{ token_id: token }]), has(token));
await call('getPrice', () => pub.getPrice(token, 'BUY'), has('price'));
await call('getPrices', () => pub.getPrices([{ token_id: token, side: Side.BUY }]), has(token));
await call('getSpread', () => pub.getSpread(token), has('spread'));
await call('getSpreads', () => pub.getSpreads([{ token_id: token }]), has(token));
await call('getLastTradePrice', () => pub.getLastTradePrice(token), has('price', 'side'));
await call('getLastTradesPrices', () => pub.getLastTradesPrices([{ token_id: token }]), listed);
await call('getPricesHistory', () => pub.getPricesHistory({ market: token, interval: '1d', fidelity: 60 }), has('history'));
await call('calculateMarketPrice', () => pub.calculateMarketPrice(token, Side.BUY, 5), (r) => (r > 0 && r < 1 ? undefined : `price ${r}`));
await call('getCurrentRewards', () => pub.getCurrentRewards(), (r) => (Array.isArray(r) && r.length ? undefined : `no rewards: ${JSON.stringify(r).slice(0, 200)}`));
const rewarded = sampling?.data?.[0]?.condition_id ?? condition;
await call('getRawRewardsForMarket', () => pub.getRawRewardsForMarket(rewarded), (r) => (Array.isArray(r) && r.length ? undefined : `no rewards: ${JSON.stringify(r).slice(0, 200)}`));
await call('getMarketTradesEvents', () => pub.getMarketTradesEvents(condition), listed);
await call('getBuilderTrades', () => pub.getBuilderTrades({ builder_code: '0x' + 'ab'.repeat(32) }), has('trades', 'next_cursor'));

const l1 = new ClobClient({ host, chain: Chain.POLYGON, signer, throwOnError: true });
const created = await call('createApiKey', () => l1.createApiKey(7), (r) => (r.key ? undefined : 'no key'));
const derived = await call('deriveApiKey', () => l1.deriveApiKey(), (r) => (r.key ? undefined : 'no key'));
// Create-or-derive reads a refused create (the key of nonce 0 exists) as an answer without a key and then derives, so it
// runs on a client that answers errors rather than throwing them, as the client's own examples build it.
const lenient = new ClobClient({ host, chain: Chain.POLYGON, signer });
const creds = await call('createOrDeriveApiKey', () => lenient.createOrDeriveApiKey(), (r) => (derived && r.key === derived.key ? undefined : 'another key'));
const w = new ClobClient({ host, chain: Chain.POLYGON, signer, creds, throwOnError: true });
await call('getApiKeys', () => w.getApiKeys(), has('apiKeys'));
await call('getClosedOnlyMode', () => w.getClosedOnlyMode(), has('closed_only'));
const orders = await call('getOpenOrders', () => w.getOpenOrders(), (r) => (Array.isArray(r) && r.length ? undefined : 'no open orders'));
await call('getOrder', () => w.getOrder(orders[0].id), has('id', 'status'));
await call('getPreMigrationOrders', () => w.getPreMigrationOrders(), listed);
await call('getTrades', () => w.getTrades({ market: condition }), (r) => (Array.isArray(r) && r.length ? undefined : 'no trades'));
await call('getTradesPaginated', () => w.getTradesPaginated(), (r) => (r.trades?.length && r.next_cursor ? undefined : JSON.stringify(r).slice(0, 200)));
await call('getBalanceAllowance', () => w.getBalanceAllowance({ asset_type: AssetType.COLLATERAL }), has('balance', 'allowances'));
await call('updateBalanceAllowance', () => w.updateBalanceAllowance({ asset_type: AssetType.CONDITIONAL, token_id: token }));
await call('getNotifications', () => w.getNotifications(), listed);
await call('dropNotifications', () => w.dropNotifications({ ids: ['1'] }));
await call('isOrderScoring', () => w.isOrderScoring({ order_id: orders[0].id }), has('scoring'));
await call('areOrdersScoring', () => w.areOrdersScoring({ orderIds: orders.slice(0, 2).map((o) => o.id) }),
    (r) => (r && Object.keys(r).length === Math.min(2, orders.length) ? undefined : JSON.stringify(r).slice(0, 200)));
const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
await call('getEarningsForUserForDay', () => w.getEarningsForUserForDay(day), listed);
await call('getTotalEarningsForUserForDay', () => w.getTotalEarningsForUserForDay(day), listed);
await call('getUserEarningsAndMarketsConfig', () => w.getUserEarningsAndMarketsConfig(day), listed);
await call('getRewardPercentages', () => w.getRewardPercentages(), (r) => (r && typeof r === 'object' ? undefined : JSON.stringify(r)));
await call('postHeartbeat', () => w.postHeartbeat(), has('heartbeat_id'));
await call('createBuilderApiKey', () => w.createBuilderApiKey(), has('key', 'secret', 'passphrase'));
await call('getBuilderApiKeys', () => w.getBuilderApiKeys(), listed);
const readonly = await call('createReadonlyApiKey', () => w.createReadonlyApiKey(), has('apiKey'));
await call('getReadonlyApiKeys', () => w.getReadonlyApiKeys(), listed);
await call('deleteReadonlyApiKey', () => w.deleteReadonlyApiKey(readonly?.apiKey ?? ''));

// Trading: resting buys below the book, a batch, market orders against the book, cancels of each kind.
const tick = Number(await pub.getTickSize(token));
const bid = book?.bids?.length ? Number(book.bids[book.bids.length - 1].price) : 0.2;
const low = Math.round(Math.max(tick, bid - 5 * tick) * 10_000) / 10_000;
const size = book ? Number(book.min_order_size) : 5;
const options = { tickSize: String(tick) };
const signed = await call('createOrder', () => w.createOrder({ tokenID: token, price: low, size, side: Side.BUY }, options), (r) => (r.signature ? undefined : 'unsigned'));
const placed = await call('postOrder', () => w.postOrder(signed, OrderType.GTC), (r) => (r.success && r.orderID ? undefined : JSON.stringify(r).slice(0, 200)));
const resting = await call('createAndPostOrder', () => w.createAndPostOrder({ tokenID: token, price: low, size: size + 1, side: Side.BUY }, options, OrderType.GTC),
    (r) => (r.status === 'live' ? undefined : JSON.stringify(r).slice(0, 200)));
const batch = await call('postOrders', async () => w.postOrders([
    { order: await w.createOrder({ tokenID: token, price: low, size: size + 2, side: Side.BUY }, options), orderType: OrderType.GTC },
    { order: await w.createOrder({ tokenID: token, price: low, size: size + 3, side: Side.BUY }, options), orderType: OrderType.GTC }]),
(r) => (Array.isArray(r) && r.every((x) => x.success) ? undefined : JSON.stringify(r).slice(0, 200)));
await call('createMarketOrder', () => w.createMarketOrder({ tokenID: token, amount: 5, side: Side.BUY, orderType: OrderType.FOK }, options),
    (r) => (r.signature ? undefined : 'unsigned'));
await call('createAndPostMarketOrder', () => w.createAndPostMarketOrder({ tokenID: token, amount: 5, side: Side.BUY, orderType: OrderType.FOK }, options, OrderType.FOK),
    (r) => (r.success && r.status === 'matched' ? undefined : JSON.stringify(r).slice(0, 200)));
await call('createExchangeV3OrderFromAmounts', () => w.createExchangeV3OrderFromAmounts({ tokenID: token, side: Side.BUY,
    makerAmount: String(Math.round(low * size * 1e6)), takerAmount: String(size * 1e6) }), (r) => (r.signature ? undefined : 'unsigned'));
await call('cancelOrder', () => w.cancelOrder({ orderID: placed.orderID }), async (r) => {
    const after = await w.getOrder(placed.orderID);
    return r.canceled?.includes(placed.orderID) && after.status === 'CANCELED' ? undefined : `${JSON.stringify(r).slice(0, 200)}; the order then reads ${JSON.stringify(after)}`;
});
await call('cancelOrders', () => w.cancelOrders(batch.map((x) => x.orderID)), (r) => (r.canceled?.length === 2 ? undefined : JSON.stringify(r).slice(0, 200)));
await call('cancelMarketOrders', () => w.cancelMarketOrders({ asset_id: token }), (r) => (resting && r.canceled?.includes(resting.orderID) ? undefined : JSON.stringify(r).slice(0, 200)));
await call('cancelAll', () => w.cancelAll(), has('canceled', 'not_canceled'));

await call('revokeBuilderApiKey', () => w.revokeBuilderApiKey());
const fresh = new ClobClient({ host, chain: Chain.POLYGON, signer, creds: created, throwOnError: true });
await call('deleteApiKey', () => fresh.deleteApiKey(), (r) => (r ? undefined : 'no answer'));

// Every public method of the class: the ones its declarations mark private are the client's own plumbing.
const declarations = readFileSync(new URL('./node_modules/@polymarket/clob-client-v2/dist/client.d.ts', import.meta.url), 'utf8');
const hidden = new Set([...declarations.matchAll(/^\s+private (\w+)/gm)].map((m) => m[1]));
const declared = Object.getOwnPropertyNames(ClobClient.prototype).filter((n) => n !== 'constructor' && !hidden.has(n)
    && typeof ClobClient.prototype[n] === 'function');
report(declared);
