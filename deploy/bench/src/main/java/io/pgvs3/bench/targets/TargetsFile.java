package io.pgvs3.bench.targets;

import io.pgvs3.bench.http.Credentials;
import io.pgvs3.bench.http.Endpoint;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * Reads the targets file run.sh writes. Secrets travel in this file, never on a command line:
 * <pre>
 * targets=pgvs3,s3proxy,floor
 * bucket=pgvs3-bench
 * region=us-east-1
 * db.jdbcUrl=...  db.user=...  db.password=...  db.pid=1200      (the gateway's database)
 * target.pgvs3.role=subject          target.pgvs3.endpoint=http://127.0.0.1:11014
 * target.pgvs3.accessKey=...         target.pgvs3.secretKey=...
 * target.pgvs3.pid=1234              target.pgvs3.dbPid=1200     target.pgvs3.build=pgvs3 1a2b3c4
 * target.floor.role=floor
 * target.runtime-floor.role=runtime_floor  target.runtime-floor.endpoint=http://127.0.0.1:11214
 * target.runtime-floor.pid=1300      target.runtime-floor.build=Open Liberty 25.0.0.12, runtime-floor.war
 * </pre>
 * The target whose role is floor is the SQL floor on the db.* database, the runtime floor is a plain HTTP
 * server; every other one is an S3 server.
 */
public final class TargetsFile {
    private final Properties properties;

    private TargetsFile(Properties properties) {
        this.properties = properties;
    }

    public static TargetsFile read(Path file) throws IOException {
        Properties p = new Properties();
        try (Reader reader = Files.newBufferedReader(file)) {
            p.load(reader);
        }
        return new TargetsFile(p);
    }

    /** The gateway's database, for the floor and for stating its durability settings; null if absent. */
    public SqlTarget database() {
        if (!properties.containsKey("db.jdbcUrl")) {
            return null;
        }
        return new SqlTarget("floor", required("db.jdbcUrl"), required("db.user"), required("db.password"),
                Long.parseLong(properties.getProperty("db.pid", "0")), properties.getProperty("db.build", "PostgreSQL"));
    }

    public List<Target> targets() {
        String bucket = required("bucket");
        String region = properties.getProperty("region", "us-east-1");
        List<Target> targets = new ArrayList<>();
        for (String name : required("targets").split(",")) {
            String n = name.trim();
            String prefix = "target." + n + '.';
            Role role = Role.valueOf(required(prefix + "role").toUpperCase(Locale.ROOT));
            if (role == Role.FLOOR) {
                SqlTarget db = database();
                if (db == null) {
                    throw new IllegalArgumentException("target " + n + " is the floor but db.jdbcUrl is missing");
                }
                targets.add(db);
            } else if (role == Role.RUNTIME_FLOOR) {
                targets.add(HttpTarget.of(n, required(prefix + "endpoint"), pid(prefix + "pid"),
                        properties.getProperty(prefix + "build", n)));
            } else {
                Credentials credentials = new Credentials(required(prefix + "accessKey"),
                        required(prefix + "secretKey"), region);
                targets.add(new S3Target(n, role, Endpoint.of(required(prefix + "endpoint"), bucket, credentials),
                        pid(prefix + "pid"), pid(prefix + "dbPid"), properties.getProperty(prefix + "build", n)));
            }
        }
        return targets;
    }

    private long pid(String key) {
        return Long.parseLong(properties.getProperty(key, "0").trim());
    }

    private String required(String key) {
        String value = properties.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("targets file lacks " + key);
        }
        return value.trim();
    }
}
