// Every method of the official @polymarket/client's public client (createPublicClient), unchanged, against a running
// sandbox.
//
// Usage: node polymarket-client-every.mjs <markets url> <clob url> <data url> <perps url> <seed>
//
// Prints one JSON object: {client, version, calls: [{method, outcome, detail}]}, outcome "pass", "fail" or
// "not simulated" (the reason in detail). A call passes when the client returns without raising (its zod schemas
// validate every answer) and what it returns holds what the method promises. The client takes its hosts through its
// public environment helper (forkEnvironmentConfig): the sandbox's REST hosts, the order book's channels and the
// live-data stream; the hosts the sandbox does not simulate (relayer, RPC node, RFQ and combinations gateways, the sports
// stream) at a closed port of loopback, so nothing leaves the machine.
import { readFileSync } from 'node:fs';
import { createPublicClient, forkEnvironmentConfig } from '@polymarket/client';
import { Wallet, keccak256, toUtf8Bytes } from 'ethers';
import { WebSocket as NodeWebSocket } from 'ws';
import { every } from './every-method.mjs';

// The client opens its streams with the global WebSocket (Node 22 has one; on Node 20 it is the ws package's).
globalThis.WebSocket ??= NodeWebSocket;

const [markets, clob, data, perps, seed] = process.argv.slice(2).map((u) => u.replace(/\/$/, ''));
const version = JSON.parse(readFileSync(new URL('./node_modules/@polymarket/client/package.json', import.meta.url))).version;
const COMBOS = 'combinations and their RFQ gateway: a separate service the specification does not cover';
const { call, nonEmpty, report } = every('@polymarket/client', version, {
    listComboMarkets: COMBOS,
    listComboPositions: COMBOS,
    listComboActivity: COMBOS,
});
const closed = 'http://127.0.0.1:9';
const ws = (url) => url.replace(/^http/, 'ws');
const environment = forkEnvironmentConfig({ gamma: { rest: markets }, data: { rest: data }, perps: { rest: perps, ws: `${ws(perps)}/v1/ws` },
    clob: { rest: clob, market: { ws: `${ws(clob)}/ws/market` }, user: { ws: `${ws(clob)}/ws/user` } }, rtds: { ws: `${ws(markets)}/ws/live-data` },
    relayer: { rest: closed }, rpc: { rest: closed }, sports: { ws: 'ws://127.0.0.1:9' },
    combos: { rest: closed, ws: 'ws://127.0.0.1:9', collateralReturn: { rest: closed } } });
const pub = createPublicClient({ environment });

const me = new Wallet(keccak256(toUtf8Bytes('marketlab demo account 2'))).address;
const positions = (await (await fetch(`${data}/v2/positions?user=${me.toLowerCase()}`)).json()).data.filter((p) => p.status === 'OPEN');
const token = positions[0].token_id;
const condition = positions[0].condition_id;
const market = (await (await fetch(`${markets}/markets?condition_ids=${condition}`)).json())[0];
const event = market.events[0];
const builderCode = '0x' + keccak256(toUtf8Bytes(`marketlab sandbox builder:${seed || 7}`)).slice(2);

// The first page's items of a paginated read.
const first = async (paginated) => (await paginated.firstPage()).items;
const some = (r) => (Array.isArray(r) ? (r.length ? undefined : 'empty') : nonEmpty(r));
const price = (r) => (Number(r) > 0 && Number(r) < 1 ? undefined : `price ${r}`);

