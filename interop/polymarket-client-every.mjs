// Every method of the official @polymarket/client's public client (createPublicClient), unchanged, against a running
// sandbox.
//
// Usage: node polymarket-client-every.mjs <markets url> <clob url> <data url> <perps url> <seed> <chain url>
//
// Prints one JSON object: {client, version, calls: [{method, outcome, detail}]}, outcome "pass", "fail" or
// "not simulated" (the reason in detail). A call passes when the client returns without raising (its zod schemas
// validate every answer) and what it returns holds what the method promises. The client takes its hosts through its
// public environment helper (forkEnvironmentConfig): the sandbox's REST hosts, the order book's channels, the live-data
// stream and its Polygon node (chain) as the RPC node, which the signer's wallet client sends its transactions to as
// well, the combinations' host (the RFQ catalogue, the quoter's channel /ws/rfq) the order book's, the relayer and the
// collateral-return gateway the chain host, and the sports stream a closed port of loopback, so nothing leaves the machine.
import { readFileSync } from 'node:fs';
import { createPublicClient, createSecureClient, forkEnvironmentConfig, relayerApiKey } from '@polymarket/client';
import { signerFrom } from '@polymarket/client/viem';
import { fetchBalanceAllowance } from '@polymarket/client/actions';
import { createWalletClient, http } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { polygon } from 'viem/chains';
import { Wallet, keccak256, toUtf8Bytes } from 'ethers';
import { WebSocket as NodeWebSocket } from 'ws';
import { every } from './every-method.mjs';

// The client opens its streams with the global WebSocket (Node 22 has one; on Node 20 it is the ws package's).
globalThis.WebSocket ??= NodeWebSocket;

const [markets, clob, data, perps, seed, chain] = process.argv.slice(2).map((u) => u.replace(/\/$/, ''));
const version = JSON.parse(readFileSync(new URL('./node_modules/@polymarket/client/package.json', import.meta.url))).version;
const { call, nonEmpty, report } = every('@polymarket/client', version, {});
const ws = (url) => url.replace(/^http/, 'ws');
const environment = forkEnvironmentConfig({ gamma: { rest: markets }, data: { rest: data }, perps: { rest: perps, ws: `${ws(perps)}/v1/ws` },
    clob: { rest: clob, market: { ws: `${ws(clob)}/ws/market` }, user: { ws: `${ws(clob)}/ws/user` } }, rtds: { ws: `${ws(markets)}/ws/live-data` },
    relayer: { rest: chain }, rpc: chain, sports: { ws: 'ws://127.0.0.1:9' },
    combos: { rest: clob, ws: `${ws(clob)}/ws/rfq`, collateralReturn: { rest: chain } }, relayerPollFrequencyMs: 100 });
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
// Combinations: the catalogue's leg ids are the protocol-v2 position ids of each market's condition id (ComboIds' rule);
// demo wallet 2 holds seeded combos, each with the split that minted it.
await call('listComboMarkets', () => first(pub.listComboMarkets({ pageSize: 100 })), (r) => {
    if (r.length !== 100) return `${r.length} combo markets on a first page of 100`;
    const bad = r.find((m) => BigInt(m.outcomes.yes.positionId) !== BigInt(m.conditionId) << 8n || BigInt(m.outcomes.no.positionId) !== (BigInt(m.conditionId) << 8n | 1n));
    return bad ? `position ids of ${bad.conditionId}: ${JSON.stringify(bad.outcomes)}` : undefined;
});
const combos = await call('listComboPositions', () => first(pub.listComboPositions({ user: me })),
    (r) => (r.length && r.every((p) => p.legs.length >= 2 && p.legsTotal === p.legs.length) ? undefined : `demo wallet 2 holds seeded combos: ${JSON.stringify(r)}`));
await call('listComboActivity', () => first(pub.listComboActivity({ user: me })),
    (r) => ((combos ?? []).every((p) => r.some((a) => a.conditionId === p.conditionId)) && r.length ? undefined : `every held combo has its split: ${JSON.stringify(r)}`));
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

