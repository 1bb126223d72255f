package io.pgvs3.resp.command;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pgvs3.resp.command.family.Families;
import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.protocol.DecoderLimits;
import io.pgvs3.resp.protocol.Reply;
import io.pgvs3.resp.protocol.RespDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A pipeline's consecutive GETs and SETs reach the store as one call each; replies stay in order. */
class PipelineRunnerTest {

    private final MemoryKvStore kv = new MemoryKvStore();
    private final Session session = new Session("test:1", "test:2", true);

    private String run(String inline) {
        return run(inline, false);
    }

    private String run(String inline, boolean readOnly) {
        CommandTable table = Families.table();
        Gateway gateway = new Gateway() {
            public List<Session> sessions() {
                return List.of(session);
            }

            public int maxClients() {
                return 1;
            }

            public int port() {
                return 0;
            }

            public long startedMillis() {
                return 0;
            }

            public String runId() {
                return "0".repeat(40);
            }
        };
        PipelineRunner d = new PipelineRunner(table,
                new Services(new KvThreads(() -> kv), gateway, table, new Credentials(false, null, null), 1 << 20),
                new QuietObserver(), 4, 4, new HeldSessions(() -> () -> { }, 0), readOnly);
        List<byte[][]> commands = new ArrayList<>();
        byte[] wire = inline.replace("|", "\r\n").getBytes(StandardCharsets.ISO_8859_1);
        new RespDecoder(DecoderLimits.REDIS).feed(wire, 0, wire.length, commands);
        Reply reply = new Reply();
        d.execute(session, commands, reply);
        return new String(reply.toBytes(), StandardCharsets.ISO_8859_1).replace("\r\n", "|");
    }

    @Test
    void aReadOnlyBridgeRefusesEveryWriteLikeARedisReplicaAndStillReads() {
        String out = run("SET a 1|MSET b 2 c 3|DEL a|INCR n|EXPIRE a 10|FLUSHDB|GET a|MGET a b|PING|", true);
        String refused = "-" + RespErrors.READONLY + "|";
        assertEquals(refused.repeat(6) + "$-1|*2|$-1|$-1|+PONG|", out);
        assertEquals(Map.of("get", 1), kv.calls);
    }

    @Test
    void consecutiveSetsAreOnePutAndConsecutiveGetsOneGet() {
        String out = run("SET a 1|SET b 2|MSET c 3 a 4|SET d 5 EX 100|GET a|MGET b c x|GET d|INCR a|GET a|GET b|");
        assertEquals("+OK|+OK|+OK|+OK|$1|4|*3|$1|2|$1|3|$-1|$1|5|:5|$1|5|$1|2|", out);
        assertEquals(Map.of("put", 1, "get", 2, "mutate", 1), kv.calls);
    }

    @Test
    void commandsThatWouldFailAloneAreNotCoalesced() {
        String out = run("SET a 1|SET a 1 EX 0|SET b 2|GET|GET b|SET c 3 NX|");
        assertEquals("+OK|-ERR invalid expire time in 'set' command|+OK|"
                + "-ERR wrong number of arguments for 'get' command|$1|2|+OK|", out);
        assertEquals(Map.of("put", 2, "get", 1, "mutate", 1), kv.calls);
    }

    @Test
    void quitEndsTheBatch() {
        assertEquals("+PONG|+OK|", run("PING|QUIT|PING|"));
    }
}
