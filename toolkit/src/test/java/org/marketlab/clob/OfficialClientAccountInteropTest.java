package org.marketlab.clob;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.marketlab.Interop;
import org.marketlab.accounts.Account;
import org.marketlab.accounts.AccountsSandbox;
import org.marketlab.auth.CredentialStore;
import org.marketlab.internal.transport.Document;
import org.marketlab.signing.Wallet;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The official {@code @polymarket/clob-client-v2} (interop/clob-account.mjs) opens demo wallet 1's order-book
 * account against the sandbox (create, else derive) and reads the same API key, open orders, order by id, every
 * trade and both balances as {@code Clob.session(Wallet.demo(1))}; a tampered secret is refused to both. Skipped only
 * where Node.js is not installed.
 */
class OfficialClientAccountInteropTest {

    @Test
    void officialClientAndToolkitReadTheSameAccount() throws Exception {
        Wallet w = Wallet.demo(1);
        String token = new Account(AccountsSandbox.transport(), w.address()).positions().list().get(0).tokenId();
        String url = AccountsSandbox.sandbox().urls().get("clob").toString();
        JsonNode js = Interop.run("clob-account.mjs", url, "demo:1", token);

        ClobSession s = ClobSession.open(AccountsSandbox.transport(), w, ClobSession.Options.defaults().store(CredentialStore.memory()));
        assertTrue(js.get("address").asText().equalsIgnoreCase(w.address()));
        assertEquals(js.get("key").asText(), s.apiKey(), "the official client derived the key the toolkit derived");
        List<String> keys = new ArrayList<>();
        js.get("apiKeys").get("apiKeys").forEach(k -> keys.add(k.asText()));
        assertEquals(keys, s.apiKeys());

        List<OpenOrder> orders = s.orders().list();
        assertEquals(read(js.get("orders"), OpenOrder::readPage), orders, "the same open orders, field by field, in the same order");
        assertEquals(OpenOrder.read(Document.file("official client order", js.get("order").toString())), s.order(orders.get(0).id()));
        List<ClobTrade> trades = s.trades().list();
        assertTrue(trades.size() > 1000);
        assertEquals(read(js.get("trades"), ClobTrade::readPage), trades, "every trade, field by field, in the same order");

        BalanceAllowance cash = s.balance(AssetType.COLLATERAL);
        assertEquals(new BigInteger(js.get("collateral").get("balance").asText()), cash.baseUnits());
        assertEquals(new BigInteger(js.get("collateral").get("allowance").asText()), cash.allowance());
        BalanceAllowance shares = s.balance(AssetType.CONDITIONAL, token);
        assertEquals(new BigInteger(js.get("conditional").get("balance").asText()), shares.baseUnits());
        assertEquals(BalanceAllowance.read(Document.file("official client conditional", js.get("conditional").toString()), AssetType.CONDITIONAL, token),
                shares);

        assertEquals(401, js.get("tampered").get("status").asInt(), js.get("tampered").toString());
        assertEquals("Unauthorized/Invalid api key", js.get("tampered").get("error").asText());
    }

    private static <T> List<T> read(JsonNode array, java.util.function.Function<Document, List<T>> reader) {
        return reader.apply(Document.file("official client rows", "{\"data\":" + array + "}"));
    }
}
