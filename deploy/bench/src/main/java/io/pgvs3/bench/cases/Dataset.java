package io.pgvs3.bench.cases;

import io.pgvs3.bench.http.Body;
import io.pgvs3.bench.http.Endpoint;
import io.pgvs3.bench.http.RandomBody;
import io.pgvs3.bench.http.SigV4Signer;
import io.pgvs3.bench.targets.S3Target;
import io.pgvs3.bench.targets.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A set of objects of one size under one prefix, prefilled before the cases that read or overwrite
 * them. Bodies are random ({@link RandomBody}), so compression gains nothing anywhere.
 *
 * @param name   fixture id
 * @param prefix key prefix, ending in '/'
 * @param count  number of objects
 * @param size   bytes per object
 */
public record Dataset(String name, String prefix, int count, int size) implements Fixture {
    /** Keys are sent unencoded (see S3Client), so only these characters may appear. */
    private static final Pattern SAFE_KEY = Pattern.compile("[A-Za-z0-9._~/-]+");
    static final int SIGNED_MAX = 1 << 20;

    public static final Dataset SMALL_4K = new Dataset("small-4k", "small/", 1024, 4 * 1024);
    public static final Dataset BIG_64M = new Dataset("big-64m", "big/", 1, 64 * 1024 * 1024);
    public static final Dataset LIST_1000 = new Dataset("list-1000", "list/", 1000, 16);
    /** Issue 8's large objects: 8 of each size, so 8 workers can each read or overwrite their own. */
    public static final Dataset LARGE_8M = new Dataset("large-8m", "large8m/", 8, 8 * 1024 * 1024);
    public static final Dataset LARGE_64M = new Dataset("large-64m", "large64m/", 8, 64 * 1024 * 1024);

    public Dataset {
        if (!SAFE_KEY.matcher(prefix).matches()) {
            throw new IllegalArgumentException("unsafe key prefix " + prefix);
        }
    }

    @Override
    public String id() {
        return name;
    }

    public String key(int i) {
        return prefix + String.format("%05d", i);
    }

    public List<String> keys() {
        List<String> keys = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            keys.add(key(i));
        }
        return keys;
    }

    /** A random body of this dataset's size, the same for a given seed. */
    public RandomBody body(long seed) {
        return new RandomBody(size, seed);
    }

    /**
     * The x-amz-content-sha256 its PUTs send: the real SHA-256 up to {@link #SIGNED_MAX}, UNSIGNED-PAYLOAD
     * above, as SDKs send large bodies over TLS. S3Proxy reads a signed body whole into its heap to check
     * the hash before storing it (8 concurrent 64 MiB PUTs exhaust its 512 MiB), unsigned ones it streams;
     * pgvs3 hashes every body as it stores it either way.
     */
    public String payloadHash(Body body) {
        return size <= SIGNED_MAX ? body.sha256Hex() : SigV4Signer.UNSIGNED_PAYLOAD;
    }

    @Override
    public void establish(Target target) throws Exception {
        Endpoint endpoint = ((S3Target) target).endpoint();
        RandomBody body = body(name.hashCode());
        try (ParallelPut put = new ParallelPut(endpoint, body, payloadHash(body), Math.min(count, ParallelPut.CONNECTIONS))) {
            put.putAll(keys());
        }
    }
}
