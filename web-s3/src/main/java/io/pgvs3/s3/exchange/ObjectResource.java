package io.pgvs3.s3.exchange;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.Path;

/**
 * An object, {@code /bucket/key}: the key is every byte after the bucket's slash ({@code //}, dot
 * segments and trailing slashes included), which the router reads from the raw path.
 */
@ApplicationScoped
@Path("/{bucket}/{key: .*}")
public class ObjectResource extends S3Resource {
}
