package io.pgvs3.s3.arch;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameEndingWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import jakarta.ejb.Local;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The S3 WAR's architecture as docs/architecture.md draws it: what the module may use at all (an
 * allow-list, so a new store package is out until named here), its layers and which way they point, the
 * pure protocol core, and the few places that touch the servlet and JAX-RS APIs and the store's beans.
 */
class LayeringTest {

    private static final String REQUEST_PATH = "Request path";
    private static final String HEALTH = "Health checks";
    private static final String HANDLERS = "Handlers";
    private static final String LIMITS = "Limits";
    private static final String CHECKSUMS = "Checksums";
    private static final String ERRORS = "Errors";
    private static final String HTTP = "HTTP";
    private static final String XML = "XML";
    private static final String METRICS = "Metrics";
    private static final String CONFIG = "Config";
    private static final String ROUTER = "Router";
    private static final String SIGV4 = "SigV4";
    private static final String BODY_DECODING = "Body decoding";

    private static JavaClasses s3;

    @BeforeAll
    static void importClasses() {
        s3 = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.pgvs3.s3");
    }

    @Test
    void theWarUsesOnlyItselfTheStoreApiAndItsPlatform() {
        classes().that().resideInAPackage("io.pgvs3.s3..")
                .should().onlyDependOnClassesThat().resideInAnyPackage(
                        "io.pgvs3.s3..",
                        // the store's contract: records, @Local interfaces, StoreError; never its internals
                        "io.pgvs3.store.api..",
                        // typed settings and secrets, in their own module (pgvs3-settings)
                        "io.pgvs3.settings..",
                        "java..",
                        // HMAC-SHA256 of SigV4 (s3.auth)
                        "javax.crypto..",
                        // StAX, under the XML writer and the hardened reader (s3.xml)
                        "javax.xml.stream..",
                        // servlet, CDI, EJB references, managed executors: the Jakarta EE 10 Liberty runs
                        "jakarta..",
                        // Config, Health and Metrics
                        "org.eclipse.microprofile..")
                .check(s3);
    }

    /**
     * Each layer names what it may use; nothing may use the request path or the health checks, which the
     * container calls. Only dependencies between these layers count here; the platform is the rule above.
     */
    @Test
    void layersPointOneWay() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer(REQUEST_PATH).definedBy("io.pgvs3.s3.exchange..")
                .layer(HEALTH).definedBy("io.pgvs3.s3.health..")
                .layer(HANDLERS).definedBy("io.pgvs3.s3.handler..")
                .layer(LIMITS).definedBy("io.pgvs3.s3.limit..")
                .layer(CHECKSUMS).definedBy("io.pgvs3.s3.checksum..")
                .layer(ERRORS).definedBy("io.pgvs3.s3.error..")
                .layer(HTTP).definedBy("io.pgvs3.s3.http..")
                .layer(XML).definedBy("io.pgvs3.s3.xml..")
                .layer(METRICS).definedBy("io.pgvs3.s3.metrics..")
                .layer(CONFIG).definedBy("io.pgvs3.s3.config..")
                .layer(ROUTER).definedBy("io.pgvs3.s3.route..")
                .layer(SIGV4).definedBy("io.pgvs3.s3.auth..")
                .layer(BODY_DECODING).definedBy("io.pgvs3.s3.io..")

                // route, transport rule, authentication, admission, handler, answer (ADR 8)
                .whereLayer(REQUEST_PATH).mayOnlyAccessLayers(ROUTER, SIGV4, BODY_DECODING, LIMITS, HANDLERS,
                        ERRORS, HTTP, METRICS, CONFIG)
                .whereLayer(HEALTH).mayOnlyAccessLayers(HTTP, CONFIG)
                // one class per operation family, reached through OperationHandlers
                .whereLayer(HANDLERS).mayOnlyAccessLayers(ROUTER, SIGV4, CHECKSUMS, ERRORS, HTTP, XML, METRICS,
                        CONFIG)
                .whereLayer(LIMITS).mayOnlyAccessLayers(METRICS, CONFIG)
                .whereLayer(CHECKSUMS).mayOnlyAccessLayers(BODY_DECODING, ERRORS)
                // the S3 error of a store error or an authentication failure, written as XML
                .whereLayer(ERRORS).mayOnlyAccessLayers(SIGV4, HTTP, XML)
                .whereLayer(HTTP).mayNotAccessAnyLayer()
                .whereLayer(XML).mayNotAccessAnyLayer()
                .whereLayer(METRICS).mayNotAccessAnyLayer()
                .whereLayer(CONFIG).mayNotAccessAnyLayer()

                // the pure protocol core: the router throws S3 errors; the aws-chunked decoder checks
                // chunk signatures
                .whereLayer(ROUTER).mayOnlyAccessLayers(ERRORS)
                .whereLayer(SIGV4).mayNotAccessAnyLayer()
                .whereLayer(BODY_DECODING).mayOnlyAccessLayers(SIGV4)
                .check(s3);
    }

    @Test
    void theProtocolCoreIsPureJava() {
        classes().that().resideInAnyPackage("io.pgvs3.s3.route..", "io.pgvs3.s3.auth..", "io.pgvs3.s3.io..")
                .should().onlyDependOnClassesThat(resideInAnyPackage("io.pgvs3.s3.route..", "io.pgvs3.s3.auth..",
                        "io.pgvs3.s3.io..", "java..", "javax.crypto..")
                        .or(belongToAnyOf(S3ErrorCode.class, S3Exception.class)))
                .because("the router, SigV4 and body decoding are pure and unit-tested")
                .check(s3);
    }

    @Test
    void errorsHttpXmlAndChecksumsNeedNoContainer() {
        noClasses().that().resideInAnyPackage("io.pgvs3.s3.error..", "io.pgvs3.s3.http..", "io.pgvs3.s3.xml..",
                        "io.pgvs3.s3.checksum..")
                .should().dependOnClassesThat().resideInAnyPackage("jakarta..", "org.eclipse.microprofile..")
                .because("they are unit-tested directly")
                .check(s3);
    }

    @Test
    void onlyTheRequestPathKnowsTheServletAndJaxRsApis() {
        noClasses().that().resideOutsideOfPackage("io.pgvs3.s3.exchange..")
                .should().dependOnClassesThat().resideInAnyPackage("jakarta.servlet..", "jakarta.ws.rs..")
                .because("everything below the request path sees an S3Call and answers an S3Response")
                .check(s3);
    }

    /**
     * The store's beans (its {@code @Local} interfaces) are called where S3 work is done, health judged and
     * metrics read. Their constants, such as {@code ObjectStore.INLINE_MAX}, are compiled into the caller
     * and may be read anywhere.
     */
    @Test
    void onlyHandlersHealthChecksAndMetricsCallTheStore() {
        noClasses().that().resideOutsideOfPackages("io.pgvs3.s3.handler..", "io.pgvs3.s3.health..",
                        "io.pgvs3.s3.metrics..")
                .should().dependOnClassesThat().areAnnotatedWith(Local.class)
                .check(s3);
    }

    @Test
    void handlersNeverCallEachOther() {
        noClasses().that().resideInAPackage("io.pgvs3.s3.handler..").and().haveSimpleNameEndingWith("Handler")
                .should().dependOnClassesThat(
                        resideInAPackage("io.pgvs3.s3.handler..").and(simpleNameEndingWith("Handler")))
                .because("a rule two handlers share lives in a helper both use; only OperationHandlers knows them all")
                .check(s3);
    }

    @Test
    void packagesHaveNoCycles() {
        slices().matching("io.pgvs3.s3.(*)..").should().beFreeOfCycles().check(s3);
    }
}