// ---- the secure client (demo wallet 2 signs, trading from its own address) and the perpetuals session it opens -----
const account = privateKeyToAccount(keccak256(toUtf8Bytes('marketlab demo account 2')));
const signer = signerFrom(createWalletClient({ account, chain: polygon, transport: http(chain) }));
const sec = await createSecureClient({ signer, wallet: account.address, environment });
const publicMethods = new Set(Object.keys(pub).filter((k) => typeof pub[k] === 'function'));
const secureMethods = Object.keys(sec).filter((k) => typeof sec[k] === 'function' && !publicMethods.has(k));
const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

const open = await call('listOpenOrders', () => first(sec.listOpenOrders()), some) ?? [];
await call('fetchOrder', () => sec.fetchOrder({ orderId: open[0].id }), (r) => (r.id === open[0].id ? undefined : `order ${r.id}`));
await call('listAccountTrades', () => first(sec.listAccountTrades({ market: condition })), some);
const notes = await call('fetchNotifications', () => sec.fetchNotifications());
await call('dropNotifications', () => sec.dropNotifications({ ids: [String(notes?.[0]?.id ?? 1)] }));
await call('fetchClosedOnlyMode', () => sec.fetchClosedOnlyMode(), (r) => (r === false ? undefined : `closed only ${r}`));
await call('fetchOrderScoring', () => sec.fetchOrderScoring({ orderId: open[0].id }), (r) => (typeof r === 'boolean' ? undefined : String(r)));
await call('fetchOrdersScoring', () => sec.fetchOrdersScoring({ orderIds: open.slice(0, 2).map((o) => o.id) }), nonEmpty);
await call('listUserEarningsForDay', () => first(sec.listUserEarningsForDay({ date: day })));
await call('fetchTotalEarningsForUserForDay', () => sec.fetchTotalEarningsForUserForDay({ date: day }), some);
await call('listUserEarningsAndMarketsConfig', () => first(sec.listUserEarningsAndMarketsConfig({ date: day })));
await call('fetchRewardPercentages', () => sec.fetchRewardPercentages());

const book = await pub.fetchOrderBook({ tokenId: token });
const tick = Number(book.tickSize);
const low = Math.max(tick, Number(book.bids.at(-1)?.price ?? tick) - 5 * tick).toFixed(4);
const size = Number(book.minOrderSize);
const accepted = (r) => (r && r.orderId ? undefined : `not accepted: ${JSON.stringify(r).slice(0, 200)}`);
const signed = await call('createLimitOrder', () => sec.createLimitOrder({ tokenId: token, price: low, size, side: 'BUY' }));
const placed = await call('postOrder', () => sec.postOrder(signed), accepted);
const batch = await call('postOrders', async () => sec.postOrders([await sec.createLimitOrder({ tokenId: token, price: low, size: size + 1, side: 'BUY' }),
    await sec.createLimitOrder({ tokenId: token, price: low, size: size + 2, side: 'BUY' })]), (r) => (r.length === 2 && r.every((x) => x.orderId) ? undefined : JSON.stringify(r)));
const resting = await call('placeLimitOrder', () => sec.placeLimitOrder({ tokenId: token, price: low, size: size + 3, side: 'BUY' }), accepted);
await call('createMarketOrder', () => sec.createMarketOrder({ tokenId: token, side: 'BUY', amount: 5 }));
const taken = await call('placeMarketOrder', () => sec.placeMarketOrder({ tokenId: token, side: 'BUY', amount: 5 }), accepted);
await call('waitForOrderFillSettlement', () => sec.waitForOrderFillSettlement(taken, { timeoutMs: 10_000 }), some);
const cancelled = (id) => (r) => (r.canceled.includes(id) ? undefined : JSON.stringify(r));
await call('cancelOrder', () => sec.cancelOrder({ orderId: placed.orderId }), cancelled(placed?.orderId));
await call('cancelOrders', () => sec.cancelOrders({ orderIds: batch.map((x) => x.orderId) }), (r) => (r.canceled.length === 2 ? undefined : JSON.stringify(r)));
await call('cancelMarketOrders', () => sec.cancelMarketOrders({ tokenId: token }), cancelled(resting?.orderId));
await call('cancelAll', () => sec.cancelAll());
await chainCalls();
await depositWalletCalls();
await call('openRfqSession', quoter, (r) => (r.update.txHash && r.after === r.before - r.cost ? undefined
    : `update ${JSON.stringify(r.update)}, balance ${r.before} -> ${r.after}, quote cost ${r.cost}`));

