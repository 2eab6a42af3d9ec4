import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { testConfig } from "../config";
import { Room, type RoomObserver } from "../rooms/room";
import { SessionStore } from "../rooms/sessions";
import { GameLog } from "../store/game-log";
import { GameStore } from "../store/game-store";
import { gameLogHooks } from "../store/room-hooks";
import { idleAgent } from "../agents/idle-agent";

/**
 * `npx tsx server/perf/room-command-cost.ts [COMMANDS]`: the time of one room command on the SQLite command
 * path, in process (no sockets): the rules check, the log's synchronous write, the state change. The host
 * changes a setting COMMANDS times (default 20,000), each an action written to a WAL file. Printed per
 * command, best and median of 7 runs, with the log and without it (what the log costs). The script only uses
 * the room's public commands, so the same file runs on an older checkout to compare.
 */

const COMMANDS = Number(process.argv[2] ?? 20_000);
const RUNS = 7;

async function run(withLog: boolean, dir: string, index: number): Promise<number> {
  const store = withLog ? new GameStore({ path: join(dir, `room-${index}.db`) }) : null;
  const hooks = store ? gameLogHooks(new GameLog(store, { decoysOf: () => [], evaluatorIds: [] })) : null;
  const observer: RoomObserver | undefined = hooks ? { onCreate: hooks.onCreate, onAction: hooks.onAction, onSession: hooks.onSession } : undefined;
  const room = new Room("BNCH", {
    config: testConfig(),
    sessions: new SessionStore(),
    library: [{ id: "animals", category: "animals", words: ["cat", "dog", "cow", "pig", "hen", "fox", "owl", "bee", "ant", "elk", "yak", "emu"], source: "dataset" }],
    decoysOf: () => [],
    evaluators: [],
    agentFor: () => idleAgent,
    fallbackAgent: idleAgent,
    log: () => {},
    seed: "bench",
    observer,
  });
  const host = await room.admit("Ann", false);
  await room.admit("Ben", false);
  await room.admit("Cat", false);
  const started = performance.now();
  for (let i = 0; i < COMMANDS; i++) {
    const ack = room.command(host.playerId, "host:settings", { turnSeconds: 10 + (i % 50) });
    // Awaited only if the path is asynchronous: the synchronous path is timed as the socket layer runs it.
    if (typeof (ack as { then?: unknown }).then === "function") await ack;
  }
  const perCommandUs = ((performance.now() - started) * 1000) / COMMANDS;
  room.dispose("room-closed");
  await store?.close();
  return perCommandUs;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "sneak-room-cost-"));
  try {
    for (const withLog of [true, false]) {
      const times: number[] = [];
      for (let r = 0; r < RUNS; r++) times.push(await run(withLog, dir, r));
      times.sort((a, b) => a - b);
      console.log(`${withLog ? "with the SQLite log" : "without a log    "}: best ${times[0].toFixed(1)} µs, median ${times[Math.floor(RUNS / 2)].toFixed(1)} µs per command (${COMMANDS} commands × ${RUNS} runs)`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
