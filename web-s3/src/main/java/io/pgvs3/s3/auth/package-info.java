/**
 * AWS Signature Version 4 verification for the S3 wire protocol: the {@code Authorization} header
 * form, presigned query strings, and the seed of the streaming chunk-signature chain. Everything
 * here is pure Java ({@code java.*} and {@code javax.crypto} only) so it can be unit-tested against
 * AWS's published vectors; resources adapt their request into a {@link io.pgvs3.s3.auth.SignedRequest}
 * and map an {@link io.pgvs3.s3.auth.AuthException} to the S3 error it names. This package may not
 * touch JAX-RS, servlets, the store or the database; secrets come in through
 * {@link io.pgvs3.s3.auth.CredentialStore}.
 */
package io.pgvs3.s3.auth;
