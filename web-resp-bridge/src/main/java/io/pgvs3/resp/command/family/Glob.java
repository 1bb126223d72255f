package io.pgvs3.resp.command.family;

/**
 * Redis' {@code stringmatchlen} over bytes: {@code *}, {@code ?}, {@code [...]} with {@code ^} and
 * ranges, backslash escapes. Recursion on {@code *} is bounded like Redis' (nesting limit), so a hostile
 * pattern cannot blow the stack.
 */
final class Glob {

    private static final int MAX_NESTING = 1000;

    private Glob() {
    }

    static boolean matches(byte[] pattern, byte[] string) {
        boolean[] skipLongerMatches = new boolean[1];
        return match(pattern, 0, string, 0, skipLongerMatches, 0);
    }

    private static boolean match(byte[] p, int pi, byte[] s, int si, boolean[] skipLonger, int nesting) {
        if (nesting > MAX_NESTING) {
            return false;
        }
        while (pi < p.length && si < s.length) {
            switch (p[pi]) {
                case '*' -> {
                    while (pi + 1 < p.length && p[pi + 1] == '*') {
                        pi++;
                    }
                    if (pi + 1 == p.length) {
                        return true;
                    }
                    while (si < s.length) {
                        if (match(p, pi + 1, s, si, skipLonger, nesting + 1)) {
                            return true;
                        }
                        if (skipLonger[0]) {
                            return false;
                        }
                        si++;
                    }
                    skipLonger[0] = true;
                    return false;
                }
                case '?' -> si++;
                case '[' -> {
                    pi++;
                    boolean not = pi < p.length && p[pi] == '^';
                    if (not) {
                        pi++;
                    }
                    boolean matched = false;
                    while (true) {
                        if (pi < p.length && p[pi] == '\\' && pi + 1 < p.length) {
                            pi++;
                            matched |= p[pi] == s[si];
                        } else if (pi >= p.length || p[pi] == ']') {
                            break;
                        } else if (pi + 2 < p.length && p[pi + 1] == '-') {
                            int start = p[pi]; // signed, as C's char compares
                            int end = p[pi + 2];
                            int c = s[si];
                            if (start > end) {
                                int t = start;
                                start = end;
                                end = t;
                            }
                            pi += 2;
                            matched |= c >= start && c <= end;
                        } else {
                            matched |= p[pi] == s[si];
                        }
                        pi++;
                    }
                    if (pi >= p.length) {
                        pi--; // Redis: a missing ']' is as if the class ended at the pattern's end
                    }
                    if (not == matched) {
                        return false;
                    }
                    si++;
                }
                case '\\' -> {
                    if (pi + 1 < p.length) {
                        pi++;
                    }
                    if (p[pi] != s[si]) {
                        return false;
                    }
                    si++;
                }
                default -> {
                    if (p[pi] != s[si]) {
                        return false;
                    }
                    si++;
                }
            }
            pi++;
            if (si == s.length) {
                while (pi < p.length && p[pi] == '*') {
                    pi++;
                }
                break;
            }
        }
        return pi == p.length && si == s.length;
    }
}
