package io.pgvs3.it;

import com.github.luben.zstd.Zstd;
import io.pgvs3.settings.Settings;
import java.io.File;
import java.net.URISyntaxException;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The test WAR: the ejb-store classes (EJB Lite in a WAR), its libraries as the EAR's lib/ holds them (the
 * settings jar, zstd-jni, the AWS SDK that origin-backed buckets use, copied by the build), and the test
 * classes.
 */
final class Deployments {

    private Deployments() {
    }

    static WebArchive store(Class<?> testClass) {
        return ShrinkWrap.create(WebArchive.class, testClass.getSimpleName() + ".war")
                .addPackages(true, "io.pgvs3.store")
                .addAsLibrary(jarOf(Settings.class))
                .addAsLibrary(jarOf(Zstd.class))
                .addAsLibraries(storeLibraries())
                .addClasses(testClass, InLiberty.class, EmbeddedPostgresExtension.class);
    }

    /** The jars the build copied into {@code pgvs3.it.storeLibraries} (the store's origin client). */
    private static File[] storeLibraries() {
        File[] jars = new File(System.getProperty("pgvs3.it.storeLibraries", "target/store-libraries"))
                .listFiles((dir, name) -> name.endsWith(".jar"));
        if (jars == null || jars.length == 0) {
            throw new IllegalStateException("no store libraries: run the integration tests through Maven (pre-integration-test copies them)");
        }
        return jars;
    }

    private static File jarOf(Class<?> type) {
        try {
            return new File(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
