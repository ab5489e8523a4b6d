package org.marketlab.sandbox.chain;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import org.marketlab.sandbox.contracts.Abi;
import org.marketlab.sandbox.contracts.Chain;
import org.marketlab.sandbox.contracts.Contracts;
import org.marketlab.sandbox.route.Json;
import org.marketlab.sandbox.route.Route;
import org.marketlab.sandbox.route.RouteModule;
import org.web3j.utils.Numeric;

import java.math.BigInteger;

/**
 * A Polygon JSON-RPC node ({@code POST /}, one request or a batch) over the sandbox's {@link Chain}: chain id 137,
 * blocks, the native balance, {@code eth_call} on the collateral, the outcome tokens and the conditional-token
 * framework, gas estimates at one fixed price, nonces, signed raw transactions (decoded and checked with web3j,
 * mined at once) and their receipts with the logs the contracts emit. Errors are JSON-RPC errors as the common nodes
 * give them: {@code 3 "execution reverted: …"} for a revert, {@code -32000} for a refused transaction,
 * {@code -32601} for a method the node does not serve, {@code -32602} for bad parameters, {@code -32700} for a body
 * that is not JSON.
 */
public record RpcApi(Chain chain) implements RouteModule {

    @Route("POST /")
    private void rpc(Context ctx) {
        JsonNode body = Json.readOrNull(ctx.bodyAsBytes());
        if (body == null) {
            Json.send(ctx, error(null, -32700, "parse error: the body is not JSON"));
            return;
        }
        if (body.isArray()) {
            ArrayNode out = Json.array();
            if (body.isEmpty()) {
                Json.send(ctx, error(null, -32600, "empty batch"));
                return;
            }
            for (JsonNode r : body) out.add(answer(r));
            Json.send(ctx, out);
            return;
        }
        Json.send(ctx, answer(body));
    }

    private ObjectNode answer(JsonNode request) {
        JsonNode id = request.get("id");
        if (!request.isObject() || !request.path("method").isTextual()) return error(id, -32600, "invalid request: an object with a method");
        String method = request.get("method").asText();
        JsonNode params = request.path("params");
        try {
            JsonNode result = dispatch(method, params);
            ObjectNode out = envelope(id);
            out.set("result", result);
            return out;
        } catch (Chain.Revert r) {
            ObjectNode e = error(id, 3, "execution reverted: " + r.getMessage());
            ((ObjectNode) e.get("error")).put("data", revertData(r.getMessage()));
            return e;
        } catch (Chain.Rejected r) {
            return error(id, -32000, r.getMessage());
        } catch (Failure f) {
            return error(id, f.code, f.getMessage());
        } catch (ArithmeticException | IllegalArgumentException b) {
            return error(id, -32602, "invalid argument: " + b.getMessage());
        }
    }

    private JsonNode dispatch(String method, JsonNode params) {
        return switch (method) {
            case "eth_chainId" -> text(hex(Contracts.CHAIN_ID));
            case "net_version" -> text(Long.toString(Contracts.CHAIN_ID));
            case "web3_clientVersion" -> text("marketlab-sandbox/polygon");
            case "eth_syncing" -> Json.EXACT.booleanNode(false);
            case "eth_blockNumber" -> text(hex(chain.blockNumber()));
            case "eth_getBlockByNumber" -> block(params);
            case "eth_gasPrice", "eth_maxPriorityFeePerGas" -> text(Numeric.toHexStringWithPrefix(Chain.GAS_PRICE));
            case "eth_getBalance" -> text(Numeric.toHexStringWithPrefix(chain.nativeBalance(address(params, 0))));
            case "eth_getTransactionCount" -> text(hex(chain.nonce(address(params, 0))));
            case "eth_getCode" -> text(Contracts.known(address(params, 0)) ? "0x6080604052" : "0x");
            case "eth_call" -> {
                JsonNode tx = object(params);
                yield text(chain.call(field(tx, "to"), tx.has("data") ? tx.get("data").asText() : tx.path("input").asText("0x")));
            }
            case "eth_estimateGas" -> {
                JsonNode tx = object(params);
                BigInteger value = tx.hasNonNull("value") ? Numeric.toBigInt(tx.get("value").asText()) : BigInteger.ZERO;
                String from = tx.hasNonNull("from") ? tx.get("from").asText() : Abi.ZERO_ADDRESS;
                yield text(hex(chain.estimate(from, field(tx, "to"), tx.has("data") ? tx.get("data").asText() : tx.path("input").asText("0x"), value)));
            }
            case "eth_sendRawTransaction" -> text(chain.send(string(params, 0)));
            case "eth_getTransactionReceipt" -> receipt(chain.mined(string(params, 0)));
            case "eth_getTransactionByHash" -> transaction(chain.mined(string(params, 0)));
            default -> throw new Failure(-32601, "the method " + method + " does not exist/is not available");
        };
    }

