package io.pgvs3.s3.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;

/**
 * What a handler answers: status, headers in order, and a body that is either bytes already in memory
 * (XML, an inline object) or a {@link StreamedBody} read from the chunk pool while it is written. The
 * request path writes the first synchronously and gives the second a stream permit and a worker.
 */
public final class S3Response {

    /** A body produced while it is written, e.g. an object's chunk rows. */
    @FunctionalInterface
    public interface StreamedBody {
        void writeTo(OutputStream out) throws IOException;
    }

    /** One response header; names keep the case they are sent with. */
    public record Header(String name, String value) {
    }

    private static final byte[] NO_BYTES = new byte[0];

    private final int status;
    private final List<Header> headers;
    private final byte[] bytes;
    private final int offset;
    private final int length;
    private final StreamedBody streamed;
    private final Supplier<S3Response> readAgain;

    private S3Response(Builder builder) {
        this.status = builder.status;
        this.headers = Collections.unmodifiableList(builder.headers);
        this.bytes = builder.bytes;
        this.offset = builder.offset;
        this.length = builder.length;
        this.streamed = builder.streamed;
        this.readAgain = builder.readAgain;
    }

    public static Builder status(int status) {
        return new Builder(status);
    }

    public static Builder ok() {
        return new Builder(200);
    }

    public static S3Response noContent() {
        return new Builder(204).build();
    }

    /** A 200 answer with an XML document. */
    public static S3Response xml(byte[] document) {
        return ok().header("Content-Type", "application/xml").body(document).build();
    }

    public int status() {
        return status;
    }

    public List<Header> headers() {
        return headers;
    }

    /** The value of the last header named {@code name} (case-insensitive), or null. */
    public String header(String name) {
        for (int i = headers.size() - 1; i >= 0; i--) {
            if (headers.get(i).name().equalsIgnoreCase(name)) {
                return headers.get(i).value();
            }
        }
        return null;
    }

    /** The in-memory body ({@link #offset()}, {@link #length()}); empty when there is none or it streams. */
    public byte[] bytes() {
        return bytes;
    }

    public int offset() {
        return offset;
    }

    public int length() {
        return length;
    }

    /** The streamed body, or null when the body is in memory. */
    public StreamedBody streamed() {
        return streamed;
    }

    /**
     * What answers instead when the streamed body fails before its first byte because its object was
     * replaced and its bytes reaped since the answer was built (the request read again); null when no
     * such answer exists.
     */
    public Supplier<S3Response> readAgain() {
        return readAgain;
    }

    /** Collects an answer; a header set again replaces the earlier value, as response overrides need. */
    public static final class Builder {

        private final int status;
        private final List<Header> headers = new ArrayList<>(12);
        private byte[] bytes = NO_BYTES;
        private int offset;
        private int length;
        private StreamedBody streamed;
        private Supplier<S3Response> readAgain;

        private Builder(int status) {
            this.status = status;
        }

        /** Adds a header; a null value adds nothing. */
        public Builder header(String name, Object value) {
            if (value != null) {
                headers.add(new Header(name, value.toString()));
            }
            return this;
        }

        /** Replaces every earlier header of this name (case-insensitive) with {@code value}. */
        public Builder replaceHeader(String name, String value) {
            headers.removeIf(h -> h.name().equalsIgnoreCase(name));
            return header(name, value);
        }

        public Builder body(byte[] body) {
            return body(body, 0, body.length);
        }

        public Builder body(byte[] body, int offset, int length) {
            this.bytes = body;
            this.offset = offset;
            this.length = length;
            this.streamed = null;
            return this;
        }

        public Builder body(StreamedBody body) {
            this.streamed = body;
            this.bytes = NO_BYTES;
            this.offset = 0;
            this.length = 0;
            return this;
        }

        /** See {@link S3Response#readAgain()}. */
        public Builder readAgain(Supplier<S3Response> answer) {
            this.readAgain = answer;
            return this;
        }

        public S3Response build() {
            return new S3Response(this);
        }
    }
}
