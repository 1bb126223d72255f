package io.pgvs3.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;

/**
 * A throwaway server key and self-signed certificate made with the JDK's keytool (PKCS12), valid for
 * localhost, 127.0.0.1 and the given addresses, and trust managers that trust exactly that certificate.
 */
final class TestTls {

    private final Path keystore;
    private final String password;

    private TestTls(Path keystore, String password) {
        this.keystore = keystore;
        this.password = password;
    }

    static TestTls generate(Path dir, List<InetAddress> addresses) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path keystore = dir.resolve("key.p12");
        Files.deleteIfExists(keystore);
        String password = Long.toHexString(new java.security.SecureRandom().nextLong()) + "pw";
        StringBuilder san = new StringBuilder("SAN=dns:localhost,ip:127.0.0.1");
        for (InetAddress address : addresses) {
            san.append(",ip:").append(address.getHostAddress());
        }
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString(), "-genkeypair",
                "-alias", "pgvs3", "-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2",
                "-dname", "CN=localhost,OU=pgvs3-e2e", "-ext", san.toString(),
                "-keystore", keystore.toString(), "-storetype", "PKCS12", "-storepass:env", "PGVS3_E2E_STOREPASS"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PGVS3_E2E_STOREPASS", password);
        Process keytool = builder.start();
        String out = new String(keytool.getInputStream().readAllBytes());
        if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
            throw new IllegalStateException("keytool failed: " + out);
        }
        return new TestTls(keystore, password);
    }

    Path keystore() {
        return keystore;
    }

    String password() {
        return password;
    }

    TrustManager[] trustManagers() throws IOException, GeneralSecurityException {
        Certificate certificate = certificate();
        KeyStore trusted = KeyStore.getInstance(KeyStore.getDefaultType());
        trusted.load(null, null);
        trusted.setCertificateEntry("pgvs3", certificate);
        TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        factory.init(trusted);
        return factory.getTrustManagers();
    }

    /** The certificate as a PEM file beside the keystore, for clients that read no PKCS12 (redis-cli's --cacert). */
    Path certificatePem() throws IOException, GeneralSecurityException {
        Path pem = keystore.resolveSibling("cert.pem");
        String base64 = Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(certificate().getEncoded());
        Files.writeString(pem, "-----BEGIN CERTIFICATE-----\n" + base64 + "\n-----END CERTIFICATE-----\n");
        return pem;
    }

    private Certificate certificate() throws IOException, GeneralSecurityException {
        KeyStore server = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(keystore)) {
            server.load(in, password.toCharArray());
        }
        return server.getCertificate("pgvs3");
    }
}
