package org.marketlab.bench;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The benchmarks measure the path a user takes: no benchmark class touches the toolkit's {@code internal} packages,
 * only the public API a notebook calls ({@code MarketLab.connect} gives a connection its own clock and retries).
 */
class PublicApiOnlyTest {

    private static ArchRule publicApiOnly() {
        return noClasses().that().resideInAPackage("org.marketlab.bench..")
                .should().dependOnClassesThat().resideInAPackage("org.marketlab.internal..")
                .because("a benchmark measures the public API a notebook calls, never an internal shortcut");
    }

    @Test
    void benchmarksUseThePublicApiOnly() {
        JavaClasses bench = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.marketlab.bench");
        for (Class<?> c : new Class<?>[] {Chaos.class, PacingBench.class, TradingBench.class, LiveSoakBench.class, Harness.class}) {
            assertTrue(bench.contain(c), "the benchmark classes were read: " + c.getSimpleName() + " missing");
        }
        publicApiOnly().check(bench);
    }

    /** The rule can fail: a planted class that builds an internal transport is refused, by name. */
    @Test
    void anInternalShortcutIsCaught() {
        JavaClasses planted = new ClassFileImporter().importPackages("org.marketlab.bench.planted");
        assertFalse(planted.isEmpty(), "the planted class was found");
        EvaluationResult result = publicApiOnly().evaluate(planted);
        assertTrue(result.hasViolation(), "a benchmark importing org.marketlab.internal must be refused");
        assertTrue(result.getFailureReport().toString().contains("InternalShortcut"), result.getFailureReport().toString());
    }
}
