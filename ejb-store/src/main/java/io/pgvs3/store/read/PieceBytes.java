package io.pgvs3.store.read;

import java.io.IOException;
import java.io.OutputStream;

/** A piece's bytes ready to write: fetched into slabs, or assembled from cached blocks. */
interface PieceBytes {

    void writeTo(OutputStream out) throws IOException;

    /** Gives back what the bytes hold; they must not be used afterwards. */
    void release();
}
