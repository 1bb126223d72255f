package io.pgvs3.s3.golden;

import java.util.ArrayList;
import java.util.List;

/**
 * A line diff of two XML documents, for a failure message a person reads. The answers are one line of
 * bytes, so for display only they are broken between adjacent tags ({@code ><}); control characters are
 * shown escaped, so a {@code \r} or a stray newline is visible. Unchanged lines further than
 * {@value #CONTEXT} from a change are left out.
 */
final class TextDiff {

    private static final int CONTEXT = 3;

    private TextDiff() {
    }

    /** The document one element a line, control characters escaped. */
    static List<String> lines(String xml) {
        List<String> lines = new ArrayList<>();
        int from = 0;
        for (int i = 1; i < xml.length(); i++) {
            if (xml.charAt(i - 1) == '>' && xml.charAt(i) == '<') {
                lines.add(escape(xml.substring(from, i)));
                from = i;
            }
        }
        lines.add(escape(xml.substring(from)));
        return lines;
    }

    /** {@code "  "} before an unchanged line, {@code "- "} before an expected one, {@code "+ "} before an actual one. */
    static String render(String expected, String actual) {
        List<String> edits = edits(lines(expected), lines(actual));
        StringBuilder out = new StringBuilder();
        boolean skipped = false;
        for (int i = 0; i < edits.size(); i++) {
            if (nearAChange(edits, i)) {
                out.append(edits.get(i)).append('\n');
                skipped = false;
            } else if (!skipped) {
                out.append("  ...\n");
                skipped = true;
            }
        }
        return out.toString();
    }

    /** The shortest edit script, by the longest common subsequence of lines (documents are small). */
    private static List<String> edits(List<String> a, List<String> b) {
        int[][] common = new int[a.size() + 1][b.size() + 1];
        for (int i = a.size() - 1; i >= 0; i--) {
            for (int j = b.size() - 1; j >= 0; j--) {
                common[i][j] = a.get(i).equals(b.get(j)) ? common[i + 1][j + 1] + 1
                        : Math.max(common[i + 1][j], common[i][j + 1]);
            }
        }
        List<String> edits = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < a.size() || j < b.size()) {
            if (i < a.size() && j < b.size() && a.get(i).equals(b.get(j))) {
                edits.add("  " + a.get(i++));
                j++;
            } else if (j == b.size() || i < a.size() && common[i + 1][j] >= common[i][j + 1]) {
                edits.add("- " + a.get(i++));
            } else {
                edits.add("+ " + b.get(j++));
            }
        }
        return edits;
    }

    private static boolean nearAChange(List<String> edits, int index) {
        for (int k = Math.max(0, index - CONTEXT); k <= Math.min(edits.size() - 1, index + CONTEXT); k++) {
            if (!edits.get(k).startsWith("  ")) {
                return true;
            }
        }
        return false;
    }

    private static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '\r' -> out.append("\\r");
                case '\n' -> out.append("\\n");
                case '\t' -> out.append("\\t");
                default -> out.append(c < 0x20 ? String.format("\\u%04x", (int) c) : String.valueOf(c));
            }
        }
        return out.toString();
    }
}
