package io.pgvs3.e2e;

/**
 * The PostgreSQL of the running end-to-end stack, for clients that keep their own tables next to
 * pgvs3's. Call it from a test class extended with {@link Stack}, which has started the stack.
 */
record StackDatabase(String jdbcUrl, String user, String password) {

    static StackDatabase get() {
        return new StackDatabase(Stack.env("PGVS3_JDBC_URL"), Stack.env("PGVS3_DB_USER"), Stack.env("PGVS3_DB_PASSWORD"));
    }
}
