package io.pgvs3.s3.xml;

import io.pgvs3.property.Bytes;
import io.pgvs3.property.Gen;
import java.nio.charset.StandardCharsets;
import java.util.Random;

/**
 * Request documents for the XML readers' properties: the valid shapes S3 clients send (with and without
 * namespace, declarations, comments, CDATA, odd whitespace), the same damaged, and the known hostile
 * kinds: deep nesting, DTD and entity tricks (XXE, billion laughs, parameter entities, external DTDs),
 * encodings the bytes do not match, and invalid UTF-8. Every document stays a few KiB at most.
 */
public final class XmlInputs {

    /** Text that a file read through XXE would bring into the document; no reader may ever return it. */
    public static final String LEAK_MARKER = "root:x:0:0";

    private static final String[] TEXTS = {"1", "\"etag\"", "a&amp;b", "<![CDATA[x<y]]>", " padded ", "", "k\u00e9y",
        "&#13;", "&#x1F600;", "&lt;&gt;", "10000", "-1", "99999999999", "true", "false", "ü/€/𝄞"};
    private static final String[] ENCODINGS = {"", " encoding=\"UTF-8\"", " encoding=\"utf-8\"",
        " encoding=\"ISO-8859-1\"", " encoding=\"UTF-16\"", " encoding=\"US-ASCII\"", " encoding=\"x-no-such\"",
        " encoding=\"EBCDIC-CP-US\""};

    private XmlInputs() {
    }

    /** Every kind below, each about as often. */
    public static Gen<byte[]> anyDocument() {
        Gen<byte[]> valid = validDocument();
        return Gen.oneOf(valid, Bytes.mutated(valid), Bytes.noise(2048),
                Bytes.from("<>/=\"'&;!?[]-abcDelteObjKy #x0123456789", 512), deepNesting(), entityTrick(),
                invalidUtf8(valid));
    }

    /** One of the documents the gateway reads, well formed, in any of its accepted spellings. */
    public static Gen<byte[]> validDocument() {
        return random -> utf8(prolog(random) + switch (random.nextInt(4)) {
            case 0 -> completeMultipartUpload(random);
            case 1 -> delete(random);
            case 2 -> element(random, "CreateBucketConfiguration", leaf(random, "LocationConstraint"));
            default -> accessControlPolicy(random);
        });
    }

    private static String completeMultipartUpload(Random random) {
        StringBuilder parts = new StringBuilder();
        for (int i = random.nextInt(6); i >= 0; i--) {
            String checksum = random.nextBoolean() ? "" : leaf(random, "ChecksumCRC32");
            parts.append(element(random, "Part", leaf(random, "PartNumber") + leaf(random, "ETag") + checksum));
        }
        return element(random, "CompleteMultipartUpload", parts.toString());
    }

    private static String delete(Random random) {
        StringBuilder objects = new StringBuilder(random.nextBoolean() ? leaf(random, "Quiet") : "");
        for (int i = random.nextInt(6); i >= 0; i--) {
            String version = random.nextBoolean() ? leaf(random, "VersionId") : "";
            objects.append(element(random, "Object", leaf(random, "Key") + version
                    + (random.nextBoolean() ? leaf(random, "ETag") : "")));
        }
        return element(random, "Delete", objects.toString());
    }

    private static String accessControlPolicy(Random random) {
        String grantee = element(random, "Grantee", leaf(random, "ID") + leaf(random, "DisplayName"));
        return element(random, "AccessControlPolicy", element(random, "Owner", leaf(random, "ID"))
                + element(random, "AccessControlList", element(random, "Grant", grantee + leaf(random, "Permission"))));
    }

    private static String prolog(Random random) {
        String declaration = random.nextInt(3) == 0 ? ""
                : "<?xml version=\"1.0\"" + ENCODINGS[random.nextInt(ENCODINGS.length)] + "?>";
        return declaration + (random.nextInt(4) == 0 ? "<!-- c -->\n" : "");
    }

    private static String element(Random random, String name, String content) {
        String namespace = random.nextInt(3) == 0 ? " xmlns=\"" + XmlDocument.S3_NAMESPACE + "\"" : "";
        String gap = random.nextBoolean() ? "" : "\n  ";
        return "<" + name + namespace + ">" + gap + content + gap + "</" + name + ">";
    }

    private static String leaf(Random random, String name) {
        return "<" + name + ">" + TEXTS[random.nextInt(TEXTS.length)] + "</" + name + ">";
    }

    /** Elements nested up to a few thousand deep, closed or not. */
    public static Gen<byte[]> deepNesting() {
        return random -> {
            int depth = 1 + random.nextInt(3000);
            String name = random.nextBoolean() ? "a" : "Object";
            String open = "<" + name + ">";
            String close = random.nextBoolean() ? "</" + name + ">" : "";
            return utf8("<Delete>" + open.repeat(depth) + close.repeat(depth) + "</Delete>");
        };
    }

    /** Documents that would read files, call out, or expand entities if the parser let them. */
    public static Gen<byte[]> entityTrick() {
        return Gen.element(
                "<?xml version=\"1.0\"?><!DOCTYPE r [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><Delete><Object><Key>&x;</Key></Object></Delete>",
                "<!DOCTYPE r [<!ENTITY % p SYSTEM \"http://127.0.0.1:9/evil.dtd\"> %p;]><CompleteMultipartUpload/>",
                "<!DOCTYPE r SYSTEM \"http://127.0.0.1:9/evil.dtd\"><CreateBucketConfiguration/>",
                "<!DOCTYPE r [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">"
                        + "<!ENTITY c \"&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;\"><!ENTITY d \"&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;\">]>"
                        + "<Delete><Object><Key>&d;&d;&d;&d;&d;&d;&d;&d;</Key></Object></Delete>",
                "<Delete><Object><Key>&undeclared;</Key></Object></Delete>",
                "<Delete><Object><Key>&#0;</Key></Object></Delete>",
                "<Delete><Object><Key>&#xD800;</Key></Object></Delete>",
                "<Delete><Object><Key>&#99999999999;</Key></Object></Delete>",
                "<?xml-stylesheet href=\"http://127.0.0.1:9/x\"?><Delete><Object><Key>k</Key></Object></Delete>",
                "<Delete xmlns:xi=\"http://www.w3.org/2001/XInclude\"><Object><Key><xi:include href=\"file:///etc/passwd\"/>"
                        + "</Key></Object></Delete>",
                "<!DOCTYPE Delete [<!ATTLIST Object k CDATA \"d\">]><Delete><Object><Key>k</Key></Object></Delete>")
                .map(XmlInputs::utf8);
    }

    /** A valid document with bytes that are not UTF-8 put in: stray continuations, overlongs, surrogates. */
    public static Gen<byte[]> invalidUtf8(Gen<byte[]> valid) {
        byte[][] bad = {{(byte) 0xff}, {(byte) 0x80}, {(byte) 0xc0, (byte) 0x80}, {(byte) 0xed, (byte) 0xa0, (byte) 0x80},
            {(byte) 0xf4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, {(byte) 0xe2, (byte) 0x82}, {0}, {(byte) 0xef, (byte) 0xbb, (byte) 0xbf}};
        return random -> {
            byte[] doc = valid.next(random);
            byte[] insert = bad[random.nextInt(bad.length)];
            int at = random.nextInt(doc.length + 1);
            byte[] out = new byte[doc.length + insert.length];
            System.arraycopy(doc, 0, out, 0, at);
            System.arraycopy(insert, 0, out, at, insert.length);
            System.arraycopy(doc, at, out, at + insert.length, doc.length - at);
            return out;
        };
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
