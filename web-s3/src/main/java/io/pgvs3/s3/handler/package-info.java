/**
 * One handler class per operation family (buckets, listings, object reads, object writes). Handlers
 * validate S3 input, call the store's API and build responses; they never touch JDBC and never catch
 * errors (the exception mapper writes them).
 */
package io.pgvs3.s3.handler;
