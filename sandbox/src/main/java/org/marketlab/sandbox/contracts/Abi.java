package org.marketlab.sandbox.contracts;

import org.web3j.crypto.Hash;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The call data of the contracts' functions (Solidity's ABI: a 4-byte selector, then 32-byte words, dynamic arrays by
 * offset) and the words they answer. The selectors and event topics are the Keccak-256 of the signatures named beside
 * them ({@code ChainTest} recomputes each with web3j).
 */
public final class Abi {

    static final String BALANCE_OF = "0x70a08231";          // balanceOf(address)
    static final String ALLOWANCE = "0xdd62ed3e";           // allowance(address,address)
    static final String DECIMALS = "0x313ce567";            // decimals()
    static final String TOTAL_SUPPLY = "0x18160ddd";        // totalSupply()
    static final String SYMBOL = "0x95d89b41";              // symbol()
    static final String NAME = "0x06fdde03";                // name()
    static final String APPROVE = "0x095ea7b3";             // approve(address,uint256)
    static final String TRANSFER = "0xa9059cbb";            // transfer(address,uint256)
    static final String BALANCE_OF_1155 = "0x00fdd58e";     // balanceOf(address,uint256)
    static final String BALANCE_OF_BATCH = "0x4e1273f4";    // balanceOfBatch(address[],uint256[])
    static final String IS_APPROVED_FOR_ALL = "0xe985e9c5"; // isApprovedForAll(address,address)
    static final String SET_APPROVAL_FOR_ALL = "0xa22cb465"; // setApprovalForAll(address,bool)
    static final String OUTCOME_SLOT_COUNT = "0xd42dc0c2";  // getOutcomeSlotCount(bytes32)
    static final String PAYOUT_DENOMINATOR = "0xdd34de67";  // payoutDenominator(bytes32)
    static final String PAYOUT_NUMERATORS = "0x0504c814";   // payoutNumerators(bytes32,uint256)
    static final String SPLIT_POSITION = "0x72ce4275";      // splitPosition(address,bytes32,bytes32,uint256[],uint256)
    static final String MERGE_POSITIONS = "0x9e7212ad";     // mergePositions(address,bytes32,bytes32,uint256[],uint256)
    static final String REDEEM_POSITIONS = "0x01b7037c";    // redeemPositions(address,bytes32,bytes32,uint256[])
    static final String DEPOSIT = "0xf45346dc";             // deposit(address,uint256,address): the perpetuals' deposit contract

    static final String APPROVAL_EVENT = "0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925";
    static final String TRANSFER_EVENT = "0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";
    static final String APPROVAL_FOR_ALL_EVENT = "0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31";
    static final String TRANSFER_SINGLE_EVENT = "0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62";
    public static final String ZERO_ADDRESS = "0x" + "0".repeat(40);

    private final String hex;

    private Abi(String hex) {
        this.hex = hex;
    }

    /** The call data {@code data} ("0x", a selector, words), checked to be whole words of hex. */
    static Abi of(String data) {
        String h = data == null ? "" : data.toLowerCase(Locale.ROOT);
        if (!h.startsWith("0x") || !h.substring(2).matches("[0-9a-f]*") || (h.length() > 10 && (h.length() - 10) % 64 != 0)) {
            throw new Chain.Revert("malformed call data: 0x, a 4-byte selector, then 32-byte words");
        }
        return new Abi(h.substring(2));
    }

    String selector() {
        return hex.length() < 8 ? "0x" : "0x" + hex.substring(0, 8);
    }

    /** Word {@code i} of the arguments, unsigned. */
    BigInteger word(int i) {
        int from = 8 + 64 * i;
        if (hex.length() < from + 64) throw new Chain.Revert("call data too short: argument " + i + " missing");
        return new BigInteger(hex.substring(from, from + 64), 16);
    }

    String hex32(int i) {
        word(i);
        return "0x" + hex.substring(8 + 64 * i, 8 + 64 * i + 64);
    }

    String address(int i) {
        BigInteger w = word(i);
        if (w.bitLength() > 160) throw new Chain.Revert("argument " + i + " is not an address");
        String h = w.toString(16);
        return "0x" + "0".repeat(40 - h.length()) + h;
    }

    /** The dynamic {@code uint256[]} whose offset is argument {@code i}. */
    List<BigInteger> array(int i) {
        BigInteger offset = word(i);
        if (offset.mod(BigInteger.valueOf(32)).signum() != 0 || offset.bitLength() > 20) throw new Chain.Revert("bad array offset");
        int at = offset.intValue() / 32;
        int n = word(at).intValueExact();
        if (n > 1_000) throw new Chain.Revert("array too long");
        List<BigInteger> out = new ArrayList<>();
        for (int k = 0; k < n; k++) out.add(word(at + 1 + k));
        return out;
    }

    List<String> addresses(int i) {
        List<String> out = new ArrayList<>();
        for (BigInteger w : array(i)) {
            if (w.bitLength() > 160) throw new Chain.Revert("not an address");
            String h = w.toString(16);
            out.add("0x" + "0".repeat(40 - h.length()) + h);
        }
        return out;
    }

    /** One unsigned word. */
    static String words(BigInteger v) {
        return "0x" + word(v);
    }

    private static String word(BigInteger v) {
        String h = v.toString(16);
        return "0".repeat(64 - h.length()) + h;
    }

    /** An encoded {@code uint256[]} answer. */
    static String array(List<BigInteger> values) {
        StringBuilder b = new StringBuilder("0x").append(word(BigInteger.valueOf(32))).append(word(BigInteger.valueOf(values.size())));
        for (BigInteger v : values) b.append(word(v));
        return b.toString();
    }

    /** An encoded {@code string} answer. */
    public static String string(String s) {
        byte[] bytes = s.getBytes(StandardCharsets.UTF_8);
        StringBuilder b = new StringBuilder("0x").append(word(BigInteger.valueOf(32))).append(word(BigInteger.valueOf(bytes.length)));
        StringBuilder data = new StringBuilder();
        for (byte x : bytes) data.append(String.format("%02x", x));
        while (data.length() % 64 != 0) data.append('0');
        return b.append(data).toString();
    }

    /** The selector of a function signature, or the topic of an event's (Keccak-256), for the checks. */
    static String keccak(String signature, int bytes) {
        return Hash.sha3String(signature).substring(0, 2 + 2 * bytes);
    }
}
