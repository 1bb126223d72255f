package io.pgvs3.resp.command;

import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.protocol.Numbers;
import io.pgvs3.store.api.KvOperations;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/** One command being run: its arguments, its session, the batch's instant and the services. */
public final class Request {

    private final CommandSpec spec;
    private final byte[][] argv;
    private final Session session;
    private final long now;
    private final Services services;

    public Request(CommandSpec spec, byte[][] argv, Session session, long now, Services services) {
        this.spec = spec;
        this.argv = argv;
        this.session = session;
        this.now = now;
        this.services = services;
    }

    /** The command's canonical (lower-case) name, as Redis quotes it in errors. */
    public String command() {
        return spec.name();
    }

    public int argc() {
        return argv.length;
    }

    public byte[] arg(int i) {
        return argv[i];
    }

    /** Arguments {@code from} to the end. */
    public List<byte[]> args(int from) {
        return Arrays.asList(argv).subList(from, argv.length);
    }

    public byte[][] argv() {
        return argv;
    }

    /** True when argument {@code i} is {@code word}, ignoring ASCII case (option names). */
    public boolean is(int i, String word) {
        return new String(argv[i], StandardCharsets.ISO_8859_1).equalsIgnoreCase(word);
    }

    /** Argument {@code i} as a Redis integer, or "value is not an integer or out of range". */
    public long integer(int i) {
        return integer(i, RespErrors.NOT_INTEGER);
    }

    public long integer(int i, String error) {
        Long v = Numbers.parse(argv[i]);
        if (v == null) {
            throw RespErrors.error(error);
        }
        return v;
    }

    public Session session() {
        return session;
    }

    public int db() {
        return session.db();
    }

    public long now() {
        return now;
    }

    public KvOperations kv() {
        return services.kv();
    }

    public Services services() {
        return services;
    }
}
