package io.pgvs3.store.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.pgvs3.store.api.CopyListener;
import io.pgvs3.store.api.CopySource;
import io.pgvs3.store.api.CopySpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.Namespaces;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Sql;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.sql.Connection;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Two transactions dropping the last two references to one shared file. */
@ExtendWith(PostgresExtension.class)
class FileRefsTest {

    @Test
    void concurrentDropsOfTheLastTwoReferencesQueueTheFileExactlyOnce() throws Exception {
        Stores stores = new Stores();
        String bucket = stores.newBucket("lastrefs");
        stores.writer.put(Bodies.spec(bucket, "a", 200_000), new ByteArrayInputStream(Bodies.random(200_000, 1)));
        stores.copier.copy(new CopySpec(new CopySource(bucket, "a", null), bucket, "b", false, null, Map.of(),
                WriteCondition.NONE), CopyListener.NONE);
        long file = stores.reader.head(bucket, "a", false).location().fileId();

        try (Connection first = PostgresExtension.main().getConnection();
             Connection second = PostgresExtension.main().getConnection()) {
            first.setAutoCommit(false);
            second.setAutoCommit(false);
            Namespace ns = Namespaces.find(first, bucket).orElseThrow();
            ObjectPublisher.delete(first, ns, "a");
            CompletableFuture<Boolean> other = CompletableFuture.supplyAsync(() -> {
                try {
                    ObjectPublisher.delete(second, ns, "b");
                    return true;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            Thread.sleep(300);
            assertFalse(other.isDone(), "the second drop waits for the first to decide");
            first.commit();
            other.get(10, TimeUnit.SECONDS);
            second.commit();
        }
        assertEquals(1, Sql.count(bucket, "SELECT count(*) FROM %s.garbage WHERE file_id = " + file));
    }
}
