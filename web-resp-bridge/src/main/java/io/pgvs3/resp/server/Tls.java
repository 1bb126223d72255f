package io.pgvs3.resp.server;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;

/** TLS of the RESP port, from the keystore the S3 endpoint uses: TLS 1.2 and 1.3 only, server side. */
final class Tls {

    private static final String[] PROTOCOLS = {"TLSv1.3", "TLSv1.2"};

    private final SSLContext context;

    private Tls(SSLContext context) {
        this.context = context;
    }

    static Tls load(RespConfig.Keystore keystore) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance(keystore.type());
        try (InputStream in = Files.newInputStream(Path.of(keystore.path()))) {
            store.load(in, keystore.password());
        }
        KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
        keys.init(store, keystore.password());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys.getKeyManagers(), null, null);
        return new Tls(context);
    }

    /** The server side of one new connection. */
    SSLEngine engine() {
        SSLEngine engine = context.createSSLEngine();
        engine.setUseClientMode(false);
        engine.setEnabledProtocols(PROTOCOLS);
        return engine;
    }
}
