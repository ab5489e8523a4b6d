// Opens an order-book account through the official @polymarket/clob-client-v2 against a host given on the
// command line and prints what it read as JSON (the Java interop test compares it with the sandbox's own rows):
// create-or-derive of the API key (L1, EIP-712 ClobAuth), then with L2 HMAC headers the key list, every open
// order, every trade (the client walks the cursor from MA== to LTE=), one order by id, and the collateral and
// one outcome token's balance and allowance; finally a tampered secret, which the server must refuse.
//
// Usage: node clob-account.mjs <host> <private key | demo:N> [<token id>]
//   demo:N is the toolkit's Wallet.demo(N): the key is keccak256 of "marketlab demo account N".
import { ClobClient, Chain, AssetType } from "@polymarket/clob-client-v2";
import { Wallet, keccak256, toUtf8Bytes } from "ethers";

const [host, keyArg, token] = process.argv.slice(2);
if (!host || !keyArg) {
  console.error("usage: node clob-account.mjs <host> <private key | demo:N> [<token id>]");
  process.exit(2);
}
const key = keyArg.startsWith("demo:") ? keccak256(toUtf8Bytes(`marketlab demo account ${keyArg.slice(5)}`)) : keyArg;
const wallet = new Wallet(key);
// The client signs with ethers v5's _signTypedData; ethers v6 names it signTypedData.
const signer = {
  getAddress: async () => wallet.address,
  _signTypedData: (domain, types, value) => wallet.signTypedData(domain, types, value),
};

const l1 = new ClobClient({ host, chain: Chain.POLYGON, signer });
const creds = await l1.createOrDeriveApiKey();
const client = new ClobClient({ host, chain: Chain.POLYGON, signer, creds });

const out = { address: wallet.address, key: creds.key };
out.apiKeys = await client.getApiKeys();
out.orders = await client.getOpenOrders();
out.order = out.orders.length > 0 ? await client.getOrder(out.orders[0].id) : null;
out.trades = await client.getTrades();
out.firstTradePage = await client.getTradesPaginated({});
out.collateral = await client.getBalanceAllowance({ asset_type: AssetType.COLLATERAL });
if (token) out.conditional = await client.getBalanceAllowance({ asset_type: AssetType.CONDITIONAL, token_id: token });

// A tampered secret: the client reports the refusal as {error, status} rather than throwing.
const bad = new ClobClient({ host, chain: Chain.POLYGON, signer, creds: { ...creds, secret: Buffer.from("not the secret").toString("base64url") } });
out.tampered = await bad.getApiKeys();
console.log(JSON.stringify(out));
