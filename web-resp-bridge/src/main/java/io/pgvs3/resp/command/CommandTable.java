package io.pgvs3.resp.command;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Every command the bridge knows, by lower-case name; families add theirs at startup. A command's name as the
 * client sent it is looked up by its bytes, in any case, without making a string of it (every command of a
 * pipeline is looked up: a string, its lower-case copy and a map lookup were 3 % of the bridge's CPU for GET
 * at pipeline 16, JFR).
 */
public final class CommandTable {

    /** A command's lower-case name as bytes, beside it. */
    private record Named(byte[] name, CommandSpec spec) {
    }

    private static final int BUCKETS = 512;

    private final Map<String, CommandSpec> byName = new HashMap<>();
    private final Named[][] byBytes = new Named[BUCKETS][];

    /** Registers a command; flags and ACL categories as Redis lists them. */
    public void add(String name, int arity, String flags, int firstKey, int lastKey, int step, String categories,
                    Handler handler) {
        put(new CommandSpec(name, arity, words(flags), firstKey, lastKey, step, words(categories), true, handler));
    }

    /** A command COMMAND does not list (see {@link CommandSpec#listed}). */
    public void addUnlisted(String name, Handler handler) {
        put(new CommandSpec(name, -1, List.of(), 0, 0, 0, List.of(), false, handler));
    }

    private void put(CommandSpec spec) {
        String name = spec.name();
        if (byName.putIfAbsent(name, spec) != null) {
            throw new IllegalStateException("command registered twice: " + name);
        }
        byte[] bytes = name.getBytes(StandardCharsets.US_ASCII);
        int b = bucket(bytes);
        Named[] bucket = byBytes[b] == null ? new Named[1] : Arrays.copyOf(byBytes[b], byBytes[b].length + 1);
        bucket[bucket.length - 1] = new Named(bytes, spec);
        byBytes[b] = bucket;
    }

    /** The command named by {@code name} in any case, or null. */
    public CommandSpec find(byte[] name) {
        if (name.length > 32) {
            return null;
        }
        Named[] bucket = byBytes[bucket(name)];
        if (bucket != null) {
            for (Named n : bucket) {
                if (sameIgnoringCase(n.name(), name)) {
                    return n.spec();
                }
            }
        }
        return null;
    }

    /** A bucket of the name's ASCII letters taken as lower case. */
    private static int bucket(byte[] name) {
        int h = 0;
        for (byte b : name) {
            h = 31 * h + lower(b);
        }
        return (h ^ (h >>> 9)) & (BUCKETS - 1);
    }

    private static boolean sameIgnoringCase(byte[] lowerName, byte[] name) {
        if (lowerName.length != name.length) {
            return false;
        }
        for (int i = 0; i < name.length; i++) {
            if (lowerName[i] != lower(name[i])) {
                return false;
            }
        }
        return true;
    }

    private static int lower(byte b) {
        return b >= 'A' && b <= 'Z' ? b + ('a' - 'A') : b;
    }

    public CommandSpec find(String name) {
        return byName.get(name.toLowerCase(Locale.ROOT));
    }

    public Collection<CommandSpec> all() {
        return byName.values();
    }

    private static List<String> words(String s) {
        return s.isBlank() ? List.of() : List.of(s.trim().split("\\s+"));
    }
}
