package io.pgvs3.resp.command;

import java.util.List;

/**
 * A command as COMMAND INFO describes it: arity (negative: at least that many), flags, key positions.
 * {@code noAuth} commands run before AUTH. Unlisted commands exist only to answer WRONGTYPE where Redis
 * would (commands of other types); COMMAND does not advertise them.
 */
public record CommandSpec(String name, int arity, List<String> flags, int firstKey, int lastKey, int step,
                          List<String> categories, boolean listed, Handler handler) {

    public boolean noAuth() {
        return flags.contains("no_auth");
    }

    public boolean arityMatches(int argc) {
        return arity > 0 ? argc == arity : argc >= -arity;
    }
}
