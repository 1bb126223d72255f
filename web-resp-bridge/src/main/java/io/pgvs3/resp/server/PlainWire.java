package io.pgvs3.resp.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;

/** A plaintext client: bytes as they are. */
final class PlainWire implements Wire {

    private final SocketChannel channel;

    PlainWire(SocketChannel channel) {
        this.channel = channel;
    }

    @Override
    public ByteBuffer read(ReadBuffers buffers) throws IOException {
        ByteBuffer plain = buffers.plain().clear();
        if (channel.read(plain) < 0) {
            return null;
        }
        return plain.flip();
    }

    @Override
    public boolean write(ByteBuffer src) throws IOException {
        SlicedWrites.write(channel, src);
        return !src.hasRemaining();
    }

    @Override
    public boolean holdsOutput() {
        return false;
    }

    @Override
    public boolean ready() {
        return true;
    }

    @Override
    public void shutdownOutput() throws IOException {
        channel.shutdownOutput();
    }
}
