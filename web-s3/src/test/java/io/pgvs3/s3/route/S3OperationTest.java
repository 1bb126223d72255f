package io.pgvs3.s3.route;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class S3OperationTest {

    /** AWS names every operation that changes something with one of these verbs. */
    private static final Pattern WRITE_VERBS = Pattern.compile("(Put|Create|Delete|Copy|Upload|Complete|Abort|Post).*");

    @Test
    void aReadOnlyGatewayRefusesExactlyTheOperationsThatChangeSomething() {
        for (S3Operation operation : S3Operation.values()) {
            assertEquals(WRITE_VERBS.matcher(operation.awsName()).matches(), operation.writes(), operation.name());
        }
    }
}
