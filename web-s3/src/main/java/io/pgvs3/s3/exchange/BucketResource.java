package io.pgvs3.s3.exchange;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.Path;

/** A bucket, {@code /bucket} (or, virtual-hosted, an object). */
@ApplicationScoped
@Path("/{bucket}")
public class BucketResource extends S3Resource {
}
