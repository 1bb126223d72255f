package io.pgvs3.s3.exchange;

import io.pgvs3.s3.http.RequestIds;
import io.pgvs3.s3.http.S3Response;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;

/** Puts an {@link S3Response} on the wire: status, headers, S3's request id headers, and the body. */
final class ResponseWriter {

    private ResponseWriter() {
    }

    /** Status and headers; nothing is committed until the first body byte or the end of the request. */
    static void head(Exchange exchange, S3Response answer, HttpServletResponse response) {
        response.setStatus(answer.status());
        boolean idSent = false;
        for (S3Response.Header header : answer.headers()) {
            String name = header.name();
            if (name.equalsIgnoreCase("Content-Length")) {
                response.setContentLengthLong(Long.parseLong(header.value()));
            } else if (name.equalsIgnoreCase("Content-Type")) {
                response.setContentType(header.value());
            } else {
                response.addHeader(name, header.value());
                idSent |= name.equalsIgnoreCase("x-amz-request-id");
            }
        }
        if (!idSent) {
            response.setHeader("x-amz-request-id", exchange.requestId());
            response.setHeader("x-amz-id-2", RequestIds.hostId(exchange.requestId()));
        }
        response.setHeader("Server", "pgvs3");
    }

    /** Status, headers and an in-memory body; HEAD answers send their headers only. */
    static void inMemory(Exchange exchange, S3Response answer, HttpServletResponse response) throws IOException {
        head(exchange, answer, response);
        body(exchange, answer, response);
    }

    private static void body(Exchange exchange, S3Response answer, HttpServletResponse response) throws IOException {
        if (answer.length() == 0 || "HEAD".equals(exchange.method())) {
            return;
        }
        if (answer.header("Content-Length") == null) {
            response.setContentLength(answer.length());
        }
        OutputStream out = response.getOutputStream();
        out.write(answer.bytes(), answer.offset(), answer.length());
        exchange.sent(answer.length());
    }

    /** A streamed body, counted as it crosses the servlet boundary. */
    static void streamed(Exchange exchange, S3Response answer, HttpServletResponse response) throws IOException {
        answer.streamed().writeTo(new CountingServletOutputStream(response.getOutputStream(), exchange));
    }
}
