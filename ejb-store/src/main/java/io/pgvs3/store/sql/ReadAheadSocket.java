package io.pgvs3.store.sql;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;

/** A plain socket whose input is a {@link ReadAheadInput}, the same one for every call. */
final class ReadAheadSocket extends Socket {

    private InputStream input;

    @Override
    public InputStream getInputStream() throws IOException {
        InputStream raw = super.getInputStream(); // its checks: closed, not connected, input shut down
        synchronized (this) {
            if (input == null) {
                input = new ReadAheadInput(raw, ReadAheadInput.SIZE);
            }
            return input;
        }
    }
}
