package io.pgvs3.store.origin;

import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ContentHeaders;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.retry.RetryMode;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.core.sync.ResponseTransformer;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.AbortMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompleteMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CreateMultipartUploadRequest;
import software.amazon.awssdk.services.s3.model.DeleteObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.UploadPartRequest;

/**
 * One origin, as the AWS SDK for Java v2 reaches it: a synchronous client on the JDK's URL connection
 * (no threads of its own), created once per origin, checksums only where the origin requires them. Every
 * call is counted, and the origin's answers become the store's errors: 404 NO_SUCH_KEY, 412
 * PRECONDITION_FAILED, 409 CONDITIONAL_CONFLICT; anything else, or no answer, UNAVAILABLE (logged here with
 * the origin's words, which never reach the client).
 */
final class OriginClient implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(OriginClient.class.getName());

    /** The origin answered 304 to a conditional GET: the cached body is still the origin's. */
    static final class NotModified extends RuntimeException {
        NotModified() {
            super(null, null, false, false);
        }
    }

    private final String bucket;
    private final OriginConfig config;
    private final S3Client s3;
    private final OriginMeter meter;
    /** This gateway's last failed request to the origin, for the admin view; null while none failed. */
    private volatile String lastError;

    OriginClient(String bucket, OriginConfig config, String accessKey, String secretKey, Duration connectTimeout,
            Duration readTimeout, OriginMeter meter) {
        this.bucket = bucket;
        this.config = config;
        this.meter = meter;
        this.s3 = S3Client.builder()
                .endpointOverride(config.endpoint())
                .region(Region.of(config.region()))
                .forcePathStyle(config.pathStyle())
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(accessKey, secretKey)))
                .httpClientBuilder(UrlConnectionHttpClient.builder()
                        .connectionTimeout(connectTimeout).socketTimeout(readTimeout))
                .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED)
                .overrideConfiguration(o -> o.retryStrategy(RetryMode.STANDARD))
                .build();
    }

    OriginConfig config() {
        return config;
    }

    /**
     * GET of the whole object: its body with size, validator and headers in one request.
     *
     * @param ifNoneMatch the cached validator for a revalidation, or null
     * @throws NotModified    the origin still holds {@code ifNoneMatch}
     * @throws StoreException NO_SUCH_KEY, UNAVAILABLE
     */
    ResponseInputStream<GetObjectResponse> get(String key, String ifNoneMatch) {
        GetObjectRequest request = GetObjectRequest.builder().bucket(config.originBucket())
                .key(config.originKey(key)).ifNoneMatch(ifNoneMatch).build();
        return call("GetObject", key, () -> s3.getObject(request, ResponseTransformer.toInputStream()));
    }

    /**
     * GET of {@code range} of the version whose ETag (unquoted) is {@code validator}.
     *
     * @throws StoreException NO_SUCH_KEY, PRECONDITION_FAILED (the origin holds another version now), UNAVAILABLE
     */
    ResponseInputStream<GetObjectResponse> getRange(String key, ByteRange range, String validator) {
        GetObjectRequest request = GetObjectRequest.builder().bucket(config.originBucket())
                .key(config.originKey(key)).range("bytes=" + range.first() + "-" + range.last())
                .ifMatch("\"" + validator + "\"").build();
        return call("GetObject", key, () -> s3.getObject(request, ResponseTransformer.toInputStream()));
    }

    /** {@link #getRange}, streamed through to {@code out}. */
    void copyRange(String key, ByteRange range, String validator, OutputStream out) throws IOException {
        try (ResponseInputStream<GetObjectResponse> got = getRange(key, range, validator)) {
            got.transferTo(out);
        }
    }

    /** @throws StoreException NO_SUCH_KEY, UNAVAILABLE */
    HeadObjectResponse head(String key) {
        HeadObjectRequest request = HeadObjectRequest.builder().bucket(config.originBucket())
                .key(config.originKey(key)).build();
        return call("HeadObject", key, () -> s3.headObject(request));
    }

    /**
     * PUT of a spooled body with the object's headers and the client's write condition, which the origin
     * decides (it holds the object).
     *
     * @return the origin's ETag of the new object
     * @throws StoreException PRECONDITION_FAILED, CONDITIONAL_CONFLICT, NO_SUCH_KEY, UNAVAILABLE
     */
    String put(String key, OriginPut put, Spool body) {
        PutObjectRequest.Builder request = PutObjectRequest.builder().bucket(config.originBucket())
                .key(config.originKey(key)).contentLength(body.length()).contentType(put.contentType())
                .metadata(put.userMetadata())
                .ifMatch(put.ifMatch()).ifNoneMatch(put.ifNoneMatch());
        ContentHeaders headers = put.contentHeaders();
        request.cacheControl(headers.cacheControl()).contentDisposition(headers.contentDisposition())
                .contentEncoding(headers.contentEncoding()).contentLanguage(headers.contentLanguage())
                .expires(httpDate(headers.expires()));
        return call("PutObject", key, () -> s3.putObject(request.build(), entity(body, put.contentType()))).eTag();
    }

    /** A spooled body as the SDK reads it: from the start, as often as it needs (it signs plain HTTP first). */
    private static RequestBody entity(Spool body, String contentType) {
        return RequestBody.fromContentProvider(body::read, body.length(), contentType);
    }

    /**
     * Starts a multipart upload of {@code key} with the object's headers (its condition comes with
     * {@link #completeUpload}).
     *
     * @return the origin's upload id
     */
    String createUpload(String key, OriginPut put) {
        ContentHeaders headers = put.contentHeaders();
        CreateMultipartUploadRequest request = CreateMultipartUploadRequest.builder().bucket(config.originBucket())
                .key(config.originKey(key)).contentType(put.contentType()).metadata(put.userMetadata())
                .cacheControl(headers.cacheControl()).contentDisposition(headers.contentDisposition())
                .contentEncoding(headers.contentEncoding()).contentLanguage(headers.contentLanguage())
                .expires(httpDate(headers.expires())).build();
        return call("CreateMultipartUpload", key, () -> s3.createMultipartUpload(request)).uploadId();
    }

    /** Uploads part {@code number} of {@code uploadId} from a spool. */
    CompletedPart uploadPart(String key, String uploadId, int number, Spool body) {
        UploadPartRequest request = UploadPartRequest.builder().bucket(config.originBucket()).key(config.originKey(key))
                .uploadId(uploadId).partNumber(number).contentLength(body.length()).build();
        String etag = call("UploadPart", key,
                () -> s3.uploadPart(request, entity(body, "application/octet-stream"))).eTag();
        return CompletedPart.builder().partNumber(number).eTag(etag).build();
    }

    /**
     * Completes {@code uploadId} with the client's condition, which the origin decides.
     *
     * @return the origin's ETag of the new object
     * @throws StoreException PRECONDITION_FAILED, CONDITIONAL_CONFLICT, UNAVAILABLE
     */
    String completeUpload(String key, String uploadId, List<CompletedPart> parts, OriginPut put) {
        CompleteMultipartUploadRequest request = CompleteMultipartUploadRequest.builder()
                .bucket(config.originBucket()).key(config.originKey(key)).uploadId(uploadId)
                .multipartUpload(m -> m.parts(parts)).ifMatch(put.ifMatch()).ifNoneMatch(put.ifNoneMatch()).build();
        return call("CompleteMultipartUpload", key, () -> s3.completeMultipartUpload(request)).eTag();
    }

    /**
     * Gives an upload up; a failure is only logged.
     *
     * @return whether the upload is over at the origin (aborted now, or unknown to it: ended before)
     */
    boolean abortUpload(String key, String uploadId) {
        AbortMultipartUploadRequest request = AbortMultipartUploadRequest.builder().bucket(config.originBucket())
                .key(config.originKey(key)).uploadId(uploadId).build();
        try {
            call("AbortMultipartUpload", key, () -> s3.abortMultipartUpload(request));
            return true;
        } catch (StoreException e) {
            if (e.error() == StoreError.NO_SUCH_KEY) {
                return true; // NoSuchUpload: completed or aborted before
            }
            LOG.log(Level.WARNING, e, () -> "the origin upload " + uploadId + " of " + key + " in bucket " + bucket
                    + " could not be aborted now; the key's next flush tries again");
            return false;
        }
    }

    /** @throws StoreException PRECONDITION_FAILED (If-Match), UNAVAILABLE */
    void delete(String key, String ifMatch) {
        DeleteObjectRequest request = DeleteObjectRequest.builder().bucket(config.originBucket())
                .key(config.originKey(key)).ifMatch(ifMatch).build();
        call("DeleteObject", key, () -> s3.deleteObject(request));
    }

    /** One page of the origin's listing, in the origin's key space (with the prefix). */
    ListObjectsV2Response list(String prefix, String delimiter, String startAfter, int maxKeys) {
        ListObjectsV2Request request = ListObjectsV2Request.builder().bucket(config.originBucket())
                .prefix(prefix).delimiter(delimiter).startAfter(startAfter).maxKeys(maxKeys).build();
        return call("ListObjectsV2", prefix, () -> s3.listObjectsV2(request));
    }

    private <T> T call(String operation, String key, Supplier<T> call) {
        try {
            T answer = call.get();
            meter.request(bucket, operation, "200");
            return answer;
        } catch (S3Exception e) {
            int status = e.statusCode();
            meter.request(bucket, operation, String.valueOf(status));
            throw switch (status) {
                case 304 -> new NotModified();
                case 404 -> new StoreException(StoreError.NO_SUCH_KEY, "no such key at the origin: " + key);
                case 412 -> new StoreException(StoreError.PRECONDITION_FAILED, "the origin refused the condition on "
                        + key);
                case 409 -> new StoreException(StoreError.CONDITIONAL_CONFLICT, "the origin saw a conflicting write of "
                        + key);
                default -> unavailable(operation, key, e);
            };
        } catch (SdkException e) {
            meter.request(bucket, operation, "error");
            throw unavailable(operation, key, e);
        }
    }

    String lastError() {
        return lastError;
    }

    private StoreException unavailable(String operation, String key, SdkException e) {
        lastError = Instant.now() + " " + operation + " " + key + ": " + e.getMessage();
        // the origin's words and host stay in the log; the client hears S3's ServiceUnavailable
        LOG.log(Level.WARNING, e, () -> "origin of bucket " + bucket + " failed " + operation + " " + key + ": "
                + e.getMessage());
        return new StoreException(StoreError.UNAVAILABLE, "the origin of bucket " + bucket + " failed " + operation,
                e);
    }

    private static Instant httpDate(String value) {
        if (value == null) {
            return null;
        }
        try {
            return ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
        } catch (DateTimeParseException e) {
            return null; // S3 keeps an unparsable Expires as given; the SDK can only send a date
        }
    }

    @Override
    public void close() {
        s3.close();
    }
}
