/**
 * One handler class per operation family (buckets, listings, object reads, object writes). Handlers
 * validate S3 input, call the store's API and build responses; they never touch JDBC and never catch
 * errors (the servlet writes them), except a long copy's failure after its 200 went out, which
 * {@code LongCopies} writes as the Error document of that 200.
 */
package io.pgvs3.s3.handler;
