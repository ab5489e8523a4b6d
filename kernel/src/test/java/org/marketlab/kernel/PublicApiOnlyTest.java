package org.marketlab.kernel;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The kernel uses the toolkit as a notebook does: through its public API, never its {@code internal} packages. */
class PublicApiOnlyTest {

    private static final ArchRule RULE = noClasses().that().resideInAPackage("org.marketlab.kernel..")
            .should().dependOnClassesThat().resideInAPackage("org.marketlab.internal..");

    @Test
    void theKernelNamesNoInternalType() {
        JavaClasses kernel = new ClassFileImporter().withImportOption(location -> !location.contains("/test-classes/"))
                .importPackages("org.marketlab.kernel");
        RULE.check(kernel);
    }

    /** The rule can fail: a kernel class that sends through the toolkit's transport is refused. */
    @Test
    void aPlantedInternalUseIsCaught() {
        EvaluationResult result = RULE.evaluate(new ClassFileImporter().importClasses(PlantedInternalUse.class));
        assertTrue(result.hasViolation() && result.getFailureReport().toString().contains("internal.transport.Transport"),
                result.getFailureReport().toString());
    }

    /** A planted violation (test code only). */
    static final class PlantedInternalUse {
        static Object send() {
            return org.marketlab.internal.transport.Transport.of(org.marketlab.config.Profile.sandbox());
        }
    }
}
