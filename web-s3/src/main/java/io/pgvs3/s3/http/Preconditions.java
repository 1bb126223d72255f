package io.pgvs3.s3.http;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * GET/HEAD conditional headers evaluated in RFC 9110 §13.2.2 order, which is the order S3 documents:
 * If-Match (else If-Unmodified-Since) can fail the request with 412; then If-None-Match (else
 * If-Modified-Since) can answer 304. So a matching If-Match wins over a failing If-Unmodified-Since,
 * and a failing If-None-Match answers 304 whatever If-Modified-Since says. Dates that do not parse
 * are ignored; Last-Modified is compared in whole seconds, as it is sent.
 */
public final class Preconditions {

    public enum Outcome { PROCEED, NOT_MODIFIED, PRECONDITION_FAILED }

    /** @param condition the header that decided a 304 or 412, else null */
    public record Result(Outcome outcome, String condition) {

        static final Result PROCEED = new Result(Outcome.PROCEED, null);
    }

    /** The request's conditional headers; any may be null. */
    public record Headers(String ifMatch, String ifNoneMatch, String ifModifiedSince, String ifUnmodifiedSince) {
    }

    private Preconditions() {
    }

    public static Result evaluate(Headers headers, String etag, Instant lastModified) {
        Instant modified = lastModified.truncatedTo(ChronoUnit.SECONDS);
        if (headers.ifMatch() != null) {
            if (!EntityTags.matches(headers.ifMatch(), etag, false)) {
                return new Result(Outcome.PRECONDITION_FAILED, "If-Match");
            }
        } else {
            Instant since = HttpDates.parse(headers.ifUnmodifiedSince());
            if (since != null && modified.isAfter(since)) {
                return new Result(Outcome.PRECONDITION_FAILED, "If-Unmodified-Since");
            }
        }
        if (headers.ifNoneMatch() != null) {
            if (EntityTags.matches(headers.ifNoneMatch(), etag, true)) {
                return new Result(Outcome.NOT_MODIFIED, "If-None-Match");
            }
        } else {
            Instant since = HttpDates.parse(headers.ifModifiedSince());
            if (since != null && !modified.isAfter(since)) {
                return new Result(Outcome.NOT_MODIFIED, "If-Modified-Since");
            }
        }
        return Result.PROCEED;
    }
}
