package io.pgvs3.s3.handler;

import io.pgvs3.s3.checksum.UploadChecksum;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.http.EntityTags;
import io.pgvs3.store.api.ContentHeaders;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * Reads and validates the headers of a PutObject: metadata, standard content headers, Content-MD5,
 * checksums, conditions, unsupported features.
 */
final class PutHeaders {

    /** S3's limit on the user-defined metadata of one object (names without the prefix, plus values). */
    static final int MAX_METADATA_BYTES = 2048;
    private static final String META_PREFIX = "x-amz-meta-";

    private PutHeaders() {
    }

    static void validateKey(S3Call call) {
        if (call.key().getBytes(StandardCharsets.UTF_8).length > ObjectStore.MAX_KEY_BYTES) {
            throw call.error(S3ErrorCode.KEY_TOO_LONG);
        }
    }

    /**
     * The Content-Type to store, or null for the store's default; one the store could not keep is the
     * client's error (S3 refuses long ones as well).
     */
    static String contentType(S3Call call) {
        String value = call.header("Content-Type");
        if (value != null && value.getBytes(StandardCharsets.UTF_8).length > ObjectStore.MAX_CONTENT_TYPE_BYTES) {
            throw call.error(S3ErrorCode.INVALID_ARGUMENT, "The Content-Type header must not exceed "
                    + ObjectStore.MAX_CONTENT_TYPE_BYTES + " bytes.").withDetail("ArgumentName", "Content-Type");
        }
        return value;
    }

    /**
     * {@code x-amz-checksum-algorithm} of CreateMultipartUpload and CopyObject: the algorithm the object
     * (or upload) is to carry, or null; a name S3 does not know is its InvalidRequest.
     */
    static ChecksumAlgorithm checksumAlgorithm(S3Call call) {
        String name = call.header("x-amz-checksum-algorithm");
        if (name == null || name.isBlank()) {
            return null;
        }
        ChecksumAlgorithm algorithm = ChecksumAlgorithm.fromWireName(name);
        if (algorithm == null) {
            throw call.error(S3ErrorCode.INVALID_REQUEST, "Checksum algorithm provided is unsupported. Please try"
                    + " again with any of the valid types: [CRC32, CRC32C, CRC64NVME, SHA1, SHA256]");
        }
        return algorithm;
    }

    /** Features this gateway cannot honour are refused, never silently ignored. */
    static void rejectUnsupported(S3Call call) {
        for (String name : call.headers().keySet()) {
            String lower = name.toLowerCase(Locale.ROOT);
            if (lower.startsWith("x-amz-server-side-encryption")) {
                throw call.error(S3ErrorCode.NOT_IMPLEMENTED, "Server-side encryption is not implemented.");
            }
            if (lower.startsWith("x-amz-object-lock") || lower.equals("x-amz-tagging")
                    || lower.equals("x-amz-website-redirect-location")) {
                throw call.error(S3ErrorCode.NOT_IMPLEMENTED, "The header " + lower + " is not implemented.");
            }
        }
        SingleOwner.requireOwnerOnlyAcl(call);
    }

    /**
     * Cache-Control, Content-Disposition, Content-Encoding, Content-Language and Expires, kept as S3 keeps
     * them: as sent. {@code aws-chunked} is transfer framing, not the object's encoding: it is removed
     * (the other codings keep their order), and a Content-Encoding of nothing else is not stored.
     */
    static ContentHeaders contentHeaders(S3Call call) {
        return new ContentHeaders(call.header("Cache-Control"), call.header("Content-Disposition"),
                withoutAwsChunked(call.header("Content-Encoding")), call.header("Content-Language"),
                call.header("Expires"));
    }

    static String withoutAwsChunked(String encoding) {
        if (encoding == null || !encoding.toLowerCase(Locale.ROOT).contains("aws-chunked")) {
            return encoding;
        }
        StringJoiner kept = new StringJoiner(", ");
        for (String part : encoding.split(",")) {
            String coding = part.trim();
            if (!coding.isEmpty() && !coding.equalsIgnoreCase("aws-chunked")) {
                kept.add(coding);
            }
        }
        return kept.length() == 0 ? null : kept.toString();
    }

    /** The body's checksum as its headers declare it; trailers come with the STREAMING-*-TRAILER payloads. */
    static UploadChecksum uploadChecksum(S3Call call) {
        String payload = call.header("x-amz-content-sha256");
        return UploadChecksum.of(call.headers(), payload != null && payload.endsWith("-TRAILER"));
    }

    static Map<String, String> userMetadata(S3Call call) {
        Map<String, String> metadata = new TreeMap<>();
        int bytes = 0;
        for (Map.Entry<String, List<String>> header : call.headers().entrySet()) {
            String name = header.getKey().toLowerCase(Locale.ROOT);
            if (!name.startsWith(META_PREFIX)) {
                continue;
            }
            String shortName = name.substring(META_PREFIX.length());
            String value = String.join(",", header.getValue());
            bytes += shortName.getBytes(StandardCharsets.UTF_8).length + value.getBytes(StandardCharsets.UTF_8).length;
            metadata.put(shortName, value);
        }
        if (bytes > MAX_METADATA_BYTES) {
            throw call.error(S3ErrorCode.METADATA_TOO_LARGE);
        }
        return metadata;
    }

    static byte[] contentMd5(S3Call call) {
        String value = call.header("Content-MD5");
        if (value == null) {
            return null;
        }
        try {
            byte[] md5 = Base64.getDecoder().decode(value.trim());
            if (md5.length == 16) {
                return md5;
            }
        } catch (IllegalArgumentException e) {
            // falls through to the S3 error
        }
        throw call.error(S3ErrorCode.INVALID_DIGEST);
    }

    /**
     * The write's condition, decided by the store at publication: {@code If-None-Match: *} (412 when the
     * key exists), {@code If-None-Match: "etag"} (412 when the current object has that ETag),
     * {@code If-Match: *} (404 NoSuchKey when there is no object) and {@code If-Match: "etag"}.
     */
    static WriteCondition condition(S3Call call) {
        String ifNoneMatch = call.header("If-None-Match");
        String ifMatch = call.header("If-Match");
        if (ifNoneMatch != null && ifMatch != null) {
            throw call.error(S3ErrorCode.NOT_IMPLEMENTED, "If-Match and If-None-Match together are not supported.");
        }
        if (ifNoneMatch != null) {
            String tag = ifNoneMatch.trim();
            // If-None-Match compares weakly (RFC 9110 §13.1.2): W/"x" names the same ETag as "x"
            return tag.equals("*") ? WriteCondition.ifNoneMatchStar()
                    : WriteCondition.ifNoneMatch(EntityTags.unquote(tag.startsWith("W/") ? tag.substring(2) : tag));
        }
        if (ifMatch != null) {
            return ifMatch.trim().equals("*") ? WriteCondition.ifMatch(WriteCondition.ANY)
                    : WriteCondition.ifMatch(ifMatchEtag(call, ifMatch));
        }
        return WriteCondition.NONE;
    }

    /** A strong If-Match tag, unquoted; a weak one can never match strongly, so it fails at once. */
    static String ifMatchEtag(S3Call call, String ifMatch) {
        String etag = ifMatch.trim();
        if (etag.startsWith("W/")) {
            throw call.error(S3ErrorCode.PRECONDITION_FAILED);
        }
        return EntityTags.unquote(etag);
    }

    static long declaredLength(S3Call call) {
        if (call.decodedLength() >= 0) {
            return call.decodedLength();
        }
        throw call.error(S3ErrorCode.MISSING_CONTENT_LENGTH);
    }
}
