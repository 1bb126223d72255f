package io.pgvs3.s3.handler;

import io.pgvs3.s3.config.S3Config;
import io.pgvs3.s3.error.ErrorResponses;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.s3.http.S3Response;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.store.api.CopyListener;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Copies that move bytes, run on the copy executor (docs/adr/0028). One that ends within
 * {@code pgvs3.s3.copy.keepalive-after} is answered as any request: its result, or its error with its
 * own status. A longer one, once the store has said that its checks passed, is answered 200 at once and
 * kept alive with whitespace ({@link KeepAliveBody}) until its result document, or an S3 Error
 * document, follows.
 */
@ApplicationScoped
public class LongCopies {

    @Inject
    private S3Config config;
    @Resource(lookup = "concurrent/pgvs3/copies")
    private ManagedExecutorService copies;

    /**
     * The answer of {@code copy}, which is given the listener to tell the store's checks; {@code result}
     * turns its outcome into the result document.
     */
    <T> S3Response answer(S3Call call, Function<CopyListener, T> copy, Function<T, XmlDocument> result) {
        CompletableFuture<Void> checked = new CompletableFuture<>();
        CompletableFuture<T> done = start(() -> copy.apply(() -> checked.complete(null)));
        done.whenComplete((value, failure) -> checked.complete(null));
        if (!endsWithin(done)) {
            // a copy still short of its checks (a lock wait, a queue) could yet fail with its own status
            checked.join();
        }
        if (done.isDone()) {
            return XmlResponses.ok(result.apply(outcome(done)));
        }
        CompletableFuture<byte[]> document = done.handle((value, failure) -> failure == null
                ? result.apply(value).toBytes() : errorDocument(call, failure));
        return S3Response.ok().header("Content-Type", "application/xml")
                .body(new KeepAliveBody(document, config.copyKeepAliveInterval())).build();
    }

    private <T> CompletableFuture<T> start(Supplier<T> copy) {
        try {
            return CompletableFuture.supplyAsync(copy, copies);
        } catch (RejectedExecutionException e) {
            throw new S3Exception(S3ErrorCode.SLOW_DOWN);
        }
    }

    private boolean endsWithin(CompletableFuture<?> done) {
        try {
            done.get(config.copyKeepAliveAfter().toNanos(), TimeUnit.NANOSECONDS);
            return true;
        } catch (TimeoutException e) {
            return false;
        } catch (ExecutionException e) {
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // the server stops: the copy ends on its own, unanswered
            throw new S3Exception(S3ErrorCode.SERVICE_UNAVAILABLE);
        }
    }

    /** The copy's value, or its failure thrown as it was thrown on the worker. */
    private static <T> T outcome(CompletableFuture<T> done) {
        try {
            return done.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException failure) {
                throw failure;
            }
            if (e.getCause() instanceof Error failure) {
                throw failure;
            }
            throw e;
        }
    }

    /** The S3 Error document of a copy that failed after its 200 went out. */
    private static byte[] errorDocument(S3Call call, Throwable failure) {
        Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                ? failure.getCause() : failure;
        S3Response error = ErrorResponses.of(cause, new ErrorResponses.RequestFacts(call.requestId(), call.method(),
                "/" + call.bucket() + "/" + call.key(), code -> { }));
        return error.bytes();
    }
}
