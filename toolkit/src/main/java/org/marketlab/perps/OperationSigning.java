package org.marketlab.perps;

import org.marketlab.signing.Eip712;
import org.msgpack.core.MessageBufferPacker;
import org.msgpack.core.MessagePack;
import org.web3j.crypto.Hash;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * What the perpetuals interface signs: the EIP-712 digests of {@code CreateProxy}, {@code DeleteProxy} (the
 * sandbox's choice; the specification does not show it) and {@code Op}, in the domain
 * {@code {name, version "1", chainId}} without a verifying contract; and the MessagePack of the compact
 * operations whose keccak an {@code Op} carries.
 */
public final class OperationSigning {

    private OperationSigning() {
    }

    public static byte[] createProxy(String domainName, long chainId, String proxy, long expiry, long salt, long ts) {
        return Eip712.digest(Eip712.domainSeparator(domainName, "1", chainId),
                Eip712.structHash("CreateProxy(address addr,uint64 exp,uint64 salt,uint64 ts)",
                        Eip712.address(proxy), Eip712.uint(expiry), Eip712.uint(salt), Eip712.uint(ts)));
    }

    public static byte[] deleteProxy(String domainName, long chainId, String proxy, long salt, long ts) {
        return Eip712.digest(Eip712.domainSeparator(domainName, "1", chainId),
                Eip712.structHash("DeleteProxy(address addr,uint64 salt,uint64 ts)", Eip712.address(proxy), Eip712.uint(salt), Eip712.uint(ts)));
    }

    /** The digest a proxy signs for an operation whose compact MessagePack is {@code msgpack}. */
    public static byte[] op(String domainName, long chainId, byte[] msgpack, long salt, long ts) {
        return Eip712.digest(Eip712.domainSeparator(domainName, "1", chainId),
                Eip712.structHash("Op(bytes32 data,uint64 salt,uint64 ts)", Eip712.bytes32(Hash.sha3(msgpack)), Eip712.uint(salt), Eip712.uint(ts)));
    }

    /** {@code ["modifyOrdersCOID", [[coid, p, qty], ...]]}, each entry {coid, price, quantity} as text. */
    public static byte[] modifyOrders(List<String[]> entries) {
        try (MessageBufferPacker pk = MessagePack.newDefaultBufferPacker()) {
            pk.packArrayHeader(2).packString("modifyOrdersCOID").packArrayHeader(entries.size());
            for (String[] e : entries) pk.packArrayHeader(3).packString(e[0]).packString(e[1]).packString(e[2]);
            return pk.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** {@code ["cancelOrders", [oid, ...]]}. */
    public static byte[] cancelOrders(List<Long> oids) {
        try (MessageBufferPacker pk = MessagePack.newDefaultBufferPacker()) {
            pk.packArrayHeader(2).packString("cancelOrders").packArrayHeader(oids.size());
            for (long id : oids) pk.packLong(id);
            return pk.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
