package org.marketlab.sandbox.clob;

import org.marketlab.sandbox.contracts.DepositWallet;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.marketlab.sandbox.contracts.DepositWallet.address;
import static org.marketlab.sandbox.contracts.DepositWallet.cat;
import static org.marketlab.sandbox.contracts.DepositWallet.keccak;
import static org.marketlab.sandbox.contracts.DepositWallet.word;

/**
 * The sandbox's own EIP-712 verification (it shares no code with the toolkit's signing, so a mistake there
 * shows here as a refused signature): the order book's L1 authentication digest, and signer recovery with web3j.
 */
public final class TypedData {

    private TypedData() {
    }

    static byte[] domain(String name) {
        return Hash.sha3(cat(keccak("EIP712Domain(string name,string version,uint256 chainId)"), keccak(name), keccak("1"),
                word(BigInteger.valueOf(137))));
    }

    /**
     * The order book's L1 authentication: {@code ClobAuth(address address,string timestamp,uint256 nonce,string message)}
     * in the domain {@code ClobAuthDomain}.
     */
    public static byte[] clobAuth(String address, String timestamp, BigInteger nonce, String message) {
        return digest("ClobAuthDomain", Hash.sha3(cat(keccak("ClobAuth(address address,string timestamp,uint256 nonce,string message)"),
                address(address), keccak(timestamp), word(nonce), keccak(message))));
    }

    /** The current exchanges (V2): the exchange, and the neg-risk exchange. */
    public static final String EXCHANGE = "0xe111180000d2663c0091e4f400237545b87b996b";
    public static final String NEG_RISK_EXCHANGE = "0xe2222d279d744050d28e00520010520000310f59";

    /**
     * The digest of a V2 order, {@code Order(uint256 salt,address maker,address signer,uint256 tokenId,uint256 makerAmount,
     * uint256 takerAmount,uint8 side,uint8 signatureType,uint256 timestamp,bytes32 metadata,bytes32 builder)} in the domain
     * {@code {name: "Polymarket CTF Exchange", version: "2", chainId: 137, verifyingContract}}; side 0 BUY, 1 SELL.
     */
    public static byte[] order(String verifyingContract, BigInteger salt, String maker, String signer, BigInteger tokenId, BigInteger makerAmount,
                               BigInteger takerAmount, int side, int signatureType, BigInteger timestamp, String metadata, String builder) {
        return order("2", verifyingContract, salt, maker, signer, tokenId, makerAmount, takerAmount, side, signatureType, timestamp, metadata, builder);
    }

    /**
     * The digest of an order in the exchange domain of protocol {@code version}: {@code "2"} for the order book's
     * exchanges, {@code "3"} for the combination exchange the RFQ gateway settles on.
     */
    public static byte[] order(String version, String verifyingContract, BigInteger salt, String maker, String signer, BigInteger tokenId,
                               BigInteger makerAmount, BigInteger takerAmount, int side, int signatureType, BigInteger timestamp,
                               String metadata, String builder) {
        byte[] domain = exchangeDomain(version, verifyingContract);
        byte[] struct = Hash.sha3(cat(keccak("Order(uint256 salt,address maker,address signer,uint256 tokenId,uint256 makerAmount,"
                        + "uint256 takerAmount,uint8 side,uint8 signatureType,uint256 timestamp,bytes32 metadata,bytes32 builder)"),
                word(salt), address(maker), address(signer), word(tokenId), word(makerAmount), word(takerAmount), word(BigInteger.valueOf(side)),
                word(BigInteger.valueOf(signatureType)), word(timestamp), bytes32(metadata), bytes32(builder)));
        return Hash.sha3(cat(new byte[]{0x19, 0x01}, domain, struct));
    }

    private static final String ORDER_TYPE = "Order(uint256 salt,address maker,address signer,uint256 tokenId,uint256 makerAmount,"
            + "uint256 takerAmount,uint8 side,uint8 signatureType,uint256 timestamp,bytes32 metadata,bytes32 builder)";
    private static final byte[] TYPED_DATA_SIGN = keccak("TypedDataSign(Order contents,string name,string version,uint256 chainId,"
            + "address verifyingContract,bytes32 salt)" + ORDER_TYPE);

