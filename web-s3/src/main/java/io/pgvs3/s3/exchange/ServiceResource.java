package io.pgvs3.s3.exchange;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.Path;

/** The service, {@code /}: ListBuckets (or, virtual-hosted, a bucket). */
@ApplicationScoped
@Path("/")
public class ServiceResource extends S3Resource {
}
