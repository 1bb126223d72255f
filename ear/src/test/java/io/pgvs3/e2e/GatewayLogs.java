package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A gateway's Liberty logs from a mark on: what a database outage must not leave behind there (issue 11,
 * docs/adr/0039): no FFDC incident file, no FFDC notice, no error or warning of Liberty's data source,
 * connection manager or local transactions, and no stack trace. One exception, which no application can
 * avoid: the pool's failure to open a session it had begun to open before the breaker learned of the
 * outage (DSRA8100E, recorded at two probes of Liberty's pool), once per kind and server process.
 */
final class GatewayLogs {

    /** A Liberty message of those components above INFO, an FFDC notice, or a line of a stack trace. */
    private static final Pattern NOISE = Pattern.compile(
            "^(\\[[^\\]]+] \\p{XDigit}+ \\S+\\s+[A-Z] (DSRA\\d{4}[EW]|J2CA\\d{4}[EW]|WLTC\\d{4}[EW]|FFDC1015I).*"
                    + "|\\s+at .*|Caused by: .*|.*Exception stack trace follows.*)$");
    /** DSRA8100E's FFDC notice: the one allowed (see above). */
    private static final String CONNECT_FAILED = "DSRA8100E";
    /** Where Liberty's pool records a session it failed to open: {@code Source = ...} and {@code probeid = ...}. */
    private static final Set<String> CONNECT_FAILED_PROBES = Set.of(
            "com.ibm.ejs.j2c.poolmanager.FreePool.createManagedConnectionWithMCWrapper 199",
            "com.ibm.ws.rsadapter.jdbc.WSJdbcDataSource.getConnection 299");

    /** Where the logs stood: messages.log's length and the FFDC files there were. */
    record Mark(long offset, Set<String> ffdc) {
    }

    private final Path logs;

    /** {@code logs}: the server's logs directory (…/servers/pgvs3/logs). */
    GatewayLogs(Path logs) {
        this.logs = logs;
    }

    Mark mark() throws IOException {
        return new Mark(Files.size(logs.resolve("messages.log")), ffdcFiles());
    }

    /** Fails naming the FFDC files created and the log lines that are noise since {@code mark}. */
    void assertCleanSince(Mark mark, String during) throws IOException {
        Set<String> created = ffdcFiles();
        created.removeAll(mark.ffdc());
        Set<String> unexpected = new TreeSet<>();
        for (String file : created) {
            String probe = probe(logs.resolve("ffdc").resolve(file));
            if (!CONNECT_FAILED_PROBES.contains(probe)) {
                unexpected.add(file + " (" + probe + ")");
            }
        }
        assertEquals(Set.of(), unexpected, "FFDC incident files written during " + during + " in " + logs);
        String all = Files.readString(logs.resolve("messages.log"));
        List<String> noise = all.substring((int) Math.min(mark.offset(), all.length())).lines()
                .filter(line -> NOISE.matcher(line).matches())
                .filter(line -> !(line.contains("FFDC1015I") && line.contains(CONNECT_FAILED))).limit(20).toList();
        assertEquals(List.of(), noise, "Liberty errors, FFDC notices or stack traces logged during " + during);
    }

    /** "Source probeid" from an incident file's head. */
    private static String probe(Path incident) throws IOException {
        String source = "";
        String probe = "";
        for (String line : Files.readAllLines(incident).subList(0, 4)) {
            if (line.startsWith("Source = ")) {
                source = line.substring("Source = ".length()).trim();
            } else if (line.startsWith("probeid = ")) {
                probe = line.substring("probeid = ".length()).trim();
            }
        }
        return source + " " + probe;
    }

    private Set<String> ffdcFiles() throws IOException {
        Path ffdc = logs.resolve("ffdc");
        if (!Files.isDirectory(ffdc)) {
            return new TreeSet<>();
        }
        try (Stream<Path> files = Files.list(ffdc)) {
            // the summary is rewritten with each incident; the incidents are the ffdc_* files
            return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("ffdc_"))
                    .collect(Collectors.toCollection(TreeSet::new));
        }
    }
}
