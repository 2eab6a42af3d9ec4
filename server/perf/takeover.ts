import { Command } from "commander";
import { intOption as int } from "./int-option";
import { Redis } from "ioredis";
import { io, type Socket } from "socket.io-client";
import { C2S, S2C, type Ack, type JoinedAck } from "../../shared/protocol";
import { startGameProcess, type GameProcess } from "../../test/support/game-processes";
import { startPostgres, type PostgresServer } from "../../test/support/postgres-server";
import { startRedis, type TestRedis } from "./redis-process";

/**
 * `npm run bench:takeover`: how long players wait for a room whose game process died. Two game processes on
 * one redis-server and one Postgres log (docs/DEPLOY.md); each trial creates a room of three players on one of
 * them, kills it with SIGKILL at a random point of its heartbeat cycle, and times each player from the kill
 * to the first snapshot of the room on the other process. The players behave as DEPLOY.md tells a client to:
 * on losing the connection they reconnect with their token through the live process, follow a ROOM_ELSEWHERE
 * answer once, and try again after `--retry` ms when they are not seated. The killed process is started again
 * for the next trial, and the two take turns at being killed. Every loop is bounded in count and time.
 */

const program = new Command("bench:takeover")
  .description("Time from killing a room's game process to its players seated on another one")
  .option("--lease <ms>", "SNEAK_LEASE_MS of both processes", int("--lease", 600), 3000)
  .option("--trials <n>", "rooms killed, one at a time", int("--trials", 1), 10)
  .option("--retry <ms>", "a player's pause between reconnection attempts", int("--retry", 10), 250)
  .configureOutput({ outputError: (text, write) => write(text.split("\n")[0] + "\n") });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PLAYERS = ["Ann", "Ben", "Cat"];

interface Player {
  token: string;
  socket: Socket;
}

/** Connects with a token; resolves with the socket once seated (its first snapshot), or with the refusal. */
function seatWith(url: string, token: string | undefined): Promise<{ socket: Socket } | { refusal: { code?: string; url?: string } }> {
  const socket = io(url, { transports: ["websocket"], forceNew: true, reconnection: false, timeout: 20_000, auth: token ? { token } : {} });
  return new Promise((resolve) => {
    socket.once(S2C.roomState, () => resolve({ socket }));
    socket.once("connect", () => {
      if (!token) resolve({ socket });
    });
    socket.once("connect_error", (error: Error & { data?: { code?: string; url?: string } }) => {
      socket.close();
      resolve({ refusal: error.data ?? { code: error.message } });
    });
  });
}

/** A player's way back after its process died: through the live process, following one ROOM_ELSEWHERE. */
async function comeBack(live: string, token: string, retryMs: number, deadline: number): Promise<{ socket: Socket; attempts: number }> {
  for (let attempts = 1; Date.now() < deadline; attempts++) {
    const first = await seatWith(live, token);
    if ("socket" in first) return { socket: first.socket, attempts };
    if (first.refusal.code === "ROOM_ELSEWHERE" && first.refusal.url) {
      const there = await seatWith(first.refusal.url, token);
      if ("socket" in there) return { socket: there.socket, attempts };
    }
    await sleep(retryMs);
  }
  throw new Error("a player was not seated again within 60 s");
}

async function join(url: string, code: string | null, name: string): Promise<Player> {
  const seated = await seatWith(url, undefined);
  if (!("socket" in seated)) throw new Error(`cannot connect to ${url}`);
  const ack = (await seated.socket.timeout(10_000).emitWithAck(code ? C2S.roomJoin : C2S.roomCreate, code ? { code, name } : { name })) as Ack<JoinedAck>;
  if (!ack.ok && ack.code === "ROOM_ELSEWHERE" && ack.url) {
    seated.socket.close();
    return join(ack.url, code, name);
  }
  if (!ack.ok) throw new Error(`${name}: ${ack.code} ${ack.message}`);
  return { token: ack.token, socket: seated.socket };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function main(): Promise<void> {
  const o = program.parse().opts<{ lease: number; trials: number; retry: number }>();
  let redis: TestRedis | undefined;
  let postgres: PostgresServer | undefined;
  const processes: GameProcess[] = [];
  try {
    [redis, postgres] = await Promise.all([startRedis(), startPostgres({ fsync: true })]);
    const databaseUrl = await postgres.createDatabase();
    const env = (id: string) => ({
      SNEAK_REDIS_URL: redis!.url,
      SNEAK_PROCESS_ID: id,
      SNEAK_DATABASE_URL: databaseUrl,
      SNEAK_LEASE_MS: String(o.lease),
      SNEAK_BOT_DELAY_MS: "0",
      SNEAK_ADDRESS_HANDSHAKE_BURST: "100000",
    });
    const ids = ["p0", "p1"];
    processes.push(...(await Promise.all(ids.map((id) => startGameProcess(env(id))))));
    const probe = new Redis(redis.url);
    const waits: number[] = [];
    const pastLapse: number[] = [];
    console.log(`bench:takeover: SNEAK_LEASE_MS=${o.lease}, ${o.trials} trials, 3 players a room, a player retries every ${o.retry} ms`);
    console.log("  trial  lease left at the kill  players seated again after (ms)     past the lease's lapse (ms)");
    for (let trial = 0; trial < o.trials; trial++) {
      const victim = trial % 2;
      const [owner, live] = [processes[victim], processes[1 - victim]];
      // The host creates the room on the process about to die; the others join by its code through the live one,
      // which sends them to the owner.
      const host = await join(owner.url, null, PLAYERS[0]);
      const code = host.token.split(".")[0];
      const players = [host, await join(live.url, code, PLAYERS[1]), await join(live.url, code, PLAYERS[2])];
      // A random point of the owner's heartbeat cycle (it renews every third of a lease).
      await sleep(Math.random() * (o.lease / 3) + 200);
      const leaseLeft = await probe.pttl(`sneak:proc:${ids[victim]}`);
      const killedAt = Date.now();
      owner.child.kill("SIGKILL");
      const back = await Promise.all(
        players.map(async (player) => {
          const { socket } = await comeBack(live.url, player.token, o.retry, killedAt + 60_000);
          const after = Date.now() - killedAt;
          socket.close();
          return after;
        }),
      );
      for (const player of players) player.socket.close();
      waits.push(...back);
      pastLapse.push(...back.map((ms) => ms - leaseLeft));
      console.log(`  ${String(trial + 1).padStart(5)}  ${String(leaseLeft).padStart(20)} ms  ${back.map((ms) => String(ms).padStart(6)).join(" ")}                ${back.map((ms) => String(ms - leaseLeft).padStart(6)).join(" ")}`);
      await owner.kill();
      processes[victim] = await startGameProcess(env(ids[victim]));
    }
    probe.disconnect();
    console.log(`  players seated again after the kill: p50 ${quantile(waits, 0.5)} ms, p90 ${quantile(waits, 0.9)} ms, max ${Math.max(...waits)} ms (SNEAK_LEASE_MS ${o.lease})`);
    console.log(`  past the dead owner's lease: p50 ${quantile(pastLapse, 0.5)} ms, max ${Math.max(...pastLapse)} ms`);
  } finally {
    await Promise.all(processes.map((p) => p.kill()));
    await redis?.close();
    postgres?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`bench:takeover: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