    /**
     * The owner that signed a {@code POLY_1271} order for the deposit wallet {@code wallet}: the order's signature is an
     * ERC-7739 nested typed-data signature (the owner's 65-byte signature over {@code TypedDataSign(Order contents, ...)}
     * in the deposit wallet's domain {@code DepositWallet}/{@code 1}, then the exchange's domain separator, the order's
     * struct hash, the type string and its length), as the official V2 clients make it. Null when the signature is not one,
     * wraps another order, names another exchange, or does not recover.
     */
    public static String depositWalletOwner(String verifyingContract, BigInteger salt, String maker, String wallet, BigInteger tokenId,
                                            BigInteger makerAmount, BigInteger takerAmount, int side, BigInteger timestamp, String metadata,
                                            String builder, String signature) {
        return depositWalletOwner("2", verifyingContract, salt, maker, wallet, tokenId, makerAmount, takerAmount, side, timestamp, metadata,
                builder, signature);
    }

    /** {@link #depositWalletOwner} for an order in the exchange domain of protocol {@code version}. */
    public static String depositWalletOwner(String version, String verifyingContract, BigInteger salt, String maker, String wallet,
                                            BigInteger tokenId, BigInteger makerAmount, BigInteger takerAmount, int side, BigInteger timestamp,
                                            String metadata, String builder, String signature) {
        byte[] sig;
        try {
            sig = Numeric.hexStringToByteArray(signature);
        } catch (RuntimeException e) {
            return null;
        }
        byte[] typeBytes = ORDER_TYPE.getBytes(StandardCharsets.UTF_8);
        if (sig.length != 65 + 32 + 32 + typeBytes.length + 2) return null;
        byte[] inner = Arrays.copyOfRange(sig, 0, 65);
        byte[] appDomain = Arrays.copyOfRange(sig, 65, 97);
        byte[] contents = Arrays.copyOfRange(sig, 97, 129);
        byte[] domain = exchangeDomain(version, verifyingContract);
        byte[] struct = Hash.sha3(cat(keccak(ORDER_TYPE), word(salt), address(maker), address(wallet), word(tokenId), word(makerAmount),
                word(takerAmount), word(BigInteger.valueOf(side)), word(BigInteger.valueOf(3)), word(timestamp), bytes32(metadata), bytes32(builder)));
        if (!Arrays.equals(appDomain, domain) || !Arrays.equals(contents, struct)) return null;
        if (!Arrays.equals(Arrays.copyOfRange(sig, 129, 129 + typeBytes.length), typeBytes)) return null;
        byte[] signStruct = Hash.sha3(cat(TYPED_DATA_SIGN, struct, keccak("DepositWallet"), keccak("1"), word(BigInteger.valueOf(137)),
                address(wallet), new byte[32]));
        return signer(Hash.sha3(cat(new byte[]{0x19, 0x01}, domain, signStruct)), Numeric.toHexString(inner));
    }

    private static byte[] exchangeDomain(String version, String verifyingContract) {
        return Hash.sha3(cat(keccak("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"),
                keccak("Polymarket CTF Exchange"), keccak(version), word(BigInteger.valueOf(137)), address(verifyingContract)));
    }

    private static byte[] bytes32(String hex) {
        byte[] b = Numeric.hexStringToByteArray(hex);
        if (b.length != 32) throw new IllegalArgumentException("bytes32 needs 32 bytes");
        return b;
    }

    private static byte[] digest(String domainName, byte[] struct) {
        return Hash.sha3(cat(new byte[]{0x19, 0x01}, domain(domainName), struct));
    }

    /** The lower-case address that signed {@code digest}, or null when the signature does not recover. */
    public static String signer(byte[] digest, String signature) {
        return DepositWallet.signer(digest, signature);
    }
}
