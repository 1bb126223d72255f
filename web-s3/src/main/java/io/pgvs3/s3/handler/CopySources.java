package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.auth.AmzTime;
import io.pgvs3.s3.route.PathParts;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.CopyConditions;
import io.pgvs3.store.api.CopySource;
import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code x-amz-copy-source*} headers of CopyObject and UploadPartCopy: the URL-encoded
 * {@code bucket/key} (a leading slash allowed, {@code ?versionId} refused), its conditions, and the
 * part range.
 */
final class CopySources {

    static final String SOURCE_MESSAGE = "Copy Source must mention the source bucket and key: sourcebucket/sourcekey";
    static final String RANGE_MESSAGE = "The x-amz-copy-source-range value must be of the form bytes=first-last"
            + " where first and last are the zero-based offsets of the first and last bytes to copy";

    private static final Pattern RANGE = Pattern.compile("bytes=(\\d{1,18})-(\\d{1,18})");

    private CopySources() {
    }

    static CopySource source(S3Call call) {
        String value = call.header("x-amz-copy-source").trim();
        int query = value.indexOf('?');
        if (query >= 0) {
            if (value.startsWith("versionId=", query + 1)) {
                throw call.error(S3ErrorCode.NOT_IMPLEMENTED, "Copying a specific version is not implemented.");
            }
            throw call.error(S3ErrorCode.INVALID_ARGUMENT, SOURCE_MESSAGE);
        }
        String path = PathParts.decode(value.startsWith("/") ? value.substring(1) : value);
        int slash = path.indexOf('/');
        // no key holds a NUL (PostgreSQL text cannot), so such a source names nothing that could exist
        if (slash <= 0 || slash == path.length() - 1 || path.indexOf('\0') >= 0) {
            throw call.error(S3ErrorCode.INVALID_ARGUMENT, SOURCE_MESSAGE);
        }
        CopyConditions conditions = conditions(call);
        return new CopySource(path.substring(0, slash), path.substring(slash + 1),
                conditions.isEmpty() ? null : conditions);
    }

    /** Unparsable dates are ignored, and so is an If-Modified-Since in the future (RFC 9110 §13.1.3). */
    private static CopyConditions conditions(S3Call call) {
        Instant modifiedSince = AmzTime.parseRfc1123(call.header("x-amz-copy-source-if-modified-since"));
        if (modifiedSince != null && modifiedSince.isAfter(Instant.now())) {
            modifiedSince = null;
        }
        return new CopyConditions(call.header("x-amz-copy-source-if-match"),
                call.header("x-amz-copy-source-if-none-match"), modifiedSince,
                AmzTime.parseRfc1123(call.header("x-amz-copy-source-if-unmodified-since")));
    }

    /** {@code x-amz-copy-source-range: bytes=first-last}, or null for the whole source. */
    static ByteRange range(S3Call call) {
        String value = call.header("x-amz-copy-source-range");
        if (value == null) {
            return null;
        }
        Matcher m = RANGE.matcher(value.trim());
        if (!m.matches() || Long.parseLong(m.group(1)) > Long.parseLong(m.group(2))) {
            throw call.error(S3ErrorCode.INVALID_ARGUMENT, RANGE_MESSAGE);
        }
        return new ByteRange(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)));
    }
}
