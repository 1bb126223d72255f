/**
 * S3 XML: StAX writers for response documents, and hardened readers for request bodies (the JDK's
 * parser without DTDs or external entities, strict shapes, callers cap the size).
 */
package io.pgvs3.s3.xml;
