package io.pgvs3.s3.testing;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/** Puts collaborators into a handler's injected fields, as CDI and the EJB container do in the server. */
public final class Wiring {

    private Wiring() {
    }

    /** Each collaborator goes into every instance field of the handler's class it fits, and must fit one. */
    public static <H> H wire(H handler, Object... collaborators) {
        for (Object collaborator : collaborators) {
            boolean placed = false;
            for (Field field : handler.getClass().getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers()) && field.getType().isInstance(collaborator)) {
                    set(handler, field, collaborator);
                    placed = true;
                }
            }
            if (!placed) {
                throw new IllegalArgumentException(handler.getClass().getSimpleName() + " has no field for " + collaborator);
            }
        }
        return handler;
    }

    private static void set(Object handler, Field field, Object value) {
        try {
            field.setAccessible(true);
            field.set(handler, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