    private JsonNode block(JsonNode params) {
        String tag = string(params, 0);
        long latest = chain.blockNumber();
        long n = switch (tag) {
            case "latest", "pending", "safe", "finalized" -> latest;
            case "earliest" -> 0;
            default -> Numeric.toBigInt(tag).longValueExact();
        };
        if (n > latest) return Json.EXACT.nullNode();
        ObjectNode b = Json.object();
        b.put("number", hex(n));
        b.put("hash", chain.blockHash(n));
        b.put("parentHash", chain.blockHash(n - 1));
        b.put("timestamp", hex(chain.blockTime(n)));
        b.put("gasLimit", hex(30_000_000));
        b.put("baseFeePerGas", Numeric.toHexStringWithPrefix(Chain.GAS_PRICE));
        b.put("miner", Abi.ZERO_ADDRESS);
        b.putArray("transactions");
        return b;
    }

    private static JsonNode receipt(Chain.Mined m) {
        if (m == null) return Json.EXACT.nullNode();
        ObjectNode r = Json.object();
        r.put("transactionHash", m.hash());
        r.put("transactionIndex", "0x0");
        r.put("blockNumber", hex(m.block()));
        r.put("from", m.from());
        r.put("to", m.to());
        r.put("status", m.success() ? "0x1" : "0x0");
        r.put("gasUsed", hex(m.gasUsed()));
        r.put("cumulativeGasUsed", hex(m.gasUsed()));
        r.put("effectiveGasPrice", Numeric.toHexStringWithPrefix(Chain.GAS_PRICE));
        r.put("type", "0x0");
        r.putNull("contractAddress");
        ArrayNode logs = r.putArray("logs");
        m.logs().forEach(logs::add);
        r.put("logsBloom", "0x" + "0".repeat(512));
        return r;
    }

    private static JsonNode transaction(Chain.Mined m) {
        if (m == null) return Json.EXACT.nullNode();
        ObjectNode t = Json.object();
        t.put("hash", m.hash());
        t.put("blockNumber", hex(m.block()));
        t.put("transactionIndex", "0x0");
        t.put("from", m.from());
        t.put("to", m.to());
        t.put("nonce", Numeric.toHexStringWithPrefix(m.nonce()));
        t.put("gas", Numeric.toHexStringWithPrefix(m.gas()));
        t.put("gasPrice", Numeric.toHexStringWithPrefix(Chain.GAS_PRICE));
        t.put("value", Numeric.toHexStringWithPrefix(m.value()));
        t.put("input", m.input());
        t.put("chainId", hex(Contracts.CHAIN_ID));
        t.put("type", "0x0");
        return t;
    }

    /** A revert's data as Solidity's {@code Error(string)} encodes it. */
    private static String revertData(String reason) {
        return "0x08c379a0" + Abi.string(reason).substring(2);
    }

    /** A request the node cannot serve: its JSON-RPC error code and message. */
    private static final class Failure extends RuntimeException {
        final int code;

        Failure(int code, String message) {
            super(message);
            this.code = code;
        }

        static Failure badParams(String message) {
            return new Failure(-32602, "invalid argument: " + message);
        }
    }

    private static JsonNode object(JsonNode params) {
        JsonNode tx = params.path(0);
        if (!tx.isObject()) throw Failure.badParams("the first parameter must be a transaction object");
        return tx;
    }

    private static String field(JsonNode tx, String name) {
        JsonNode v = tx.get(name);
        if (v == null || !v.isTextual() || !v.asText().matches("0x[0-9a-fA-F]{40}")) throw Failure.badParams(name + " must be a 0x address of 40 hex digits");
        return v.asText().toLowerCase(java.util.Locale.ROOT);
    }

    private static String string(JsonNode params, int i) {
        JsonNode v = params.path(i);
        if (!v.isTextual()) throw Failure.badParams("parameter " + i + " must be a string");
        return v.asText();
    }

    private static String address(JsonNode params, int i) {
        String a = string(params, i);
        if (!a.matches("0x[0-9a-fA-F]{40}")) throw Failure.badParams("parameter " + i + " must be a 0x address of 40 hex digits");
        return a.toLowerCase(java.util.Locale.ROOT);
    }

    private static JsonNode text(String s) {
        return Json.EXACT.textNode(s);
    }

    private static String hex(long n) {
        return "0x" + Long.toHexString(n);
    }

    private static ObjectNode envelope(JsonNode id) {
        ObjectNode out = Json.object();
        out.put("jsonrpc", "2.0");
        if (id == null) out.putNull("id");
        else out.set("id", id);
        return out;
    }

    private static ObjectNode error(JsonNode id, int code, String message) {
        ObjectNode out = envelope(id);
        ObjectNode e = out.putObject("error");
        e.put("code", code);
        e.put("message", message);
        return out;
    }
}
