// Reads one token's public order-book data through the official @polymarket/clob-client-v2, pointed at a
// host given on the command line, and prints what it got as JSON (the Java interop test compares it with
// the toolkit's answers).
//
// Usage: node clob-read.mjs <host> <token id> [<startTs> <endTs> [<token id without a book>]]
// The history window defaults to the day before the book's timestamp (the sandbox's world is as of then); the last argument adds the errors the
// client reads for a token whose market is closed and for a side the service does not know.
import { ClobClient, Chain } from "@polymarket/clob-client-v2";

const [host, token, startArg, endArg, closed] = process.argv.slice(2);
if (!host || !token) {
  console.error("usage: node clob-read.mjs <host> <token id> [<startTs> <endTs> [<token id without a book>]]");
  process.exit(2);
}
const client = new ClobClient({ host, chain: Chain.POLYGON });

const serverTime = await client.getServerTime();
const book = await client.getOrderBook(token);
const endTs = endArg ? Number(endArg) : Math.floor(Number(book.timestamp) / 1000);
const startTs = startArg ? Number(startArg) : endTs - 86400;

const sentHash = book.hash;
const recomputedHash = await client.getOrderBookHash({ ...book });
const out = {
  ok: await client.getOk(),
  serverTime,
  book,
  sentHash,
  recomputedHash,
  midpoint: await client.getMidpoint(token),
  buy: await client.getPrice(token, "BUY"),
  sell: await client.getPrice(token, "SELL"),
  spread: await client.getSpread(token),
  lastTrade: await client.getLastTradePrice(token),
  tickSize: await client.getTickSize(token),
  negRisk: await client.getNegRisk(token),
  history: await client.getPricesHistory({ market: token, startTs, endTs, fidelity: 60 }),
  books: await client.getOrderBooks([{ token_id: token }]),
  midpoints: await client.getMidpoints([{ token_id: token }]),
  prices: await client.getPrices([{ token_id: token, side: "BUY" }, { token_id: token, side: "SELL" }]),
  spreads: await client.getSpreads([{ token_id: token }]),
  lastTrades: await client.getLastTradesPrices([{ token_id: token }]),
};
if (closed) {
  // The client answers an error as {error, status} rather than throwing.
  out.errors = {
    book: await client.getOrderBook(closed),
    midpoint: await client.getMidpoint(closed),
    side: await client.getPrice(token, "buy"),
  };
}
console.log(JSON.stringify(out));
