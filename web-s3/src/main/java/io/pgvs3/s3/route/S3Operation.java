package io.pgvs3.s3.route;

/**
 * Every S3 operation the router can name, with AWS's operation names. {@code implemented} says whether
 * this gateway serves it; the others are answered 501 NotImplemented, never handed to a neighbour.
 */
public enum S3Operation {
    LIST_BUCKETS("ListBuckets", true),
    CREATE_BUCKET("CreateBucket", true),
    HEAD_BUCKET("HeadBucket", true),
    DELETE_BUCKET("DeleteBucket", true),
    GET_BUCKET_LOCATION("GetBucketLocation", true),
    LIST_OBJECTS("ListObjects", true),
    LIST_OBJECTS_V2("ListObjectsV2", true),
    PUT_OBJECT("PutObject", true),
    GET_OBJECT("GetObject", true),
    HEAD_OBJECT("HeadObject", true),
    DELETE_OBJECT("DeleteObject", true),
    DELETE_OBJECTS("DeleteObjects", true),
    COPY_OBJECT("CopyObject", true),
    CREATE_MULTIPART_UPLOAD("CreateMultipartUpload", true),
    UPLOAD_PART("UploadPart", true),
    UPLOAD_PART_COPY("UploadPartCopy", true),
    COMPLETE_MULTIPART_UPLOAD("CompleteMultipartUpload", true),
    ABORT_MULTIPART_UPLOAD("AbortMultipartUpload", true),
    LIST_PARTS("ListParts", true),
    LIST_MULTIPART_UPLOADS("ListMultipartUploads", true),
    // configuration reads clients probe: answered as S3 answers a bucket that never had the setting
    GET_BUCKET_VERSIONING("GetBucketVersioning", true),
    GET_BUCKET_TAGGING("GetBucketTagging", true),
    GET_OBJECT_TAGGING("GetObjectTagging", true),
    GET_BUCKET_POLICY("GetBucketPolicy", true),
    GET_BUCKET_CORS("GetBucketCors", true),
    GET_BUCKET_LIFECYCLE("GetBucketLifecycleConfiguration", true),
    GET_BUCKET_ENCRYPTION("GetBucketEncryption", true),
    GET_OBJECT_LOCK_CONFIGURATION("GetObjectLockConfiguration", true),
    GET_PUBLIC_ACCESS_BLOCK("GetPublicAccessBlock", true),
    GET_BUCKET_OWNERSHIP_CONTROLS("GetBucketOwnershipControls", true),
    // ACLs as S3 serves them with ACLs disabled (bucket owner enforced)
    GET_BUCKET_ACL("GetBucketAcl", true),
    PUT_BUCKET_ACL("PutBucketAcl", true),
    GET_OBJECT_ACL("GetObjectAcl", true),
    PUT_OBJECT_ACL("PutObjectAcl", true),
    GET_OBJECT_ATTRIBUTES("GetObjectAttributes", true),
    /** A browser form upload (POST to a bucket): one clear 501, signed or not. */
    POST_OBJECT("PostObject", false),
    /** A sub-resource S3 knows (acl, tagging, versioning, ...) that this gateway does not serve. */
    UNSUPPORTED_SUBRESOURCE("Unsupported", false),
    /** A method S3 does not accept on this kind of resource. */
    METHOD_NOT_ALLOWED("MethodNotAllowed", false);

    private final String awsName;
    private final boolean implemented;

    S3Operation(String awsName, boolean implemented) {
        this.awsName = awsName;
        this.implemented = implemented;
    }

    public String awsName() {
        return awsName;
    }

    public boolean implemented() {
        return implemented;
    }

    /** Whether the operation would change stored data or metadata: a read-only gateway refuses it (docs/adr/0035). */
    public boolean writes() {
        return switch (this) {
            case CREATE_BUCKET, DELETE_BUCKET, PUT_OBJECT, DELETE_OBJECT, DELETE_OBJECTS, COPY_OBJECT,
                    CREATE_MULTIPART_UPLOAD, UPLOAD_PART, UPLOAD_PART_COPY, COMPLETE_MULTIPART_UPLOAD,
                    ABORT_MULTIPART_UPLOAD, PUT_BUCKET_ACL, PUT_OBJECT_ACL, POST_OBJECT -> true;
            default -> false;
        };
    }
}
