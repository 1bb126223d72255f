package io.pgvs3.resp.server;

import java.io.IOException;

/** The client read nothing of its replies for the write timeout. */
final class WriteTimeout extends IOException {

    WriteTimeout(long timeoutMillis) {
        super("the client read nothing of its replies for " + timeoutMillis + " ms");
    }
}
