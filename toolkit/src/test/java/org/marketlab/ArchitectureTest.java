package org.marketlab;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.config.UpwardArrow;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The toolkit's layers (docs/architecture.md): arrows point down only, and no package depends on itself through others.
 * <pre>
 *   facades   org.marketlab                      (Markets, Clob, Perps, Charts, MarketLab)
 *   domains   markets, clob, perps               (services, queries, records, sessions)
 *   internal  internal.transport, internal.query (the sender and its hooks, documents, the pager, parameters)
 *   shared    auth, signing, tables, pacing, charts, time, http (the exceptions users catch)
 *   config    config                              (profiles, services, progress)
 * </pre>
 */
class ArchitectureTest {

    private static JavaClasses toolkit;

    @BeforeAll
    static void load() {
        toolkit = new ClassFileImporter().withImportOption(location -> !location.contains("/test-classes/")).importPackages("org.marketlab");
    }

    @Test
    void noPackageCycles() {
        slices().matching("org.marketlab.(*)..").should().beFreeOfCycles().check(toolkit);
        slices().matching("org.marketlab.internal.(*)..").should().beFreeOfCycles().check(toolkit);
    }

    @Test
    void arrowsPointDownOnly() {
        layers().check(toolkit);
    }

    /** The rule can fail: a config class that calls a facade is refused. */
    @Test
    void anUpwardArrowIsCaught() {
        EvaluationResult result = layers().evaluate(new ClassFileImporter().importClasses(UpwardArrow.class, MarketLab.class));
        assertTrue(result.hasViolation(), "a config class calling a facade must be refused");
        assertTrue(result.getFailureReport().toString().contains("UpwardArrow"), result.getFailureReport().toString());
    }

    private static com.tngtech.archunit.library.Architectures.LayeredArchitecture layers() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Facades").definedBy("org.marketlab")
                .layer("Domains").definedBy("org.marketlab.query..", "org.marketlab.markets..", "org.marketlab.clob..", "org.marketlab.perps..", "org.marketlab.accounts..",
                        "org.marketlab.research..")
                .layer("Internal").definedBy("org.marketlab.internal..")
                .layer("Shared").definedBy("org.marketlab.auth..", "org.marketlab.signing..", "org.marketlab.tables..",
                        "org.marketlab.pacing..", "org.marketlab.charts..", "org.marketlab.http..", "org.marketlab.time..",
                        "org.marketlab.datasets..", "org.marketlab.live..")
                .layer("Config").definedBy("org.marketlab.config..")
                .whereLayer("Facades").mayNotBeAccessedByAnyLayer()
                .whereLayer("Domains").mayOnlyBeAccessedByLayers("Facades")
                .whereLayer("Internal").mayOnlyBeAccessedByLayers("Facades", "Domains")
                .whereLayer("Shared").mayOnlyBeAccessedByLayers("Facades", "Domains", "Internal")
                .whereLayer("Config").mayOnlyBeAccessedByLayers("Facades", "Domains", "Internal", "Shared");
    }
}
