package io.pgvs3.resp.command;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Every command the bridge knows, by lower-case name; families add theirs at startup. */
public final class CommandTable {

    private final Map<String, CommandSpec> byName = new HashMap<>();

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
    }

    /** The command named by {@code name} in any case, or null. */
    public CommandSpec find(byte[] name) {
        if (name.length > 32) {
            return null;
        }
        return byName.get(new String(name, StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT));
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
