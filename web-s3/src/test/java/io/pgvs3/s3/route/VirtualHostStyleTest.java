package io.pgvs3.s3.route;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class VirtualHostStyleTest {

    private static final List<String> DOMAINS = List.of("s3.example.com", "localhost");

    @ParameterizedTest(name = "{0} {1} -> {2}")
    @CsvSource(nullValues = "NULL", value = {
        "bkt.s3.example.com,       /key/a%2Fb, /bkt/key/a%2Fb",
        "bkt.s3.example.com:8014,  /,          /bkt/",
        "BKT.S3.Example.com,       /k,         /bkt/k",
        "my.dotted.bkt.localhost:8014, /k,     /my.dotted.bkt/k",
        "s3.example.com,           /bkt/k,     /bkt/k",
        "127.0.0.1:8014,           /bkt/k,     /bkt/k",
        "other.example.org,        /bkt/k,     /bkt/k",
        "NULL,                     /bkt/k,     /bkt/k",
        "[::1]:8014,               /bkt/k,     /bkt/k",
    })
    void turnsVirtualHostedRequestsIntoPathStyle(String host, String rawPath, String expected) {
        assertEquals(expected, VirtualHostStyle.toPathStyle(host, DOMAINS, rawPath));
    }

    @ParameterizedTest
    @CsvSource({"bkt.s3.example.com, /k"})
    void withoutDomainsOnlyPathStyleIsServed(String host, String rawPath) {
        assertEquals(rawPath, VirtualHostStyle.toPathStyle(host, List.of(), rawPath));
    }
}
