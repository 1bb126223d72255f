package io.pgvs3.s3.handler;

import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.s3.http.S3Response;

/** 200 answers with an XML body. */
final class XmlResponses {

    private XmlResponses() {
    }

    static S3Response ok(XmlDocument xml) {
        return S3Response.xml(xml.toBytes());
    }
}
