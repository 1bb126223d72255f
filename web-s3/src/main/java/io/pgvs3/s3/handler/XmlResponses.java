package io.pgvs3.s3.handler;

import io.pgvs3.s3.xml.XmlDocument;
import jakarta.ws.rs.core.Response;

/** 200 answers with an XML body. */
final class XmlResponses {

    private XmlResponses() {
    }

    static Response ok(XmlDocument xml) {
        return Response.ok(xml.toBytes(), "application/xml").build();
    }
}
