package io.pgvs3.s3.exchange;

import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import java.io.IOException;

/** Counts the response body bytes actually handed to the container. */
final class CountingServletOutputStream extends ServletOutputStream {

    private final ServletOutputStream out;
    private final Exchange exchange;

    CountingServletOutputStream(ServletOutputStream out, Exchange exchange) {
        this.out = out;
        this.exchange = exchange;
    }

    @Override
    public void write(int b) throws IOException {
        out.write(b);
        exchange.sent(1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        out.write(b, off, len);
        exchange.sent(len);
    }

    @Override
    public void flush() throws IOException {
        out.flush();
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
