package io.pgvs3.e2e.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.pgvs3.e2e.OpsStack;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/** pgvs3.resp.tls=true: the RESP port speaks TLS with the gateway's keystore, and nothing else. */
@ExtendWith(OpsStack.class)
class RespTlsIT {

    @Test
    void jedisOverTlsReadsAndWrites() throws Exception {
        InetSocketAddress a = OpsStack.respAddress();
        SSLContext tls = OpsStack.trustingTls();
        try (Jedis j = new Jedis(new HostAndPort("localhost", a.getPort()), DefaultJedisClientConfig.builder()
                .ssl(true).sslSocketFactory(tls.getSocketFactory()).password(OpsStack.secretKey()).build())) {
            assertEquals("OK", j.set("tls-key", "over tls"));
            assertEquals("over tls", j.get("tls-key"));
            assertEquals(1, j.del("tls-key"));
        }
    }

    @Test
    void plaintextClientsGetNoRespAnswer() throws Exception {
        InetSocketAddress a = OpsStack.respAddress();
        try (Socket plain = new Socket(a.getAddress(), a.getPort())) {
            plain.setSoTimeout(30_000);
            OutputStream out = plain.getOutputStream();
            out.write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = plain.getInputStream();
            // the TLS server treats the bytes as a broken handshake: it may send an alert, never +PONG
            byte[] answer = in.readNBytes(5);
            assertNotEquals("+PONG", new String(answer, StandardCharsets.US_ASCII));
        }
    }
}
