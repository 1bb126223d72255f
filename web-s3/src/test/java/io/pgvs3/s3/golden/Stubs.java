package io.pgvs3.s3.golden;

import java.lang.reflect.Proxy;
import java.util.function.Function;

/**
 * A store interface whose one method a test names answers from the test's fixed data; a call of any
 * other method fails the test, so an answer never rests on something the test did not set up.
 */
final class Stubs {

    private Stubs() {
    }

    static <T> T answering(Class<T> type, String method, Function<Object[], Object> answer) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, called, args) -> {
            if (called.getDeclaringClass() == Object.class) {
                return switch (called.getName()) {
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> type.getSimpleName() + " answering " + method;
                };
            }
            if (!called.getName().equals(method)) {
                throw new AssertionError("the handler called " + type.getSimpleName() + "." + called.getName()
                        + ", which this test does not answer");
            }
            return answer.apply(args);
        }));
    }
}
