package org.marketlab.sandbox.contracts;

import org.junit.jupiter.api.Test;

import java.math.BigInteger;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ComboIdsTest {

    // A binary YES leg and a neg-risk NO leg; the expected combo ids are what polymarket-client 0.14.0's
    // derive_combo_position_context answers for these two legs given in either order.
    private static final BigInteger BINARY_YES = ComboIds.positionId("0x01" + "11".repeat(30), 0);
    private static final BigInteger NEG_RISK_NO = ComboIds.positionId("0x02" + "22".repeat(30), 1);

    @Test
    void theComboOfTwoLegsIsTheOneTheOfficialClientDerives() {
        assertEquals(new BigInteger("482467038488817480931545770869532949388624936106835683497739933366304706816"), BINARY_YES);
        assertEquals(new BigInteger("964934076977634961863091541739065898777249872213671366995479866732609413633"), NEG_RISK_NO);
        String combo = ComboIds.comboConditionId(List.of(NEG_RISK_NO, BINARY_YES));
        assertEquals("0x0380e82d8039afac4296d340d5df2577430000000000000000000000000000", combo);
        assertEquals(combo, ComboIds.comboConditionId(List.of(BINARY_YES, NEG_RISK_NO)));
        assertEquals(new BigInteger("1584697401895191860853262553362443815258302600628866777907834278875118960640"),
                ComboIds.positionId(combo, 0));
        assertEquals(new BigInteger("1584697401895191860853262553362443815258302600628866777907834278875118960641"),
                ComboIds.positionId(combo, 1));
    }

    @Test
    void badLegsAreRefusedWithWhatIsAllowed() {
        String noLegs = assertThrows(IllegalArgumentException.class, () -> ComboIds.comboConditionId(List.of())).getMessage();
        assertTrue(noLegs.contains("1 to 50 legs"), noLegs);
        BigInteger bothOutcomes = ComboIds.positionId("0x01" + "11".repeat(30), 1);
        String both = assertThrows(IllegalArgumentException.class,
                () -> ComboIds.comboConditionId(List.of(BINARY_YES, bothOutcomes))).getMessage();
        assertTrue(both.contains("both outcomes"), both);
        String repeated = assertThrows(IllegalArgumentException.class,
                () -> ComboIds.comboConditionId(List.of(BINARY_YES, BINARY_YES))).getMessage();
        assertTrue(repeated.contains("repeat"), repeated);
        BigInteger comboLeg = ComboIds.positionId("0x03" + "33".repeat(30), 0);
        String module = assertThrows(IllegalArgumentException.class,
                () -> ComboIds.comboConditionId(List.of(comboLeg))).getMessage();
        assertTrue(module.contains("binary or neg-risk"), module);
        assertThrows(IllegalArgumentException.class, () -> ComboIds.positionId("0x01" + "11".repeat(30), 2));
        assertThrows(IllegalArgumentException.class, () -> ComboIds.positionId("0x" + "11".repeat(32), 0));
    }
}
