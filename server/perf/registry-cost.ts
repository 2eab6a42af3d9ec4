import { Redis } from "ioredis";
import { AddressLimits } from "../rooms/address-limits";
import { configFromEnv } from "../config";
import { RoomDirectory } from "../cluster/room-directory";
import { SharedAddressLimits } from "../cluster/shared-limits";
import { startRedis } from "./redis-process";

/**
 * `npm run bench:registry`: what the cluster's Redis work costs Redis, measured on a temporary redis-server
 * on 127.0.0.1 with Redis's own per-command accounting (INFO commandstats: microseconds of Redis CPU per
 * call). Prints the cost of one heartbeat of a process holding ROOMS rooms, of a room creation (code
 * reservation and the shared room limit), of a join through another process (locate), and of a handshake's
 * shared limits; then what one Redis core could carry. argv: ROOMS (default 834: 5,000 players in rooms of 6)
 * ROUNDS (default 200).
 */

const rooms = Number(process.argv[2] ?? 834);
const rounds = Number(process.argv[3] ?? 200);

async function main(): Promise<void> {
  const server = await startRedis();
  const redis = new Redis(server.url);
  try {
    const directory = new RoomDirectory(redis, "cost:", "p1", 75_000, 15_000);
    const limits = new SharedAddressLimits(redis, "cost:", "p1", new AddressLimits({ ...configFromEnv({}).addressLimits, roomBurst: 1_000_000, handshakeBurst: 1_000_000 }), () => {});
    const codes = Array.from({ length: rooms }, (_, i) => `R${i.toString(36).padStart(4, "0")}`);
    const measure = async (label: string, count: number, run: (i: number) => Promise<unknown>) => {
      await redis.config("RESETSTAT");
      const t0 = performance.now();
      for (let i = 0; i < count; i++) await run(i);
      const wallMs = performance.now() - t0;
      const stats = await redis.info("commandstats");
      // Redis's own CPU for the commands it ran (scripts include the calls they make).
      let usec = 0;
      for (const match of stats.matchAll(/^cmdstat_(\w+):calls=(\d+),usec=(\d+)/gm)) if (match[1] !== "config" && match[1] !== "info") usec += Number(match[3]);
      const perOp = usec / count;
      console.log(`${label.padEnd(58)} ${perOp.toFixed(1).padStart(8)} µs of Redis CPU each, ${((wallMs * 1000) / count).toFixed(0).padStart(6)} µs round trip`);
      return perOp;
    };
    await measure(`reserve a code for a new room (SET NX)`, rooms, (i) => directory.reserve(codes[i]));
    await directory.heartbeat("http://127.0.0.1:1", codes);
    const beat = await measure(`heartbeat of a process holding ${rooms} rooms (one script)`, rounds, () => directory.heartbeat("http://127.0.0.1:1", codes));
    const locate = await measure(`locate a room held elsewhere (join or token elsewhere)`, rounds * 5, (i) => directory.locate(codes[i % rooms]));
    const create = await measure(`shared room-creation limit (token bucket script)`, rounds * 5, (i) => limits.admitRoomCreation(`10.0.${i % 250}.1`));
    const handshake = await measure(`shared handshake limits (open count + token bucket)`, rounds * 5, (i) => limits.admitHandshake(`10.1.${i % 250}.1`));
    const count = await measure(`open/close count of a connection`, rounds * 5, (i) => {
      // opened() does not wait for Redis; a PING behind it on the same connection does (and costs ~1 µs).
      limits.opened(`10.2.${i % 250}.1`);
      return redis.ping();
    });
    // What a process with `rooms` rooms costs Redis per second: a heartbeat every 5 s (the default lease of
    // 15 s), and its players' arrivals. A player arrives (handshake, join through another process) about once
    // per game of ~10 minutes; a room is created per 6 arrivals.
    const players = rooms * 6;
    const arrivalsPerSecond = players / 600;
    const perSecond = beat / 5 + arrivalsPerSecond * (handshake + locate + 2 * count) + (arrivalsPerSecond / 6) * (create + 1);
    console.log(`\nOne process with ${players} players (${rooms} rooms), a heartbeat every 5 s and a new arrival per player every 10 minutes:`);
    console.log(`  ~${(perSecond / 1000).toFixed(2)} ms of Redis CPU per second (${((100 * perSecond) / 1e6).toFixed(2)}% of one core): one Redis core serves ~${Math.floor(1e6 / perSecond)} such processes`);
  } finally {
    redis.disconnect();
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench:registry: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
