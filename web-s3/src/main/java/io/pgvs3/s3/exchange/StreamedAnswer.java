package io.pgvs3.s3.exchange;

import io.pgvs3.s3.http.S3Response;
import jakarta.ws.rs.core.StreamingOutput;
import java.io.IOException;
import java.io.OutputStream;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A body produced while it is written (an object's chunk rows, a long copy's keep-alive document), as
 * the entity of its answer. A failure before the first byte becomes a proper S3 error answer; one after
 * it can only cut the body short, which the client sees as a short read. Either way the exchange ends
 * here.
 */
final class StreamedAnswer implements StreamingOutput {

    private static final Logger LOG = Logger.getLogger(StreamedAnswer.class.getName());

    private final Exchange exchange;
    private final S3Response answer;
    private final FrontDoor frontDoor;

    StreamedAnswer(Exchange exchange, S3Response answer, FrontDoor frontDoor) {
        this.exchange = exchange;
        this.answer = answer;
        this.frontDoor = frontDoor;
    }

    Exchange exchange() {
        return exchange;
    }

    @Override
    public void write(OutputStream output) {
        CountingOutputStream out = new CountingOutputStream(output, exchange);
        int status = answer.status();
        try {
            answer.streamed().writeTo(out);
        } catch (IOException | RuntimeException | Error e) {
            if (out.count() == 0 && !exchange.isClientGone()) {
                // nothing reached the client yet: it gets a proper error answer instead
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
            frontDoor.finish(exchange, status);
        }
    }

    /** Ends the exchange if writing did not (the answer was never written); a no-op after {@link #write}. */
    void abandon() {
        frontDoor.finish(exchange, answer.status());
    }
}
