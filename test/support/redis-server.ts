/** A real redis-server on 127.0.0.1 for the cluster tests (the load bench starts its own the same way). */
export { redisUnavailable, startRedis, REDIS_BINARY, type TestRedis } from "../../server/perf/redis-process";
