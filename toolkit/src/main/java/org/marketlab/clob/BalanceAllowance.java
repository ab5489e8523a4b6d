package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.marketlab.internal.transport.Document;
import org.marketlab.internal.transport.JsonFields;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code GET /balance-allowance}: the balance in base units (6 decimals for the collateral and for outcome tokens),
 * {@link #balance()} in whole units, and the allowance (collateral) or the allowances by spender (an outcome token).
 *
 * @param tokenId     the outcome token ({@code null} for the collateral)
 * @param baseUnits   the balance as sent
 * @param allowance   the collateral's allowance in base units ({@code null} for an outcome token)
 * @param allowances  an outcome token's allowances in base units by spender address (empty for the collateral)
 */
public record BalanceAllowance(AssetType assetType, String tokenId, BigInteger baseUnits, BigInteger allowance,
                               Map<String, BigInteger> allowances) {

    /** Base units per whole unit of the collateral and of outcome tokens. */
    public static final int DECIMALS = 6;

    public BalanceAllowance {
        allowances = allowances == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(allowances));
    }

    /** The balance in whole units (USDC, or shares), exact. */
    public BigDecimal balance() {
        return new BigDecimal(baseUnits, DECIMALS).stripTrailingZeros();
    }

    /** Reads a saved or answered document of {@code type} (for {@code tokenId}, or null). */
    static BalanceAllowance read(Document doc, AssetType type, String tokenId) {
        JsonNode n = doc.tree();
        if (!n.isObject() || n.get("balance") == null) throw doc.malformed("a balance-allowance answer has a balance", null);
        BigInteger balance = integer(doc, JsonFields.text(n, "balance"), "balance");
        BigInteger allowance = n.hasNonNull("allowance") ? integer(doc, JsonFields.text(n, "allowance"), "allowance") : null;
        Map<String, BigInteger> by = new LinkedHashMap<>();
        n.path("allowances").fields().forEachRemaining(e -> by.put(e.getKey(), integer(doc, e.getValue().asText(), "allowances." + e.getKey())));
        return new BalanceAllowance(type, tokenId, balance, allowance, by);
    }

    private static BigInteger integer(Document doc, String s, String what) {
        try {
            return new BigDecimal(s.trim()).toBigIntegerExact();
        } catch (RuntimeException e) {
            throw doc.malformed(what + " is not a whole number of base units: '" + s + "'", e);
        }
    }
}
