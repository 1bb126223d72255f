package io.pgvs3.store.multipart;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The ETag S3 gives a completed multipart upload: the MD5 of the concatenated binary MD5s of its parts,
 * in hex, then {@code -} and the number of parts.
 */
public final class MultipartEtag {

    private MultipartEtag() {
    }

    public static String of(List<byte[]> partMd5s) {
        MessageDigest md5 = digest("MD5");
        for (byte[] part : partMd5s) {
            md5.update(part);
        }
        return HexFormat.of().formatHex(md5.digest()) + "-" + partMd5s.size();
    }

    /** The stored integrity digest of a multipart body: SHA-256 of the concatenated part SHA-256s. */
    public static byte[] sha256OfParts(List<byte[]> partSha256s) {
        MessageDigest sha = digest("SHA-256");
        for (byte[] part : partSha256s) {
            sha.update(part);
        }
        return sha.digest();
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks " + algorithm, e);
        }
    }
}
