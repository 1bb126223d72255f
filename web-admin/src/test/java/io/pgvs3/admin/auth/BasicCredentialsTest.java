package io.pgvs3.admin.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

class BasicCredentialsTest {

    private static final BasicCredentials CONFIGURED = new BasicCredentials("AKID", "s3cr:et");

    private static String basic(String userColonPassword) {
        return "Basic " + Base64.getEncoder().encodeToString(userColonPassword.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theRightPairMatchesAndAPasswordMayContainColons() {
        Optional<BasicCredentials> presented = BasicCredentials.parse(basic("AKID:s3cr:et"));
        assertEquals(Optional.of(CONFIGURED), presented);
        assertTrue(CONFIGURED.matches(presented.orElseThrow()));
        assertTrue(CONFIGURED.matches(BasicCredentials.parse("bAsIc " + basic("AKID:s3cr:et").substring(6)).orElseThrow()));
    }

    @Test
    void aWrongUserOrPasswordDoesNotMatch() {
        assertFalse(CONFIGURED.matches(BasicCredentials.parse(basic("AKID:s3cr:eT")).orElseThrow()));
        assertFalse(CONFIGURED.matches(BasicCredentials.parse(basic("akid:s3cr:et")).orElseThrow()));
        assertFalse(CONFIGURED.matches(BasicCredentials.parse(basic("AKID:")).orElseThrow()));
        assertFalse(CONFIGURED.matches(BasicCredentials.parse(basic(":s3cr:et")).orElseThrow()));
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {"Basic", "Basic !!!", "Bearer abc", "Basic QUtJRA==", "AWS4-HMAC-SHA256 Credential=x"})
    void malformedHeadersAreNoCredentials(String header) {
        assertTrue(BasicCredentials.parse(header).isEmpty());
    }

    @Test
    void oversizedHeadersAreRefusedBeforeDecoding() {
        assertTrue(BasicCredentials.parse("Basic " + "A".repeat(BasicCredentials.MAX_HEADER)).isEmpty());
    }

    @Test
    void theSecretNeverAppearsInToString() {
        assertFalse(CONFIGURED.toString().contains("s3cr"));
    }
}
