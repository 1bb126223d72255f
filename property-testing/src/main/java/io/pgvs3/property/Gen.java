package io.pgvs3.property;

import java.util.List;
import java.util.Random;
import java.util.function.Function;

/** Draws one input from a random source; the same source state always draws the same input. */
@FunctionalInterface
public interface Gen<T> {

    T next(Random random);

    default <R> Gen<R> map(Function<? super T, ? extends R> f) {
        return random -> f.apply(next(random));
    }

    /** Each draw picks one of {@code choices} with equal odds, then draws from it. */
    @SafeVarargs
    static <T> Gen<T> oneOf(Gen<? extends T>... choices) {
        List<Gen<? extends T>> all = List.of(choices);
        return random -> all.get(random.nextInt(all.size())).next(random);
    }

    /** One of {@code values}, each as likely. */
    @SafeVarargs
    static <T> Gen<T> element(T... values) {
        List<T> all = List.of(values);
        return random -> all.get(random.nextInt(all.size()));
    }
}
