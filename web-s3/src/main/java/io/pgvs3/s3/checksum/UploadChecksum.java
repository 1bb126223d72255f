package io.pgvs3.s3.checksum;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.Checksums;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The checksum of one uploaded body: the algorithm the client declared (an {@code x-amz-checksum-*}
 * header, or a trailer named by {@code x-amz-trailer}), checked against {@code
 * x-amz-sdk-checksum-algorithm}; or, when nothing was declared, CRC64NVME, which S3 computes and stores
 * for such uploads. Header contradictions fail before the body is read, with S3's messages; the value
 * is compared once the body has ended, and a mismatch is 400 BadDigest.
 */
public final class UploadChecksum {

    /** The algorithm S3 stores for uploads that carry no checksum. */
    public static final ChecksumAlgorithm DEFAULT = ChecksumAlgorithm.CRC64NVME;

    private final ChecksumAlgorithm algorithm;
    private final byte[] headerValue;
    private final String trailer;
    private ChecksumInputStream stream;

    private UploadChecksum(ChecksumAlgorithm algorithm, byte[] headerValue, String trailer) {
        this.algorithm = algorithm;
        this.headerValue = headerValue;
        this.trailer = trailer;
    }

    /**
     * Reads the request's checksum headers.
     *
     * @param headers        the request headers (any case)
     * @param trailerPayload the body is aws-chunked with trailing headers ({@code STREAMING-*-TRAILER})
     * @throws S3Exception InvalidRequest or NotImplemented as S3 answers them
     */
    public static UploadChecksum of(Map<String, List<String>> headers, boolean trailerPayload) {
        RequestChecksumHeaders parsed = RequestChecksumHeaders.parse(headers);
        ChecksumAlgorithm fromHeader = parsed.valueAlgorithm();
        String trailer = parsed.trailer();
        if (trailer != null && !trailerPayload) {
            throw invalid("x-amz-trailer needs a STREAMING-UNSIGNED-PAYLOAD-TRAILER or"
                    + " STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER body.");
        }
        ChecksumAlgorithm declared = fromHeader != null ? fromHeader
                : trailer != null ? ChecksumAlgorithm.fromHeaderName(trailer) : null;
        ChecksumAlgorithm sdk = parsed.sdkAlgorithm();
        if (sdk != null && declared == null) {
            throw invalid("x-amz-sdk-checksum-algorithm specified, but no corresponding x-amz-checksum-* or"
                    + " x-amz-trailer headers were found.");
        }
        if (sdk != null && sdk != declared) {
            throw invalid("Value for x-amz-sdk-checksum-algorithm header is invalid.");
        }
        byte[] value = null;
        if (fromHeader != null) {
            value = Checksums.decode(fromHeader, parsed.value());
            if (value == null) {
                throw invalid("Value for " + fromHeader.headerName() + " header is invalid.");
            }
        }
        return new UploadChecksum(declared == null ? DEFAULT : declared, value, trailer);
    }

    /** The client supplied a checksum (header or trailer) for this body. */
    public boolean declared() {
        return headerValue != null || trailer != null;
    }

    public ChecksumAlgorithm algorithm() {
        return algorithm;
    }

    /** The body, decorated to compute the checksum as it is read; call once. */
    public InputStream wrap(InputStream body) {
        stream = new ChecksumInputStream(body, algorithm.newChecksum());
        return stream;
    }

    /**
     * Compares the computed checksum with the declared one; call after the wrapped body has ended.
     *
     * @param trailers the trailing headers the body carried (lower-case names)
     * @return the verified checksum to store with the object
     * @throws S3Exception BadDigest for a mismatch or an undeclared checksum trailer, InvalidRequest for
     *                     a missing or malformed declared trailer
     */
    public ObjectChecksum verify(Map<String, String> trailers) {
        for (String name : trailers.keySet()) {
            if (name.startsWith(RequestChecksumHeaders.PREFIX) && !name.equals(trailer)) {
                throw new S3Exception(S3ErrorCode.BAD_DIGEST, "The trailing header " + name
                        + " was not declared in x-amz-trailer.");
            }
        }
        byte[] expected = headerValue;
        if (trailer != null) {
            expected = Checksums.decode(algorithm, trailers.get(trailer));
            if (expected == null) {
                throw invalid("Value for " + trailer + " trailing header is invalid.");
            }
        }
        byte[] computed;
        try {
            computed = stream.digest();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (expected != null && !MessageDigest.isEqual(expected, computed)) {
            throw new S3Exception(S3ErrorCode.BAD_DIGEST,
                    "The " + algorithm.name().toUpperCase(Locale.ROOT) + " you specified did not match the calculated checksum.");
        }
        return ObjectChecksum.fullObject(algorithm, computed);
    }

    static S3Exception invalid(String message) {
        return new S3Exception(S3ErrorCode.INVALID_REQUEST, message);
    }
}
