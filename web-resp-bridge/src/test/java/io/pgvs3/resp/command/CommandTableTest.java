package io.pgvs3.resp.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.pgvs3.resp.command.family.Families;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** A command's name as sent is found by its bytes in any case, as Redis finds it, and nothing else is. */
class CommandTableTest {

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.ISO_8859_1);
    }

    private static String mixedCase(String name) {
        StringBuilder b = new StringBuilder(name);
        for (int i = 0; i < b.length(); i += 2) {
            b.setCharAt(i, Character.toUpperCase(b.charAt(i)));
        }
        return b.toString();
    }

    @Test
    void everyCommandOfTheBridgeIsFoundByItsBytesInAnyCase() {
        CommandTable table = Families.table();
        int found = 0;
        for (CommandSpec spec : table.all()) {
            String name = spec.name();
            assertSame(spec, table.find(bytes(name)), name);
            assertSame(spec, table.find(bytes(name.toUpperCase(Locale.ROOT))), name);
            assertSame(spec, table.find(bytes(mixedCase(name))), name);
            found++;
        }
        assertNotNull(table.find(bytes("GET")));
        assertEquals(table.all().size(), found);
    }

    @Test
    void namesSharingABucketAreToldApartAndUnknownOnesAreNotFound() {
        CommandTable table = new CommandTable();
        for (int i = 0; i < 2_000; i++) { // four times the buckets: many share one
            table.addUnlisted("cmd" + i, (request, reply) -> { });
        }
        for (int i = 0; i < 2_000; i++) {
            assertEquals("cmd" + i, table.find(bytes("CMD" + i)).name());
        }
        assertNull(table.find(bytes("cmd2000")));
        assertNull(table.find(bytes("cmd")));
        assertNull(table.find(bytes("cmd1\u00c0")), "a Latin-1 letter is not an ASCII one");
        assertNull(table.find(new byte[0]));
        assertNull(table.find(bytes("c".repeat(40))));
    }
}
