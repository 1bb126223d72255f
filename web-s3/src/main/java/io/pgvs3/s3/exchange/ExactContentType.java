package io.pgvs3.s3.exchange;

import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

/**
 * The response the JAX-RS runtime writes to, with the {@code Content-Type} the front door decided:
 * RESTEasy parses an answer's type and writes it back normalized (lower case, its own spacing of
 * parameters) or fails on one it cannot parse, where S3 answers an object's type exactly as stored. Once
 * {@link #exactly} has set a type, the runtime's own attempts to set one change nothing.
 */
final class ExactContentType extends HttpServletResponseWrapper {

    private volatile boolean decided;

    ExactContentType(HttpServletResponse response) {
        super(response);
    }

    /** Sets the answer's type as given, and keeps it. */
    void exactly(String contentType) {
        super.setContentType(contentType);
        decided = true;
    }

    private static boolean isContentType(String name) {
        return "Content-Type".equalsIgnoreCase(name);
    }

    @Override
    public void setContentType(String type) {
        if (!decided) {
            super.setContentType(type);
        }
    }

    @Override
    public void setHeader(String name, String value) {
        if (isContentType(name)) {
            setContentType(value);
        } else {
            super.setHeader(name, value);
        }
    }

    @Override
    public void addHeader(String name, String value) {
        if (isContentType(name)) {
            setContentType(value);
        } else {
            super.addHeader(name, value);
        }
    }

    /** An answer replaced before it was committed (an error instead of a body) decides its type anew. */
    @Override
    public void reset() {
        decided = false;
        super.reset();
    }
}