await call('fetchOrderBook', () => pub.fetchOrderBook({ tokenId: token }), (r) => (r.bids.length || r.asks.length ? undefined : 'empty book'));
await call('fetchOrderBooks', () => pub.fetchOrderBooks([{ tokenId: token }]), some);
await call('fetchMidpoint', () => pub.fetchMidpoint({ tokenId: token }), price);
await call('fetchMidpoints', () => pub.fetchMidpoints([{ tokenId: token }]), some);
await call('fetchPrice', () => pub.fetchPrice({ tokenId: token, side: 'BUY' }), price);
await call('fetchPrices', () => pub.fetchPrices([{ tokenId: token, side: 'BUY' }]), some);
await call('fetchSpread', () => pub.fetchSpread({ tokenId: token }), (r) => (Number(r) >= 0 ? undefined : `spread ${r}`));
await call('fetchSpreads', () => pub.fetchSpreads([{ tokenId: token }]), some);
await call('fetchLastTradePrice', () => pub.fetchLastTradePrice({ tokenId: token }));
await call('fetchLastTradePrices', () => pub.fetchLastTradePrices([{ tokenId: token }]), some);
await call('fetchPriceHistory', () => pub.fetchPriceHistory({ tokenId: token, interval: '1w' }), some);
await call('estimateMarketPrice', () => pub.estimateMarketPrice({ tokenId: token, side: 'BUY', amount: 5 }), price);
await call('listEvents', () => first(pub.listEvents({ pageSize: 5 })), some);
await call('fetchEvent', () => pub.fetchEvent({ id: String(event.id) }), (r) => (String(r.id) === String(event.id) ? undefined : `event ${r.id}`));
await call('fetchEventTags', () => pub.fetchEventTags({ id: String(event.id) }));
await call('fetchEventLiveVolume', () => pub.fetchEventLiveVolume({ id: String(event.id) }));
await call('listMarkets', () => first(pub.listMarkets({ pageSize: 5 })), some);
await call('fetchMarket', () => pub.fetchMarket({ id: String(market.id) }), (r) => (String(r.id) === String(market.id) ? undefined : `market ${r.id}`));
await call('fetchMarketTags', () => pub.fetchMarketTags({ id: String(market.id) }));
// Clarifications: the world's, newest first; filtered by a market, only that market's.
await call('listMarketClarifications', async () => {
    const all = await first(pub.listMarketClarifications({ pageSize: 50 }));
    return { all, one: all.length ? await first(pub.listMarketClarifications({ marketId: String(all[0].marketId) })) : [] };
}, ({ all, one }) => (all.length && one.length && one.every((c) => c.marketId === all[0].marketId && c.content) ? undefined : `clarifications ${JSON.stringify(all).slice(0, 200)}`));
const tags = await call('listTags', () => first(pub.listTags({ pageSize: 5 })), some);
await call('fetchTag', () => pub.fetchTag({ id: String(tags[0].id) }), (r) => (String(r.id) === String(tags[0].id) ? undefined : `tag ${r.id}`));
await call('fetchRelatedTags', () => pub.fetchRelatedTags({ id: String(tags[0].id) }));
await call('fetchRelatedTagResources', () => pub.fetchRelatedTagResources({ id: String(tags[0].id) }));
const series = await call('listSeries', () => first(pub.listSeries({ pageSize: 5 })), some);
await call('fetchSeries', () => pub.fetchSeries({ id: String(series[0].id) }), (r) => (String(r.id) === String(series[0].id) ? undefined : `series ${r.id}`));
const comments = await call('listComments', () => first(pub.listComments({ parentEntityId: Number(event.id), parentEntityType: 'Event', pageSize: 5 })));
await call('fetchCommentsById', () => pub.fetchCommentsById({ id: String(comments?.[0]?.id ?? 1) }));
await call('listCommentsByUserAddress', () => first(pub.listCommentsByUserAddress({ address: me, pageSize: 5 })));
await call('search', () => pub.search({ q: 'bitcoin' }).firstPage(), (r) => (r.items.events.length ? undefined : 'nothing found'));
await call('listSports', () => pub.listSports(), some);
await call('fetchSportsMarketTypes', () => pub.fetchSportsMarketTypes());
await call('listTeams', () => first(pub.listTeams({ pageSize: 5 })), some);
await call('fetchPublicProfile', () => pub.fetchPublicProfile({ address: me }));
await call('listPositions', () => first(pub.listPositions({ user: me })), some);
await call('listClosedPositions', () => first(pub.listClosedPositions({ user: me })));
await call('fetchPortfolioValue', () => pub.fetchPortfolioValue({ user: me }), nonEmpty);
await call('fetchTradedMarketCount', () => pub.fetchTradedMarketCount({ user: me }), nonEmpty);
await call('downloadAccountingSnapshot', () => pub.downloadAccountingSnapshot({ user: me }), (r) => (r && r.size > 0 ? undefined : 'empty'));
// The market's positions per outcome token hold the script's wallet, as its own positions list it.
await call('listMarketPositions', () => first(pub.listMarketPositions({ market: condition, status: 'ALL', pageSize: 500 })),
    (r) => (r.length && r.some((t) => t.token === token && t.positions.some((p) => p.wallet.toLowerCase() === me.toLowerCase())) ? undefined : `no position of ${me} on ${token}: ${JSON.stringify(r).slice(0, 200)}`));
