package io.pgvs3.bench.report;

import java.util.Locale;

/** Number formats shared by the tables, so every column reads the same way. */
final class Cells {
    private Cells() {
    }

    static String rate(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    static String ratio(double subject, double reference) {
        return reference <= 0 ? "–" : String.format(Locale.ROOT, "%.2f×", subject / reference);
    }

    static String millis(double v) {
        return v < 0 ? "–" : v < 10 ? String.format(Locale.ROOT, "%.3f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    static String latency(Summary s) {
        return millis(s.p50Ms()) + " / " + millis(s.p99Ms());
    }

    /** Spread of the trials around the median, so a reader sees how far to trust it. */
    static String spread(Summary s) {
        if (s.trials() < 2 || s.rate() <= 0) {
            return "";
        }
        double half = (s.maxRate() - s.minRate()) / 2 / s.rate() * 100;
        return String.format(Locale.ROOT, " ±%.0f%%", half);
    }
}
