package org.marketlab.perps;

import org.marketlab.signing.Eip712;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.web3j.crypto.Hash;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * What the perpetuals interface signs, in the domain {@code {name, version "1", chainId}} without a verifying
 * contract:
 * <ul>
 *   <li>{@code CreateProxy(address addr,uint64 exp,uint64 salt,uint64 ts)}, by the owner;</li>
 *   <li>{@code Op(bytes32 data,uint64 salt,uint64 ts)}, {@code data} the keccak-256 of the MessagePack of the
 *       compact operation: {@code ["modifyOrdersCOID",[[coid,p,qty],...]]} and {@code ["cancelOrders",[oid,...]]}
 *       by the proxy, {@code ["deleteProxy",[proxy]]} by the owner. The specification does not show deleteProxy's
 *       typed data; this is what the official {@code @polymarket/client} signs for it.</li>
 * </ul>
 */
final class OperationSigning {

    private OperationSigning() {
    }

    static byte[] createProxy(String domainName, long chainId, String proxy, long expiry, long salt, long ts) {
        return Eip712.digest(Eip712.domainSeparator(domainName, "1", chainId),
                Eip712.structHash("CreateProxy(address addr,uint64 exp,uint64 salt,uint64 ts)",
                        Eip712.address(proxy), Eip712.uint(expiry), Eip712.uint(salt), Eip712.uint(ts)));
    }

    /** The digest signed for an operation whose compact MessagePack is {@code msgpack}. */
    static byte[] op(String domainName, long chainId, byte[] msgpack, long salt, long ts) {
        return Eip712.digest(Eip712.domainSeparator(domainName, "1", chainId),
                Eip712.structHash("Op(bytes32 data,uint64 salt,uint64 ts)", Eip712.bytes32(Hash.sha3(msgpack)), Eip712.uint(salt), Eip712.uint(ts)));
    }

    /** {@code ["modifyOrdersCOID", [[coid, p, qty], ...]]}, each entry {coid, price, quantity} as sent. */
    static byte[] modifyOrders(List<String[]> entries) {
        return pack(p -> {
            p.packArrayHeader(2).packString("modifyOrdersCOID").packArrayHeader(entries.size());
            for (String[] e : entries) p.packArrayHeader(3).packString(e[0]).packString(e[1]).packString(e[2]);
        });
    }

    /** {@code ["cancelOrders", [oid, ...]]}. */
    static byte[] cancelOrders(List<Long> oids) {
        return pack(p -> {
            p.packArrayHeader(2).packString("cancelOrders").packArrayHeader(oids.size());
            for (long id : oids) p.packLong(id);
        });
    }

    /**
     * {@code ["createOrders", [[iid, buy, p, qty, tif, po, ro, c], ...]]} as the official client signs it: the positional
     * form with its absent members left out (a market order has no {@code p}; {@code ro} only when true; {@code c} only
     * when given).
     */
    static byte[] createOrders(List<NewOrder> orders) {
        return pack(p -> {
            p.packArrayHeader(2).packString("createOrders").packArrayHeader(orders.size());
            for (NewOrder o : orders) {
                int n = 4 + (o.price() != null ? 1 : 0) + (o.timeInForce() != null ? 1 : 0) + (o.reduceOnly() ? 1 : 0) + (o.clientOrderId() != null ? 1 : 0);
                p.packArrayHeader(n).packLong(o.instrumentId()).packBoolean(o.buy());
                if (o.price() != null) p.packString(o.price().toPlainString());
                p.packString(o.quantity().toPlainString());
                if (o.timeInForce() != null) p.packString(o.timeInForce());
                p.packBoolean(o.postOnly());
                if (o.reduceOnly()) p.packBoolean(true);
                if (o.clientOrderId() != null) p.packString(o.clientOrderId());
            }
        });
    }

    /** {@code ["deleteProxy", [proxy]]}, the proxy spelled exactly as in the request body. */
    static byte[] deleteProxy(String proxy) {
        return pack(p -> p.packArrayHeader(2).packString("deleteProxy").packArrayHeader(1).packString(proxy));
    }

    private interface Packing {
        void write(MessageBufferPacker p) throws IOException;
    }

    private static byte[] pack(Packing packing) {
        try (MessageBufferPacker pk = MessagePack.newDefaultBufferPacker()) {
            packing.write(pk);
            return pk.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