await call('listActivity', () => first(pub.listActivity({ user: me })), some);
await call('listTrades', () => first(pub.listTrades({ user: me })), some);
await call('listOpenInterest', () => pub.listOpenInterest({ market: [condition] }), some);
await call('listMarketHolders', () => pub.listMarketHolders({ market: [condition] }), some);
// The v1 boards agree with the v2 ones the sandbox serves from the same wallets.
const v2 = async (path) => (await (await fetch(`${data}${path}`)).json()).data;
await call('listTraderLeaderboard', () => first(pub.listTraderLeaderboard({ timePeriod: 'ALL', pageSize: 50 })), async (r) => {
    const board = await v2('/v2/leaderboard?time_period=all&limit=50');
    return r.length === board.length && r.every((e, i) => e.wallet === board[i].user_id && e.rank === String(i + 1)) ? undefined : `v1 ${JSON.stringify(r[0])} against v2 ${JSON.stringify(board[0])}`;
});
await call('listBuilderLeaderboard', () => first(pub.listBuilderLeaderboard({ timePeriod: 'ALL' })), async (r) => {
    const board = await v2('/v2/builders/leaderboard?time_period=all');
    return r.length === 1 && board.length === 1 && Number(r[0].volume) === Number(board[0].volume) ? undefined : `v1 ${JSON.stringify(r)} against v2 ${JSON.stringify(board)}`;
});
await call('fetchBuilderVolume', () => pub.fetchBuilderVolume({ timePeriod: 'WEEK' }), async (r) => {
    const days = await v2('/v2/builders/volume?interval=week');
    return r.length === days.length && r.every((d, i) => d.bucketAt.startsWith(days[i].date) && Number(d.volume) === Number(days[i].volume)) ? undefined : `v1 ${JSON.stringify(r)} against v2 ${JSON.stringify(days)}`;
});
await call('listBuilderTrades', () => first(pub.listBuilderTrades({ builderCode })), some);
await call('listCurrentRewards', () => first(pub.listCurrentRewards()), some);
await call('listMarketRewards', () => first(pub.listMarketRewards({ conditionId: condition })));
const instruments = await call('fetchPerpsInstruments', () => pub.fetchPerpsInstruments(), some);
const iid = instruments?.[0]?.instrumentId ?? instruments?.[0]?.id ?? 1;
await call('fetchPerpsTicker', () => pub.fetchPerpsTicker({ instrumentId: iid }), nonEmpty);
await call('fetchPerpsTickers', () => pub.fetchPerpsTickers(), some);
await call('fetchPerpsBook', () => pub.fetchPerpsBook({ instrumentId: iid }), (r) => (r.bids.length && r.asks.length ? undefined : 'empty book'));
await call('fetchPerpsFees', () => pub.fetchPerpsFees(), nonEmpty);
await call('listPerpsCandles', () => first(pub.listPerpsCandles({ instrumentId: iid, interval: '1h' })), some);
await call('listPerpsFundingHistory', () => first(pub.listPerpsFundingHistory({ instrumentId: iid })), some);
await call('listPerpsTrades', () => first(pub.listPerpsTrades({ instrumentId: iid })), some);

// One merged subscription: the order book's market channel (a token's book) and the live-data stream (comments,
// Binance's and Chainlink's BTC); every kind arrives, and BTC is priced where the perpetuals mark BTC-USD.
await call('subscribe', async () => {
    const stream = await pub.subscribe([{ topic: 'market', tokenIds: [token] }, { topic: 'comments' },
        { topic: 'prices.crypto.binance', symbols: ['btcusdt'] }, { topic: 'prices.crypto.chainlink', symbols: ['btc/usd'] }]);
    const seen = {};
    const timer = setTimeout(() => stream.close(), 20_000);
    for await (const e of stream) {
        const kind = ['comments', 'prices.crypto.binance', 'prices.crypto.chainlink'].includes(e.topic) ? e.topic : 'market';
        seen[kind] ??= e;
        if (Object.keys(seen).length === 4) break;
    }
    clearTimeout(timer);
    await stream.close();
    return seen;
}, async (seen) => {
    if (Object.keys(seen).length < 4) return `events of ${Object.keys(seen)} only`;
    const btc = (await pub.fetchPerpsInstruments()).find((i) => String(i.symbol).startsWith('BTC'));
    const mark = Number((await pub.fetchPerpsTicker({ instrumentId: btc.instrumentId ?? btc.id })).markPrice);
    for (const t of ['prices.crypto.binance', 'prices.crypto.chainlink']) {
        const v = Number(seen[t].payload.value);
        if (!(Math.abs(v - mark) <= mark * 0.01)) return `${t} BTC at ${v}, the perpetuals' mark ${mark}`;
    }
    return undefined;
});

report(Object.keys(pub).filter((k) => typeof pub[k] === 'function'));
