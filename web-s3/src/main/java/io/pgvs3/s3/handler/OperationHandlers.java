package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.pgvs3.s3.http.S3Response;

/**
 * The table from each {@link io.pgvs3.s3.route.S3Operation} to the handler of its family: the one place
 * that knows every handler (handlers never call each other). Unimplemented operations answer 501.
 */
@ApplicationScoped
public class OperationHandlers {

    @Inject
    private BucketHandler buckets;
    @Inject
    private ListHandler listings;
    @Inject
    private ObjectReadHandler reads;
    @Inject
    private ObjectWriteHandler writes;
    @Inject
    private DeleteObjectsHandler batchDeletes;
    @Inject
    private MultipartHandler multipart;
    @Inject
    private UploadListHandler uploads;
    @Inject
    private CopyHandler copies;
    @Inject
    private BucketConfigHandler configs;
    @Inject
    private AclHandler acls;
    @Inject
    private ObjectAttributesHandler attributes;

    public S3Response handle(S3Call call) {
        return switch (call.route().operation()) {
            case LIST_BUCKETS -> buckets.listBuckets(call);
            case CREATE_BUCKET -> buckets.create(call);
            case HEAD_BUCKET -> buckets.head(call);
            case DELETE_BUCKET -> buckets.delete(call);
            case GET_BUCKET_LOCATION -> buckets.location(call);
            case LIST_OBJECTS -> listings.listV1(call);
            case LIST_OBJECTS_V2 -> listings.listV2(call);
            case PUT_OBJECT -> writes.put(call);
            case DELETE_OBJECT -> writes.delete(call);
            case DELETE_OBJECTS -> batchDeletes.deleteObjects(call);
            case GET_OBJECT -> reads.get(call);
            case HEAD_OBJECT -> reads.head(call);
            case COPY_OBJECT -> copies.copyObject(call);
            case CREATE_MULTIPART_UPLOAD -> multipart.create(call);
            case UPLOAD_PART -> multipart.uploadPart(call);
            case UPLOAD_PART_COPY -> copies.uploadPartCopy(call);
            case COMPLETE_MULTIPART_UPLOAD -> multipart.complete(call);
            case ABORT_MULTIPART_UPLOAD -> multipart.abort(call);
            case LIST_PARTS -> uploads.listParts(call);
            case LIST_MULTIPART_UPLOADS -> uploads.listUploads(call);
            case GET_BUCKET_VERSIONING -> configs.versioning(call);
            case GET_OBJECT_TAGGING -> configs.objectTagging(call);
            case GET_BUCKET_OWNERSHIP_CONTROLS -> configs.ownershipControls(call);
            case GET_BUCKET_TAGGING -> configs.absent(call, S3ErrorCode.NO_SUCH_TAG_SET);
            case GET_BUCKET_POLICY -> configs.absent(call, S3ErrorCode.NO_SUCH_BUCKET_POLICY);
            case GET_BUCKET_CORS -> configs.absent(call, S3ErrorCode.NO_SUCH_CORS_CONFIGURATION);
            case GET_BUCKET_LIFECYCLE -> configs.absent(call, S3ErrorCode.NO_SUCH_LIFECYCLE_CONFIGURATION);
            case GET_BUCKET_ENCRYPTION -> configs.absent(call, S3ErrorCode.SSE_CONFIGURATION_NOT_FOUND);
            case GET_OBJECT_LOCK_CONFIGURATION -> configs.absent(call, S3ErrorCode.OBJECT_LOCK_CONFIGURATION_NOT_FOUND);
            case GET_PUBLIC_ACCESS_BLOCK -> configs.absent(call, S3ErrorCode.NO_SUCH_PUBLIC_ACCESS_BLOCK_CONFIGURATION);
            case GET_BUCKET_ACL, GET_OBJECT_ACL -> acls.get(call);
            case PUT_BUCKET_ACL, PUT_OBJECT_ACL -> acls.put(call);
            case GET_OBJECT_ATTRIBUTES -> attributes.attributes(call);
            case METHOD_NOT_ALLOWED -> throw call.error(S3ErrorCode.METHOD_NOT_ALLOWED);
            case UNSUPPORTED_SUBRESOURCE -> throw call.error(S3ErrorCode.NOT_IMPLEMENTED,
                    "The '" + call.route().detail() + "' request is not implemented by this gateway.");
            default -> throw call.error(S3ErrorCode.NOT_IMPLEMENTED,
                    call.route().operation().awsName() + " is not implemented by this gateway.");
        };
    }
}
