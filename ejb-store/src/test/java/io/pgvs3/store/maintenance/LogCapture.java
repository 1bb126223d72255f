package io.pgvs3.store.maintenance;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/** Collects what one class logs while it is open. */
final class LogCapture extends Handler implements AutoCloseable {

    private final Logger logger;
    private final List<LogRecord> records = new ArrayList<>();

    private LogCapture(Logger logger) {
        this.logger = logger;
    }

    static LogCapture of(Class<?> type) {
        LogCapture capture = new LogCapture(Logger.getLogger(type.getName()));
        capture.setLevel(Level.ALL);
        capture.logger.addHandler(capture);
        return capture;
    }

    synchronized long count(Level level) {
        return records.stream().filter(r -> r.getLevel().equals(level)).count();
    }

    synchronized long count(Level level, String containing) {
        return records.stream().filter(r -> r.getLevel().equals(level) && r.getMessage().contains(containing)).count();
    }

    @Override
    public synchronized void publish(LogRecord record) {
        records.add(record);
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        logger.removeHandler(this);
    }

    @Override
    public synchronized String toString() {
        return records.stream().map(r -> r.getLevel() + " " + r.getMessage()).toList().toString();
    }
}
