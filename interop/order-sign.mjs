// Order signing checked against the official @polymarket/clob-client-v2 and ethers, offline (no server):
// the official OrderBuilder builds and signs each limit and market order of the input (its amounts and its own
// salt, timestamp and signature are printed for the Java test to compare and recover), and every order the toolkit
// signed is hashed and verified with ethers' TypedDataEncoder and verifyTypedData in its own domain.
//
// Usage: node order-sign.mjs <input.json>
//   input: {key: "demo:N" | private key, limits: [{tokenID, price, size, side, tickSize, negRisk}],
//           markets: [{tokenID, amount, price, side, tickSize, negRisk, orderType}],
//           toolkit: [{order: {…the toolkit's order json…}, domain: {name, version, chainId, verifyingContract}}],
//           v1: {order: {…a legacy signed order…}, domain}}
import { readFileSync } from "node:fs";
import { OrderBuilder, Chain, SignatureTypeV2, Side, OrderType } from "@polymarket/clob-client-v2";
import { Wallet, keccak256, toUtf8Bytes, verifyTypedData, TypedDataEncoder } from "ethers";

const input = JSON.parse(readFileSync(process.argv[2], "utf8"));
const key = input.key.startsWith("demo:") ? keccak256(toUtf8Bytes(`marketlab demo account ${input.key.slice(5)}`)) : input.key;
const wallet = new Wallet(key);
const signer = {
  getAddress: async () => wallet.address,
  _signTypedData: (domain, types, value) => wallet.signTypedData(domain, types, value),
};
const builder = new OrderBuilder(signer, Chain.POLYGON, SignatureTypeV2.EOA);

const ORDER = [
  { name: "salt", type: "uint256" }, { name: "maker", type: "address" }, { name: "signer", type: "address" },
  { name: "tokenId", type: "uint256" }, { name: "makerAmount", type: "uint256" }, { name: "takerAmount", type: "uint256" },
  { name: "side", type: "uint8" }, { name: "signatureType", type: "uint8" }, { name: "timestamp", type: "uint256" },
  { name: "metadata", type: "bytes32" }, { name: "builder", type: "bytes32" },
];

const out = { address: wallet.address, limits: [], markets: [], toolkit: [] };
for (const c of input.limits ?? []) {
  const o = await builder.buildOrder({ tokenID: c.tokenID, price: c.price, size: c.size, side: c.side === "BUY" ? Side.BUY : Side.SELL },
    { tickSize: c.tickSize, negRisk: c.negRisk }, 2);
  out.limits.push(o);
}
for (const c of input.markets ?? []) {
  const o = await builder.buildMarketOrder({ tokenID: c.tokenID, amount: c.amount, price: c.price, side: c.side === "BUY" ? Side.BUY : Side.SELL,
    orderType: c.orderType === "FAK" ? OrderType.FAK : OrderType.FOK }, { tickSize: c.tickSize, negRisk: c.negRisk }, 2);
  out.markets.push(o);
}
for (const t of input.toolkit ?? []) {
  const o = t.order;
  const value = { salt: String(o.salt), maker: o.maker, signer: o.signer, tokenId: o.tokenId, makerAmount: o.makerAmount,
    takerAmount: o.takerAmount, side: o.side === "BUY" ? 0 : 1, signatureType: o.signatureType, timestamp: o.timestamp,
    metadata: o.metadata, builder: o.builder };
  out.toolkit.push({
    hash: TypedDataEncoder.hash(t.domain, { Order: ORDER }, value),
    recovered: verifyTypedData(t.domain, { Order: ORDER }, value, o.signature),
  });
}
// A legacy (V1) signed order: hashed with its V1 struct in its domain, and recovered when its signature allows.
if (input.v1) {
  const V1 = [["salt", "uint256"], ["maker", "address"], ["signer", "address"], ["taker", "address"], ["tokenId", "uint256"],
    ["makerAmount", "uint256"], ["takerAmount", "uint256"], ["expiration", "uint256"], ["nonce", "uint256"], ["feeRateBps", "uint256"],
    ["side", "uint8"], ["signatureType", "uint8"]].map(([name, type]) => ({ name, type }));
  const o = input.v1.order;
  const value = { ...o, side: o.side === "BUY" || o.side === 0 ? 0 : 1 };
  out.v1 = { hash: TypedDataEncoder.hash(input.v1.domain, { Order: V1 }, value) };
  try {
    out.v1.recovered = verifyTypedData(input.v1.domain, { Order: V1 }, value, o.signature);
  } catch (e) {
    out.v1.error = e.shortMessage ?? e.message;
  }
}
console.log(JSON.stringify(out));
