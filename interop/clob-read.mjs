// Reads one token's public order-book data through the official @polymarket/clob-client-v2, pointed at a
// host given on the command line, and prints what it got as JSON (the Java interop test compares it with
// the toolkit's answers). Usage: node clob-read.mjs <host> <token id> <startTs> <endTs>
import { ClobClient, Chain } from "@polymarket/clob-client-v2";

const [host, token, startTs, endTs] = process.argv.slice(2);
if (!host || !token || !startTs || !endTs) {
  console.error("usage: node clob-read.mjs <host> <token id> <startTs> <endTs>");
  process.exit(2);
}
const client = new ClobClient({ host, chain: Chain.POLYGON });

const book = await client.getOrderBook(token);
const sentHash = book.hash;
const recomputed = await client.getOrderBookHash({ ...book });
const out = {
  book,
  sentHash,
  recomputedHash: recomputed,
  midpoint: await client.getMidpoint(token),
  buy: await client.getPrice(token, "BUY"),
  sell: await client.getPrice(token, "SELL"),
  spread: await client.getSpread(token),
  lastTrade: await client.getLastTradePrice(token),
  tickSize: await client.getTickSize(token),
  negRisk: await client.getNegRisk(token),
  history: await client.getPricesHistory({ market: token, startTs: Number(startTs), endTs: Number(endTs), fidelity: 60 }),
};
console.log(JSON.stringify(out));
