/**
 * Spark programs that the end-to-end tests run against a pgvs3 stack, each in a JVM of its own (Spark 4
 * brings its own Hadoop, Parquet, Jackson and Netty, which the tests' classpath must not see; docs/adr/0047).
 * A program reads its endpoint and secrets from the environment, drives Spark in local mode and prints
 * what it measured as {@code RESULT name=value} lines on standard output for the test to check. Nothing
 * here is part of the gateway.
 */
package io.pgvs3.lakehouse;
