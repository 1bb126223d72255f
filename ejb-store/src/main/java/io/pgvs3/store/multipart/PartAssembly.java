package io.pgvs3.store.multipart;

import io.pgvs3.store.api.CompletedPart;
import io.pgvs3.store.api.PartSpec;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Checks a CompleteMultipartUpload part list against the stored parts, as S3 does, and lays out the
 * object: part files in order, cumulative end offsets, ETag, the stored parts left unused, and the
 * listed parts in order.
 */
record PartAssembly(Long[] files, Long[] partEnds, long size, String etag, byte[] sha256, List<Long> unused,
                    List<StoredPart> parts) {

    /** S3's minimum size of every part but the last. */
    static final long MIN_PART_SIZE = 5L * 1024 * 1024;

    /**
     * The Complete list as S3 reads it: every number a part number (1 to 10,000), numbers never
     * decreasing, and a number listed again standing for the same part. A client that uploaded a part
     * twice may list both answers (the first upload finishing last lists its ETag last); the stored part
     * is the upload that finished last, so the later entry of a number replaces the earlier ones.
     *
     * @param listed the client's list, in its order
     * @return the list with one entry per part number, in order
     * @throws StoreException INVALID_ARGUMENT for a number outside 1..10000, INVALID_PART_ORDER for a
     *                        number below the one before it, INVALID_PART for an empty list
     */
    static List<CompletedPart> listed(List<CompletedPart> listed) {
        if (listed.isEmpty()) {
            throw new StoreException(StoreError.INVALID_PART, "a completed upload lists at least one part");
        }
        for (CompletedPart part : listed) {
            if (part.partNumber() < PartSpec.MIN_PART_NUMBER || part.partNumber() > PartSpec.MAX_PART_NUMBER) {
                throw new StoreException(StoreError.INVALID_ARGUMENT,
                        "Part number must be an integer between 1 and 10000, inclusive");
            }
        }
        List<CompletedPart> effective = new ArrayList<>(listed.size());
        for (CompletedPart part : listed) {
            CompletedPart previous = effective.isEmpty() ? null : effective.get(effective.size() - 1);
            if (previous != null && part.partNumber() < previous.partNumber()) {
                throw new StoreException(StoreError.INVALID_PART_ORDER,
                        "part " + part.partNumber() + " follows part " + previous.partNumber());
            }
            if (previous != null && part.partNumber() == previous.partNumber()) {
                effective.set(effective.size() - 1, part);
            } else {
                effective.add(part);
            }
        }
        return effective;
    }

    /**
     * @param listed the client's list, in its order, as {@link #listed} returned it
     * @param stored the upload's parts
     * @throws StoreException INVALID_PART_ORDER, INVALID_PART, ENTITY_TOO_SMALL
     */
    static PartAssembly of(List<CompletedPart> listed, List<StoredPart> stored) {
        requireAscending(listed);
        Map<Integer, StoredPart> byNumber = new HashMap<>();
        for (StoredPart part : stored) {
            byNumber.put(part.partNumber(), part);
        }
        Long[] files = new Long[listed.size()];
        Long[] ends = new Long[listed.size()];
        List<byte[]> md5s = new ArrayList<>();
        List<byte[]> sha256s = new ArrayList<>();
        List<StoredPart> parts = new ArrayList<>();
        long size = 0;
        for (int i = 0; i < listed.size(); i++) {
            CompletedPart wanted = listed.get(i);
            StoredPart part = byNumber.remove(wanted.partNumber());
            if (part == null || !part.etag().equals(normalize(wanted.etag()))) {
                throw new StoreException(StoreError.INVALID_PART, "part " + wanted.partNumber()
                        + " was not uploaded or has another ETag than " + wanted.etag());
            }
            if (i < listed.size() - 1 && part.size() < MIN_PART_SIZE) {
                throw new StoreException(StoreError.ENTITY_TOO_SMALL, "part " + wanted.partNumber() + " has "
                        + part.size() + " bytes; every part but the last needs at least " + MIN_PART_SIZE);
            }
            size = Math.addExact(size, part.size());
            files[i] = part.fileId();
            ends[i] = size;
            md5s.add(part.md5());
            sha256s.add(part.sha256());
            parts.add(part);
        }
        List<Long> unused = new ArrayList<>();
        byNumber.values().forEach(part -> unused.add(part.fileId()));
        return new PartAssembly(files, ends, size, MultipartEtag.of(md5s), MultipartEtag.sha256OfParts(sha256s),
                unused, parts);
    }

    private static void requireAscending(List<CompletedPart> listed) {
        if (listed.isEmpty()) {
            throw new StoreException(StoreError.INVALID_PART, "a completed upload lists at least one part");
        }
        int previous = Integer.MIN_VALUE;
        for (CompletedPart part : listed) {
            if (part.partNumber() <= previous) {
                throw new StoreException(StoreError.INVALID_PART_ORDER,
                        "part " + part.partNumber() + " follows part " + previous);
            }
            previous = part.partNumber();
        }
    }

    /** ETags are compared without quotes and case. */
    static String normalize(String etag) {
        String value = etag == null ? "" : etag.trim();
        if (value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"")) {
            value = value.substring(1, value.length() - 1);
        }
        return value.toLowerCase(Locale.ROOT);
    }
}
