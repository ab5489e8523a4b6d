// Drives a perpetuals session of the official @polymarket/client against given hosts (the sandbox) and prints
// what it saw as one JSON line. The SDK authenticates to the order book (L1), registers a proxy (owner-signed
// CreateProxy), checks its credentials, connects and authenticates the real-time channel, pages through the
// withdrawals and funding history, lists the open orders, cancels one over the channel (a proxy-signed Op),
// reads the portfolio, revokes the proxy (the owner's Op over ["deleteProxy",[proxy]]) and tries a read after.
// Usage: node perps-session.mjs <clob url> <perps url> <perps ws url> <owner private key>
import { createSecureClient, forkEnvironmentConfig } from "@polymarket/client";
import { signerFrom } from "@polymarket/client/viem";
import { createWalletClient, http } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { polygon } from "viem/chains";
import { WebSocket as NodeWebSocket } from "ws";

// Node 20 has no global WebSocket (Node 22 does); the SDK expects the standard one.
globalThis.WebSocket ??= NodeWebSocket;

const [clob, perps, ws, key] = process.argv.slice(2);
if (!clob || !perps || !ws || !key) {
  console.error("usage: node perps-session.mjs <clob url> <perps url> <perps ws url> <owner private key>");
  process.exit(2);
}
const account = privateKeyToAccount(key);
const wallet = createWalletClient({ account, chain: polygon, transport: http("http://127.0.0.1:9") });
const environment = forkEnvironmentConfig({ clob: { rest: clob }, perps: { rest: perps, ws: `${ws}/v1/ws` } });
const client = await createSecureClient({ signer: signerFrom(wallet), wallet: account.address, environment });
const session = await client.openPerpsSession({ label: "official client" });
const out = { owner: account.address, proxy: session.credentials?.proxy, expiresAt: session.credentials?.expiresAt };

// Every page, with the SDK's own paging (start 0: the whole history, not its default 90 days).
async function all(paginated) {
  const items = [];
  let pages = 0;
  for await (const page of paginated) {
    pages++;
    items.push(...page.items);
  }
  return { items, pages };
}

async function attempt(name, f) {
  try {
    out[name] = await f();
  } catch (e) {
    out[`${name}Error`] = String(e?.message ?? e);
  }
}

await attempt("withdrawals", async () => {
  const { items, pages } = await all(session.listWithdrawals({ start: 0 }));
  return { ids: items.map((w) => Number(w.withdrawalId)), pages };
});
await attempt("pendingWithdrawals", async () =>
  (await all(session.listWithdrawals({ start: 0, withdrawalStatus: "pending" }))).items.map((w) => Number(w.withdrawalId)));
await attempt("funding", async () => {
  const { items, pages } = await all(session.listFundingPayments({ start: 0 }));
  return { count: items.length, pages, keys: new Set(items.map((f) => `${f.instrumentId}:${f.timestamp}`)).size };
});
await attempt("fundingLargestInstrument", async () =>
  (await all(session.listFundingPayments({ start: 0, instrumentId: 4294967295 }))).items.length);
await attempt("openOrders", async () => (await session.fetchOpenOrders()).map((o) => Number(o.id)));
await attempt("cancel", async () => {
  const oid = out.openOrders[0];
  const [result] = await session.cancelOrders({ orderIds: [oid] });
  return { oid, status: result.status, orderId: Number(result.orderId) };
});
await attempt("positions", async () => (await session.fetchPortfolio()).positions.length);
await attempt("revoked", async () => {
  await client.revokePerpsCredentials({ proxy: session.credentials.proxy });
  return true;
});
await attempt("afterRevoke", async () => (await session.fetchPortfolio()).positions.length);

// The key and the secret stay in the SDK: nothing secret is printed.
console.log(JSON.stringify(out, (k, v) => (typeof v === "bigint" ? v.toString() : v)));
await session.close?.();
process.exit(0);
