package org.marketlab.sandbox;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The sandbox's packages: the assembler ({@code Sandbox}, with the market-data and order-book modules) on top,
 * route modules of their own packages below it, and the world and the module contract at the bottom. No cycles,
 * no static registries between them.
 */
class SandboxArchitectureTest {

    @Test
    void noCyclesAndArrowsDownOnly() {
        var classes = new ClassFileImporter().withImportOption(location -> !location.contains("/test-classes/")).importPackages("org.marketlab.sandbox");
        slices().matching("org.marketlab.sandbox.(*)..").should().beFreeOfCycles().check(classes);
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Assembly").definedBy("org.marketlab.sandbox")
                .layer("Modules").definedBy("org.marketlab.sandbox.perps..", "org.marketlab.sandbox.data..", "org.marketlab.sandbox.clob..",
                        "org.marketlab.sandbox.accounts..", "org.marketlab.sandbox.discovery..")
                .layer("Foundation").definedBy("org.marketlab.sandbox.world..", "org.marketlab.sandbox.route..")
                .whereLayer("Assembly").mayNotBeAccessedByAnyLayer()
                .whereLayer("Modules").mayOnlyBeAccessedByLayers("Assembly")
                .check(classes);
    }
}
