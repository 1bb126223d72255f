package io.pgvs3.e2e;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.stream.IntStream;

/**
 * A port shift whose ports are all free right now. With a large suite offset the stack's ports lie in the
 * kernel's ephemeral range, where any client connection (or its TIME_WAIT for a minute after) can hold
 * one; PostgreSQL and the RESP listener do not retry a failed bind, so a stack started on such a port
 * never becomes ready. Probing binds without SO_REUSEADDR, which TIME_WAIT sockets also refuse. Linux
 * hands out ports for connections to one destination in steps of two from one starting point, so a
 * port is only taken when the ports two below and two above it are free as well (none of them is
 * being handed out right now).
 */
final class FreeShift {

    private static final int[] BASE_PORTS = {25432, 28014, 29080, 26380};
    private static final int STEP = 2;

    private FreeShift() {
    }

    /** The first of {@code first}, {@code first + step}, ... below {@code limit} free for {@code gateways}. */
    static int find(int first, int step, int limit, int gateways) {
        int offset = Integer.getInteger("pgvs3.e2e.portOffset", 0);
        return IntStream.iterate(first, shift -> shift < limit, shift -> shift + step)
                .filter(shift -> IntStream.of(BASE_PORTS).allMatch(base -> IntStream.range(0, gateways)
                        .allMatch(i -> quiet(base + offset + shift + i))))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("no free ports for a stack between shifts " + first
                        + " and " + limit));
    }

    private static boolean quiet(int port) {
        return bindable(port - STEP) && bindable(port) && bindable(port + STEP);
    }

    private static boolean bindable(int port) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(false);
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
