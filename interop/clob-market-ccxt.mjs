// Follows one token's book on the order book's market channel with ccxt's Polymarket exchange (npm, unchanged):
// watchOrderBook and watchTrades against given hosts (the sandbox). ccxt resolves the token through the markets host
// (GET /markets?clob_token_ids=...), subscribes on the market channel, keeps its own book from the snapshot and the price
// changes, and keeps the trades from last_trade_price. Prints {"ready":true} once the first book is in, then for each line
// on its standard input the book and the trades it holds as one JSON line ({bids, asks, trades, updates}), and exits
// when its input closes.
// Usage: node clob-market-ccxt.mjs <markets url> <clob url> <data url> <clob ws url> <token id>
import ccxt from "ccxt";
import { createInterface } from "node:readline";

const [markets, clob, data, ws, token] = process.argv.slice(2);
if (!markets || !clob || !data || !ws || !token) {
  console.error("usage: node clob-market-ccxt.mjs <markets url> <clob url> <data url> <clob ws url> <token id>");
  process.exit(2);
}
const exchange = new ccxt.prediction.polymarket({
  urls: { api: { gamma: markets, clob, data, ws: `${ws}/ws/market`, wsUser: `${ws}/ws/user` } },
});
await exchange.loadHttpProxyAgent(); // ccxt's own step for plain ws:// hosts such as the sandbox's loopback ones

let book = await exchange.watchOrderBook(token);
console.log(JSON.stringify({ ready: true }));
let updates = 1;
let trades = [];
let open = true;
const following = (async () => {
  while (open) {
    try {
      book = await exchange.watchOrderBook(token);
      updates++;
    } catch (e) {
      if (open) console.error(`watchOrderBook: ${e}`);
      return;
    }
  }
})();
const tape = (async () => {
  while (open) {
    try {
      trades = await exchange.watchTrades(token);
    } catch (e) {
      if (open) console.error(`watchTrades: ${e}`);
      return;
    }
  }
})();

// ccxt's book holds numbers: printed with their shortest decimal form, which is how JavaScript writes a double.
const levels = (side) => side.map(([price, size]) => ({ price: String(price), size: String(size) }));
const input = createInterface({ input: process.stdin });
input.on("line", () => console.log(JSON.stringify({
  bids: levels(book.bids),
  asks: levels(book.asks),
  trades: trades.map((t) => ({ price: String(t.price), amount: String(t.amount), side: t.side })),
  updates,
})));
await new Promise((resolve) => input.on("close", resolve));
open = false;
await Promise.race([exchange.close(), new Promise((r) => setTimeout(r, 1000))]);
await Promise.race([Promise.all([following, tape]), new Promise((r) => setTimeout(r, 500))]);
process.exit(0);
