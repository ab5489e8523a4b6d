package org.marketlab;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.domain.JavaType;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchCondition;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.ConditionEvents;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.lang.SimpleConditionEvent;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.marketlab.query.LeakyQuery;

import java.util.ArrayList;
import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The public API is only the API: no public signature outside {@code org.marketlab.internal} names an internal type.
 * For every public class outside it: its public superclass and interfaces, and the parameter, return and field types
 * (type arguments included) of its public methods, constructors and fields. So a user sees no plumbing in what they
 * can call, and the plumbing can change without breaking them. (A protected constructor is for the toolkit's own
 * query classes, which extend {@code PagedQuery} in other packages.)
 */
class PublicApiTest {

    private static JavaClasses toolkit;

    @BeforeAll
    static void load() {
        toolkit = new ClassFileImporter().withImportOption(location -> !location.contains("/test-classes/")).importPackages("org.marketlab");
    }

    @Test
    void noPublicSignatureNamesAnInternalType() {
        rule().check(toolkit);
    }

    /** The rule can fail: a public query whose public constructor takes an internal read is refused, and named. */
    @Test
    void aPlantedLeakIsCaught() {
        EvaluationResult result = rule().evaluate(new ClassFileImporter().importClasses(LeakyQuery.class));
        assertTrue(result.hasViolation(), "a public constructor taking an internal type must be refused");
        String report = result.getFailureReport().toString();
        assertTrue(report.contains("LeakyQuery") && report.contains("org.marketlab.internal.query.Read"), report);
    }

    private static ArchRule rule() {
        return classes().that().arePublic().and().resideOutsideOfPackage("org.marketlab.internal..")
                .and(DescribedPredicate.describe("are the toolkit's", (JavaClass c) -> c.getPackageName().startsWith("org.marketlab")))
                .should(new ArchCondition<JavaClass>("name no internal type in a public signature") {
                    @Override
                    public void check(JavaClass c, ConditionEvents events) {
                        for (String leak : leaks(c)) events.add(SimpleConditionEvent.violated(c, c.getName() + ": " + leak));
                    }
                });
    }

    private static List<String> leaks(JavaClass c) {
        List<String> out = new ArrayList<>();
        c.getRawSuperclass().filter(PublicApiTest::internal).ifPresent(s -> out.add("extends " + s.getName()));
        for (JavaClass i : c.getRawInterfaces()) if (internal(i)) out.add("implements " + i.getName());
        for (JavaCodeUnit m : c.getCodeUnits()) {
            if (!m.getModifiers().contains(JavaModifier.PUBLIC) || m.getModifiers().contains(JavaModifier.SYNTHETIC)) continue;
            List<JavaType> types = new ArrayList<>(m.getParameterTypes());
            types.add(m.getReturnType());
            for (JavaType t : types) {
                for (JavaClass raw : t.getAllInvolvedRawTypes()) {
                    if (internal(raw)) out.add(m.getFullName() + " names " + raw.getName());
                }
            }
        }
        for (JavaField f : c.getFields()) {
            if (!f.getModifiers().contains(JavaModifier.PUBLIC)) continue;
            for (JavaClass raw : f.getType().getAllInvolvedRawTypes()) {
                if (internal(raw)) out.add(f.getFullName() + " names " + raw.getName());
            }
        }
        return out;
    }

    private static boolean internal(JavaClass c) {
        return c.getPackageName().startsWith("org.marketlab.internal");
    }
}
