package io.pgvs3.resp.command.family;

import io.pgvs3.resp.command.CommandTable;

/** The table of every command the bridge answers. */
public final class Families {

    private Families() {
    }

    public static CommandTable table() {
        CommandTable t = new CommandTable();
        ConnectionCommands.register(t);
        ServerCommands.register(t);
        StringCommands.register(t);
        CounterCommands.register(t);
        KeyCommands.register(t);
        ExpiryCommands.register(t);
        ScanCommands.register(t);
        OtherTypeCommands.register(t);
        return t;
    }
}
