package io.pgvs3.admin.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The admin WAR reaches the store through its API package only, like every web module, and reads its settings
 * through the shared settings module.
 */
class AdminDependenciesTest {

    @Test
    void adminClassesUseOnlyTheStoreApiAndTheirPlatform() {
        classes().that().resideInAPackage("io.pgvs3.admin..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(
                        "io.pgvs3.admin..",
                        // the store's contract (its stats and health records); never its internals
                        "io.pgvs3.store.api..",
                        // typed settings and secrets, in their own module (pgvs3-settings)
                        "io.pgvs3.settings..",
                        "java..",
                        // JAX-RS, CDI, EJB references
                        "jakarta..",
                        // Config
                        "org.eclipse.microprofile..")
                .check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.pgvs3.admin"));
    }
}
