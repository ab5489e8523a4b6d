package org.marketlab.sandbox.contracts;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Every selector and event topic the node dispatches on is the Keccak-256 of its signature (web3j's). */
class AbiTest {

    @Test
    void selectorsAndTopicsAreTheSignaturesHashes() {
        Map<String, String> selectors = Map.ofEntries(
                Map.entry("balanceOf(address)", Abi.BALANCE_OF), Map.entry("allowance(address,address)", Abi.ALLOWANCE),
                Map.entry("decimals()", Abi.DECIMALS), Map.entry("totalSupply()", Abi.TOTAL_SUPPLY), Map.entry("symbol()", Abi.SYMBOL),
                Map.entry("name()", Abi.NAME), Map.entry("approve(address,uint256)", Abi.APPROVE), Map.entry("transfer(address,uint256)", Abi.TRANSFER),
                Map.entry("balanceOf(address,uint256)", Abi.BALANCE_OF_1155), Map.entry("balanceOfBatch(address[],uint256[])", Abi.BALANCE_OF_BATCH),
                Map.entry("isApprovedForAll(address,address)", Abi.IS_APPROVED_FOR_ALL), Map.entry("setApprovalForAll(address,bool)", Abi.SET_APPROVAL_FOR_ALL),
                Map.entry("getOutcomeSlotCount(bytes32)", Abi.OUTCOME_SLOT_COUNT), Map.entry("payoutDenominator(bytes32)", Abi.PAYOUT_DENOMINATOR),
                Map.entry("payoutNumerators(bytes32,uint256)", Abi.PAYOUT_NUMERATORS),
                Map.entry("splitPosition(address,bytes32,bytes32,uint256[],uint256)", Abi.SPLIT_POSITION),
                Map.entry("mergePositions(address,bytes32,bytes32,uint256[],uint256)", Abi.MERGE_POSITIONS),
                Map.entry("redeemPositions(address,bytes32,bytes32,uint256[])", Abi.REDEEM_POSITIONS),
                Map.entry("deposit(address,uint256,address)", Abi.DEPOSIT));
        selectors.forEach((signature, selector) -> assertEquals(Abi.keccak(signature, 4), selector, signature));
        Map<String, String> topics = Map.of("Approval(address,address,uint256)", Abi.APPROVAL_EVENT,
                "Transfer(address,address,uint256)", Abi.TRANSFER_EVENT, "ApprovalForAll(address,address,bool)", Abi.APPROVAL_FOR_ALL_EVENT,
                "TransferSingle(address,address,address,uint256,uint256)", Abi.TRANSFER_SINGLE_EVENT);
        topics.forEach((signature, topic) -> assertEquals(Abi.keccak(signature, 32), topic, signature));
    }
}
