/** The thin JAX-RS resource of the S3 port: route, build the call, hand over. Never catches. */
package io.pgvs3.s3.resource;
