package io.pgvs3.bench.load;

/**
 * What one timed call reports: its status (an HTTP status, or 200 for a successful SQL call), the
 * payload bytes it moved and the units of work it did (1 request, or the keys one DeleteObjects
 * removed). Reused by its worker for every call.
 */
public final class Outcome {
    private int status;
    private long bytes;
    private long units;

    public void set(int status, long bytes, long units) {
        this.status = status;
        this.bytes = bytes;
        this.units = units;
    }

    public int status() {
        return status;
    }

    public long bytes() {
        return bytes;
    }

    public long units() {
        return units;
    }

    public boolean ok() {
        return status >= 200 && status < 300;
    }
}
