package io.pgvs3.e2e;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The real thing for end-to-end tests: {@code deploy/local/stack.sh} starts an embedded PostgreSQL 18
 * and two Liberty gateways running the built EAR (heap capped at 256 MiB) on ports of their own, once
 * per test JVM; it is stopped when the JVM's tests are done.
 */
public final class Stack implements BeforeAllCallback, ExtensionContext.Store.CloseableResource {

    private static final StackScript SCRIPT = new StackScript("stack-e2e", 0, 2, java.util.Map.of());
    private static volatile boolean started;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        synchronized (Stack.class) {
            if (!started) {
                SCRIPT.up();
                started = true;
                context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put(Stack.class.getName(), this);
            }
        }
    }

    @Override
    public void close() throws Exception {
        SCRIPT.down();
    }

    public static String s3Endpoint(int gateway) {
        return SCRIPT.get("PGVS3_S3_ENDPOINTS").split(" ")[gateway];
    }

    public static String accessKey() {
        return SCRIPT.get("PGVS3_ACCESS_KEY");
    }

    public static String secretKey() {
        return SCRIPT.get("PGVS3_SECRET_KEY");
    }

    public static String adminEndpoint(int gateway) {
        return SCRIPT.get("PGVS3_ADMIN_ENDPOINTS").split(" ")[gateway];
    }
}
