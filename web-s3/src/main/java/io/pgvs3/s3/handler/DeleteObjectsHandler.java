package io.pgvs3.s3.handler;

import io.pgvs3.s3.checksum.UploadChecksum;
import io.pgvs3.s3.error.ErrorTranslator;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.http.EntityTags;
import io.pgvs3.s3.xml.DeleteRequest;
import io.pgvs3.s3.xml.DeleteRequestReader;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.store.api.DeletionResult;
import io.pgvs3.store.api.ObjectDeletion;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.checksum.Checksums;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.pgvs3.s3.http.S3Response;
import java.io.IOException;
import java.io.InputStream;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * DeleteObjects (POST ?delete): a checksummed XML body of up to 1,000 keys, deleted by the store in one
 * transaction; each key answers {@code <Deleted>} or {@code <Error>}, quiet mode only the errors.
 */
@ApplicationScoped
public class DeleteObjectsHandler {

    /** Far above 1,000 keys of 1,024 bytes with their markup; a bigger body is refused unread. */
    static final int MAX_BODY_BYTES = 4 * 1024 * 1024;

    @Inject
    @Plain
    private ObjectStore objects;

    public S3Response deleteObjects(S3Call call) {
        byte[] contentMd5 = PutHeaders.contentMd5(call);
        UploadChecksum checksum = PutHeaders.uploadChecksum(call);
        if (contentMd5 == null && !checksum.declared()) {
            throw call.error(S3ErrorCode.INVALID_REQUEST,
                    "Missing required header for this request: Content-MD5 OR x-amz-checksum-*");
        }
        byte[] body = readBody(call, checksum.wrap(call.body()));
        checksum.verify(call.trailers().get());
        if (contentMd5 != null && !MessageDigest.isEqual(contentMd5, Checksums.md5(body))) {
            throw call.error(S3ErrorCode.BAD_DIGEST);
        }
        DeleteRequest request;
        try {
            request = DeleteRequestReader.read(body);
        } catch (DeleteRequestReader.MalformedException e) {
            throw call.error(S3ErrorCode.MALFORMED_XML);
        }
        return XmlResponses.ok(result(request, delete(call.bucket(), request)));
    }

    /**
     * Each distinct key's S3 error, or null when it was deleted. Entries the store cannot decide
     * (other versions, directory-bucket conditions) are answered here.
     */
    private Map<String, S3ErrorCode> delete(String bucket, DeleteRequest request) {
        Map<String, S3ErrorCode> outcomes = new HashMap<>();
        List<ObjectDeletion> deletions = new ArrayList<>();
        for (DeleteRequest.Entry entry : request.objects()) {
            if (entry.versionId() != null && !entry.versionId().equals("null")) {
                outcomes.put(entry.key(), S3ErrorCode.NO_SUCH_VERSION);
            } else if (entry.directoryCondition()) {
                outcomes.put(entry.key(), S3ErrorCode.NOT_IMPLEMENTED);
            } else {
                deletions.add(new ObjectDeletion(entry.key(),
                        entry.etag() == null ? null : EntityTags.unquote(entry.etag())));
            }
        }
        if (!deletions.isEmpty()) {
            for (DeletionResult result : objects.deleteAll(bucket, deletions)) {
                if (!outcomes.containsKey(result.key())) {
                    outcomes.put(result.key(), result.isDeleted() ? null : ErrorTranslator.fromStore(result.error()));
                }
            }
        }
        return outcomes;
    }

    private static XmlDocument result(DeleteRequest request, Map<String, S3ErrorCode> outcomes) {
        XmlDocument xml = XmlDocument.s3("DeleteResult");
        for (DeleteRequest.Entry entry : request.objects()) {
            S3ErrorCode error = outcomes.get(entry.key());
            if (error == null && !request.quiet()) {
                xml.start("Deleted").element("Key", entry.key()).element("VersionId", entry.versionId()).end();
            } else if (error != null) {
                xml.start("Error").element("Key", entry.key()).element("VersionId", entry.versionId())
                        .element("Code", error.code()).element("Message", error.message()).end();
            }
        }
        return xml;
    }

    private static byte[] readBody(S3Call call, InputStream in) {
        try {
            byte[] body = in.readNBytes(MAX_BODY_BYTES + 1);
            if (body.length > MAX_BODY_BYTES) {
                throw call.error(S3ErrorCode.MAX_MESSAGE_LENGTH_EXCEEDED);
            }
            return body;
        } catch (IOException e) {
            throw call.error(S3ErrorCode.INCOMPLETE_BODY);
        }
    }
}
