package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.http.S3Response;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.s3.xml.XmlReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * ACLs as S3 serves them with ACLs disabled (Object Ownership "bucket owner enforced"): every bucket
 * and object belongs to the bucket owner, who has FULL_CONTROL; setting that same ACL (canned
 * {@code private} or {@code bucket-owner-full-control}, or its XML form) is accepted, any other ACL is
 * 400 AccessControlListNotSupported.
 */
@ApplicationScoped
public class AclHandler {

    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    private static final int MAX_ACL_BYTES = 64 * 1024;

    @Inject
    private Existence existence;

    public S3Response get(S3Call call) {
        requireTarget(call);
        XmlDocument xml = SingleOwner.element(XmlDocument.s3("AccessControlPolicy"), "Owner")
                .start("AccessControlList").start("Grant")
                .start("Grantee").attribute("xsi", XSI, "type", "CanonicalUser");
        SingleOwner.identity(xml).end()
                .element("Permission", "FULL_CONTROL")
                .end().end();
        return XmlResponses.ok(xml);
    }

    public S3Response put(S3Call call) {
        requireTarget(call);
        SingleOwner.requireOwnerOnlyAcl(call);
        byte[] body;
        try {
            body = XmlReader.readBody(call.body(), MAX_ACL_BYTES);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (body.length > 0 && !SingleOwner.grantsOwnerFullControlOnly(XmlReader.parse(body))) {
            throw call.error(S3ErrorCode.ACCESS_CONTROL_LIST_NOT_SUPPORTED);
        }
        return S3Response.ok().build();
    }

    private void requireTarget(S3Call call) {
        if (call.key() == null) {
            existence.requireBucket(call);
        } else {
            existence.requireObject(call);
        }
    }
}
