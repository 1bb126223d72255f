package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.http.S3Response;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.s3.xml.XmlElement;
import io.pgvs3.s3.xml.XmlReader;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * ACLs as S3 serves them with ACLs disabled (Object Ownership "bucket owner enforced"): every bucket
 * and object belongs to the bucket owner, who has FULL_CONTROL; setting that same ACL (canned
 * {@code private} or {@code bucket-owner-full-control}, or its XML form) is accepted, any other ACL is
 * 400 AccessControlListNotSupported.
 */
@ApplicationScoped
public class AclHandler {

    private static final Set<String> OWNER_ONLY_CANNED = Set.of("private", "bucket-owner-full-control");
    private static final String XSI = "http://www.w3.org/2001/XMLSchema-instance";
    private static final int MAX_ACL_BYTES = 64 * 1024;

    @Inject
    private Existence existence;

    public S3Response get(S3Call call) {
        requireTarget(call);
        XmlDocument xml = XmlDocument.s3("AccessControlPolicy");
        owner(xml.start("Owner")).end()
                .start("AccessControlList").start("Grant")
                .start("Grantee").attribute("xsi", XSI, "type", "CanonicalUser");
        owner(xml).end()
                .element("Permission", "FULL_CONTROL")
                .end().end();
        return XmlResponses.ok(xml);
    }

    public S3Response put(S3Call call) {
        requireTarget(call);
        requireOwnerOnly(call);
        byte[] body;
        try {
            body = XmlReader.readBody(call.body(), MAX_ACL_BYTES);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (body.length > 0 && !grantsOwnerFullControlOnly(XmlReader.parse(body))) {
            throw call.error(S3ErrorCode.ACCESS_CONTROL_LIST_NOT_SUPPORTED);
        }
        return S3Response.ok().build();
    }

    /**
     * The ACL headers of any write (PutObject, CopyObject, CreateMultipartUpload, PutBucketAcl,
     * PutObjectAcl): only the owner-only ACL exists here.
     */
    static void requireOwnerOnly(S3Call call) {
        String canned = call.header("x-amz-acl");
        if (canned != null && !OWNER_ONLY_CANNED.contains(canned.trim().toLowerCase(Locale.ROOT))) {
            throw call.error(S3ErrorCode.ACCESS_CONTROL_LIST_NOT_SUPPORTED);
        }
        for (String name : call.headers().keySet()) {
            if (name.startsWith("x-amz-grant-")) {
                throw call.error(S3ErrorCode.ACCESS_CONTROL_LIST_NOT_SUPPORTED);
            }
        }
    }

    /** The XML form of bucket-owner-full-control: one grant, FULL_CONTROL, to the owner. */
    static boolean grantsOwnerFullControlOnly(XmlElement policy) {
        if (!policy.name().equals("AccessControlPolicy")) {
            return false;
        }
        List<XmlElement> grants = policy.child("AccessControlList").map(list -> list.children("Grant")).orElse(List.of());
        if (grants.size() != 1) {
            return false;
        }
        XmlElement grant = grants.get(0);
        String grantee = grant.child("Grantee").map(g -> g.childText("ID")).orElse(null);
        return BucketHandler.OWNER_ID.equals(grantee) && "FULL_CONTROL".equals(grant.childText("Permission"));
    }

    private void requireTarget(S3Call call) {
        if (call.key() == null) {
            existence.requireBucket(call);
        } else {
            existence.requireObject(call);
        }
    }

    private static XmlDocument owner(XmlDocument xml) {
        return xml.element("ID", BucketHandler.OWNER_ID).element("DisplayName", BucketHandler.OWNER_ID);
    }
}
