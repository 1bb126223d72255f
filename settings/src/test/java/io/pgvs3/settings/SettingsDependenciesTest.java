package io.pgvs3.settings;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** Every module depends on this one, so it depends on no module: plain Java and the MicroProfile Config API. */
class SettingsDependenciesTest {

    @Test
    void onlyJavaAndMicroProfileConfig() {
        classes().that().resideInAPackage("io.pgvs3.settings..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.pgvs3.settings..", "java..",
                        "org.eclipse.microprofile.config..")
                .check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.pgvs3.settings"));
    }
}
