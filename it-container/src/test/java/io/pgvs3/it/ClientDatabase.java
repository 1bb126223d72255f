package io.pgvs3.it;

import io.pgvs3.devdb.EmbeddedPostgresServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * The test JVM's PostgreSQL 18 on the fixed port that failsafe also hands to Liberty (PGVS3_DB_URL), with the
 * password of PGVS3_DB_PASSWORD. A fresh data directory every run. Client side only: never deployed.
 */
final class ClientDatabase implements AutoCloseable {

    private final EmbeddedPostgresServer server;

    private ClientDatabase(EmbeddedPostgresServer server) {
        this.server = server;
    }

    static ClientDatabase start() {
        int port = Integer.parseInt(required("pgvs3.it.pg.port"));
        Path data = Path.of(required("pgvs3.it.pg.data"));
        String password = System.getenv("PGVS3_DB_PASSWORD");
        if (password == null || !String.valueOf(System.getenv("PGVS3_DB_URL")).contains(":" + port + "/")) {
            throw new IllegalStateException("PGVS3_DB_URL/PGVS3_DB_PASSWORD must name port " + port
                    + " (set by failsafe in it-container/pom.xml)");
        }
        try {
            deleteTree(data);
            // the durable launcher is the one that takes a fixed port; durability itself is not under test
            return new ClientDatabase(EmbeddedPostgresServer.startDurable(data, port, password));
        } catch (IOException e) {
            throw new UncheckedIOException("embedded PostgreSQL 18 did not start on port " + port, e);
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
    }

    private static String required(String property) {
        String value = System.getProperty(property);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("system property " + property + " is not set (failsafe sets it)");
        }
        return value;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
                Files.delete(p);
            }
        }
    }
}
