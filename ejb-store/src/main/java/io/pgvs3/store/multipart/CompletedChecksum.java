package io.pgvs3.store.multipart;

import io.pgvs3.store.api.CompletedPart;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ChecksumType;
import io.pgvs3.store.api.checksum.Checksums;
import io.pgvs3.store.api.checksum.MultipartChecksums;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import io.pgvs3.store.api.checksum.PartChecksum;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The checksum a completed multipart object gets from its parts' verified checksums, as S3 computes it:
 * an upload that declared an algorithm needs a checksum of that algorithm on every part, and its type
 * (COMPOSITE unless the upload asked for FULL_OBJECT; CRC64NVME is always FULL_OBJECT) decides the
 * value. An upload that declared none gets the FULL_OBJECT CRC when every part carries the same CRC
 * algorithm, else no checksum. A {@code Checksum*} element in the Complete list must match the part's,
 * and a COMPOSITE upload's list must carry one for every part.
 */
final class CompletedChecksum {

    private CompletedChecksum() {
    }

    /**
     * @param listed the Complete list, in order
     * @param parts  the stored parts it names, in the same order
     * @return the object's checksum, or null
     * @throws StoreException INVALID_PART for a listed checksum that differs from the part's, or a part
     *                        without the upload's algorithm; INVALID_REQUEST for a COMPOSITE upload's
     *                        list entry without a checksum
     */
    static ObjectChecksum of(Upload upload, List<CompletedPart> listed, List<StoredPart> parts) {
        for (int i = 0; i < listed.size(); i++) {
            requireListedMatches(listed.get(i), parts.get(i));
        }
        ChecksumAlgorithm algorithm = upload.checksumAlgorithm() == null ? commonCrc(parts)
                : ChecksumAlgorithm.valueOf(upload.checksumAlgorithm());
        if (algorithm == null) {
            return null;
        }
        ChecksumType type = type(upload, algorithm);
        if (type == ChecksumType.COMPOSITE) {
            requireListed(listed, algorithm);
        }
        List<PartChecksum> checksums = new ArrayList<>();
        for (StoredPart part : parts) {
            ObjectChecksum checksum = part.checksum();
            if (checksum == null || checksum.algorithm() != algorithm) {
                throw new StoreException(StoreError.INVALID_PART, "part " + part.partNumber()
                        + " was uploaded without a " + algorithm + " checksum, which the upload requires");
            }
            checksums.add(new PartChecksum(Checksums.decode(algorithm, checksum.value()), part.size()));
        }
        return type == ChecksumType.FULL_OBJECT
                ? MultipartChecksums.fullObject(algorithm, checksums)
                : MultipartChecksums.composite(algorithm, checksums);
    }

    private static ChecksumType type(Upload upload, ChecksumAlgorithm algorithm) {
        if (upload.checksumAlgorithm() == null || algorithm == ChecksumAlgorithm.CRC64NVME) {
            return ChecksumType.FULL_OBJECT;
        }
        return upload.checksumType() == null ? ChecksumType.COMPOSITE : ChecksumType.valueOf(upload.checksumType());
    }

    /** The CRC algorithm every part carries, or null. */
    private static ChecksumAlgorithm commonCrc(List<StoredPart> parts) {
        ChecksumAlgorithm common = null;
        for (StoredPart part : parts) {
            ObjectChecksum checksum = part.checksum();
            if (checksum == null || !checksum.algorithm().isCrc()
                    || common != null && checksum.algorithm() != common) {
                return null;
            }
            common = checksum.algorithm();
        }
        return common;
    }

    /** S3's answer when a COMPOSITE upload's Complete list leaves out a part's checksum. */
    private static void requireListed(List<CompletedPart> listed, ChecksumAlgorithm algorithm) {
        for (CompletedPart part : listed) {
            if (part.checksumAlgorithm() == null) {
                throw new StoreException(StoreError.INVALID_REQUEST, "The upload was created using a "
                        + algorithm.name().toLowerCase(Locale.ROOT) + " checksum. The complete request must include"
                        + " the checksum for each part. It was missing for part " + part.partNumber()
                        + " in the request.");
            }
        }
    }

    private static void requireListedMatches(CompletedPart listed, StoredPart part) {
        if (listed.checksumAlgorithm() == null) {
            return;
        }
        ObjectChecksum stored = part.checksum();
        if (stored == null || stored.algorithm() != listed.checksumAlgorithm()
                || !stored.value().equals(listed.checksumValue() == null ? null : listed.checksumValue().trim())) {
            throw new StoreException(StoreError.INVALID_PART, "part " + listed.partNumber() + " has another "
                    + listed.checksumAlgorithm() + " checksum than " + listed.checksumValue());
        }
    }
}
