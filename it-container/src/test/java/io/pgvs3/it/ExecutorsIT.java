package io.pgvs3.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.enterprise.concurrent.ManageableThread;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;

/** The managed executors and the thread factory of the production server.xml resolve and run tasks. */
@InLiberty
class ExecutorsIT {

    @Deployment
    static WebArchive deployment() {
        return Deployments.store(ExecutorsIT.class);
    }

    @Test
    void readWindowExecutorRunsTasksOnManagedThreads() throws Exception {
        runsOnAManagedThread("concurrent/pgvs3/readWindow");
    }

    @Test
    void responsesExecutorRunsTasksOnManagedThreads() throws Exception {
        runsOnAManagedThread("concurrent/pgvs3/responses");
    }

    @Test
    void respThreadFactoryMakesManagedThreads() throws Exception {
        ManagedThreadFactory factory = (ManagedThreadFactory) new InitialContext().lookup("concurrent/pgvs3/respThreads");
        CompletableFuture<String> seen = new CompletableFuture<>();
        Thread thread = factory.newThread(() -> seen.complete(moduleNameOrFailure()));
        assertTrue(thread instanceof ManageableThread, "not a ManageableThread: " + thread.getClass());
        thread.start();
        assertEquals(expectedModuleName(), seen.get(30, TimeUnit.SECONDS),
                "the application's JNDI context was not available on the factory's thread");
        thread.join(10_000);
    }

    private static void runsOnAManagedThread(String jndiName) throws Exception {
        ManagedExecutorService executor = (ManagedExecutorService) new InitialContext().lookup(jndiName);
        assertNotNull(executor, jndiName);
        Thread caller = Thread.currentThread();
        Future<String[]> result = executor.submit(() -> new String[] {
                Thread.currentThread() == caller ? "same thread" : "other thread", moduleNameOrFailure()});
        String[] seen = result.get(30, TimeUnit.SECONDS);
        assertNotEquals("same thread", seen[0], jndiName + " ran the task on the caller's thread");
        // java:module resolves only where the container propagated the application's context
        assertEquals(expectedModuleName(), seen[1], jndiName + " did not run the task with the application context");
    }

    private static String expectedModuleName() throws NamingException {
        return (String) new InitialContext().lookup("java:module/ModuleName");
    }

    private static String moduleNameOrFailure() {
        try {
            return (String) new InitialContext().lookup("java:module/ModuleName");
        } catch (NamingException | RuntimeException e) {
            return "lookup failed: " + e;
        }
    }
}
