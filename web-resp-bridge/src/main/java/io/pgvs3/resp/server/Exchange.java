package io.pgvs3.resp.server;

import io.pgvs3.resp.command.PipelineRunner;
import io.pgvs3.resp.command.Session;
import io.pgvs3.resp.protocol.DecoderLimits;
import io.pgvs3.resp.protocol.Reply;
import io.pgvs3.resp.protocol.RespDecoder;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One client's conversation, whatever carries its bytes: what arrived is decoded into a batch of whole
 * commands, a batch is answered in order (so a pipeline's consecutive GETs or SETs coalesce), and a
 * protocol error is answered after the commands before it, after which the connection must close, as in
 * Redis. Decoding and answering may run on different threads, one after the other.
 */
final class Exchange {

    /** What one read takes at most: also the most bytes a batch is decoded from. */
    static final int READ_BUFFER = 64 * 1024;
    /**
     * After the last reply (QUIT, protocol error) a connection shuts its output and drains what the client
     * still sends, this long and this much at most, because closing a socket with unread input sends a reset
     * that can destroy the reply.
     */
    static final long DRAIN_NANOS = TimeUnit.SECONDS.toNanos(2);
    static final long DRAIN_BYTES = 1 << 20;

    /** The commands one read completed, and whether decoding stopped at a protocol error after them. */
    record Batch(List<byte[][]> commands, boolean intact) {

        boolean answers() {
            return !commands.isEmpty() || !intact;
        }
    }

    private final Session session;
    private final PipelineRunner pipeline;
    private final RespDecoder decoder;

    Exchange(Session session, PipelineRunner pipeline, DecoderLimits limits) {
        this.session = session;
        this.pipeline = pipeline;
        this.decoder = new RespDecoder(limits);
    }

    Session session() {
        return session;
    }

    /** The client paused ({@code ended} false) or went away: the store session it kept goes back to the pool. */
    void letGo(boolean ended) {
        pipeline.letGo(session, ended);
    }

    Batch decode(byte[] buf, int off, int len) {
        List<byte[][]> commands = new ArrayList<>();
        boolean intact = decoder.feed(buf, off, len, commands);
        return new Batch(commands, intact);
    }

    /**
     * Appends the batch's replies (and the protocol error's) to {@code reply}.
     *
     * @return false when the connection is to be closed once the replies are written (QUIT, protocol error)
     */
    boolean answer(Batch batch, Reply reply) {
        if (!batch.commands().isEmpty()) {
            pipeline.execute(session, batch.commands(), reply);
        }
        if (!batch.intact() && !session.closing()) {
            reply.error(decoder.error());
        }
        return batch.intact() && !session.closing();
    }
}
