package io.pgvs3.store.origin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.BodyLocation;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.bucket.BucketService;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.write.CopyWatchdog;
import io.pgvs3.store.write.ObjectWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A range cache against PostgreSQL 18 and an origin that answers ranged GETs of one object (an HTTP server
 * of the test's own): blocks stored by a writable gateway, served without the origin, and what a read-only
 * gateway does with them.
 */
@ExtendWith(PostgresExtension.class)
class RangeCacheTest {

    private static final int BLOCK = 64 << 10;
    private static final String ETAG = "0123456789abcdef0123456789abcdef";
    private static final Pattern RANGE = Pattern.compile("bytes=(\\d+)-(\\d+)");

    @TempDir
    Path spoolDir;
    private final DataSource db = PostgresExtension.main();
    private final DataAccess access = new DataAccess(db, PostgresExtension.chunk(), new NamespaceCache(db));
    private final ObjectReader reader = new ObjectReader(access, Pool.CHUNK);
    private final ObjectWriter writer = new ObjectWriter(access,
            new CopyWatchdog(Duration.ofMinutes(1), System::nanoTime, Runnable::run));
    private final Map<String, AtomicLong> counted = new ConcurrentHashMap<>();
    private final OriginMeter meter = new CountingMeter();
    /** 10 blocks and a short one. */
    private final byte[] body = new byte[10 * BLOCK + 1_000];
    private final AtomicInteger originGets = new AtomicInteger();
    private HttpServer origin;
    private Namespace ns;
    private OriginClients clients;

    private final class CountingMeter implements OriginMeter {
        @Override
        public void request(String bucket, String operation, String status) {
        }

        @Override
        public void fill(String bucket, String result) {
        }

        @Override
        public void staleServe(String bucket) {
        }

        @Override
        public void rangeBlocks(String bucket, String result, long blocks) {
            counted.computeIfAbsent(result, r -> new AtomicLong()).addAndGet(blocks);
        }

        @Override
        public void flush(String bucket, String result) {
        }

        @Override
        public void backlog(Map<String, Backlog> byBucket) {
        }
    }

    @BeforeEach
    void start() throws IOException {
        new Random(52).nextBytes(body);
        origin = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        origin.createContext("/", this::answer);
        origin.start();
        String bucket = PostgresExtension.uniqueBucket("rangecache");
        clients = new OriginClients(name -> name.endsWith("-file") ? Optional.empty() : Optional.of("x"),
                Duration.ofSeconds(5), Duration.ofSeconds(5), OriginMeter.NONE);
        new OriginBuckets(access, new BucketService(access), clients).declare(bucket, """
                {"endpoint": "http://127.0.0.1:%d", "credentials": "t", "rangeCache": %d}"""
                .formatted(origin.getAddress().getPort(), BLOCK));
        ns = access.namespaces().resolve(bucket);
    }

    @AfterEach
    void stop() {
        origin.stop(0);
    }

    /** GET of a range of the one object, If-Match its ETag, as S3 answers it. */
    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            originGets.incrementAndGet();
            if (!("\"" + ETAG + "\"").equals(exchange.getRequestHeaders().getFirst("If-Match"))) {
                exchange.sendResponseHeaders(412, -1);
                return;
            }
            Matcher range = RANGE.matcher(exchange.getRequestHeaders().getFirst("Range"));
            if (!range.matches()) {
                throw new IllegalStateException("a range cache asks for one range: " + exchange.getRequestHeaders());
            }
            int first = Integer.parseInt(range.group(1));
            int last = Math.min(Integer.parseInt(range.group(2)), body.length - 1);
            exchange.getResponseHeaders().add("ETag", "\"" + ETAG + "\"");
            exchange.getResponseHeaders().add("Content-Range", "bytes " + first + "-" + last + "/" + body.length);
            exchange.sendResponseHeaders(206, last - first + 1);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body, first, last - first + 1);
            }
        }
    }

    private RangeCache cache(boolean readOnly) {
        SpoolBudget spools = new SpoolBudget(1 << 20, 1 << 20, spoolDir);
        return new RangeCache(access, reader, writer, spools, () -> readOnly, meter);
    }

    private byte[] read(RangeCache cache, long first, long last) throws IOException {
        return read(cache, ETAG, first, last);
    }

    private byte[] read(RangeCache cache, String etag, long first, long last) throws IOException {
        ObjectMeta meta = new ObjectMeta(ns.name(), "t.parquet", body.length, etag, "application/octet-stream",
                Map.of(), Instant.now(), BodyLocation.atOrigin());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        cache.read(ns, clients.of(ns), meta, new ByteRange(first, last), out);
        return out.toByteArray();
    }

    private long blocksHeld() {
        return access.read(Pool.MAIN, "count", ns.name(), (c, n) -> {
            try (PreparedStatement ps = c.prepareStatement(n.sql("SELECT count(*) FROM %1$s.origin_blocks"));
                 ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        });
    }

    private long counted(String result) {
        return counted.getOrDefault(result, new AtomicLong()).get();
    }

    private byte[] slice(long first, long last) {
        return Arrays.copyOfRange(body, (int) first, (int) last + 1);
    }

    @Test
    void missingRunsAreOneOriginGetEachAndHeldBlocksAreReadHere() throws IOException {
        RangeCache cache = cache(false);
        long end = body.length - 1;
        assertArrayEquals(slice(end - 7, end), read(cache, end - 7, end), "the footer: the short block 10");
        assertArrayEquals(slice(BLOCK + 10, 3L * BLOCK), read(cache, BLOCK + 10, 3L * BLOCK), "blocks 1 to 3");
        assertEquals(2, originGets.get());
        assertEquals(4, blocksHeld());

        // blocks 0 and 4..9 missing, 1..3 and 10 held: two runs to fetch
        assertArrayEquals(slice(5, end), read(cache, 5, end));
        assertEquals(4, originGets.get());
        assertEquals(11, blocksHeld());
        assertArrayEquals(slice(7, end - 3), read(cache, 7, end - 3));
        assertEquals(4, originGets.get(), "every block is held now");
        assertEquals(11, counted("fetched"));
        assertEquals(4 + 11, counted("hit"));
    }

    @Test
    void aReadOnlyGatewayServesHeldBlocksAndPassesMissesThroughWithoutStoringThem() throws IOException {
        read(cache(false), 2L * BLOCK, 3L * BLOCK - 1);
        assertEquals(1, blocksHeld());
        RangeCache standby = cache(true);
        assertArrayEquals(slice(2L * BLOCK + 5, 2L * BLOCK + 9), read(standby, 2L * BLOCK + 5, 2L * BLOCK + 9));
        assertEquals(1, originGets.get(), "a held block is served from replay");
        assertArrayEquals(slice(BLOCK, 4L * BLOCK), read(standby, BLOCK, 4L * BLOCK));
        assertEquals(3, originGets.get(), "blocks 1 and 3..4 passed through, one GET each run");
        assertEquals(1, blocksHeld(), "a read-only gateway stores nothing");
        assertEquals(3, counted("passthrough"));
    }

    @Test
    void anotherVersionAtTheOriginIsRefusedAndNothingIsStored() throws IOException {
        StoreException refused = assertThrows(StoreException.class,
                () -> read(cache(false), "ffffffffffffffffffffffffffffffff", 0, 100));
        assertEquals(StoreError.PRECONDITION_FAILED, refused.error());
        assertEquals(0, blocksHeld());
    }
}
