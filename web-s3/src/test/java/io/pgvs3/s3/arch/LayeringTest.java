package io.pgvs3.s3.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Layers point one way: the S3 WAR sees only the store's API, and its own packages form no cycles. */
class LayeringTest {

    private static JavaClasses s3;

    @BeforeAll
    static void importClasses() {
        s3 = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.pgvs3.s3");
    }

    @Test
    void theWebLayerUsesOnlyTheStoreApi() {
        noClasses().that().resideInAPackage("io.pgvs3.s3..")
                .should().dependOnClassesThat().resideInAnyPackage("io.pgvs3.store.ejb..", "io.pgvs3.store.write..",
                        "io.pgvs3.store.read..", "io.pgvs3.store.layout..", "io.pgvs3.store.namespace..",
                        "io.pgvs3.store.list..", "io.pgvs3.store.chunk..", "io.pgvs3.store.sql..",
                        "io.pgvs3.store.maintenance..", "io.pgvs3.store.stats..", "java.sql..",
                        "org.postgresql..")
                .check(s3);
    }

    @Test
    void theProtocolCoreHasNoContainerTypes() {
        noClasses().that().resideInAnyPackage("io.pgvs3.s3.route..", "io.pgvs3.s3.auth..", "io.pgvs3.s3.io..")
                .should().dependOnClassesThat().resideInAnyPackage("jakarta..", "io.pgvs3.store..")
                .because("the router, SigV4 and body decoding are pure and unit-tested")
                .check(s3);
    }

    @Test
    void packagesHaveNoCycles() {
        slices().matching("io.pgvs3.s3.(*)..").should().beFreeOfCycles().check(s3);
    }
}
