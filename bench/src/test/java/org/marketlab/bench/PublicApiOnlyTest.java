package org.marketlab.bench;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

import java.net.URISyntaxException;

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

    /**
     * Leaves out the classes of the folder (or jar) this test was loaded from: the module's test classes, wherever the
     * build puts them ({@code -Dml.target} names another folder; ArchUnit's own test filter knows only the usual names).
     */
    private static ImportOption withoutTheTests() throws URISyntaxException {
        String tests = PublicApiOnlyTest.class.getProtectionDomain().getCodeSource().getLocation().toURI().toString();
        return location -> !location.asURI().toString().startsWith(tests);
    }

    @Test
    void benchmarksUseThePublicApiOnly() throws URISyntaxException {
        JavaClasses bench = new ClassFileImporter().withImportOption(withoutTheTests()).importPackages("org.marketlab.bench");
        assertFalse(bench.contain(PublicApiOnlyTest.class), "the test classes are left out");
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
