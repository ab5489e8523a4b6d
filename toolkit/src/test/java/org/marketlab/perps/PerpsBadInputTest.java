package org.marketlab.perps;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.marketlab.signing.Wallet;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A session's parameters tried with bad values: refused before sending, naming the parameter. */
class PerpsBadInputTest {

    private static PerpsSession s;
    private static final String COID = "0123456789abcdef0123456789abcdef";

    @BeforeAll
    static void open() {
        s = PerpsSandboxFixture.session(Wallet.demo(41));
    }

    static Stream<Arguments> cases() {
        Map<String, Modification> nullValue = new HashMap<>();
        nullValue.put(COID, null);
        Map<String, Modification> nullKey = new HashMap<>();
        nullKey.put(null, Modification.of("1", "1"));
        return Stream.of(
                Arguments.of("withdrawals status(null)", "status", (Executable) () -> s.withdrawals().status(null)),
                Arguments.of("withdrawals status(unknown)", "status", (Executable) () -> s.withdrawals().status("done")),
                Arguments.of("withdrawals hash(injection)", "hash", (Executable) () -> s.withdrawals().hash("0x12'; --")),
                Arguments.of("withdrawals from(null)", "from", (Executable) () -> s.withdrawals().from(null)),
                Arguments.of("withdrawals to(null)", "to", (Executable) () -> s.withdrawals().to(null)),
                Arguments.of("withdrawals reversed", "from", (Executable) () -> s.withdrawals().from(Instant.now()).to(Instant.EPOCH)),
                Arguments.of("withdrawals before 1970", "from", (Executable) () -> s.withdrawals().from(Instant.EPOCH.minusSeconds(1))),
                Arguments.of("withdrawals onProgress(null)", "listener", (Executable) () -> s.withdrawals().onProgress(null)),
                Arguments.of("transfers direction(null)", "direction", (Executable) () -> s.internalTransfers().direction(null)),
                Arguments.of("transfers direction(IN)", "direction", (Executable) () -> s.internalTransfers().direction("sideways")),
                Arguments.of("funding instrument(-1)", "instrument", (Executable) () -> s.funding().instrument(-1)),
                Arguments.of("funding instrument(huge)", "instrument", (Executable) () -> s.funding().instrument(Long.MAX_VALUE)),
                Arguments.of("modifyOrders(null)", "modify", (Executable) () -> s.modifyOrders(null)),
                Arguments.of("modifyOrders(empty)", "modify", (Executable) () -> s.modifyOrders(Map.of())),
                Arguments.of("modifyOrders(bad coid)", "client order id", (Executable) () -> s.modifyOrders(Map.of("XYZ", Modification.of("1", "1")))),
                Arguments.of("modifyOrders(null coid)", "client order id", (Executable) () -> s.modifyOrders(nullKey)),
                Arguments.of("modifyOrders(null modification)", "modification", (Executable) () -> s.modifyOrders(nullValue)),
                Arguments.of("modifyOrders(past)", "exp", (Executable) () -> s.modifyOrders(Map.of(COID, Modification.of("1", "1")), Instant.EPOCH)),
                Arguments.of("modifyOrders(negative)", "expiresIn", (Executable) () -> s.modifyOrders(Map.of(COID, Modification.of("1", "1")), Duration.ofSeconds(-1))),
                Arguments.of("cancelOrders(null)", "order ids", (Executable) () -> s.cancelOrders(null)),
                Arguments.of("cancelOrders(empty)", "order ids", (Executable) () -> s.cancelOrders(List.of())),
                Arguments.of("cancelOrders(-1)", "order ids", (Executable) () -> s.cancelOrders(List.of(-1L))),
                Arguments.of("cancelOrders(null id)", "order ids", (Executable) () -> s.cancelOrders(Arrays.asList(1L, null))),
                Arguments.of("cancelOrders(null expiry)", "exp", (Executable) () -> s.cancelOrders(List.of(1L), (Instant) null)),
                Arguments.of("options lifetime(null)", "lifetime", (Executable) () -> PerpsSession.Options.defaults().lifetime(null)),
                Arguments.of("options lifetime(0)", "lifetime", (Executable) () -> PerpsSession.Options.defaults().lifetime(Duration.ZERO)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void refused(String name, String word, Executable call) {
        var e = assertThrows(IllegalArgumentException.class, call, name);
        assertSame(IllegalArgumentException.class, e.getClass(), name);
        assertTrue(e.getMessage().toLowerCase().contains(word.toLowerCase()), name + ": " + e.getMessage());
    }
}
