package io.pgvs3.resp.protocol;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Splits an inline command into arguments exactly like Redis' {@code sdssplitargs}: blanks separate,
 * "double quotes" know \n \r \t \b \a \xHH and backslash escapes, 'single quotes' know \', a closing
 * quote must be followed by a blank or the end, and a NUL byte ends the line (it is a C string there).
 */
final class InlineSplitter {

    private InlineSplitter() {
    }

    /** The arguments, or null for unbalanced quotes. */
    static List<byte[]> split(byte[] line, int length) {
        List<byte[]> out = new ArrayList<>();
        int p = 0;
        while (true) {
            while (p < length && line[p] != 0 && isSpace(line[p])) {
                p++;
            }
            if (p >= length || line[p] == 0) {
                return out;
            }
            ByteArrayOutputStream current = new ByteArrayOutputStream();
            boolean inDouble = false;
            boolean inSingle = false;
            boolean done = false;
            while (!done) {
                int c = at(line, length, p);
                if (inDouble) {
                    if (c == '\\' && at(line, length, p + 1) == 'x' && isHex(at(line, length, p + 2))
                            && isHex(at(line, length, p + 3))) {
                        current.write(Character.digit(at(line, length, p + 2), 16) * 16
                                + Character.digit(at(line, length, p + 3), 16));
                        p += 3;
                    } else if (c == '\\' && at(line, length, p + 1) != 0) {
                        p++;
                        current.write(unescape(at(line, length, p)));
                    } else if (c == '"') {
                        if (at(line, length, p + 1) != 0 && !isSpace(at(line, length, p + 1))) {
                            return null;
                        }
                        done = true;
                    } else if (c == 0) {
                        return null;
                    } else {
                        current.write(c);
                    }
                } else if (inSingle) {
                    if (c == '\\' && at(line, length, p + 1) == '\'') {
                        p++;
                        current.write('\'');
                    } else if (c == '\'') {
                        if (at(line, length, p + 1) != 0 && !isSpace(at(line, length, p + 1))) {
                            return null;
                        }
                        done = true;
                    } else if (c == 0) {
                        return null;
                    } else {
                        current.write(c);
                    }
                } else if (c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == 0) {
                    done = true;
                } else if (c == '"') {
                    inDouble = true;
                } else if (c == '\'') {
                    inSingle = true;
                } else {
                    current.write(c);
                }
                if (c != 0) {
                    p++;
                }
            }
            out.add(current.toByteArray());
        }
    }

    /** The byte at {@code i} (unsigned), or 0 past the end, as the C string would read. */
    private static int at(byte[] line, int length, int i) {
        return i < length ? line[i] & 0xFF : 0;
    }

    private static int unescape(int c) {
        return switch (c) {
            case 'n' -> '\n';
            case 'r' -> '\r';
            case 't' -> '\t';
            case 'b' -> '\b';
            case 'a' -> 7;
            default -> c;
        };
    }

    private static boolean isHex(int c) {
        return Character.digit(c, 16) >= 0 && c < 128;
    }

    private static boolean isSpace(int c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }
}
