package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.s3.xml.XmlElement;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * This gateway has one owner, and its ACLs are S3's with ACLs disabled (Object Ownership "bucket owner
 * enforced"): the owner holds FULL_CONTROL of every bucket and object, and a request may only ask for
 * that same ACL. Every handler that names the owner or takes ACL headers uses this rule (handlers never
 * call each other).
 */
final class SingleOwner {

    /** The owner's ID and DisplayName in every document that names an owner. */
    static final String ID = "pgvs3";
    private static final Set<String> OWNER_ONLY_CANNED = Set.of("private", "bucket-owner-full-control");

    private SingleOwner() {
    }

    /**
     * The ACL headers of any write (PutObject, CopyObject, CreateMultipartUpload, PutBucketAcl,
     * PutObjectAcl): a canned ACL other than the owner-only ones, or any grant header, is 400
     * AccessControlListNotSupported.
     */
    static void requireOwnerOnlyAcl(S3Call call) {
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
        return ID.equals(grantee) && "FULL_CONTROL".equals(grant.childText("Permission"));
    }

    /** The owner's ID and DisplayName, inside the element {@code xml} has open. */
    static XmlDocument identity(XmlDocument xml) {
        return xml.element("ID", ID).element("DisplayName", ID);
    }

    /** An element naming the owner, such as {@code <Owner>} or {@code <Initiator>}. */
    static XmlDocument element(XmlDocument xml, String name) {
        return identity(xml.start(name)).end();
    }
}
