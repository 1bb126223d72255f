package io.pgvs3.s3.exchange;

import io.pgvs3.s3.http.RequestIds;
import io.pgvs3.s3.http.S3Response;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Arrays;
import java.util.function.BiConsumer;

/**
 * An {@link S3Response} as a JAX-RS {@link Response}: the handler's status and headers exactly as built
 * (straight to the {@link ExactContentType} response, or with the answer), S3's request id headers, and
 * the entity given. Nothing is negotiated: the resources declare no media types.
 */
final class Answers {

    private Answers() {
    }

    static Response of(Exchange exchange, S3Response answer, Object entity) {
        return of(exchange, answer, entity, exchange.response());
    }

    /**
     * An error answer that replaces one whose writing failed before its first byte: the runtime resets
     * the response first, so its type travels with the JAX-RS answer (an XML type it parses as is).
     */
    static Response replacement(Exchange exchange, S3Response error) {
        return of(exchange, error, hasBody(exchange, error) ? bytes(error) : null, null);
    }

    /**
     * The answer of a GET read again that replaces one whose writing failed before its first byte: its
     * headers travel with the JAX-RS answer, as for {@link #replacement}, but not its type, which may be any
     * object's and which RESTEasy would parse: {@code body} sets it exactly when it starts writing.
     */
    static Response readAgain(Exchange exchange, S3Response answer, StreamedAnswer body) {
        return of(exchange, answer, body, null);
    }

    /**
     * With {@code written}, the headers go straight to the response the runtime writes, in the handler's
     * order: RESTEasy would keep them in a case-insensitive tree map and copy them over (about 2 % of a
     * small GET). Without it, they travel with the JAX-RS answer.
     */
    private static Response of(Exchange exchange, S3Response answer, Object entity, ExactContentType written) {
        Response.ResponseBuilder response = Response.status(answer.status());
        BiConsumer<String, String> headers = written == null ? response::header : written::addHeader;
        boolean idSent = false;
        for (S3Response.Header header : answer.headers()) {
            boolean type = header.name().equalsIgnoreCase("Content-Type");
            if (type && written != null) {
                written.exactly(header.value()); // never parsed nor normalized by the runtime
            } else if (type && entity instanceof StreamedAnswer) {
                continue; // a GET read again: its body sets the type exactly when it starts writing
            } else {
                headers.accept(header.name(), header.value());
            }
            idSent |= header.name().equalsIgnoreCase("x-amz-request-id");
        }
        if (!idSent) {
            headers.accept("x-amz-request-id", exchange.requestId());
            headers.accept("x-amz-id-2", RequestIds.hostId(exchange.requestId()));
        }
        headers.accept("Server", "pgvs3");
        if ((written != null && entity != null) || entity instanceof StreamedAnswer) {
            // the type RESTEasy chooses for a body of no declared type when nothing is negotiated, named
            // so that it does not search its writers for one on every answer; the client gets the front
            // door's own type when it has one (ExactContentType)
            response.type(MediaType.APPLICATION_OCTET_STREAM_TYPE);
        }
        return response.entity(entity).build();
    }

    /** An in-memory answer; a HEAD answer has headers only. */
    static Response inMemory(Exchange exchange, S3Response answer) {
        return of(exchange, answer, hasBody(exchange, answer) ? bytes(answer) : null);
    }

    static boolean hasBody(Exchange exchange, S3Response answer) {
        return answer.length() > 0 && !"HEAD".equals(exchange.method());
    }

    /** The in-memory body as an entity of exactly its bytes. */
    private static byte[] bytes(S3Response answer) {
        byte[] bytes = answer.bytes();
        if (answer.offset() == 0 && answer.length() == bytes.length) {
            return bytes;
        }
        return Arrays.copyOfRange(bytes, answer.offset(), answer.offset() + answer.length());
    }
}
