package io.pgvs3.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * docs/configuration.md documents every setting the gateway reads, each with its default and its
 * environment variable, and nothing it does not read. What is read: the {@code <variable>}s of
 * liberty-config/server.xml, the keys the modules' config holders read (through {@code Settings} or
 * MicroProfile Config), and the keys of their microprofile-config.properties.
 */
class ConfigurationDocsTest {

    private static final Path REPO = Path.of("..").toAbsolutePath().normalize();
    /** A table row of the page: | `key` | environment | default | meaning |. */
    private static final Pattern ROW = Pattern.compile("(?m)^\\|\\s*`([a-z][a-z0-9.\\-]*)`\\s*\\|([^|]*)\\|([^|]*)\\|");
    private static final Pattern VARIABLE = Pattern.compile("<variable name=\"([^\"]+)\"");
    /** A key as the first argument of a call that reads it: settings.duration("pgvs3.x", ...), getOptionalValue(...). */
    private static final Pattern READ = Pattern.compile(
            "(?:\\bsettings\\.(?:text|list|integer|number|flag|duration)|\\bgetOptionalValue|\\bgetValue|\\bresolved)"
                    + "\\(\\s*\"(pgvs3\\.[a-z0-9.\\-]+)\"");
    private static final Pattern PROPERTY = Pattern.compile("(?m)^([a-z][a-z0-9.\\-]*)=");

    /** Documented key → its environment and default cells. */
    private static Map<String, String[]> documented() throws IOException {
        Map<String, String[]> rows = new TreeMap<>();
        Matcher m = ROW.matcher(Files.readString(REPO.resolve("docs/configuration.md")));
        while (m.find()) {
            rows.put(m.group(1), new String[] {m.group(2).trim(), m.group(3).trim()});
        }
        return rows;
    }

    /** Key read → the file that reads it. */
    private static Map<String, String> read() throws IOException {
        Map<String, String> keys = new TreeMap<>();
        collect(REPO.resolve("liberty-config/server.xml"), VARIABLE, keys);
        try (Stream<Path> modules = Files.list(REPO)) {
            for (Path source : modules.map(m -> m.resolve("src/main")).filter(Files::isDirectory).toList()) {
                try (Stream<Path> files = Files.walk(source)) {
                    for (Path file : files.toList()) {
                        if (file.toString().endsWith(".java")) {
                            collect(file, READ, keys);
                        } else if (file.getFileName().toString().equals("microprofile-config.properties")) {
                            collect(file, PROPERTY, keys);
                        }
                    }
                }
            }
        }
        return keys;
    }

    private static void collect(Path file, Pattern pattern, Map<String, String> into) throws IOException {
        Matcher m = pattern.matcher(Files.readString(file));
        while (m.find()) {
            into.putIfAbsent(m.group(1), REPO.relativize(file).toString());
        }
    }

    @Test
    void everySettingReadIsDocumentedWithItsDefault() throws IOException {
        Map<String, String[]> documented = documented();
        Map<String, String> read = read();
        assertTrue(read.size() > 50, "the scan finds the settings: " + read.keySet());
        Set<String> missing = new TreeSet<>();
        read.forEach((key, file) -> {
            if (!documented.containsKey(key) || documented.get(key)[1].isEmpty()) {
                missing.add(key + " (read in " + file + ")");
            }
        });
        assertEquals(Set.of(), missing, "settings without a row and a default in docs/configuration.md");
    }

    @Test
    void everyDocumentedSettingIsRead() throws IOException {
        Set<String> stale = new TreeSet<>(documented().keySet());
        stale.removeAll(read().keySet());
        assertEquals(Set.of(), stale, "docs/configuration.md documents settings nothing reads");
    }

    @Test
    void everyDocumentedEnvironmentVariableIsTheKeysOwn() throws IOException {
        Set<String> wrong = new TreeSet<>();
        documented().forEach((key, cells) -> {
            String expected = key.toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
            // MicroProfile's own keys (mp.*) are set in properties files, not from the environment here
            if (!key.startsWith("mp.") && !cells[0].equals("`" + expected + "`")) {
                wrong.add(key + ": " + cells[0] + ", not `" + expected + "`");
            }
        });
        assertEquals(Set.of(), wrong);
    }
}
