package io.pgvs3.s3.checksum;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The checksum-related request headers, parsed and checked for the contradictions S3 refuses: more than
 * one checksum, an unknown {@code x-amz-checksum-} name, an unsupported trailer or algorithm name.
 *
 * @param valueAlgorithm the algorithm of the one {@code x-amz-checksum-<algorithm>} value header, or null
 * @param value          that header's value
 * @param trailer        the checksum trailer named by {@code x-amz-trailer} (lower case), or null
 * @param sdkAlgorithm   {@code x-amz-sdk-checksum-algorithm} (or {@code x-amz-checksum-algorithm}), or null
 */
record RequestChecksumHeaders(ChecksumAlgorithm valueAlgorithm, String value, String trailer,
                              ChecksumAlgorithm sdkAlgorithm) {

    static final String PREFIX = "x-amz-checksum-";

    /** Headers under the prefix that carry no value. */
    private static final Set<String> NOT_VALUES = Set.of("x-amz-checksum-algorithm", "x-amz-checksum-mode",
            "x-amz-checksum-type");
    /** Names S3 accepts that this gateway cannot compute: refused, never ignored. */
    private static final Set<String> UNSUPPORTED = Set.of("md5", "sha512", "xxhash64", "xxhash3", "xxhash128");

    static RequestChecksumHeaders parse(Map<String, List<String>> headers) {
        ChecksumAlgorithm valueAlgorithm = null;
        String value = null;
        String sdk = null;
        String trailerHeader = null;
        int values = 0;
        for (Map.Entry<String, List<String>> header : headers.entrySet()) {
            String name = header.getKey().toLowerCase(Locale.ROOT);
            String first = header.getValue() == null || header.getValue().isEmpty() ? "" : header.getValue().get(0);
            if (name.equals("x-amz-sdk-checksum-algorithm") || name.equals("x-amz-checksum-algorithm")) {
                sdk = first;
            } else if (name.equals("x-amz-trailer")) {
                trailerHeader = first;
            } else if (name.startsWith(PREFIX) && !NOT_VALUES.contains(name)) {
                valueAlgorithm = algorithmOf(name, "The algorithm type you specified in x-amz-checksum- header is invalid.");
                value = first;
                values++;
            }
        }
        String trailer = trailer(trailerHeader);
        if (values > 1 || (values == 1 && trailer != null)) {
            throw UploadChecksum.invalid("Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.");
        }
        return new RequestChecksumHeaders(valueAlgorithm, value, trailer, sdkAlgorithm(sdk));
    }

    /** The one checksum trailer {@code x-amz-trailer} declares, or null when it declares none. */
    private static String trailer(String header) {
        if (header == null) {
            return null;
        }
        String found = null;
        for (String part : header.split(",")) {
            String name = part.trim().toLowerCase(Locale.ROOT);
            if (name.isEmpty()) {
                continue;
            }
            if (!name.startsWith(PREFIX) || NOT_VALUES.contains(name)) {
                throw UploadChecksum.invalid("The value specified in the x-amz-trailer header is not supported");
            }
            algorithmOf(name, "The value specified in the x-amz-trailer header is not supported");
            if (found != null) {
                throw UploadChecksum.invalid("Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.");
            }
            found = name;
        }
        if (found == null) {
            throw UploadChecksum.invalid("The value specified in the x-amz-trailer header is not supported");
        }
        return found;
    }

    private static ChecksumAlgorithm algorithmOf(String headerName, String unknownMessage) {
        ChecksumAlgorithm algorithm = ChecksumAlgorithm.fromHeaderName(headerName);
        if (algorithm != null) {
            return algorithm;
        }
        if (UNSUPPORTED.contains(headerName.substring(PREFIX.length()))) {
            throw new S3Exception(S3ErrorCode.NOT_IMPLEMENTED, "The " + headerName + " checksum is not implemented.");
        }
        throw UploadChecksum.invalid(unknownMessage);
    }

    private static ChecksumAlgorithm sdkAlgorithm(String name) {
        if (name == null) {
            return null;
        }
        ChecksumAlgorithm algorithm = ChecksumAlgorithm.fromWireName(name);
        if (algorithm != null) {
            return algorithm;
        }
        if (UNSUPPORTED.contains(name.trim().toLowerCase(Locale.ROOT))) {
            throw new S3Exception(S3ErrorCode.NOT_IMPLEMENTED, "The " + name.trim() + " checksum is not implemented.");
        }
        throw UploadChecksum.invalid("Checksum algorithm provided is unsupported. Please try again with any of the"
                + " valid types: [CRC32, CRC32C, CRC64NVME, SHA1, SHA256]");
    }
}
