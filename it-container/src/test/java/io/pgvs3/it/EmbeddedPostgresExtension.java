package io.pgvs3.it;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts the embedded PostgreSQL 18 in the test JVM before Arquillian starts Liberty, once for all test
 * classes, and stops it after Arquillian stopped Liberty (the root store closes values in reverse
 * insertion order, and this one is inserted before Arquillian's; JUnit closes AutoCloseable values).
 *
 * <p>The test classes also run inside Liberty, with the same extensions: there this does nothing (it must
 * not touch {@link ClientDatabase}, which is not part of the deployment).
 */
public final class EmbeddedPostgresExtension implements BeforeAllCallback {

    private static final String INSIDE_ARQUILLIAN = "insideArquillian";

    @Override
    public void beforeAll(ExtensionContext context) {
        if (Boolean.parseBoolean(context.getConfigurationParameter(INSIDE_ARQUILLIAN).orElse("false"))) {
            return;
        }
        context.getRoot().getStore(ExtensionContext.Namespace.create(EmbeddedPostgresExtension.class))
                .getOrComputeIfAbsent("database", key -> ClientDatabase.start(), Object.class);
    }
}
