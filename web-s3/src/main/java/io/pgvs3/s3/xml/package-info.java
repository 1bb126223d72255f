/** S3 XML: StAX writers for response documents. Request bodies are parsed with hardened readers (later issues). */
package io.pgvs3.s3.xml;
