package io.pgvs3.runtimefloor;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;

/**
 * {@code GET /4k}: the same 4,096 bytes every time, as application/octet-stream. Byte {@code i} is
 * {@code i mod 256}, so a client can check every byte without sharing code with this module; nothing on the
 * path compresses, so the pattern costs what random bytes would.
 */
@ApplicationScoped
@Path("4k")
public class FourKiB {
    static final int SIZE = 4096;
    private static final byte[] BODY = body();

    @GET
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    public byte[] get() {
        // the array itself: the runtime writes it out and never changes it, so no copy per request
        return BODY;
    }

    private static byte[] body() {
        byte[] body = new byte[SIZE];
        for (int i = 0; i < SIZE; i++) {
            body[i] = (byte) i;
        }
        return body;
    }
}
