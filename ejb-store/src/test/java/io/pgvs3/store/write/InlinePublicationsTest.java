package io.pgvs3.store.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.GatedPool;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AutoClose;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Small PUTs of many requests share a transaction once one is in flight (docs/adr/0071), each committed. */
@ExtendWith(PostgresExtension.class)
class InlinePublicationsTest {

    private final Stores stores = new Stores();
    @AutoClose
    private final GatedPool main = GatedPool.ofTestDatabase();
    private InlinePublications publications;
    private ObjectWriter writer;

    @BeforeEach
    void wire() {
        DataAccess access = main.access(stores.namespaces);
        publications = new InlinePublications(access, 1, GatedPool.HELD_LEADER_NEVER_STALLS);
        writer = new ObjectWriter(access, Stores.WATCHDOG, publications);
    }

    @Test
    void putsArrivingWhileOneCommitsShareOneTransactionAndEachIsStored() throws Exception {
        String bucket = stores.newBucket("shared");
        Future<PutResult> leader = main.leadHeldOpen(() -> put(bucket, "lead", new byte[] {1, 2}));
        Map<String, byte[]> bodies = new LinkedHashMap<>();
        List<Future<?>> followers = new ArrayList<>();
        for (String key : List.of("z", "a", "m/n", "a")) {
            byte[] body = Bodies.random(100 + bodies.size(), key.hashCode() + bodies.size());
            bodies.put(key, body);
            main.follow(followers, () -> put(bucket, key, body));
        }
        int lentBefore = main.releaseOnceQueued(publications::queued, followers.size());
        leader.get(30, TimeUnit.SECONDS);
        for (Future<?> f : followers) {
            f.get(30, TimeUnit.SECONDS);
        }

        assertEquals(1, main.lent() - lentBefore, "the followers' leader commits them in one transaction");
        // "a" was put twice by concurrent requests: either may be the one stored, as for any two racing PUTs
        for (String key : List.of("z", "m/n")) {
            assertArrayEquals(bodies.get(key), stores.reader.head(bucket, key, true).location().inlineData());
        }
        assertEquals(2, stores.reader.head(bucket, "lead", true).size());
    }

    @Test
    void aSharedTransactionThatFailsRunsEachPublicationAgainAlone() throws Exception {
        String bucket = stores.newBucket("fallback");
        Future<PutResult> leader = main.leadHeldOpen(() -> put(bucket, "lead", new byte[] {1, 2}));
        byte[] good = Bodies.random(50, 7);
        List<Future<?>> followers = new ArrayList<>();
        Future<?> first = main.follow(followers, () -> put(bucket, "good1", good));
        Future<?> broken = main.follow(followers, () -> publications.publish(new InlinePublications.Publication(
                misshapen("broken"), Bodies.spec(bucket, "broken", 10), AfterPublish.NONE)));
        Future<?> second = main.follow(followers, () -> put(bucket, "good2", good));
        int lentBefore = main.releaseOnceQueued(publications::queued, followers.size());

        leader.get(30, TimeUnit.SECONDS);
        first.get(30, TimeUnit.SECONDS);
        second.get(30, TimeUnit.SECONDS);
        ExecutionException failed = assertThrows(ExecutionException.class, () -> broken.get(30, TimeUnit.SECONDS));
        assertInstanceOf(StoreException.class, failed.getCause());
        assertEquals(4, main.lent() - lentBefore, "the shared transaction, then each of the three alone");
        assertArrayEquals(good, stores.reader.head(bucket, "good1", true).location().inlineData());
        assertArrayEquals(good, stores.reader.head(bucket, "good2", true).location().inlineData());
        assertThrows(StoreException.class, () -> stores.reader.head(bucket, "broken", false));
    }

    @Test
    void aConditionalPutNeverWaitsForAGroup() throws Exception {
        String bucket = stores.newBucket("conditional");
        Future<PutResult> leader = main.leadHeldOpen(() -> put(bucket, "lead", new byte[] {1, 2}));
        byte[] body = Bodies.random(20, 3);
        PutResult created = writer.put(Bodies.spec(bucket, "new", body.length, WriteCondition.ifNoneMatchStar()),
                new ByteArrayInputStream(body));
        assertEquals(20, created.size());
        main.releaseOnceQueued(publications::queued, 0);
        leader.get(30, TimeUnit.SECONDS);
    }

    private PutResult put(String bucket, String key, byte[] body) {
        return writer.put(Bodies.spec(bucket, key, body.length), new ByteArrayInputStream(body));
    }

    /** A row the database refuses: its inline body is shorter than its size. */
    private static NewObject misshapen(String key) {
        return new NewObject(key, 10, "0123456789abcdef0123456789abcdef", new byte[32], "application/octet-stream",
                new String[0], new byte[5], false, null, new String[0], null, null, null);
    }

}
