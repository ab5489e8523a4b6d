// Push-to-view lag of the official @polymarket/client on the order book's market channel, for scripts/bench bookLag:
// follows the given tokens with its subscription helper against given hosts (the sandbox), and for every book and
// price-change event records the time from the message's timestamp (the matching engine's clock at the change) to
// the moment the event reaches this script. Prints {"ready":true} once every token's first book is in; when its
// standard input closes, prints {"lags": [ms, ...]} and exits.
// Usage: node clob-market-lag.mjs <clob url> <clob ws url> <token id>...
import { createPublicClient, forkEnvironmentConfig } from "@polymarket/client";
import { WebSocket as NodeWebSocket } from "ws";

globalThis.WebSocket ??= NodeWebSocket;

const [clob, ws, ...tokens] = process.argv.slice(2);
if (!clob || !ws || tokens.length === 0) {
  console.error("usage: node clob-market-lag.mjs <clob url> <clob ws url> <token id>...");
  process.exit(2);
}
const environment = forkEnvironmentConfig({ clob: { rest: clob, market: { ws: `${ws}/ws/market` } } });
const client = createPublicClient({ environment });
const stream = await client.subscribe([{ topic: "market", tokenIds: tokens, customFeatureEnabled: true }]);

const millis = (t) => (t instanceof Date ? t.getTime() : typeof t === "string" ? Number(t) : t);
const seen = new Set();
let lags = [];
let ready = false;
const reading = (async () => {
  for await (const e of stream) {
    const now = Date.now();
    if (e.type !== "book" && e.type !== "price_change") continue;
    const stamp = millis(e.payload.timestamp);
    if (Number.isFinite(stamp)) lags.push(now - stamp);
    if (e.type === "book") seen.add(e.payload.tokenId);
    if (!ready && tokens.every((t) => seen.has(t))) {
      ready = true;
      lags = [];
      console.log(JSON.stringify({ ready: true }));
    }
  }
})();

process.stdin.resume();
await new Promise((resolve) => process.stdin.on("end", resolve));
console.log(JSON.stringify({ lags }));
await stream.close?.();
await Promise.race([reading, new Promise((r) => setTimeout(r, 1000))]);
process.exit(0);
