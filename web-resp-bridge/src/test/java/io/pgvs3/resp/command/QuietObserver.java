package io.pgvs3.resp.command;

/** For tests that drive a {@link PipelineRunner} and count nothing. */
public final class QuietObserver implements CommandObserver {

    @Override
    public void commands(String name, String status, int count, long nanos) {
    }

    @Override
    public void batch(int depth) {
    }
}
