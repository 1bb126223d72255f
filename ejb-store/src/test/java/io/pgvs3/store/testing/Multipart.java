package io.pgvs3.store.testing;

import io.pgvs3.store.api.CompleteSpec;
import io.pgvs3.store.api.CompletedPart;
import io.pgvs3.store.api.PartInfo;
import io.pgvs3.store.api.PartSpec;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.UploadSpec;
import io.pgvs3.store.api.WriteCondition;
import java.io.ByteArrayInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Multipart steps against the plain store classes. */
public final class Multipart {

    public static final int MIB5 = 5 * 1024 * 1024;

    private final Stores stores;

    public Multipart(Stores stores) {
        this.stores = stores;
    }

    public String create(String bucket, String key) {
        return stores.uploads.create(new UploadSpec(bucket, key, "text/plain", Map.of("origin", "parts"), null, null))
                .uploadId();
    }

    public PartInfo upload(String bucket, String key, String uploadId, int partNumber, byte[] body) {
        return stores.parts.upload(new PartSpec(bucket, key, uploadId, partNumber, body.length, md5(body), null),
                new ByteArrayInputStream(body));
    }

    public PutResult complete(String bucket, String key, String uploadId, List<PartInfo> parts) {
        return complete(bucket, key, uploadId, parts, WriteCondition.NONE);
    }

    public PutResult complete(String bucket, String key, String uploadId, List<PartInfo> parts,
                              WriteCondition condition) {
        List<CompletedPart> listed = new ArrayList<>();
        for (PartInfo part : parts) {
            listed.add(new CompletedPart(part.partNumber(), "\"" + part.etag() + "\""));
        }
        return stores.completer.complete(new CompleteSpec(bucket, key, uploadId, listed, condition));
    }

    /** Uploads {@code bodies} as parts 1..n and completes the upload. */
    public PutResult put(String bucket, String key, byte[]... bodies) {
        String id = create(bucket, key);
        List<PartInfo> parts = new ArrayList<>();
        for (int i = 0; i < bodies.length; i++) {
            parts.add(upload(bucket, key, id, i + 1, bodies[i]));
        }
        return complete(bucket, key, id, parts);
    }

    public static byte[] concat(byte[]... bodies) {
        int size = 0;
        for (byte[] b : bodies) {
            size += b.length;
        }
        byte[] all = new byte[size];
        int at = 0;
        for (byte[] b : bodies) {
            System.arraycopy(b, 0, all, at, b.length);
            at += b.length;
        }
        return all;
    }

    public static byte[] md5(byte[] body) {
        try {
            return MessageDigest.getInstance("MD5").digest(body);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
