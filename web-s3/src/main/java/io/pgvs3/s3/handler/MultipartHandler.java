package io.pgvs3.s3.handler;

import io.pgvs3.s3.checksum.RequestChecksum;
import io.pgvs3.s3.checksum.UploadChecksum;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.store.api.CompleteSpec;
import io.pgvs3.store.api.MultipartStore;
import io.pgvs3.store.api.PartInfo;
import io.pgvs3.store.api.PartSpec;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.UploadInfo;
import io.pgvs3.store.api.UploadSpec;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import io.pgvs3.s3.http.S3Response;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Set;

/** CreateMultipartUpload, UploadPart, CompleteMultipartUpload and AbortMultipartUpload. */
@ApplicationScoped
public class MultipartHandler {

    private static final Set<String> CHECKSUM_TYPES = Set.of("COMPOSITE", "FULL_OBJECT");

    @EJB
    private MultipartStore multipart;

    public S3Response create(S3Call call) {
        PutHeaders.validateKey(call);
        PutHeaders.rejectUnsupported(call);
        ChecksumAlgorithm requested = PutHeaders.checksumAlgorithm(call);
        String algorithm = requested == null ? null : requested.name();
        String type = upper(call.header("x-amz-checksum-type"));
        if (type != null && (algorithm == null || !CHECKSUM_TYPES.contains(type))) {
            throw call.error(S3ErrorCode.INVALID_REQUEST, "Value for x-amz-checksum-type header is invalid.");
        }
        boolean crc = algorithm != null && algorithm.startsWith("CRC");
        if ("FULL_OBJECT".equals(type) && !crc || "COMPOSITE".equals(type) && "CRC64NVME".equals(algorithm)) {
            throw call.error(S3ErrorCode.INVALID_REQUEST, "The " + type + " checksum type cannot be used with the "
                    + algorithm.toLowerCase(Locale.ROOT) + " checksum algorithm.");
        }
        UploadInfo upload = multipart.create(new UploadSpec(call.bucket(), call.key(), PutHeaders.contentType(call),
                PutHeaders.userMetadata(call), algorithm, type));
        XmlDocument xml = XmlDocument.s3("InitiateMultipartUploadResult")
                .element("Bucket", call.bucket())
                .element("Key", call.key())
                .element("UploadId", upload.uploadId());
        return S3Response.ok().header("Content-Type", "application/xml").body(xml.toBytes())
                .header("x-amz-checksum-algorithm", upload.checksumAlgorithm())
                .header("x-amz-checksum-type", upload.checksumType())
                .build();
    }

    public S3Response uploadPart(S3Call call) {
        PutHeaders.rejectUnsupported(call);
        UploadChecksum checksum = PutHeaders.uploadChecksum(call);
        PartInfo part = multipart.uploadPart(new PartSpec(call.bucket(), call.key(), MultipartParams.uploadId(call),
                MultipartParams.partNumber(call), PutHeaders.declaredLength(call), PutHeaders.contentMd5(call),
                call.expectedSha256(), () -> checksum.verify(call.trailers().get())),
                checksum.wrap(call.body()));
        S3Response.Builder response = S3Response.ok().header("ETag", MultipartXml.quoted(part.etag()));
        if (part.checksum() != null) {
            response.header(part.checksum().algorithm().headerName(), part.checksum().value());
        }
        return response.build();
    }

    public S3Response complete(S3Call call) {
        String uploadId = MultipartParams.uploadId(call);
        RequestChecksum expected = RequestChecksum.of(call.headers());
        CompleteSpec spec = new CompleteSpec(call.bucket(), call.key(), uploadId,
                MultipartXml.completedParts(RequestBodies.xml(call)), PutHeaders.condition(call),
                expected == null ? null : expected.algorithm(), expected == null ? null : expected.value());
        PutResult result = multipart.complete(spec);
        XmlDocument xml = XmlDocument.s3("CompleteMultipartUploadResult")
                .element("Location", location(call))
                .element("Bucket", call.bucket())
                .element("Key", call.key())
                .element("ETag", MultipartXml.quoted(result.etag()));
        MultipartXml.checksum(xml, result.checksum());
        return XmlResponses.ok(xml);
    }

    public S3Response abort(S3Call call) {
        multipart.abort(call.bucket(), call.key(), MultipartParams.uploadId(call));
        return S3Response.noContent();
    }

    /** The object's path-style URL on the host the client addressed. */
    private static String location(S3Call call) {
        String key = URLEncoder.encode(call.key(), StandardCharsets.UTF_8).replace("+", "%20").replace("%2F", "/");
        String host = call.header("Host");
        return (host == null ? "" : "http://" + host) + "/" + call.bucket() + "/" + key;
    }

    private static String upper(String value) {
        return value == null || value.isBlank() ? null : value.trim().toUpperCase(Locale.ROOT);
    }
}
