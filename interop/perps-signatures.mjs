// Checks the toolkit's perpetuals signing against ethers and the MessagePack encoder the official
// @polymarket/client uses. Reads one JSON request from argv[2] and prints one JSON answer.
//   {"verify": {domainName, primaryType, message, signature}}     -> {"signer": address recovered by ethers}
//   {"sign": {domainName, primaryType, message, privateKey}}      -> {"signature": ethers' signature}
//   {"msgpack": <JSON array>}                                      -> {"hex": @msgpack/msgpack encoding,
//                                                                      "keccak": keccak-256 of it (an Op's data)}
import { keccak256, verifyTypedData, Wallet } from "ethers";
import { encode } from "@msgpack/msgpack";

const TYPES = {
  CreateProxy: [
    { name: "addr", type: "address" }, { name: "exp", type: "uint64" },
    { name: "salt", type: "uint64" }, { name: "ts", type: "uint64" },
  ],
  Op: [{ name: "data", type: "bytes32" }, { name: "salt", type: "uint64" }, { name: "ts", type: "uint64" }],
};

const req = JSON.parse(process.argv[2]);
const domain = (name) => ({ name, version: "1", chainId: 137 });
if (req.verify) {
  const v = req.verify;
  const types = { [v.primaryType]: TYPES[v.primaryType] };
  console.log(JSON.stringify({ signer: verifyTypedData(domain(v.domainName), types, v.message, v.signature) }));
} else if (req.sign) {
  const s = req.sign;
  const types = { [s.primaryType]: TYPES[s.primaryType] };
  const signature = await new Wallet(s.privateKey).signTypedData(domain(s.domainName), types, s.message);
  console.log(JSON.stringify({ signature }));
} else if (req.msgpack) {
  const bytes = encode(req.msgpack);
  console.log(JSON.stringify({ hex: Buffer.from(bytes).toString("hex"), keccak: keccak256(bytes) }));
} else {
  console.error("usage: node perps-signatures.mjs '{\"verify\"|\"sign\"|\"msgpack\": ...}'");
  process.exit(2);
}
