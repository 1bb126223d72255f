package io.pgvs3.bench.floor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The runtime floor's two server.xml forms (run.sh {@code --floor-features}): the module's own must parse as
 * Liberty parses it, and {@code with_gateway_features} must give that same file with exactly the gateway's
 * feature list and its monitor and metrics settings, everything else of the floor kept.
 */
class FloorFeaturesTest {

    /** Surefire runs in the module's directory, deploy/bench. */
    private static final Path REPO = Path.of("").toAbsolutePath().resolve("../..").normalize();
    private static final Path FLOOR_XML = REPO.resolve("deploy/runtime-floor/src/main/liberty/config/server.xml");
    private static final Path GATEWAY_XML = REPO.resolve("liberty-config/server.xml");

    @Test
    void minimalFloorIsWellFormedWithItsOwnFeatures() throws Exception {
        Document floor = parse(Files.readAllBytes(FLOOR_XML));
        assertEquals(List.of("restfulWS-3.1", "cdi-4.0"), features(floor));
        assertEquals(0, floor.getElementsByTagName("monitor").getLength());
    }

    @Test
    void gatewayFeaturesReplaceTheFloorsAndKeepTheRest() throws Exception {
        Document gateway = parse(Files.readAllBytes(GATEWAY_XML));
        Document floor = parse(Files.readAllBytes(FLOOR_XML));
        Document withGateway = parse(withGatewayFeatures());

        assertEquals(features(gateway), features(withGateway));
        assertEquals(1, withGateway.getElementsByTagName("featureManager").getLength());
        for (String setting : List.of("monitor", "mpMetrics")) {
            Element expected = only(gateway, setting);
            Element actual = only(withGateway, setting);
            assertEquals(expected.getAttributes().getLength(), actual.getAttributes().getLength(), setting);
            for (int i = 0; i < expected.getAttributes().getLength(); i++) {
                String name = expected.getAttributes().item(i).getNodeName();
                assertEquals(expected.getAttribute(name), actual.getAttribute(name), setting + " " + name);
            }
        }
        for (String kept : List.of("httpEndpoint", "httpOptions", "webApplication", "httpDispatcher", "variable")) {
            assertEquals(floor.getElementsByTagName(kept).getLength(), withGateway.getElementsByTagName(kept).getLength(),
                    kept);
        }
        assertFalse(features(withGateway).isEmpty());
    }

    /** Runs run.sh's own function on the two real files. */
    private static byte[] withGatewayFeatures() throws IOException, InterruptedException {
        String script = "source <(sed -n '/^with_gateway_features()/,/^}/p' \"$1\") && with_gateway_features \"$2\" \"$3\"";
        Process bash = new ProcessBuilder("bash", "-c", script, "bash", REPO.resolve("deploy/bench/run.sh").toString(),
                FLOOR_XML.toString(), GATEWAY_XML.toString()).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        byte[] out = bash.getInputStream().readAllBytes();
        if (!bash.waitFor(30, TimeUnit.SECONDS) || bash.exitValue() != 0) {
            throw new IOException("with_gateway_features failed: " + new String(out, StandardCharsets.UTF_8));
        }
        return out;
    }

    private static Document parse(byte[] xml) throws Exception {
        return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(new ByteArrayInputStream(xml));
    }

    private static List<String> features(Document server) {
        NodeList nodes = server.getElementsByTagName("feature");
        List<String> names = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            names.add(nodes.item(i).getTextContent().trim());
        }
        return names;
    }

    private static Element only(Document server, String tag) {
        NodeList nodes = server.getElementsByTagName(tag);
        assertEquals(1, nodes.getLength(), tag);
        return (Element) nodes.item(0);
    }
}
