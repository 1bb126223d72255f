package io.pgvs3.s3.exchange;

import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import java.io.IOException;

/**
 * Counts the request body bytes the application actually reads; a read that fails is reported to the
 * application and then forgotten by the runtime ({@link FailedBodyRead}).
 */
final class CountingServletInputStream extends ServletInputStream {

    private final ServletInputStream in;
    private final Exchange exchange;

    CountingServletInputStream(ServletInputStream in, Exchange exchange) {
        this.in = in;
        this.exchange = exchange;
    }

    @Override
    public int read() throws IOException {
        int b;
        try {
            b = in.read();
        } catch (IOException e) {
            throw failed(e);
        }
        if (b >= 0) {
            exchange.received(1);
        }
        return b;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        int n;
        try {
            n = in.read(b, off, len);
        } catch (IOException e) {
            throw failed(e);
        }
        if (n > 0) {
            exchange.received(n);
        }
        return n;
    }

    private IOException failed(IOException e) {
        FailedBodyRead.forget(in);
        return e;
    }

    @Override
    public int available() throws IOException {
        return in.available();
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    @Override
    public boolean isFinished() {
        return in.isFinished();
    }

    @Override
    public boolean isReady() {
        return in.isReady();
    }

    @Override
    public void setReadListener(ReadListener listener) {
        in.setReadListener(listener);
    }
}