// The quoter's session: the crowd's first request arrives, demo wallet 2 quotes it from collateral at 0.99 (the client
// signs the order), confirms the last look, and the fill is CONFIRMED with the quote's cost taken from its cash.
async function quoter() {
    const cash = async () => BigInt((await fetchBalanceAllowance(sec, { assetType: 'COLLATERAL' })).balance);
    const before = await cash();
    const session = await sec.openRfqSession();
    const timer = setTimeout(() => session.close(), 30_000);
    let fill;
    try {
        for await (const event of session) {
            if (event.type === 'quote_request') await event.quote({ price: '0.99', source: 'collateral' });
            else if (event.type === 'confirmation_request') {
                fill = event;
                await event.confirm();
            } else if (event.type === 'execution_update' && event.status === 'CONFIRMED') {
                // The client reads fill_size_e6 and price_e6 as decimal strings ("10", "0.99").
                const e6 = (v) => { const [i, f = ''] = String(v).split('.'); return BigInt(i) * 1_000_000n + BigInt((f + '000000').slice(0, 6)); };
                const cost = (e6(fill.fillSize) * e6(fill.price) + 999_999n) / 1_000_000n;
                return { update: event, before, after: await cash(), cost };
            }
        }
        throw new Error('the session ended before the fill was confirmed');
    } finally {
        clearTimeout(timer);
        await session.close();
    }
}

const session = await call('openPerpsSession', () => sec.openPerpsSession({ label: 'every method' }), (r) => (r ? undefined : 'no session'));
const sessionMethods = [];
if (session) {
    for (let proto = session; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
        for (const n of Object.getOwnPropertyNames(proto)) if (n !== 'constructor' && typeof session[n] === 'function' && !sessionMethods.includes(n)) sessionMethods.push(n);
    }
    const scall = (m, fn, check) => call(`PerpsSession.${m}`, fn, check);
    await scall('connect', () => session.connect());
    await scall('fetchBalances', () => session.fetchBalances(), some);
    const portfolio = await scall('fetchPortfolio', () => session.fetchPortfolio(), nonEmpty);
    await scall('fetchStats', () => session.fetchStats());
    await scall('fetchAccountConfig', () => session.fetchAccountConfig(), some);
    await scall('fetchOpenOrders', () => session.fetchOpenOrders(), some);
    await scall('fetchOrders', () => session.fetchOrders(), some);
    await scall('listFills', () => first(session.listFills()));
    await scall('listFundingPayments', () => first(session.listFundingPayments({ start: 0 })), some);
    await scall('listDeposits', () => first(session.listDeposits({ start: 0 })));
    await scall('listWithdrawals', () => first(session.listWithdrawals({ start: 0 })), some);
    const start = Date.now() - 86_400_000;
    await scall('listEquityHistory', () => first(session.listEquityHistory({ interval: '1h', start })));
    await scall('listPnlHistory', () => first(session.listPnlHistory({ interval: '1h', start })));
    const mark = Number((await pub.fetchPerpsTicker({ instrumentId: iid })).markPrice);
    const inst = instruments.find((i) => (i.instrumentId ?? i.id) === iid);
    const px = (mark * 0.9).toFixed(inst.priceDecimals ?? 2);
    const qty = (10 * 10 ** -(inst.quantityDecimals ?? 3)).toFixed(inst.quantityDecimals ?? 3);
    const order = await scall('placeOrder', () => session.placeOrder({ instrumentId: iid, side: 'BUY', price: px, quantity: qty, timeInForce: 'gtc' }),
        (r) => (r.order?.id !== undefined ? undefined : JSON.stringify(r).slice(0, 200)));
    const acks = await scall('postOrders', () => session.postOrders({ orders: [{ instrumentId: iid, side: 'BUY', price: px, quantity: qty, timeInForce: 'gtc' },
        { instrumentId: iid, side: 'BUY', price: px, quantity: qty, timeInForce: 'gtc' }] }), (r) => (r.length === 2 && r.every((a) => a.status === 'ok') ? undefined : JSON.stringify(r)));
    await scall('cancelOrder', () => session.cancelOrder({ orderId: Number(order.order.id) }));
    await scall('cancelOrders', () => session.cancelOrders({ orderIds: acks.map((a) => Number(a.orderId)) }));
    await scall('cancelAllOrders', () => session.cancelAllOrders({ instrumentId: iid }));
    await scall('updateLeverage', () => session.updateLeverage({ instrumentId: iid, leverage: 5, crossMargin: true }));
    const held = portfolio?.positions?.find((p) => Number(p.size) !== 0);
    await scall('placePositionTpSl', () => {
        const heldMark = Number(held.positionValue) / Math.abs(Number(held.size));
        const d = instruments.find((i) => (i.instrumentId ?? i.id) === held.instrumentId)?.priceDecimals ?? 2;
        const [up, down] = [(heldMark * 1.2).toFixed(d), (heldMark * 0.8).toFixed(d)];
        const long = Number(held.size) > 0;
        return session.placePositionTpSl({ instrumentId: held.instrumentId, takeProfit: { triggerPrice: long ? up : down }, stopLoss: { triggerPrice: long ? down : up } });
    });
    await scall('close', () => session.close());
    await call('revokePerpsCredentials', () => sec.revokePerpsCredentials({ proxy: session.credentials.proxy }));
}

