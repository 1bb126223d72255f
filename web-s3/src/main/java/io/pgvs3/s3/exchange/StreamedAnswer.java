package io.pgvs3.s3.exchange;

import io.pgvs3.s3.error.ErrorTranslator;
import io.pgvs3.s3.http.S3Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A body produced while it is written (an object's chunk rows, a long copy's keep-alive document), as
 * the entity of its answer. A failure before the first byte becomes a proper S3 error answer, or, when
 * the object was replaced and its bytes reaped since the answer was built, the answer of the GET read
 * again ({@link S3Response#readAgain()}); one after it can only cut the body short, which the client sees
 * as a short read. Either way the exchange ends here, or in the body that replaces this one.
 */
final class StreamedAnswer implements StreamingOutput {

    private static final Logger LOG = Logger.getLogger(StreamedAnswer.class.getName());

    private final Exchange exchange;
    private final S3Response answer;
    private final FrontDoor frontDoor;
    /** Whether this body replaces one that failed (the GET read again): it sets its own type, and is final. */
    private final boolean replacing;

    StreamedAnswer(Exchange exchange, S3Response answer, FrontDoor frontDoor) {
        this(exchange, answer, frontDoor, false);
    }

    private StreamedAnswer(Exchange exchange, S3Response answer, FrontDoor frontDoor, boolean replacing) {
        this.exchange = exchange;
        this.answer = answer;
        this.frontDoor = frontDoor;
        this.replacing = replacing;
    }

    Exchange exchange() {
        return exchange;
    }

    @Override
    public void write(OutputStream output) {
        CountingOutputStream out = new CountingOutputStream(output, exchange);
        int status = answer.status();
        boolean replaced = false;
        try {
            if (replacing) {
                String type = answer.header("Content-Type");
                if (type != null) {
                    exchange.response().exactly(type); // nothing is written yet: the type can still change
                }
            }
            writeBody(out);
        } catch (IOException | RuntimeException | Error e) {
            if (out.count() == 0 && !exchange.isClientGone() && !replacing) {
                // nothing reached the client yet: it gets a proper answer instead
                S3Response again = readAgain(e);
                if (again != null) {
                    replaced = true; // the replacing body ends the exchange
                    throw new ErrorAnswers.Answered(Answers.readAgain(exchange, again,
                            new StreamedAnswer(exchange, again, frontDoor, true)));
                }
                S3Response error = frontDoor.error(exchange, e);
                status = error.status();
                throw new ErrorAnswers.Answered(Answers.replacement(exchange, error));
            }
            if (exchange.isClientGone()) {
                LOG.log(Level.FINE, "request " + exchange.requestId() + ": the client went away mid-body", e);
            } else {
                LOG.log(Level.WARNING, "request " + exchange.requestId() + " stopped mid-body: " + e);
            }
        } finally {
            if (!replaced) {
                frontDoor.finish(exchange, status);
            }
        }
    }

    private void writeBody(OutputStream out) throws IOException {
        if (answer.streamed() != null) {
            answer.streamed().writeTo(out);
        } else if (Answers.hasBody(exchange, answer)) {
            out.write(answer.bytes(), answer.offset(), answer.length()); // a GET read again found it in memory
        }
    }

    /**
     * The GET's answer read again when {@code failure} says its object changed under it, else null. An
     * error of the second read (NoSuchKey after a delete, a second change) is answered as such.
     */
    private S3Response readAgain(Throwable failure) {
        Supplier<S3Response> again = answer.readAgain();
        if (again == null || !ErrorTranslator.objectChanged(failure)) {
            return null;
        }
        LOG.fine(() -> "request " + exchange.requestId() + ": the object changed before its first byte; read again");
        try {
            return again.get();
        } catch (RuntimeException | Error e) {
            return frontDoor.error(exchange, e);
        }
    }

    /** Ends the exchange if writing did not (the answer was never written); a no-op after {@link #write}. */
    void abandon() {
        frontDoor.finish(exchange, answer.status());
    }
}
