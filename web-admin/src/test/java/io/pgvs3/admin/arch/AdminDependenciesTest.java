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
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.pgvs3.admin..", "io.pgvs3.store.api..",
                        "io.pgvs3.settings..", "java..", "jakarta..", "org.eclipse.microprofile..")
                .check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.pgvs3.admin"));
    }
}
