package io.pgvs3.settings;

import java.util.List;

/** Settings the application cannot start with; the message names every bad key and its value. */
public class InvalidSettingsException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    public InvalidSettingsException(List<String> problems) {
        super("invalid settings: " + String.join("; ", problems));
    }
}
