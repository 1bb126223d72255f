package io.pgvs3.s3.exchange;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Counts the response body bytes actually handed to the container, and marks the exchange when a write
 * fails: that is the client's doing (it went away or stopped reading), not the gateway's failure.
 */
final class CountingOutputStream extends FilterOutputStream {

    private final Exchange exchange;
    private long count;

    CountingOutputStream(OutputStream out, Exchange exchange) {
        super(out);
        this.exchange = exchange;
    }

    @Override
    public void write(int b) throws IOException {
        try {
            out.write(b);
        } catch (IOException e) {
            exchange.clientGone();
            throw e;
        }
        count++;
        exchange.sent(1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            out.write(b, off, len);
        } catch (IOException e) {
            exchange.clientGone();
            throw e;
        }
        count += len;
        exchange.sent(len);
    }

    @Override
    public void flush() throws IOException {
        try {
            out.flush();
        } catch (IOException e) {
            exchange.clientGone();
            throw e;
        }
    }

    /** Bytes written so far. */
    long count() {
        return count;
    }
}
