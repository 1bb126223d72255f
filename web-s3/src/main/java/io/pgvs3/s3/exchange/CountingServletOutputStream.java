package io.pgvs3.s3.exchange;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;

/**
 * Counts the response body bytes actually handed to the container, and marks the exchange when a write
 * fails: that is the client's doing (it went away or stopped reading), not the gateway's failure.
 */
final class CountingServletOutputStream extends ServletOutputStream {

    private final ServletOutputStream out;
    private final Exchange exchange;

    CountingServletOutputStream(ServletOutputStream out, Exchange exchange) {
        this.out = out;
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

    @Override
    public void close() throws IOException {
        out.close();
    }

    @Override
    public boolean isReady() {
        return out.isReady();
    }

    @Override
    public void setWriteListener(WriteListener listener) {
        out.setWriteListener(listener);
    }
}