// The on-chain calls: each a transaction demo wallet 2 signs and sends to the sandbox's node, then waits for; each checked
// by what the order book reports afterwards (balances, allowances).
async function chainCalls() {
    const { collateralToken: collateral, conditionalTokens: ctf, standardExchange: exchange } = sec.environment.contracts;
    const balance = async (assetType, tokenId) => fetchBalanceAllowance(sec, tokenId ? { assetType, tokenId } : { assetType });
    const cash = async () => BigInt((await balance('COLLATERAL')).balance);
    const shares = async () => BigInt((await balance('CONDITIONAL', token)).balance);
    const allowance = async (assetType, tokenId) => {
        const r = await balance(assetType, tokenId);
        const a = Object.entries(r.allowances).find(([k]) => k.toLowerCase() === exchange.toLowerCase())?.[1];
        return a === undefined ? undefined : BigInt(a);
    };
    const MAX = 2n ** 256n - 1n;
    const sent = (fn) => async () => { const h = await fn(); return { hash: h?.transactionHash, outcome: h ? await h.wait() : undefined }; };
    await call('approveErc20', sent(() => sec.approveErc20({ tokenAddress: collateral, spenderAddress: exchange, amount: 0n })),
        async () => { const a = await allowance('COLLATERAL'); return a === 0n ? undefined : `allowance still ${a}`; });
    await call('approveErc1155ForAll', sent(() => sec.approveErc1155ForAll({ tokenAddress: ctf, operatorAddress: exchange, approved: false })),
        async () => { const a = await allowance('CONDITIONAL', token); return a === 0n ? undefined : `operator still approved (${a})`; });
    await call('setupTradingApprovals', () => sec.setupTradingApprovals(), async () => {
        const [c, t] = [await allowance('COLLATERAL'), await allowance('CONDITIONAL', token)];
        return c === MAX && t > 0n ? undefined : `allowances ${c}, ${t}`;
    });
    let before = await cash();
    const recipient = new Wallet(keccak256(toUtf8Bytes('marketlab demo account 5'))).address;
    await call('transferErc20', sent(() => sec.transferErc20({ tokenAddress: collateral, recipientAddress: recipient, amount: 1_000_000n })),
        async () => { const after = await cash(); return after === before - 1_000_000n ? undefined : `balance ${before} -> ${after}`; });
    const held = await shares();
    before = await cash();
    await call('splitPosition', sent(() => sec.splitPosition({ conditionId: condition, amount: 2_000_000n })), async () => {
        const [s, c] = [await shares(), await cash()];
        return s === held + 2_000_000n && c === before - 2_000_000n ? undefined : `shares ${held} -> ${s}, balance ${before} -> ${c}`;
    });
    await call('mergePositions', sent(() => sec.mergePositions({ conditionId: condition, amount: 1_000_000n })), async () => {
        const [s, c] = [await shares(), await cash()];
        return s === held + 1_000_000n && c === before - 1_000_000n ? undefined : `shares ${held} -> ${s}, balance ${before} -> ${c}`;
    });
    const all = (await (await fetch(`${data}/v2/positions?user=${me.toLowerCase()}&limit=100`)).json()).data;
    const won = all.find((p) => p.status === 'REDEEMABLE' && Number(p.current_price) === 1);
    if (won) {
        const payout = BigInt(Math.round(Number(won.current_size) * 1_000_000));
        const start = await cash();
        await call('redeemPositions', sent(() => sec.redeemPositions({ conditionId: won.condition_id })),
            async () => { const after = await cash(); return after === start + payout ? undefined : `balance ${start} -> ${after}, ${won.current_size} won`; });
    } else {
        await call('redeemPositions', () => undefined, () => 'demo wallet 2 holds no winning token of a resolved market');
    }
    // Funds move between the order book's collateral and the perpetuals' account: a deposit is a transaction to the
    // deposit contract on the sandbox's node, a withdrawal a signed request the exchange pays on the chain.
    before = await cash();
    await call('depositToPerps', sent(() => sec.depositToPerps({ amount: 2_000_000n })),
        async () => { const after = await cash(); return after === before - 2_000_000n ? undefined : `balance ${before} -> ${after}`; });
    before = await cash();
    await call('withdrawFromPerps', () => sec.withdrawFromPerps({ amount: 1_000_000n }),
        async (id) => { const after = await cash(); return id !== undefined && after === before + 1_000_000n ? undefined : `withdrawal ${id}, balance ${before} -> ${after}`; });
}

