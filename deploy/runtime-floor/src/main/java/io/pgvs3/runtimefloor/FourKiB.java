package io.pgvs3.runtimefloor;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

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

    /**
     * The same bytes with the headers the gateway answers a GET of a 4 KiB object with (fixed values: what
     * is measured is the runtime writing them, not making them), so that the S3-shaped floor costs what
     * Liberty and RESTEasy charge for an S3 answer's head.
     */
    @GET
    @Path("s3")
    @Produces(MediaType.APPLICATION_OCTET_STREAM)
    public Response s3Shaped() {
        return Response.ok(BODY)
                .header("ETag", "\"9388f7b86eab5113dbbbd0ff48bd88cc\"")
                .header("Last-Modified", "Sat, 05 Dec 2026 14:12:36 GMT")
                .header("Accept-Ranges", "bytes")
                .header("x-amz-request-id", "C676B3DB00000001")
                .header("x-amz-id-2", "cGd2czMvQzY3NkIzREIwMDAwMDAwMQ==")
                .header("Server", "pgvs3")
                .build();
    }

    private static byte[] body() {
        byte[] body = new byte[SIZE];
        for (int i = 0; i < SIZE; i++) {
            body[i] = (byte) i;
        }
        return body;
    }
}
