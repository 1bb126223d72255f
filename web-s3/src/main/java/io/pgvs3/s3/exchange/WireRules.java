package io.pgvs3.s3.exchange;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.s3.http.AsciiDigits;
import io.pgvs3.s3.route.PercentEscapes;
import io.pgvs3.s3.route.Route;
import io.pgvs3.s3.route.S3Operation;
import java.util.List;

/**
 * What a request must look like on the wire before anything reads its credentials or its body: an
 * origin-form target, well-formed query escapes of UTF-8 text, a body framing every proxy understands,
 * and a declared size S3 would accept. These are refused before SigV4 so that hostile or smuggled
 * requests cost no signature work, reach no handler and leave no stack trace; each refusal is an S3 XML
 * 4xx.
 */
final class WireRules {

    /** S3's limit for one PutObject or UploadPart body. */
    static final long MAX_SINGLE_UPLOAD = 5L * 1024 * 1024 * 1024;

    /**
     * The request head S3 clients may send: the longest request or header line and the number of
     * header lines ({@code pgvs3.http.max-header-bytes}, {@code pgvs3.http.max-headers}). The HTTP
     * channel's own limits sit above these, so a head between the two is answered in S3's XML here.
     */
    record HeadLimits(int maxLineBytes, int maxHeaders) {
    }

    private WireRules() {
    }

    /** A request head beyond the limits is 400 RequestHeaderSectionTooLarge, as S3 answers it. */
    static void checkHead(Exchange exchange, HeadLimits limits) {
        if (exchange.headerLines() > limits.maxHeaders() || exchange.longestHeaderLine() > limits.maxLineBytes()
                || exchange.requestLineLength() > limits.maxLineBytes()) {
            throw new S3Exception(S3ErrorCode.REQUEST_HEADER_SECTION_TOO_LARGE)
                    .withDetail("MaxSizeAllowed", Integer.toString(limits.maxLineBytes()));
        }
    }

    /** Checks that need no route: the target and the body framing. */
    static void checkRequest(Exchange exchange) {
        String path = exchange.rawPath();
        if (exchange.uriRefused() || path == null || !path.startsWith("/")) {
            // "*" (OPTIONS *, the HTTP/2 preface) and absolute forms name no bucket or key
            throw new S3Exception(S3ErrorCode.INVALID_URI);
        }
        if (!wellFormedEscapes(exchange.rawQuery()) || !exchange.query().utf8()) {
            // as a path whose escapes are not UTF-8 (S3Router): names and values are UTF-8 text
            throw new S3Exception(S3ErrorCode.INVALID_URI);
        }
        checkTransferEncoding(exchange.headers().get("transfer-encoding"));
    }

    /** Checks on the routed request: a body S3 would refuse for its size is refused before it is read. */
    static void checkDeclaredSize(Exchange exchange, Route route) {
        S3Operation operation = route.operation();
        if (operation != S3Operation.PUT_OBJECT && operation != S3Operation.UPLOAD_PART) {
            return;
        }
        long declared = Math.max(length(exchange.header("content-length")),
                length(exchange.header("x-amz-decoded-content-length")));
        if (declared > MAX_SINGLE_UPLOAD) {
            throw new S3Exception(S3ErrorCode.ENTITY_TOO_LARGE, S3ErrorCode.ENTITY_TOO_LARGE.message(),
                    route.bucket(), route.key(), null)
                    .withDetail("ProposedSize", Long.toString(declared))
                    .withDetail("MaxSizeAllowed", Long.toString(MAX_SINGLE_UPLOAD));
        }
    }

    /**
     * A transfer coding other than chunked would leave this gateway and a proxy in front of it
     * disagreeing on where the body ends. (Two different Content-Length headers, or one beside
     * Transfer-Encoding, never reach the application: Liberty's HTTP channel keeps one length and, with
     * its request smuggling protection, closes the connection after such a request; docs/adr/0025.)
     */
    static void checkTransferEncoding(List<String> transferEncodings) {
        if (transferEncodings == null) {
            return;
        }
        for (String value : transferEncodings) {
            if (!value.trim().equalsIgnoreCase("chunked")) {
                throw new S3Exception(S3ErrorCode.INVALID_REQUEST, "Transfer-Encoding " + value.trim()
                        + " is not supported.");
            }
        }
    }

    /** Every {@code %} is followed by two ASCII hex digits. */
    static boolean wellFormedEscapes(String raw) {
        if (raw == null) {
            return true;
        }
        for (int i = raw.indexOf('%'); i >= 0; i = raw.indexOf('%', i + 1)) {
            if (!PercentEscapes.escapeAt(raw, i)) {
                return false;
            }
        }
        return true;
    }

    /** A length header's value: its digits, or -1 when absent or not a plain non-negative number. */
    static long length(String value) {
        String digits = value == null ? "" : value.trim();
        if (!AsciiDigits.only(digits)) {
            return -1; // not a length: treated as undeclared, and refused where a length is required
        }
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE; // beyond a long is certainly too large
        }
    }
}
