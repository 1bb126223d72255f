package io.pgvs3.devdb;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * TLS for the embedded server, as production databases have it (docs/configuration.md, TLS): a directory
 * holding {@code server.crt} (PEM, with its chain) and {@code server.key} (PEM, mode 600), made by whoever
 * starts the server (the e2e tests make a throwaway CA at test time). The server then accepts TCP only
 * over TLS ({@link PasswordAuthentication#TLS_HBA}).
 */
final class ServerTls {

    static final String CERTIFICATE = "server.crt";
    static final String KEY = "server.key";

    private final Path certificate;
    private final Path key;

    private ServerTls(Path certificate, Path key) {
        this.certificate = certificate;
        this.key = key;
    }

    /** The TLS files in {@code dir}; fails naming the one missing. */
    static ServerTls in(Path dir) throws IOException {
        Path certificate = dir.resolve(CERTIFICATE).toAbsolutePath();
        Path key = dir.resolve(KEY).toAbsolutePath();
        for (Path file : new Path[] {certificate, key}) {
            if (!Files.isReadable(file)) {
                throw new IOException("TLS for the embedded PostgreSQL needs " + file);
            }
        }
        return new ServerTls(certificate, key);
    }

    EmbeddedPostgres.Builder configure(EmbeddedPostgres.Builder builder) {
        return builder.setServerConfig("ssl", "on")
                .setServerConfig("ssl_cert_file", certificate.toString())
                .setServerConfig("ssl_key_file", key.toString());
    }
}
