/**
 * S3 XML: StAX writers for response documents ({@link io.pgvs3.s3.xml.XmlDocument}) and the one bounded,
 * hardened reader for request bodies ({@link io.pgvs3.s3.xml.BoundedXml}, failures as
 * {@link io.pgvs3.s3.xml.XmlBodyException}). Pure Java; depends on nothing else of the WAR.
 */
package io.pgvs3.s3.xml;
