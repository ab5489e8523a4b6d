// Opens a perpetuals session with the official @polymarket/client against given hosts (the sandbox): the SDK
// authenticates to the order book (L1), registers a proxy (owner-signed CreateProxy), checks its credentials,
// connects the real-time channel, and reads the account. Prints JSON.
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
const session = await client.openPerpsSession();
const out = { owner: account.address, proxy: session.credentials?.proxy, expiresAt: session.credentials?.expiresAt };
try {
  const page = await session.listWithdrawals({});
  const first = page.firstPage ? await page.firstPage() : page;
  out.withdrawals = (first.items ?? first.data ?? []).length;
} catch (e) {
  out.withdrawalsError = String(e.message ?? e);
}
try {
  const portfolio = await session.fetchPortfolio();
  out.positions = (portfolio.positions ?? []).length;
} catch (e) {
  out.portfolioError = String(e.message ?? e);
}
// The key and the secret stay in the SDK: nothing secret is printed.
console.log(JSON.stringify(out, (k, v) => (typeof v === "bigint" ? v.toString() : v)));
await session.close?.();
process.exit(0);