// A deposit wallet's collateral return, as its owner makes it: demo wallet 6's key, with a relayer API key the sandbox
// issues to its address (POST /__sandbox/relayer-api-keys, the sandbox's own route: the live service issues relayer keys
// to a logged-in web session), its deposit wallet as the client derives it, deployed through the relayer when the client
// is made. Demo wallet 2 sends the wallet 3 USDC, the wallet approves the trading contracts and splits 2 USDC into a full
// set of the market (gasless batches the relayer runs on the chain); the plan is one merge of 2 USDC, and once it is
// executed a fresh plan finds nothing left and the wallet's collateral at what the plan promised.
async function depositWalletCalls() {
    const owner = privateKeyToAccount(keccak256(toUtf8Bytes('marketlab demo account 6')));
    const issued = await (await fetch(`${chain}/__sandbox/relayer-api-keys`, { method: 'POST', headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ address: owner.address }) })).json();
    const dw = await createSecureClient({ signer: signerFrom(createWalletClient({ account: owner, chain: polygon, transport: http(chain) })),
        environment, apiKey: relayerApiKey({ key: issued.apiKey, address: owner.address }) });
    await (await sec.transferErc20({ tokenAddress: sec.environment.contracts.collateralToken, recipientAddress: dw.account.wallet, amount: 3_000_000n })).wait();
    await dw.setupTradingApprovals();
    await (await dw.splitPosition({ conditionId: condition, amount: 2_000_000n })).wait();
    const show = (p) => JSON.stringify(p, (k, v) => (typeof v === 'bigint' ? v.toString() : v)).slice(0, 400);
    const plan = await call('planCollateralReturn', () => dw.planCollateralReturn(), (p) => (p.operations.length === 1 && p.operations[0].kind === 'merge'
        && Number(p.netPusdOut) === 2 && Number(p.finalPusd) === Number(p.startingPusd) + 2 ? undefined : show(p)));
    await call('executeCollateralReturnPlan', async () => (await dw.executeCollateralReturnPlan({ plan })).wait(), async () => {
        const after = await dw.planCollateralReturn();
        return after.operations.length === 0 && Number(after.startingPusd) === Number(plan.finalPusd) ? undefined : show(after);
    });
}

report([...publicMethods, ...secureMethods, ...sessionMethods.map((m) => `PerpsSession.${m}`)]);
