package io.pgvs3.store.metrics;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.equivalentTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;

import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import io.pgvs3.store.origin.OriginMeter;
import org.junit.jupiter.api.Test;

/**
 * The store's gauges read snapshot records through suppliers, and its counters implement the meter the
 * origin workers count through; they reach no bean, pool or statement.
 */
class MetricsDependenciesTest {

    @Test
    void onlySnapshotsAndTheMetricsApi() {
        classes().that().resideInAPackage("io.pgvs3.store.metrics..")
                .should().onlyDependOnClassesThat(resideInAnyPackage("io.pgvs3.store.metrics..",
                        "io.pgvs3.store.api", "io.pgvs3.store.read.cache", "java..",
                        "org.eclipse.microprofile.metrics..").or(equivalentTo(OriginMeter.class))
                        .or(equivalentTo(OriginMeter.Backlog.class)))
                .check(new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                        .importPackages("io.pgvs3.store.metrics"));
    }
}
