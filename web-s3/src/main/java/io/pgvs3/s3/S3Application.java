package io.pgvs3.s3;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** The S3 API: the whole path space of its port belongs to buckets and keys. */
@ApplicationPath("/")
public class S3Application extends Application {
}
