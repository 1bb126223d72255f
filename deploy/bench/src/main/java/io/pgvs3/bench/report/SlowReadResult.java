package io.pgvs3.bench.report;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The slow-download check as one NDJSON line and a markdown table.
 *
 * @param run                 run id (UTC start time)
 * @param build               the gateway build
 * @param objectBytes         size of the object the slow client reads
 * @param bytesPerSecond      the slow client's pace
 * @param statusLine          the answer's status line as the slow client read it
 * @param bytesRead           bytes the slow client read
 * @param readSeconds         how long it read
 * @param endedBy             who ended the download: the client after its time, or the gateway
 * @param vacuumProbes        VACUUM probes while the download ran
 * @param notRemovableMax     the most dead tuples (of 1,000) one of them could not remove
 * @param pinsDuring          shared advisory locks held while the download ran (its read pins)
 * @param pinsAfter           the same, once the slow client had gone
 * @param pinsReleasedSeconds from the client's close until the pins were back to before (-1: not within the wait)
 * @param othersOk            other clients' calls that succeeded
 * @param othersUnavailable   other clients' calls answered 503 (SlowDown or ServiceUnavailable)
 * @param othersFailed        other clients' calls that failed otherwise
 * @param othersSlowestMs     the slowest of those calls
 */
public record SlowReadResult(String run, String build, long objectBytes, long bytesPerSecond, String statusLine,
                             long bytesRead, double readSeconds, String endedBy, int vacuumProbes, long notRemovableMax,
                             long pinsDuring, long pinsAfter, double pinsReleasedSeconds, long othersOk,
                             long othersUnavailable, long othersFailed, double othersSlowestMs) {

    public String toJson() {
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("run", run);
        o.put("build", build);
        o.put("object_bytes", objectBytes);
        o.put("bytes_per_second", bytesPerSecond);
        o.put("status_line", statusLine);
        o.put("bytes_read", bytesRead);
        o.put("read_seconds", readSeconds);
        o.put("ended_by", endedBy);
        o.put("vacuum_probes", vacuumProbes);
        o.put("not_removable_max", notRemovableMax);
        o.put("pins_during", pinsDuring);
        o.put("pins_after", pinsAfter);
        o.put("pins_released_seconds", pinsReleasedSeconds);
        o.put("others_ok", othersOk);
        o.put("others_unavailable", othersUnavailable);
        o.put("others_failed", othersFailed);
        o.put("others_slowest_ms", othersSlowestMs);
        return FlatJson.write(o);
    }

    /** Whether the download held back neither VACUUM nor anybody else. */
    public boolean passed() {
        return vacuumProbes > 0 && notRemovableMax == 0 && othersOk > 0 && othersUnavailable == 0 && othersFailed == 0;
    }

    public String markdown() {
        return String.format(Locale.ROOT, """
                Slow-download run %s; gateway %s.

                | what | result |
                |---|---|
                | slow client | GET of %d MiB at %d B/s: `%s`, %d bytes in %.1f s, ended by %s |
                | VACUUM of an unrelated table meanwhile | %d probes; at most %d of 1,000 dead tuples not removable |
                | read pins (shared advisory locks) | %d during the download, %d after it; back to before %s |
                | other clients meanwhile (4 KiB and 8 MiB GET and PUT) | %d ok, %d answered 503, %d failed otherwise; slowest %.0f ms |
                | verdict | %s |
                """, run, build, objectBytes >> 20, bytesPerSecond, statusLine, bytesRead, readSeconds, endedBy,
                vacuumProbes, notRemovableMax, pinsDuring, pinsAfter,
                pinsReleasedSeconds < 0 ? "not within the wait" : String.format(Locale.ROOT, "%.1f s after the close",
                        pinsReleasedSeconds),
                othersOk, othersUnavailable, othersFailed, othersSlowestMs,
                passed() ? "passed: the download held back neither VACUUM nor other clients"
                        : "FAILED: see the rows above");
    }
}
