package io.pgvs3.s3.route;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class S3RouterTest {

    /** method, raw path, query names (space-separated), header present, operation, bucket, key */
    @ParameterizedTest(name = "{0} {1}?{2} -> {4}")
    @CsvSource(delimiter = '|', nullValues = "NULL", value = {
        "GET    | /                          |                       |                   | LIST_BUCKETS             | NULL   | NULL",
        "PUT    | /                          |                       |                   | METHOD_NOT_ALLOWED       | NULL   | NULL",
        "PUT    | /bkt                       |                       |                   | CREATE_BUCKET            | bkt    | NULL",
        "PUT    | /bkt/                      |                       |                   | CREATE_BUCKET            | bkt    | NULL",
        "HEAD   | /bkt                       |                       |                   | HEAD_BUCKET              | bkt    | NULL",
        "DELETE | /bkt                       |                       |                   | DELETE_BUCKET            | bkt    | NULL",
        "GET    | /bkt                       |                       |                   | LIST_OBJECTS             | bkt    | NULL",
        "GET    | /bkt                       | list-type prefix      |                   | LIST_OBJECTS_V2          | bkt    | NULL",
        "GET    | /bkt                       | location              |                   | GET_BUCKET_LOCATION      | bkt    | NULL",
        "GET    | /bkt                       | uploads               |                   | LIST_MULTIPART_UPLOADS   | bkt    | NULL",
        "GET    | /bkt                       | versioning            |                   | GET_BUCKET_VERSIONING    | bkt    | NULL",
        "GET    | /bkt                       | acl                   |                   | GET_BUCKET_ACL           | bkt    | NULL",
        "PUT    | /bkt                       | acl                   |                   | PUT_BUCKET_ACL           | bkt    | NULL",
        "GET    | /bkt                       | ownershipControls     |                   | GET_BUCKET_OWNERSHIP_CONTROLS | bkt | NULL",
        "DELETE | /bkt                       | cors                  |                   | UNSUPPORTED_SUBRESOURCE  | bkt    | NULL",
        "PUT    | /bkt                       | versioning            |                   | UNSUPPORTED_SUBRESOURCE  | bkt    | NULL",
        "POST   | /bkt                       | delete                |                   | DELETE_OBJECTS           | bkt    | NULL",
        "POST   | /bkt                       |                       |                   | POST_OBJECT              | bkt    | NULL",
        "PUT    | /bkt/k                     | x-id                  |                   | PUT_OBJECT               | bkt    | k",
        "PUT    | /bkt/k                     |                       | x-amz-copy-source | COPY_OBJECT              | bkt    | k",
        "PUT    | /bkt/k                     | partNumber uploadId   |                   | UPLOAD_PART              | bkt    | k",
        "PUT    | /bkt/k                     | partNumber uploadId   | x-amz-copy-source | UPLOAD_PART_COPY         | bkt    | k",
        "PUT    | /bkt/k                     | tagging               |                   | UNSUPPORTED_SUBRESOURCE  | bkt    | k",
        "GET    | /bkt/k                     | response-content-type |                   | GET_OBJECT               | bkt    | k",
        "GET    | /bkt/k                     | uploadId              |                   | LIST_PARTS               | bkt    | k",
        "GET    | /bkt/k                     | acl                   |                   | GET_OBJECT_ACL           | bkt    | k",
        "GET    | /bkt/k                     | acl versionId         |                   | UNSUPPORTED_SUBRESOURCE  | bkt    | k",
        "GET    | /bkt/k                     | tagging               |                   | GET_OBJECT_TAGGING       | bkt    | k",
        "GET    | /bkt/k                     | partNumber            |                   | GET_OBJECT               | bkt    | k",
        "HEAD   | /bkt/k                     | partNumber            |                   | HEAD_OBJECT              | bkt    | k",
        "GET    | /bkt/k                     | partNumber uploadId   |                   | LIST_PARTS               | bkt    | k",
        "PUT    | /bkt/k                     | partNumber versionId  |                   | UNSUPPORTED_SUBRESOURCE  | bkt    | k",
        "HEAD   | /bkt/k                     |                       |                   | HEAD_OBJECT              | bkt    | k",
        "DELETE | /bkt/k                     |                       |                   | DELETE_OBJECT            | bkt    | k",
        "DELETE | /bkt/k                     | uploadId              |                   | ABORT_MULTIPART_UPLOAD   | bkt    | k",
        "POST   | /bkt/k                     | uploads               |                   | CREATE_MULTIPART_UPLOAD  | bkt    | k",
        "POST   | /bkt/k                     | uploadId              |                   | COMPLETE_MULTIPART_UPLOAD| bkt    | k",
        "PATCH  | /bkt/k                     |                       |                   | METHOD_NOT_ALLOWED       | bkt    | k",
        "GET    | /health/ready              |                       |                   | GET_OBJECT               | health | ready",
        "GET    | /bkt/a%2Fb                 |                       |                   | GET_OBJECT               | bkt    | a/b",
        "GET    | /bkt/a//b/                 |                       |                   | GET_OBJECT               | bkt    | a//b/",
        "GET    | /bkt/../x                  |                       |                   | GET_OBJECT               | bkt    | ../x",
        "GET    | /bkt/a+b%20c%25d           |                       |                   | GET_OBJECT               | bkt    | a+b c%d",
        "GET    | /bkt/%C3%A4%F0%9F%98%80    |                       |                   | GET_OBJECT               | bkt    | ä😀",
        "GET    | /bkt/a;b=c                 |                       |                   | GET_OBJECT               | bkt    | a;b=c",
    })
    void routes(String method, String path, String query, String header, S3Operation operation, String bucket, String key) {
        Set<String> names = query == null ? Set.of() : new HashSet<>(Arrays.asList(query.trim().split("\\s+")));
        Route route = S3Router.route(new RouteRequest(method.trim(), path.trim(), names,
                name -> header != null && header.trim().equals(name)));
        assertEquals(operation, route.operation());
        assertEquals(bucket, route.bucket());
        assertEquals(key, route.key());
    }

    @ParameterizedTest
    @CsvSource({"/bkt/a%C3", "/bkt/a%FFb", "/bkt/a%2", "/bkt/a%ZZ"})
    void malformedEscapesAreInvalidUri(String path) {
        S3Exception error = assertThrows(S3Exception.class,
                () -> S3Router.route(new RouteRequest("GET", path, Set.of(), name -> false)));
        assertEquals(S3ErrorCode.INVALID_URI, error.code());
    }
}
