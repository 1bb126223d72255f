package io.pgvs3.admin.stat;

import io.pgvs3.store.api.MaintenanceSnapshot;
import io.pgvs3.store.api.NamespaceStats;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The report as a fixed-width table for people ({@code deploy/local/stack.sh stat}). */
final class StatTable {

    private static final String[] HEADER = {"NAMESPACE", "KIND", "OBJECTS", "LOGICAL", "PHYSICAL", "OVERHEAD",
        "CHUNKS~", "GARBAGE", "GARBAGE BYTES", "OLDEST", "UPLOADS"};
    private static final String[] ORIGIN_HEADER = {"ORIGIN-BACKED", "ORIGIN", "PENDING", "PENDING BYTES", "OLDEST",
        "DRAIN", "LAST ORIGIN ERROR (this gateway)"};

    private StatTable() {
    }

    static String render(StatView view) {
        List<String[]> rows = new ArrayList<>();
        rows.add(HEADER);
        for (NamespaceStats ns : view.namespaces()) {
            rows.add(new String[] {ns.name(), ns.kind(), count(ns.objects()), bytes(ns.logicalBytes()),
                bytes(ns.physicalBytes()), overhead(ns.logicalBytes(), ns.physicalBytes()),
                count(ns.chunkRowsEstimate()), count(ns.garbageFiles()), bytes(ns.garbageBytes()),
                age(ns.oldestGarbageAge()), count(ns.incompleteUploads())});
        }
        StatView.Totals t = view.totals();
        rows.add(new String[] {"TOTAL (" + t.namespaces() + ")", "", count(t.objects()), bytes(t.logicalBytes()),
            bytes(t.physicalBytes()), overhead(t.logicalBytes(), t.physicalBytes()), "", count(t.garbageFiles()),
            bytes(t.garbageBytes()), "", count(t.incompleteUploads())});
        StringBuilder out = new StringBuilder();
        out.append("pgvs3 stat at ").append(view.takenAt()).append(", database ")
                .append(bytes(view.databaseBytes())).append('\n');
        table(rows, false, out);
        if (!view.origins().isEmpty()) {
            List<String[]> origins = new ArrayList<>();
            origins.add(ORIGIN_HEADER);
            for (OriginLine o : view.origins()) {
                origins.add(new String[] {o.bucket(), o.origin(), count(o.pendingObjects()), bytes(o.pendingBytes()),
                    o.pendingObjects() == 0 ? "-" : age(o.oldestPending()), o.drainPaused() ? "paused" : "runs",
                    o.lastOriginError() == null ? "-" : o.lastOriginError()});
            }
            out.append('\n');
            table(origins, true, out);
        }
        out.append(maintenance(view.maintenance(), view.takenAt())).append('\n');
        return out.toString();
    }

    /**
     * Rows under a header row: the first two columns are text (left-aligned), the others figures, except
     * the last when {@code lastIsText}.
     */
    private static void table(List<String[]> rows, boolean lastIsText, StringBuilder out) {
        int[] widths = new int[rows.get(0).length];
        for (String[] row : rows) {
            for (int i = 0; i < row.length; i++) {
                widths[i] = Math.max(widths[i], row[i].length());
            }
        }
        for (String[] row : rows) {
            StringBuilder line = new StringBuilder();
            for (int i = 0; i < row.length; i++) {
                boolean text = i < 2 || lastIsText && i == row.length - 1;
                String cell = pad(row[i], widths[i], !text);
                line.append(i == 0 ? "" : "  ").append(cell);
            }
            out.append(line.toString().stripTrailing()).append('\n');
        }
    }

    static String maintenance(MaintenanceSnapshot m, Instant now) {
        if (!m.enabled()) {
            return "maintenance (this gateway): disabled";
        }
        String last = m.lastTick() == null ? "never" : age(Duration.between(m.lastTick(), now)) + " ago";
        return "maintenance (this gateway): leader " + (m.leader() ? "yes" : "no") + ", last tick " + last
                + (m.databaseOutage() ? ", DATABASE UNREACHABLE" : "") + ", ticks " + m.ticks() + " (led "
                + m.ticksAsLeader() + "), passes " + m.reapPasses() + ", rows reaped " + m.rowsReaped()
                + ", files reaped " + m.filesReaped() + ", pinned skips " + m.pinnedSkips() + ", uploads expired "
                + m.uploadsExpired() + ", values expired " + m.valuesExpired() + ", origin fences reaped "
                + m.originFencesReaped() + ", origin blocks reaped " + m.originBlocksReaped() + ", errors "
                + m.errors();
    }

    private static String pad(String s, int width, boolean right) {
        String fill = " ".repeat(width - s.length());
        return right ? fill + s : s + fill;
    }

    static String count(long n) {
        return String.valueOf(n);
    }

    static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        String[] units = {"KiB", "MiB", "GiB", "TiB", "PiB"};
        double value = n;
        int unit = -1;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return String.format(Locale.ROOT, "%.1f %s", value, units[unit]);
    }

    static String overhead(long logical, long physical) {
        return logical == 0 ? "-" : String.format(Locale.ROOT, "%+.0f%%", (physical / (double) logical - 1) * 100);
    }

    static String age(Duration age) {
        if (age == null) {
            return "-";
        }
        long s = Math.max(0, age.toSeconds());
        return s < 120 ? s + "s" : s < 7200 ? s / 60 + "m" : s < 172_800 ? s / 3600 + "h" : s / 86_400 + "d";
    }
}
