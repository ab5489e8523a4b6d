package org.marketlab.sandbox;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.CompositeArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.Architectures.LayeredArchitecture;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.sandbox.clob.ClobApi;
import org.marketlab.sandbox.data.SidewaysArrow;
import org.marketlab.sandbox.markets.UpwardArrow;

import java.util.ArrayList;
import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sandbox's packages by host (docs/architecture.md):
 * <pre>
 *   assembly    org.marketlab.sandbox                          (Sandbox: builds the hosts, starts their servers)
 *   hosts       markets, clob, data, perps, chain              (the routes of one host each; the bridge host has only route's health check)
 *   engines     trading, wallets, contracts                    (the matching engine and buckets; the seeded wallets; the chain's contracts)
 *   foundation  route, world                                   (JSON, parameters, refusals, tracing; the seeded world)
 * </pre>
 * A layer is used only by the layers above it, no host uses another, and no package reaches itself through others.
 * Each rule is shown to fail on a class planted in the test sources to break it.
 */
class SandboxArchitectureTest {

    static final List<String> HOSTS = List.of("markets", "clob", "data", "perps", "chain");
    private static JavaClasses sandbox;

    @BeforeAll
    static void load() {
        sandbox = new ClassFileImporter().withImportOption(location -> !location.contains("/test-classes/")).importPackages("org.marketlab.sandbox");
    }

    @Test
    void noPackageCycles() {
        slices().matching("org.marketlab.sandbox.(*)..").should().beFreeOfCycles().check(sandbox);
    }

    @Test
    void arrowsPointDownOnly() {
        layers().check(sandbox);
    }

    @Test
    void noHostUsesAnother() {
        hostsApart().check(sandbox);
    }

    /** A host that reaches the assembly (a {@code Sandbox} static, say) is refused. */
    @Test
    void anUpwardArrowIsCaught() {
        EvaluationResult result = layers().evaluate(new ClassFileImporter().importClasses(UpwardArrow.class, Sandbox.class));
        assertTrue(result.hasViolation(), "a host class using Sandbox must be refused");
        assertTrue(result.getFailureReport().toString().contains("UpwardArrow"), result.getFailureReport().toString());
    }

    /** A host that uses another host's class is refused. */
    @Test
    void aSidewaysArrowIsCaught() {
        EvaluationResult result = hostsApart().evaluate(new ClassFileImporter().importClasses(SidewaysArrow.class, ClobApi.class));
        assertTrue(result.hasViolation(), "a data-host class using the order book's must be refused");
        assertTrue(result.getFailureReport().toString().contains("SidewaysArrow"), result.getFailureReport().toString());
    }

    private static LayeredArchitecture layers() {
        return layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Assembly").definedBy("org.marketlab.sandbox")
                .layer("Hosts").definedBy(HOSTS.stream().map(h -> "org.marketlab.sandbox." + h + "..").toArray(String[]::new))
                .layer("Engines").definedBy("org.marketlab.sandbox.trading..", "org.marketlab.sandbox.wallets..", "org.marketlab.sandbox.contracts..")
                .layer("Foundation").definedBy("org.marketlab.sandbox.route..", "org.marketlab.sandbox.world..")
                .whereLayer("Assembly").mayNotBeAccessedByAnyLayer()
                .whereLayer("Hosts").mayOnlyBeAccessedByLayers("Assembly")
                .whereLayer("Engines").mayOnlyBeAccessedByLayers("Assembly", "Hosts")
                .whereLayer("Foundation").mayOnlyBeAccessedByLayers("Assembly", "Hosts", "Engines");
    }

    private static ArchRule hostsApart() {
        List<ArchRule> rules = new ArrayList<>();
        for (String host : HOSTS) {
            String[] others = HOSTS.stream().filter(h -> !h.equals(host)).map(h -> "org.marketlab.sandbox." + h + "..").toArray(String[]::new);
            rules.add(noClasses().that().resideInAPackage("org.marketlab.sandbox." + host + "..")
                    .should().dependOnClassesThat().resideInAnyPackage(others)
                    .because("each host depends only on route, world and the shared engines").allowEmptyShould(true));
        }
        CompositeArchRule all = CompositeArchRule.of(rules.get(0));
        for (ArchRule r : rules.subList(1, rules.size())) all = all.and(r);
        return all;
    }
}
