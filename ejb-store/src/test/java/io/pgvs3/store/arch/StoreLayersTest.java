package io.pgvs3.store.arch;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.sql.CallableStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;

/**
 * The store's layers, top to bottom, as docs/architecture.md draws them. Read this first:
 * <ul>
 * <li><b>Beans</b> ({@code store.ejb}): the EJBs that implement the {@code store.api} interfaces for the web
 * modules; they wire workers to pools and executors and run no SQL of their own.</li>
 * <li><b>Settings</b> ({@code store.config}, {@code store.health}): typed settings, the TLS rule, bounded
 * checks; only the beans read them.</li>
 * <li><b>Metrics</b> ({@code store.metrics}): the store's own gauges, which a bean registers at startup.</li>
 * <li><b>Workers</b> ({@code bucket, write, read, list, copy, multipart, kv, maintenance, stats,
 * replication, origin}): one class per job, each statement beside the method that runs it.</li>
 * <li><b>Data access</b> ({@code store.access}): the one path from a worker to PostgreSQL (pool,
 * namespace, stale-namespace retry, transaction, error translation).</li>
 * <li><b>Catalog</b> ({@code store.namespace}, {@code store.layout}): bucket name → schema, the layout's DDL
 * and its startup check.</li>
 * <li><b>Sessions</b> ({@code store.sql}, {@code store.breaker}): how a transaction begins and ends, lost
 * sessions, advisory-lock keys, the guarded pool.</li>
 * <li><b>Blocks</b> ({@code store.chunk}): the 8,120-byte block codec, pure Java.</li>
 * <li><b>Contract</b> ({@code store.api}): records, interfaces and errors that everyone may use.</li>
 * </ul>
 */
class StoreLayersTest {

    private static final JavaClasses STORE = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages("io.pgvs3.store");

    private static final String[] WORKERS = {"io.pgvs3.store.bucket..", "io.pgvs3.store.write..",
        "io.pgvs3.store.read..", "io.pgvs3.store.list..", "io.pgvs3.store.copy..", "io.pgvs3.store.multipart..",
        "io.pgvs3.store.kv..", "io.pgvs3.store.maintenance..", "io.pgvs3.store.stats..",
        "io.pgvs3.store.replication..", "io.pgvs3.store.origin.."};

    @Test
    void layersPointDownward() {
        layeredArchitecture().consideringOnlyDependenciesInLayers()
                .layer("Beans").definedBy("io.pgvs3.store.ejb..")
                .layer("Settings").definedBy("io.pgvs3.store.config..", "io.pgvs3.store.health..")
                .layer("Metrics").definedBy("io.pgvs3.store.metrics..")
                .layer("Workers").definedBy(WORKERS)
                .layer("Data access").definedBy("io.pgvs3.store.access..")
                .layer("Catalog").definedBy("io.pgvs3.store.namespace..", "io.pgvs3.store.layout..")
                .layer("Sessions").definedBy("io.pgvs3.store.sql..", "io.pgvs3.store.breaker..")
                .layer("Blocks").definedBy("io.pgvs3.store.chunk..")
                .layer("Contract").definedBy("io.pgvs3.store.api..")
                .whereLayer("Beans").mayNotBeAccessedByAnyLayer()
                .whereLayer("Settings").mayOnlyBeAccessedByLayers("Beans")
                .whereLayer("Metrics").mayOnlyBeAccessedByLayers("Beans")
                .whereLayer("Workers").mayOnlyBeAccessedByLayers("Beans", "Metrics")
                .whereLayer("Data access").mayOnlyBeAccessedByLayers("Beans", "Workers")
                .whereLayer("Catalog").mayOnlyBeAccessedByLayers("Beans", "Workers", "Data access")
                .whereLayer("Sessions").mayOnlyBeAccessedByLayers("Beans", "Workers", "Data access", "Catalog")
                .whereLayer("Blocks").mayOnlyBeAccessedByLayers("Workers")
                .check(STORE);
    }

    @Test
    void theContractKnowsNothingOfTheStore() {
        classes().that().resideInAPackage("io.pgvs3.store.api..")
                .should().onlyDependOnClassesThat().resideInAnyPackage("io.pgvs3.store.api..", "java..", "jakarta.ejb..")
                .because("the web modules compile against it alone; @Local and @ApplicationException tell the container how to serve it")
                .check(STORE);
    }

    @Test
    void sqlRunsOnlyInTheDataPackages() {
        noClasses().that().resideInAnyPackage("io.pgvs3.store.ejb..", "io.pgvs3.store.config..",
                        "io.pgvs3.store.health..", "io.pgvs3.store.metrics..", "io.pgvs3.store.chunk..", "io.pgvs3.store.api..")
                .should().dependOnClassesThat().belongToAnyOf(Statement.class, PreparedStatement.class,
                        CallableStatement.class, ResultSet.class)
                .orShould().dependOnClassesThat().resideInAPackage("org.postgresql.copy..")
                .because("statements live beside the worker that runs them (STYLE.md)")
                .check(STORE);
    }

    @Test
    void transactionsBeginAndEndInOnePlace() {
        noClasses().should().callMethod(Connection.class, "commit")
                .orShould().callMethod(Connection.class, "rollback")
                .because("transactions end with COMMIT/ROLLBACK statements (docs/adr/0041): sql.Transactions")
                .check(STORE);
        // the others only put a session they hold for long back into autocommit
        noClasses().that().doNotHaveFullyQualifiedName("io.pgvs3.store.sql.Transactions")
                .and().doNotHaveFullyQualifiedName("io.pgvs3.store.maintenance.LeaderLease")
                .and().doNotHaveFullyQualifiedName("io.pgvs3.store.maintenance.Maintenance")
                .and().doNotHaveFullyQualifiedName("io.pgvs3.store.read.ReadPins")
                .and().doNotHaveFullyQualifiedName("io.pgvs3.store.read.ChunkReader")
                .and().doNotHaveFullyQualifiedName("io.pgvs3.store.read.SharedSnapshot")
                .and().doNotHaveFullyQualifiedName("io.pgvs3.store.layout.LayoutManager")
                .should().callMethod(Connection.class, "setAutoCommit", boolean.class)
                .because("a worker's transaction goes through store.access.DataAccess")
                .check(STORE);
    }

    @Test
    void workersGoThroughTheDataAccessPath() {
        noClasses().that().resideInAnyPackage("io.pgvs3.store.write..", "io.pgvs3.store.list..",
                        "io.pgvs3.store.copy..", "io.pgvs3.store.multipart..", "io.pgvs3.store.kv..",
                        "io.pgvs3.store.bucket..", "io.pgvs3.store.origin..")
                .should().dependOnClassesThat().areAssignableTo(javax.sql.DataSource.class)
                .because("a worker names its pool (access.Pool) and hands its work to store.access.DataAccess")
                .check(STORE);
    }

    @Test
    void noPackageCycles() {
        slices().matching("io.pgvs3.store.(*)..").should().beFreeOfCycles().check(STORE);
    }
}
