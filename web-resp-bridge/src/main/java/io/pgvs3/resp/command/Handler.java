package io.pgvs3.resp.command;

import io.pgvs3.resp.protocol.Reply;

/** One command's work: reads its arguments from the request, appends exactly one reply. */
@FunctionalInterface
public interface Handler {

    /** @throws io.pgvs3.resp.error.RespException to answer an error instead */
    void run(Request request, Reply reply);
}
