// Listens to the perpetuals real-time channel with the official @polymarket/client against given hosts (the
// sandbox): opens a session (which authenticates and subscribes), prints {"ready":true} as its first line, records
// every event the SDK yields until its standard input closes, then prints them as one JSON line and exits.
// Usage: node perps-live.mjs <clob url> <perps url> <perps ws url> <owner private key>
import { createSecureClient, forkEnvironmentConfig } from "@polymarket/client";
import { signerFrom } from "@polymarket/client/viem";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { polygon } from "viem/chains";
import { WebSocket as NodeWebSocket } from "ws";

globalThis.WebSocket ??= NodeWebSocket;

const [clob, perps, ws, key] = process.argv.slice(2);
if (!clob || !perps || !ws || !key) {
  console.error("usage: node perps-live.mjs <clob url> <perps url> <perps ws url> <owner private key>");
  process.exit(2);
}
const account = privateKeyToAccount(key);
const wallet = createWalletClient({ account, chain: polygon, transport: http("http://127.0.0.1:9") });
const environment = forkEnvironmentConfig({ clob: { rest: clob }, perps: { rest: perps, ws: `${ws}/v1/ws` } });
const client = await createSecureClient({ signer: signerFrom(wallet), wallet: account.address, environment });
const session = await client.openPerpsSession({ label: "official live" });

// Numbers as numbers (ids may be bigints, times Dates), decimals as the strings they arrived as.
const num = (v) => (v instanceof Date ? v.getTime() : typeof v === "bigint" ? Number(v) : Number(v));
const str = (v) => (v === undefined || v === null ? null : String(v));
function summary(e) {
  const p = e.payload;
  switch (e.type) {
    case "order":
      return { ch: e.channel, sq: num(e.sequence), oid: num(p.id), status: p.status, p: str(p.price), rest: str(p.restingQuantity),
        fill: str(p.filledQuantity), uts: num(p.updatedTimestamp) };
    case "fill":
      return { ch: e.channel, sq: num(e.sequence), tids: p.map((f) => num(f.tradeId)), qty: p.map((f) => str(f.quantity)) };
    case "portfolio":
      return { ch: e.channel, sq: num(e.sequence), ts: num(p.timestamp), value: str(p.margin.totalAccountValue) };
    default:
      return { type: e.type, reason: e.reason ?? null, ch: e.channel ?? null };
  }
}

const events = [];
const reading = (async () => {
  for await (const e of session) events.push(summary(e));
})();
console.log(JSON.stringify({ ready: true }));
process.stdin.resume();
await new Promise((resolve) => process.stdin.on("end", resolve));
console.log(JSON.stringify({ events }));
await session.close?.();
await Promise.race([reading, new Promise((r) => setTimeout(r, 1000))]);
process.exit(0);
