package io.pgvs3.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The PostgreSQL of the running end-to-end stack ({@code PGVS3_JDBC_URL}, {@code PGVS3_DB_USER},
 * {@code PGVS3_DB_PASSWORD} of {@code stack.sh env}), for clients that keep their own tables next to
 * pgvs3's. Call it from a test class extended with {@link Stack}, which has started the stack.
 */
record StackDatabase(String jdbcUrl, String user, String password) {

    private static volatile StackDatabase current;

    static StackDatabase get() {
        StackDatabase db = current;
        if (db == null) {
            synchronized (StackDatabase.class) {
                if (current == null) {
                    current = load();
                }
                db = current;
            }
        }
        return db;
    }

    private static StackDatabase load() {
        Path repo = Path.of(System.getProperty("pgvs3.repo", "..")).toAbsolutePath().normalize();
        ProcessBuilder builder = new ProcessBuilder("bash", repo.resolve("deploy/local/stack.sh").toString(), "env")
                .directory(repo.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD);
        // the state directory Stack gives stack.sh; env reads the ports and secrets from there
        builder.environment().put("PGVS3_STACK_DIR", repo.resolve("ear/target/stack-e2e").toString());
        try {
            Process process = builder.start();
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                process.destroyForcibly();
                throw new IllegalStateException("stack.sh env failed (is the stack up?): " + out);
            }
            Map<String, String> values = new HashMap<>();
            for (String line : out.split("\n")) {
                String trimmed = line.trim();
                if (!trimmed.startsWith("export ")) {
                    continue;
                }
                String assignment = trimmed.substring("export ".length());
                int eq = assignment.indexOf('=');
                String value = assignment.substring(eq + 1);
                if (value.length() >= 2 && (value.startsWith("'") || value.startsWith("\""))) {
                    value = value.substring(1, value.length() - 1);
                } else {
                    value = value.replaceAll("\\\\(.)", "$1"); // bash printf %q escapes
                }
                values.put(assignment.substring(0, eq), value);
            }
            for (String name : new String[] {"PGVS3_JDBC_URL", "PGVS3_DB_USER", "PGVS3_DB_PASSWORD"}) {
                if (values.get(name) == null || values.get(name).isEmpty()) {
                    throw new IllegalStateException("stack.sh env printed no " + name + ":\n" + out);
                }
            }
            return new StackDatabase(values.get("PGVS3_JDBC_URL"), values.get("PGVS3_DB_USER"),
                    values.get("PGVS3_DB_PASSWORD"));
        } catch (IOException e) {
            throw new IllegalStateException("cannot run stack.sh env", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    @Override
    public String toString() {
        return "StackDatabase[" + jdbcUrl + " as " + user + "]"; // never the password
    }
}
