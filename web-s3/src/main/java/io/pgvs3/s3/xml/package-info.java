/**
 * S3 XML: StAX writers for response documents, and the hardened reader of request documents (size cap,
 * no DTDs, no entities) that yields a small element tree. Knows no S3 operation and no JAX-RS.
 */
package io.pgvs3.s3.xml;
