package io.pgvs3.store.chunk;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.testing.Bodies;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class BlockCodecTest {

    @Test
    void compressibleBlockShrinksAndRoundTrips() throws IOException {
        byte[] block = Bodies.compressible(ChunkFormat.BLOCK);
        try (BlockCodec codec = new BlockCodec()) {
            BlockCodec.Encoded e = codec.encode(block, 0, block.length);
            assertTrue(e.length() < block.length / 4, "stored " + e.length());
            assertTrue(e.compressed(block.length));
            byte[] stored = Arrays.copyOfRange(e.array(), e.offset(), e.offset() + e.length());
            byte[] back = new byte[ChunkFormat.BLOCK];
            codec.decode(stored, stored.length, block.length, back);
            assertArrayEquals(block, back);
        }
    }

    @Test
    void randomBlockStaysRawAndRoundTrips() throws IOException {
        byte[] buffer = Bodies.random(3 * ChunkFormat.BLOCK, 7);
        try (BlockCodec codec = new BlockCodec()) {
            BlockCodec.Encoded e = codec.encode(buffer, ChunkFormat.BLOCK, ChunkFormat.BLOCK);
            assertSame(buffer, e.array(), "raw blocks are not copied");
            assertEquals(ChunkFormat.BLOCK, e.offset());
            assertEquals(ChunkFormat.BLOCK, e.length());
            byte[] stored = Arrays.copyOfRange(buffer, ChunkFormat.BLOCK, 2 * ChunkFormat.BLOCK);
            byte[] back = new byte[ChunkFormat.BLOCK];
            codec.decode(stored, stored.length, ChunkFormat.BLOCK, back);
            assertArrayEquals(stored, back);
        }
    }

    @Test
    void lastPartialBlockRoundTrips() throws IOException {
        try (BlockCodec codec = new BlockCodec()) {
            for (byte[] block : new byte[][] {Bodies.compressible(1000), Bodies.random(1000, 3), {1}, {1, 1}}) {
                BlockCodec.Encoded e = codec.encode(block, 0, block.length);
                assertTrue(e.length() <= block.length);
                byte[] stored = Arrays.copyOfRange(e.array(), e.offset(), e.offset() + e.length());
                byte[] back = new byte[block.length];
                codec.decode(stored, stored.length, block.length, back);
                assertArrayEquals(block, back);
            }
        }
    }

    @Test
    void refusesStoredBytesThatCannotBeTheBlock() {
        try (BlockCodec codec = new BlockCodec()) {
            byte[] dst = new byte[100];
            assertThrows(IOException.class, () -> codec.decode(new byte[101], 101, 100, dst));
            assertThrows(IOException.class, () -> codec.decode(new byte[] {1, 2, 3}, 3, 100, dst));
            byte[] block = Bodies.compressible(ChunkFormat.BLOCK);
            BlockCodec.Encoded e = codec.encode(block, 0, block.length);
            byte[] stored = Arrays.copyOfRange(e.array(), e.offset(), e.offset() + e.length());
            // a compressed block that decodes to the wrong length is an error, never silently short
            assertThrows(IOException.class, () -> codec.decode(stored, stored.length, stored.length + 1,
                    new byte[stored.length + 1]));
        }
    }

    @Test
    void wholeInlineBodies() throws IOException {
        try (BlockCodec codec = new BlockCodec()) {
            byte[] text = Bodies.compressible(64 * 1024);
            byte[] packed = codec.compressWhole(text, text.length);
            assertTrue(packed.length < text.length);
            assertArrayEquals(text, codec.decompressWhole(packed, text.length));
            assertNull(codec.compressWhole(Bodies.random(64 * 1024, 5), 64 * 1024));
            assertNull(codec.compressWhole(new byte[0], 0));
        }
    }

    @Test
    void aPooledCodecComesBackOnceAndWorksForTheNextUser() throws IOException {
        byte[] block = Bodies.compressible(ChunkFormat.BLOCK);
        BlockCodec first = BlockCodec.pooled();
        byte[] stored = first.compressWhole(block, block.length);
        first.close();
        first.close(); // a second close must not hand the same codec to two users
        BlockCodec a = BlockCodec.pooled();
        BlockCodec b = BlockCodec.pooled();
        try {
            assertNotSame(a, b, "one codec, one user");
            assertArrayEquals(block, a.decompressWhole(stored, block.length));
            assertArrayEquals(stored, b.compressWhole(block, block.length));
        } finally {
            a.close();
            b.close();
        }
    }

    @Test
    void thePoolKeepsAtMostItsIdleMaximumAndLendsThoseAgain() {
        List<BlockCodec> drained = take(2 * BlockCodec.IDLE_MAX); // whatever other tests left idle, and new ones
        List<BlockCodec> given = take(BlockCodec.IDLE_MAX + 1);
        given.forEach(BlockCodec::close);
        List<BlockCodec> again = take(BlockCodec.IDLE_MAX + 1);
        try {
            Set<BlockCodec> givenSet = Collections.newSetFromMap(new IdentityHashMap<>());
            givenSet.addAll(given);
            long reused = again.stream().filter(givenSet::contains).count();
            assertEquals(BlockCodec.IDLE_MAX, reused, "every kept codec is lent again, one more was freed");
        } finally {
            again.forEach(BlockCodec::close);
            drained.forEach(BlockCodec::close);
        }
    }

    private static List<BlockCodec> take(int n) {
        List<BlockCodec> codecs = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            codecs.add(BlockCodec.pooled());
        }
        return codecs;
    }
}
