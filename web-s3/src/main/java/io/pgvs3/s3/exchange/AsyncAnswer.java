package io.pgvs3.s3.exchange;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Response;

/** A GET whose body streams from the chunk pool: suspended, and resumed on the response executor. */
public final class AsyncAnswer {

    private final Response answer;
    private final StreamedAnswer body;
    private final FrontDoor frontDoor;

    AsyncAnswer(Response answer, StreamedAnswer body, FrontDoor frontDoor) {
        this.answer = answer;
        this.body = body;
        this.frontDoor = frontDoor;
    }

    @GET
    public void get(@Suspended AsyncResponse response) {
        frontDoor.resume(response, answer, body);
    }
}
