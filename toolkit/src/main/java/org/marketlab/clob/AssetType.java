package org.marketlab.clob;

/** What a balance-allowance read is about: the collateral (USDC), or one outcome token. */
public enum AssetType {
    COLLATERAL, CONDITIONAL
}
