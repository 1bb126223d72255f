package io.pgvs3.bench.report;

import java.util.Locale;

/** Number formats shared by the tables, so every column reads the same way. */
final class Cells {
    private Cells() {
    }

    static String rate(double v) {
        return v >= 100 ? String.format(Locale.ROOT, "%,.0f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    /** {@code subject ÷ reference}, or "–" where either is unknown (a CPU per call of -1) or the reference 0. */
    static String ratio(double subject, double reference) {
        return reference <= 0 || subject < 0 ? "–" : ratio(subject / reference);
    }

    /** Two decimals; below 0.01 only "<0.01×", since more digits of a collapse say nothing. */
    static String ratio(double ratio) {
        return ratio < 0.01 ? "<0.01×" : String.format(Locale.ROOT, "%.2f×", ratio);
    }

    static String millis(double v) {
        return v < 0 ? "–" : v < 10 ? String.format(Locale.ROOT, "%.3f", v) : String.format(Locale.ROOT, "%.1f", v);
    }

    static String latency(Summary s) {
        return millis(s.p50Ms()) + " / " + millis(s.p99Ms());
    }

    /**
     * Spread of the trials around the median, so a reader sees how far to trust it: ±half the range
     * in percent, or the range itself where that would exceed the median (a collapsing case).
     */
    static String spread(Summary s) {
        return spread(s, 1);
    }

    /** {@link #spread(Summary)} of the rate times {@code scale} (e.g. bytes per call in MiB, for MiB/s). */
    static String spread(Summary s, double scale) {
        if (s.trials() < 2) {
            return "";
        }
        double half = (s.maxRate() - s.minRate()) / 2;
        if (s.rate() <= 0 || half > s.rate()) {
            return " (" + rate(s.minRate() * scale) + "–" + rate(s.maxRate() * scale) + ")";
        }
        return String.format(Locale.ROOT, " ±%.0f%%", half / s.rate() * 100);
    }
}
