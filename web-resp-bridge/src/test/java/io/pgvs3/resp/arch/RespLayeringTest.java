package io.pgvs3.resp.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/**
 * The bridge reaches the store through its API only and its settings through the shared settings module; the
 * protocol and error packages are pure; only the server package knows sockets and CDI wiring; no package cycles.
 */
class RespLayeringTest {

    private static final JavaClasses BRIDGE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.pgvs3.resp");

    @Test
    void onlyTheStoreApiAndThePlatform() {
        classes().should().onlyDependOnClassesThat().resideInAnyPackage(
                "io.pgvs3.resp..",
                // the store's contract (KvStore and its records); never its internals
                "io.pgvs3.store.api..",
                // typed settings and secrets, in their own module (pgvs3-settings)
                "io.pgvs3.settings..",
                "java..",
                // the listener's optional TLS (resp.server.Tls)
                "javax.net.ssl..",
                // CDI, EJB references, managed threads
                "jakarta..",
                // Config, Health and Metrics
                "org.eclipse.microprofile..").check(BRIDGE);
    }

    @Test
    void protocolAndErrorsArePureJava() {
        classes().that().resideInAnyPackage("io.pgvs3.resp.protocol..", "io.pgvs3.resp.error..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.pgvs3.resp.protocol..",
                        "io.pgvs3.resp.error..", "java..").check(BRIDGE);
    }

    @Test
    void commandsKnowNoSocketsAndNoServer() {
        noClasses().that().resideInAPackage("io.pgvs3.resp.command..")
                .should().dependOnClassesThat().resideInAnyPackage("io.pgvs3.resp.server..", "java.net..",
                        "jakarta.enterprise..").check(BRIDGE);
    }

    @Test
    void noCycles() {
        slices().matching("io.pgvs3.resp.(*)..").should().beFreeOfCycles().check(BRIDGE);
    }
}
