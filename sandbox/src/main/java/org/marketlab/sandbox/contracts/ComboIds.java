package org.marketlab.sandbox.contracts;

import org.web3j.abi.FunctionEncoder;
import org.web3j.abi.datatypes.DynamicArray;
import org.web3j.abi.datatypes.DynamicBytes;
import org.web3j.abi.datatypes.generated.Uint256;
import org.web3j.crypto.Hash;
import org.web3j.utils.Numeric;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

/**
 * Protocol-v2 position ids and the combination (combo) ids derived from a combo's legs.
 *
 * <p>A protocol-v2 YES/NO position id is a 32-byte word: a 31-byte condition id whose first byte names the module
 * (1 binary market, 2 neg-risk market, 3 combination), then one byte, the outcome index (0 YES, 1 NO). A combo's
 * condition id is the module byte {@code 03}, the low 16 bytes of
 * {@code keccak256(abi.encode(uint256 3, abi.encode(uint256[] legs)))} with the legs sorted ascending, and 14 zero
 * bytes. These are the rules the official {@code polymarket-client} applies when it merges or splits a combo; the
 * sandbox derives the ids it lists, quotes and holds with the same rules, so what a client computes and what the
 * sandbox answers agree.
 */
public final class ComboIds {

    /** The combination module's id, the first byte of a combo's condition id. */
    public static final int COMBO_MODULE = 3;
    /** At most this many legs make one combo. */
    public static final int MAX_LEGS = 50;

    private ComboIds() {
    }

    /** The YES (outcome 0) or NO (outcome 1) position id of a 31-byte protocol-v2 condition id. */
    public static BigInteger positionId(String conditionId, int outcomeIndex) {
        if (outcomeIndex != 0 && outcomeIndex != 1) {
            throw new IllegalArgumentException("outcome index must be 0 (YES) or 1 (NO), got " + outcomeIndex);
        }
        byte[] condition = Numeric.hexStringToByteArray(conditionId);
        if (condition.length != 31) {
            throw new IllegalArgumentException("a protocol-v2 condition id is 31 bytes, got " + condition.length + ": " + conditionId);
        }
        return new BigInteger(1, condition).shiftLeft(8).or(BigInteger.valueOf(outcomeIndex));
    }

    /**
     * The combo condition id (31 bytes, {@code 0x03…}) of the given legs, each a binary or neg-risk YES/NO position
     * id; refuses an empty or oversized list, a leg of another module or outcome, a repeated leg and both outcomes of
     * one condition.
     */
    public static String comboConditionId(List<BigInteger> legs) {
        if (legs.isEmpty() || legs.size() > MAX_LEGS) {
            throw new IllegalArgumentException("a combo has 1 to " + MAX_LEGS + " legs, got " + legs.size());
        }
        List<BigInteger> sorted = new ArrayList<>(legs);
        sorted.sort(null);
        BigInteger previous = null;
        for (BigInteger leg : sorted) {
            if (leg.signum() < 0 || leg.bitLength() > 256) {
                throw new IllegalArgumentException("a leg is a uint256 position id, got " + leg);
            }
            int module = leg.shiftRight(248).intValue();
            int outcome = leg.intValue() & 0xff;
            if ((module != 1 && module != 2) || outcome > 1) {
                throw new IllegalArgumentException("combo legs are binary or neg-risk YES/NO position ids, got " + leg);
            }
            if (previous != null && previous.equals(leg)) {
                throw new IllegalArgumentException("combo legs must not repeat a position id: " + leg);
            }
            if (previous != null && previous.shiftRight(8).equals(leg.shiftRight(8))) {
                throw new IllegalArgumentException("combo legs must not hold both outcomes of one condition: " + leg);
            }
            previous = leg;
        }
        List<Uint256> words = sorted.stream().map(Uint256::new).toList();
        byte[] encodedLegs = Numeric.hexStringToByteArray(
                FunctionEncoder.encodeConstructor(List.of(new DynamicArray<>(Uint256.class, words))));
        byte[] hash = Hash.sha3(Numeric.hexStringToByteArray(FunctionEncoder.encodeConstructor(
                List.of(new Uint256(COMBO_MODULE), new DynamicBytes(encodedLegs)))));
        byte[] condition = new byte[31];
        condition[0] = (byte) COMBO_MODULE;
        System.arraycopy(hash, 16, condition, 1, 16);
        return Numeric.toHexString(condition);
    }
}
