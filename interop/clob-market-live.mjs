// Follows one token's book on the order book's market channel with the official @polymarket/client (its subscription
// helper, client.subscribe([{topic: "market", ...}])) against given hosts (the sandbox): keeps the book from its events
// (book snapshots, then price changes), prints {"ready":true} once the first book is in, then for each line on its
// standard input the book it holds as one JSON line ({bids, asks, hash, events}), and exits when its input closes.
// Usage: node clob-market-live.mjs <clob url> <clob ws url> <token id>
import { createPublicClient, forkEnvironmentConfig } from "@polymarket/client";
import { createInterface } from "node:readline";
import { WebSocket as NodeWebSocket } from "ws";

globalThis.WebSocket ??= NodeWebSocket;

const [clob, ws, token] = process.argv.slice(2);
if (!clob || !ws || !token) {
  console.error("usage: node clob-market-live.mjs <clob url> <clob ws url> <token id>");
  process.exit(2);
}
const environment = forkEnvironmentConfig({ clob: { rest: clob, market: { ws: `${ws}/ws/market` } } });
const client = createPublicClient({ environment });
const stream = await client.subscribe([{ topic: "market", tokenIds: [token], customFeatureEnabled: true }]);

const bids = new Map();
const asks = new Map();
let hash = null;
let ready = false;
const counts = {};
const reading = (async () => {
  for await (const e of stream) {
    counts[e.type] = (counts[e.type] ?? 0) + 1;
    if (e.type === "book" && e.payload.tokenId === token) {
      bids.clear();
      asks.clear();
      for (const l of e.payload.bids) bids.set(String(l.price), String(l.size));
      for (const l of e.payload.asks) asks.set(String(l.price), String(l.size));
      hash = e.payload.hash ?? null;
      if (!ready) {
        ready = true;
        console.log(JSON.stringify({ ready: true }));
      }
    } else if (e.type === "price_change") {
      for (const c of e.payload.priceChanges) {
        if (c.tokenId !== token) continue;
        const side = String(c.side).toUpperCase() === "BUY" ? bids : asks;
        if (Number(c.size) === 0) side.delete(String(c.price));
        else side.set(String(c.price), String(c.size));
        hash = c.hash ?? hash;
      }
    }
  }
})();

const levels = (m) => [...m.entries()].map(([price, size]) => ({ price, size }));
const input = createInterface({ input: process.stdin });
input.on("line", () => console.log(JSON.stringify({ bids: levels(bids), asks: levels(asks), hash, events: counts })));
await new Promise((resolve) => input.on("close", resolve));
await stream.close?.();
await Promise.race([reading, new Promise((r) => setTimeout(r, 1000))]);
process.exit(0);
