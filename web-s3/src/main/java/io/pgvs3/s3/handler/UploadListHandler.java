package io.pgvs3.s3.handler;

import io.pgvs3.s3.http.HttpDates;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.store.api.MultipartStore;
import io.pgvs3.store.api.PartInfo;
import io.pgvs3.store.api.PartPage;
import io.pgvs3.store.api.UploadInfo;
import io.pgvs3.store.api.UploadPage;
import io.pgvs3.store.api.UploadQuery;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import io.pgvs3.s3.http.S3Response;

/** ListParts and ListMultipartUploads. */
@ApplicationScoped
public class UploadListHandler {

    private static final int MAX_ENTRIES = 1000;

    @EJB
    private MultipartStore multipart;

    public S3Response listParts(S3Call call) {
        String uploadId = MultipartParams.uploadId(call);
        int maxParts = QueryParams.maxEntries(call, "max-parts", MAX_ENTRIES);
        int marker = QueryParams.nonNegative(call, "part-number-marker", 0);
        String encoding = QueryParams.encodingType(call);
        PartPage page = multipart.listParts(call.bucket(), call.key(), uploadId, marker, maxParts);
        XmlDocument xml = XmlDocument.s3("ListPartsResult")
                .element("Bucket", call.bucket())
                .element("EncodingType", encoding)
                .element("Key", QueryParams.encode(call.key(), encoding))
                .element("UploadId", uploadId)
                .element("PartNumberMarker", marker)
                .element("NextPartNumberMarker", page.nextPartNumberMarker())
                .element("MaxParts", maxParts)
                .element("IsTruncated", page.truncated());
        for (PartInfo part : page.parts()) {
            MultipartXml.part(xml, part);
        }
        MultipartXml.owner(xml, "Initiator");
        MultipartXml.owner(xml, "Owner")
                .element("StorageClass", "STANDARD")
                .element("ChecksumAlgorithm", page.upload().checksumAlgorithm())
                .element("ChecksumType", page.upload().checksumType());
        return XmlResponses.ok(xml);
    }

    public S3Response listUploads(S3Call call) {
        String prefix = QueryParams.text(call, "prefix");
        String delimiter = QueryParams.text(call, "delimiter");
        String keyMarker = QueryParams.text(call, "key-marker");
        String uploadIdMarker = QueryParams.text(call, "upload-id-marker");
        int maxUploads = QueryParams.maxEntries(call, "max-uploads", MAX_ENTRIES);
        String encoding = QueryParams.encodingType(call);
        UploadPage page = multipart.listUploads(new UploadQuery(call.bucket(), prefix == null ? "" : prefix,
                delimiter == null || delimiter.isEmpty() ? null : delimiter, keyMarker,
                keyMarker == null ? null : uploadIdMarker, maxUploads));
        XmlDocument xml = XmlDocument.s3("ListMultipartUploadsResult")
                .element("Bucket", call.bucket())
                .element("KeyMarker", QueryParams.encode(keyMarker == null ? "" : keyMarker, encoding))
                .element("UploadIdMarker", uploadIdMarker == null ? "" : uploadIdMarker)
                .element("NextKeyMarker", QueryParams.encode(page.nextKeyMarker(), encoding))
                .element("NextUploadIdMarker", page.nextUploadIdMarker())
                .element("Delimiter", QueryParams.encode(delimiter, encoding))
                .element("Prefix", QueryParams.encode(prefix == null ? "" : prefix, encoding))
                .element("EncodingType", encoding)
                .element("MaxUploads", maxUploads)
                .element("IsTruncated", page.truncated());
        writeEntries(xml, page, encoding);
        return XmlResponses.ok(xml);
    }

    private static void writeEntries(XmlDocument xml, UploadPage page, String encoding) {
        KeyOrder.interleave(page.uploads(), UploadInfo::key, page.commonPrefixes(), upload -> {
            xml.start("Upload")
                    .element("Key", QueryParams.encode(upload.key(), encoding))
                    .element("UploadId", upload.uploadId());
            MultipartXml.owner(xml, "Initiator");
            MultipartXml.owner(xml, "Owner")
                    .element("StorageClass", "STANDARD")
                    .element("Initiated", HttpDates.xml(upload.initiated()))
                    .element("ChecksumAlgorithm", upload.checksumAlgorithm())
                    .element("ChecksumType", upload.checksumType())
                    .end();
        }, prefix -> xml.start("CommonPrefixes").element("Prefix", QueryParams.encode(prefix, encoding)).end());
    }
}
