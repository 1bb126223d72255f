package io.pgvs3.resp.command.family;

import io.pgvs3.resp.command.CommandTable;
import io.pgvs3.resp.command.Request;
import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.resp.protocol.Reply;

/**
 * Commands of the types the bridge does not store (lists, hashes, sets, sorted sets, streams,
 * HyperLogLog). On a key holding a string Redis answers WRONGTYPE, and so does the bridge; on any other
 * key the command is simply unknown here.
 */
public final class OtherTypeCommands {

    /** Each takes its key as the first argument. */
    private static final String[] NAMES = {
        "lpush", "rpush", "lpushx", "rpushx", "lpop", "rpop", "llen", "lrange", "lindex", "lset", "lrem", "ltrim",
        "linsert", "lpos", "lmove", "rpoplpush",
        "hset", "hsetnx", "hget", "hmset", "hmget", "hdel", "hgetall", "hlen", "hexists", "hincrby", "hincrbyfloat",
        "hkeys", "hvals", "hstrlen", "hrandfield", "hscan",
        "sadd", "srem", "smembers", "scard", "sismember", "smismember", "spop", "srandmember", "smove", "sscan",
        "zadd", "zrem", "zrange", "zrangebyscore", "zrevrange", "zscore", "zcard", "zincrby", "zrank", "zrevrank",
        "zcount", "zscan", "zmscore", "zpopmin", "zpopmax",
        "xadd", "xlen", "xrange", "xrevrange", "xdel", "xtrim",
        "pfadd", "pfcount"};

    private OtherTypeCommands() {
    }

    public static void register(CommandTable t) {
        for (String name : NAMES) {
            t.addUnlisted(name, OtherTypeCommands::run);
        }
    }

    private static void run(Request r, Reply out) {
        if (r.argc() >= 2 && Values.peek(r, r.arg(1)) != null) {
            throw RespErrors.error(RespErrors.WRONGTYPE);
        }
        throw RespErrors.unknownCommand(r.argv());
    }
}
