// Lists a wallet's positions through the official @polymarket/client (its Data API reads: listPositions on
// GET /positions and listClosedPositions on GET /closed-positions, both paged by the client's own offset cursor)
// against a Data API host given on the command line, and prints them as JSON for the Java interop test.
//
// Usage: node data-positions.mjs <data host> <address>
import { createPublicClient, forkEnvironmentConfig } from "@polymarket/client";

const [data, user] = process.argv.slice(2);
if (!data || !user) {
  console.error("usage: node data-positions.mjs <data host> <address>");
  process.exit(2);
}
const client = createPublicClient({ environment: forkEnvironmentConfig({ data: { rest: data } }) });
const out = { open: [], closed: [] };
for await (const page of client.listPositions({ user, sizeThreshold: 0, pageSize: 100 })) out.open.push(...page.items);
for await (const page of client.listClosedPositions({ user, pageSize: 50 })) out.closed.push(...page.items);
console.log(JSON.stringify(out));
