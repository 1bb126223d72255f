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
}
