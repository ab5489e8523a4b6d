// Trades through the official @polymarket/clob-client-v2 against a host given on the command line and prints every
// answer as JSON (the Java interop test checks them against what the toolkit reads and placed). Two accounts: the
// "maker" (whose resting orders the Java test placed with the toolkit, and which this script cancels) and the "taker".
// Both clients throw on any error answer (throwOnError), so a route the client needs and the server lacks fails here.
//
//   1. taker createAndPostOrder: a GTC limit BUY at `limitPrice` for `limitSize` shares (crosses a resting sell)
//   2. taker createMarketOrder + postOrder: a FOK market BUY spending `marketAmount` (the client prices it from the
//      book and resolves the market through /markets-by-token and /clob-markets)
//   3. taker postOrders: post-only GTC BUYs at `quotePrices`, `quoteSize` shares each (left resting)
//   4. maker cancelOrder(one id), cancelOrders(ids), cancelAll()
//   5. taker getTrades for each trade id of 1 and 2 (the trades as the official client reads them)
//   6. the market lists (two pages each), getMarket and getClobMarketInfo of the token's market
//
// Usage: node clob-trade.mjs <host> <input.json>
//   input: {maker: "demo:N" | key, taker: "demo:N" | key, token, condition, limitPrice, limitSize, marketAmount, quotePrices: [..],
//           quoteSize, cancelOne: id, cancelMany: [ids]}
import { readFileSync } from "node:fs";
import { ClobClient, Chain, Side, OrderType } from "@polymarket/clob-client-v2";
import { Wallet, keccak256, toUtf8Bytes } from "ethers";

const [host, inputPath] = process.argv.slice(2);
if (!host || !inputPath) {
  console.error("usage: node clob-trade.mjs <host> <input.json>");
  process.exit(2);
}
const input = JSON.parse(readFileSync(inputPath, "utf8"));

async function client(keyArg) {
  const key = keyArg.startsWith("demo:") ? keccak256(toUtf8Bytes(`marketlab demo account ${keyArg.slice(5)}`)) : keyArg;
  const wallet = new Wallet(key);
  // The client signs with ethers v5's _signTypedData; ethers v6 names it signTypedData.
  const signer = {
    getAddress: async () => wallet.address,
    _signTypedData: (domain, types, value) => wallet.signTypedData(domain, types, value),
  };
  // Create-or-derive answers a refused create with an error object, so it runs on a client that does not throw.
  const creds = await new ClobClient({ host, chain: Chain.POLYGON, signer }).createOrDeriveApiKey();
  return new ClobClient({ host, chain: Chain.POLYGON, signer, creds, throwOnError: true });
}

const maker = await client(input.maker);
const taker = await client(input.taker);
const out = {};

out.limit = await taker.createAndPostOrder({ tokenID: input.token, price: input.limitPrice, size: input.limitSize, side: Side.BUY },
  undefined, OrderType.GTC);

const market = await taker.createMarketOrder({ tokenID: input.token, side: Side.BUY, amount: input.marketAmount, orderType: OrderType.FOK });
out.marketOrder = { salt: String(market.salt), makerAmount: market.makerAmount, takerAmount: market.takerAmount, signature: market.signature };
out.market = await taker.postOrder(market, OrderType.FOK);

const quotes = [];
for (const price of input.quotePrices) {
  quotes.push({ order: await taker.createOrder({ tokenID: input.token, price, size: input.quoteSize, side: Side.BUY }), orderType: OrderType.GTC });
}
out.quotes = await taker.postOrders(quotes, true);

out.cancelOne = await maker.cancelOrder({ orderID: input.cancelOne });
out.cancelMany = await maker.cancelOrders(input.cancelMany);
out.cancelAll = await maker.cancelAll();

// The reads around an order: the four market lists (first page, then the page its cursor names), the market by
// condition id, and the compact market info the client caches per token.
out.lists = {};
for (const [name, read] of [["markets", (c) => taker.getMarkets(c)], ["sampling", (c) => taker.getSamplingMarkets(c)],
  ["simplified", (c) => taker.getSimplifiedMarkets(c)], ["samplingSimplified", (c) => taker.getSamplingSimplifiedMarkets(c)]]) {
  const first = await read();
  const second = first.next_cursor !== "LTE=" ? await read(first.next_cursor) : null;
  out.lists[name] = { limit: first.limit, count: first.count, next: first.next_cursor, size: first.data.length,
    firstCondition: first.data[0]?.condition_id ?? null, secondCount: second?.count ?? 0 };
}
out.marketInfo = await taker.getMarket(input.condition);
out.clobMarket = await taker.getClobMarketInfo(input.condition);

out.trades = [];
for (const id of [...(out.limit.tradeIDs ?? []), ...(out.market.tradeIDs ?? [])]) {
  out.trades.push(...(await taker.getTrades({ id })));
}
console.log(JSON.stringify(out));
