import { Command } from "commander";
import { intOption as int } from "./int-option";
import { fork } from "node:child_process";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { io, type Socket } from "socket.io-client";
import type { GameAction, GameState } from "../../shared/game/types";
import { C2S, type Ack } from "../../shared/protocol";
import { startFakeOpenAiServer, defaultReply, type FakeAction, type FakeRequest } from "../../test/support/fake-openai-server";
import { startServer } from "../app";
import { testConfig } from "../config";
import { defaultDeps } from "../server-deps";
import { startSwitchableProxy } from "./faults-proxy";
import { autoplay, connect, newCounters, timed } from "./load-players";
import { ms, mb, Samples, type ProcessStats } from "./load-stats";
import type { Retained } from "./retained-sampler";

/**
 * `npm run bench:faults`: what happens to games when things go wrong.
 * 1. The LLM endpoint (bots and a judge) goes down, gets slow, then answers garbage, mid-game: bots fall
 *    back to the lexical decision, the judge's failures are recorded, and no turn outlasts its timer.
 * 2. Many sockets flood the server with malformed, unknown, oversized and too-frequent events, and reconnect
 *    whenever it cuts them off, while rooms play: the server stays up and the playing rooms barely notice.
 *    Attackers and players connect from different loopback addresses (Linux: all of 127/8 is loopback), so
 *    the server's limits per address act as they would on the internet; `--address-limits off` shows the
 *    same flood without them.
 * Every loop is bounded in count and time. Prints what it measured; see docs/PERFORMANCE.md.
 */

const program = new Command("bench:faults")
  .description("Fault bench: LLM endpoint down/slow/garbage mid-game; a flood of malformed and oversized events")
  .option("--rounds-per-fault <n>", "rounds played in each LLM endpoint state", int("--rounds-per-fault", 1), 2)
  .option("--turn-seconds <s>", "the clue and vote timers of the LLM game", int("--turn-seconds", 1), 3)
  .option("--bot-timeout <ms>", "an LLM bot's deadline before it falls back", int("--bot-timeout", 50), 500)
  .option("--attackers <n>", "flooding sockets", int("--attackers", 1), 100)
  .option("--flood-seconds <s>", "how long the flood lasts", int("--flood-seconds", 1), 10)
  .option("--quiet-seconds <s>", "the window measured before the flood (default: as long as the flood)", int("--quiet-seconds", 1))
  .option("--idle-seconds <s>", "after the flood, how long the server sits idle (no flood, no game) before its memory is read again", int("--idle-seconds", 0), 30)
  .option("--sample-seconds <s>", "the server's memory is printed this often during the flood", int("--sample-seconds", 1), 30)
  .option("--retained-profile <file>", "also write the sampling heap profile of what the flood window left alive (Chrome DevTools, Memory tab)")
  .option("--rooms <n>", "rooms playing through the flood (one simulated human and four lexical bots each); 0: the flood alone, to see what refusing it costs in memory", int("--rooms", 0), 4)
  .option("--bot-delay <ms>", "the playing rooms' bots' pause before each move (0: they play as fast as the server lets them)", int("--bot-delay", 0), 0)
  .option("--attacker-addresses <n>", "source addresses the attackers share (127.0.0.201…; the playing room is on 127.0.0.2)", int("--attacker-addresses", 1), 4)
  .option("--address-limits <on|off>", "the server's limits per address (off: as before they existed)", "on")
  .option("--skip-llm", "only the flood")
  .option("--skip-flood", "only the LLM faults")
  .configureOutput({ outputError: (text, write) => write(text.split("\n")[0] + "\n") });

const sleep = (d: number) => new Promise((r) => setTimeout(r, d));

/** The playing room's source address; attackers use 127.0.0.201 and up (Linux routes all of 127/8 to loopback). */
const VICTIM_ADDRESS = "127.0.0.2";

// ─── 1. LLM endpoint faults ─────────────────────────────────────────────────────

type Mode = "healthy" | "down" | "slow" | "garbage" | "healthy again";
const MODES: Mode[] = ["healthy", "down", "slow", "garbage", "healthy again"];

interface ModeFigures {
  rounds: number;
  decisions: number;
  fallbacks: number;
  turnMs: Samples;
  lateMs: Samples;
  timeouts: number;
  judgeFailures: number;
  seconds: number;
}

/** A model that follows our prompts when healthy, and what a broken endpoint says otherwise. */
function reply(mode: Mode, request: FakeRequest, slowMs: number): FakeAction | Promise<FakeAction> {
  const prompt = (request.body.messages as { content: string }[]).map((m) => m.content).join("\n");
  const good = (): FakeAction => {
    if (request.body.logprobs === true) return defaultReply(request);
    if (prompt.includes("<clue>")) return { kind: "text", text: "<clue>shimmering</clue>" };
    if (prompt.includes("<vote>")) return { kind: "text", text: "<vote>1</vote>" };
    return { kind: "text", text: "<guess>1</guess>" };
  };
  if (mode === "slow") return sleep(slowMs).then(good);
  if (mode === "garbage") {
    const kinds: FakeAction[] = [{ kind: "malformed" }, { kind: "text", text: "As an AI, I would rather not." }, { kind: "status", status: 500 }, { kind: "text", text: "<clue></clue>" }];
    return kinds[request.index % kinds.length];
  }
  return good();
}

async function llmFaults(o: { roundsPerFault: number; turnSeconds: number; botTimeout: number }): Promise<boolean> {
  let mode: Mode = "healthy";
  const fake = await startFakeOpenAiServer({ fallback: (request) => reply(mode, request, o.botTimeout * 4) });
  const proxy = await startSwitchableProxy(fake.port);
  const url = `http://127.0.0.1:${proxy.port}/v1`;
  const logs: string[] = [];
  const config = testConfig({
    botModels: [`flaky@${url}`],
    evaluators: ["lexical", `llm:judge@${url}`],
    botTimeoutMs: o.botTimeout,
    staticDir: "no-client",
    fallbackAfterMs: 0,
  });
  const deps = await defaultDeps(config, (line) => logs.push(line));
  const figures = new Map<Mode, ModeFigures>(MODES.map((m) => [m, { rounds: 0, decisions: 0, fallbacks: 0, turnMs: new Samples(), lateMs: new Samples(), timeouts: 0, judgeFailures: 0, seconds: 0 }]));
  let turnStarted = performance.now();
  let modeStarted = performance.now();
  let finished = false;
  let resolveDone: () => void = () => {};
  const done = new Promise<void>((r) => (resolveDone = r));
  let previous: GameState | null = null;

  const advance = async () => {
    const next = MODES[MODES.indexOf(mode) + 1];
    figures.get(mode)!.seconds = (performance.now() - modeStarted) / 1000;
    if (!next) {
      finished = true;
      resolveDone();
      return;
    }
    if (next === "down") await proxy.down();
    if (mode === "down") await proxy.up();
    mode = next;
    modeStarted = performance.now();
    console.log(`  … endpoint now ${mode}`);
  };

  const server = await startServer({
    config,
    deps,
    log: (line) => {
      logs.push(line);
      if (line.startsWith("scoring") || line.includes("scoring round")) figures.get(mode)!.judgeFailures++;
    },
    observer: {
      onAction(_room, action: GameAction, state: GameState) {
        const f = figures.get(mode)!;
        const now = performance.now();
        if (previous?.deadline !== null && previous?.deadline !== undefined && action.type !== "attachScores") f.lateMs.add(Math.max(0, action.now - previous.deadline));
        if (action.type === "timeout") f.timeouts++;
        if (state.phase === "clues" && (action.type === "giveClue" || action.type === "timeout")) {
          f.turnMs.add(now - turnStarted);
          turnStarted = now;
        }
        if (action.type === "start" || action.type === "nextRound") turnStarted = now;
        const round = state.rounds[state.rounds.length - 1];
        const ended = round && (round.outcome !== null) && previous?.rounds[previous.rounds.length - 1]?.outcome === null;
        previous = state;
        if (ended && !finished) {
          f.rounds++;
          if (f.rounds >= o.roundsPerFault) void advance();
        }
      },
      onDecision(_room, _seat, _duty, decision) {
        const f = figures.get(mode)!;
        f.decisions++;
        if (decision.source === "fallback" || decision.source === "last-resort") f.fallbacks++;
      },
    },
  });

  const counters = newCounters();
  counters.measuring = true;
  const host = await connect(server.url);
  const stopHost = autoplay(host, counters);
  const created = (await host.timeout(5000).emitWithAck(C2S.roomCreate, { name: "Host" })) as Ack<{ code: string }>;
  if (!created.ok) throw new Error(created.message);
  for (let i = 0; i < 3; i++) await host.timeout(5000).emitWithAck(C2S.hostAddBot, { kind: "llm", model: `flaky@${url}` });
  await host.timeout(5000).emitWithAck(C2S.hostAddBot, { kind: "lexical" });
  await host.timeout(5000).emitWithAck(C2S.hostSettings, { targetScore: 50, turnSeconds: o.turnSeconds, voteSeconds: o.turnSeconds, discussionSeconds: 0 });
  const started = performance.now();
  await host.timeout(5000).emitWithAck(C2S.hostStart, {});
  const limitMs = MODES.length * o.roundsPerFault * 60_000;
  const timedOut = await Promise.race([done.then(() => false), sleep(limitMs).then(() => true)]);
  stopHost();
  host.close();
  await server.close();
  await proxy.close();
  await fake.close();

  const turnLimit = o.turnSeconds * 1000;
  console.log(`\nLLM endpoint faults: 1 human (simulated) + 3 LLM bots + 1 lexical bot, LLM judge + lexical judge; clue/vote timers ${o.turnSeconds} s, bot deadline ${o.botTimeout} ms; ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.log("  endpoint        rounds  bot decisions  fallbacks  clue turn p50 / max     lateness past a deadline (max)  timeouts  judge failures");
  let ok = !timedOut;
  for (const m of MODES) {
    const f = figures.get(m)!;
    const worst = f.turnMs.max();
    if (worst > turnLimit + 1000 || f.lateMs.max() > 1000) ok = false;
    console.log(
      `  ${m.padEnd(14)}  ${String(f.rounds).padStart(6)}  ${String(f.decisions).padStart(13)}  ${String(f.fallbacks).padStart(9)}  ${ms(f.turnMs.quantile(0.5)).padStart(10)} / ${ms(worst).padEnd(10)}  ${ms(f.lateMs.max()).padStart(30)}  ${String(f.timeouts).padStart(8)}  ${String(f.judgeFailures).padStart(14)}`,
    );
  }
  if (timedOut) console.log(`  FAILED: the game did not get through every endpoint state within ${limitMs / 1000} s`);
  console.log(`  ${ok ? "OK" : "PROBLEM"}: games went on through every endpoint state; the longest clue turn was ${ms(Math.max(...MODES.map((m) => figures.get(m)!.turnMs.max())))} against a ${turnLimit} ms timer.`);
  if (counters.errors.length) console.log(`  client errors: ${counters.errors.length} (first: ${counters.errors[0]})`);
  return ok;
}

// ─── 2. A flood of bad events ───────────────────────────────────────────────────

interface FloodTally {
  sent: number;
  codes: Map<string, number>;
  disconnects: number;
  reconnects: number;
  /** Handshakes: accepted, refused by the server (connect_error), or unanswered within 5 s. */
  accepted: number;
  refused: number;
  unanswered: number;
  refusal: string;
}

function garbageFor(i: number, maxBytes: number): { event: string; payload: unknown; withAck: boolean; raw?: string } {
  switch (i % 9) {
    case 0:
      return { event: "nonsense:event", payload: { a: 1 }, withAck: true };
    case 1:
      return { event: C2S.gameClue, payload: { text: 42 }, withAck: true };
    case 2:
      return { event: C2S.gameVote, payload: "not an object", withAck: true };
    case 3:
      return { event: C2S.roomJoin, payload: { code: "QQQQ", name: "x".repeat(500) }, withAck: true };
    case 4:
      return { event: C2S.gameGuess, payload: { word: "apple", extra: { deep: [1, [2, [3]]] } }, withAck: true };
    case 5:
      return { event: C2S.hostStart, payload: {}, withAck: false };
    case 6:
      return { event: C2S.chatSend, payload: { text: "x".repeat(maxBytes + 2048) }, withAck: true };
    case 7:
      return { event: "", payload: null, withAck: false, raw: '42["game:clue",{"text":' };
    default:
      return { event: C2S.roomJoin, payload: { code: "ABCD", name: "Mallory" }, withAck: true };
  }
}

/**
 * One flooding socket from `localAddress`: bad events at `perSecond`, a new connection whenever the server
 * cuts it off (at most 2 per second of flood), and, when a handshake is refused, another try 100 ms later (at
 * most 20 refusals per second of flood), as a persistent attacker would.
 */
async function attacker(url: string, localAddress: string, until: number, perSecond: number, maxBytes: number, tally: FloodTally): Promise<void> {
  let i = Math.floor(Math.random() * 9);
  let socket: Socket | null = null;
  let accepted = 0;
  let refused = 0;
  // The caps grow with the flood's length, so that a long flood keeps its pace to the end.
  const seconds = Math.max(1, (until - Date.now()) / 1000);
  while (Date.now() < until && accepted <= 2 * seconds && refused < 20 * seconds) {
    if (!socket || !socket.connected) {
      socket?.close();
      socket = io(url, { transports: ["websocket"], forceNew: true, reconnection: false, localAddress } as Parameters<typeof io>[1]);
      const outcome = await new Promise<"ok" | "refused" | "unanswered">((resolve) => {
        socket!.once("connect", () => resolve("ok"));
        socket!.once("connect_error", (error: Error & { description?: { message?: string } }) => {
          if (!tally.refusal) tally.refusal = `${error.message} (${error.description?.message ?? "no detail"})`;
          resolve("refused");
        });
        setTimeout(() => resolve("unanswered"), 5000).unref();
      });
      if (outcome === "ok") {
        if (accepted > 0) tally.reconnects++;
        accepted++;
        tally.accepted++;
        socket.on("disconnect", () => tally.disconnects++);
      } else {
        if (outcome === "refused") tally.refused++;
        else tally.unanswered++;
        refused++;
        await sleep(100);
        continue;
      }
    }
    const g = garbageFor(i++, maxBytes);
    tally.sent++;
    if (g.raw) (socket.io.engine as unknown as { write(data: string): void }).write(g.raw);
    else if (g.withAck)
      void socket
        .timeout(5000)
        .emitWithAck(g.event, g.payload)
        .then((ack: Ack) => {
          const code = ack.ok ? "ok" : ack.code;
          tally.codes.set(code, (tally.codes.get(code) ?? 0) + 1);
        })
        .catch(() => tally.codes.set("no ack (disconnected)", (tally.codes.get("no ack (disconnected)") ?? 0) + 1));
    else socket.emit(g.event, g.payload);
    await sleep(1000 / perSecond);
  }
  socket?.close();
}

/** The server's environment for --address-limits off: every limit per address disabled. */
const LIMITS_OFF = { SNEAK_ADDRESS_MAX_CONNECTIONS: "0", SNEAK_ADDRESS_HANDSHAKE_BURST: "0", SNEAK_ADDRESS_ROOM_BURST: "0" };

interface FloodOptions {
  attackers: number;
  botDelay: number;
  floodSeconds: number;
  quietSeconds?: number;
  idleSeconds: number;
  sampleSeconds: number;
  retainedProfile?: string;
  attackerAddresses: number;
  addressLimits: string;
  rooms: number;
}

async function flood(o: FloodOptions): Promise<boolean> {
  // The server reads its limits from the environment (load-server.ts → configFromEnv): the defaults, or off.
  const child = fork(fileURLToPath(new URL("./load-server.ts", import.meta.url)), ["50", "on", "normal"], {
    execArgv: ["--import", "tsx", "--expose-gc"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
    env: { ...process.env, SNEAK_LOAD_BOT_DELAY_MS: String(o.botDelay), ...(o.addressLimits === "off" ? LIMITS_OFF : {}) },
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once("message", (m: { url?: string }) => (m.url ? resolve(m.url) : reject(new Error("no url"))));
    child.once("exit", (code) => reject(new Error(`server exited (${code})`)));
  });
  /** Sends `message` to the server and resolves with its first reply of `type`. */
  const ask = <T>(message: string, type: string) =>
    new Promise<T>((resolve) => {
      const on = (m: { type?: string }) => {
        if (m.type !== type) return;
        child.off("message", on);
        resolve(m as T);
      };
      child.on("message", on);
      child.send(message);
    });
  const stats = async () => (await ask<{ stats: ProcessStats }>("stats", "stats")).stats;
  /** Heap and RSS as they are (no GC): what the OS sees. */
  const memory = async () => (await ask<{ memory: NodeJS.MemoryUsage }>("memory", "memory")).memory;
  let crashed = false;
  child.once("exit", (code) => {
    if (code !== 0) crashed = true;
  });

  // The victims: rooms of one simulated human and four lexical bots playing without pause, from their own
  // address (a household: within every limit). Several rooms, so that the ack p99 rests on hundreds of acks.
  const counters = newCounters();
  const hosts: Socket[] = [];
  const stops: (() => void)[] = [];
  // Rounds the victims finished (game over counts as one), from their own snapshots.
  let roundsDone = 0;
  for (let room = 1; room <= o.rooms; room++) {
    const host = await connect(url, {}, VICTIM_ADDRESS);
    hosts.push(host);
    stops.push(autoplay(host, counters));
    await timed(host, counters, C2S.roomCreate, { name: `Victim${room}`, settings: { discussionSeconds: 0, turnSeconds: 30, voteSeconds: 30 } });
    for (let i = 0; i < 4; i++) await timed(host, counters, C2S.hostAddBot, { kind: "lexical" });
    await timed(host, counters, C2S.hostStart, {});
    host.on("disconnect", (reason) => reason !== "io client disconnect" && console.log(`  playing room ${room}'s socket was disconnected: ${reason}`));
    if (process.env.SNEAK_FAULTS_DEBUG) host.on("room:state", (s: { game: { phase: string } }) => console.log(`  [victim ${room}] ${new Date().toISOString().slice(17, 23)} ${s.game.phase}`));
    let lastRound = "";
    host.on("room:state", (s: { game: { gameNumber: number; rounds: { number: number; outcome: unknown }[] } }) => {
      const r = s.game.rounds[s.game.rounds.length - 1];
      const key = `${s.game.gameNumber}/${r?.number}`;
      if (r?.outcome && key !== lastRound) {
        lastRound = key;
        roundsDone++;
      }
    });
  }
  const window = async (seconds: number, during?: Promise<unknown>) => {
    const acks = new Samples();
    counters.acks = acks;
    counters.measuring = true;
    const rounds0 = roundsDone;
    await sleep(seconds * 1000);
    counters.measuring = false;
    const rounds = roundsDone - rounds0;
    await during;
    // Acks of commands sent in the window may still be on their way: give them a moment.
    await sleep(3000);
    return { p50: acks.quantile(0.5), p99: acks.quantile(0.99), max: acks.max(), acks: acks.count, rounds };
  };
  await sleep(2000);
  // Server stats at each window's edge: what the server itself went through (CPU, event-loop delay, GC),
  // and the machine's load, so that a slow window can be told apart from a busy machine.
  const edge = async () => ({ stats: await stats(), at: performance.now(), load: loadavg()[0], cpuMs: process.cpuUsage() });
  const serverLine = (from: Awaited<ReturnType<typeof edge>>, to: Awaited<ReturnType<typeof edge>>) => {
    const wall = to.at - from.at;
    const bench = process.cpuUsage(from.cpuMs);
    return `server CPU ${((100 * (to.stats.cpuMs - from.stats.cpuMs)) / wall).toFixed(0)}% of a core, event-loop delay p99 ${ms(to.stats.loopDelayP99Ms ?? NaN)} max ${ms(to.stats.loopDelayMaxMs ?? NaN)}, GC longest ${ms(to.stats.gcMaxPauseMs ?? NaN)}, log write longest ${ms(to.stats.logWriteMaxMs ?? NaN)}; bench CPU ${((100 * (bench.user + bench.system)) / 1000 / wall).toFixed(0)}%; load average ${to.load.toFixed(1)}`;
  };
  const start = await edge();
  const quiet = await window(o.quietSeconds ?? o.floodSeconds);
  const beforeEdge = await edge();
  const beforeFlood = beforeEdge.stats;
  const tally: FloodTally = { sent: 0, codes: new Map(), disconnects: 0, reconnects: 0, accepted: 0, refused: 0, unanswered: 0, refusal: "" };
  // What the flood window's allocations leave alive, by allocation site (server/perf/retained-sampler.ts).
  await ask("retained-start", "retained-started");
  const floodStarted = Date.now();
  const until = floodStarted + o.floodSeconds * 1000;
  const attackerAddress = (i: number) => `127.0.0.${201 + (i % o.attackerAddresses)}`;
  const attack = Promise.all(Array.from({ length: o.attackers }, (_, i) => attacker(url, attackerAddress(i), until, 20, 16 * 1024, tally)));
  const timeline: { seconds: number; memory: NodeJS.MemoryUsage }[] = [];
  const sampling = (async () => {
    for (let next = floodStarted + o.sampleSeconds * 1000; next <= until; next += o.sampleSeconds * 1000) {
      await sleep(Math.max(0, next - Date.now()));
      timeline.push({ seconds: Math.round((Date.now() - floodStarted) / 1000), memory: await memory() });
    }
  })();
  const loud = await window(o.floodSeconds, attack);
  await sampling;
  const afterEdge = await edge();
  const afterFlood = afterEdge.stats;
  const health = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
  // Then nothing: no flood, no game. Does the memory come back, and what did the window leave alive?
  for (const stop of stops) stop();
  for (const host of hosts) host.close();
  await sleep(o.idleSeconds * 1000);
  const idle = await memory();
  const retained = await ask<Retained & { memory: NodeJS.MemoryUsage }>(`retained-stop:${o.retainedProfile ?? ""}`, "retained");
  child.send("stop");
  await new Promise((r) => child.once("exit", r));

  console.log(`\nFlood: ${o.attackers} sockets from ${o.attackerAddresses === 1 ? "1 address (127.0.0.201" : `${o.attackerAddresses} addresses (127.0.0.201–${attackerAddress(o.attackerAddresses - 1).split(".")[3]}`}; the playing room${o.rooms === 1 ? "" : "s"} on ${VICTIM_ADDRESS}) sending up to 20 bad events/s each for ${o.floodSeconds} s, reconnecting when cut off (at most ${2 * o.floodSeconds} times each; a refused handshake is retried 100 ms later, at most ${20 * o.floodSeconds} times) while ${o.rooms} room${o.rooms === 1 ? "" : "s"} play${o.rooms === 1 ? "s" : ""} (unknown events, wrong types, oversized names and chat, raw garbage frames, commands outside a room, joins to missing rooms); limits per address ${o.addressLimits}`);
  console.log(`  sent ${tally.sent} bad events (${(tally.sent / o.floodSeconds).toFixed(0)}/s); answers: ${[...tally.codes.entries()].sort((a, b) => b[1] - a[1]).map(([c, n]) => `${c} ${n}`).join(", ")}`);
  console.log(`  sockets disconnected by the server ${tally.disconnects} (oversized or unparseable frames), reconnected ${tally.reconnects}`);
  console.log(`  handshakes: ${tally.accepted} accepted, ${tally.refused} refused by the limits per address${tally.refusal ? ` (the client sees: ${tally.refusal})` : ""}, ${tally.unanswered} unanswered within 5 s`);
  // Heap after a full GC at each edge: what the quiet window's games kept, beside what the flood did.
  console.log(`  server: ${crashed ? "CRASHED" : "still up"}, /healthz ${health ? "ok" : "FAILED"}; heap ${mb(start.stats.heapUsed)} → ${mb(beforeFlood.heapUsed)} (quiet window) → ${mb(afterFlood.heapUsed)} (flood), RSS ${mb(start.stats.rss)} → ${mb(beforeFlood.rss)} → ${mb(afterFlood.rss)}`);
  console.log(`  memory during the flood, no GC (heap / RSS): ${timeline.map((t) => `${t.seconds} s ${mb(t.memory.heapUsed)} / ${mb(t.memory.rss)}`).join(", ") || "–"}`);
  console.log(`  after ${o.idleSeconds} s idle: heap ${mb(idle.heapUsed)}, RSS ${mb(idle.rss)}; after a full GC: heap ${mb(retained.memory.heapUsed)}, RSS ${mb(retained.memory.rss)}, external ${mb(retained.memory.external)}`);
  const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
  console.log(`  alive after a full GC of what the flood window allocated (sampled), by part: ${Object.entries(retained.areas).sort((a, b) => b[1] - a[1]).map(([area, bytes]) => `${area} ${megabytes(bytes)}`).join(", ") || "nothing"}`);
  console.log(`    largest sites: ${retained.sites.slice(0, 8).map((s) => `${s.site} ${megabytes(s.bytes)}`).join("; ") || "none"}`);
  const rooms = o.rooms === 1 ? "the playing room" : `the ${o.rooms} playing rooms`;
  console.log(`  ${rooms} before the flood: ${quiet.rounds} rounds in ${o.quietSeconds ?? o.floodSeconds} s, ack p50 ${ms(quiet.p50)} p99 ${ms(quiet.p99)} max ${ms(quiet.max)} (${quiet.acks} acks)`);
  console.log(`    ${serverLine(start, beforeEdge)}`);
  console.log(`  ${rooms} during the flood: ${loud.rounds} rounds in ${o.floodSeconds} s, ack p50 ${ms(loud.p50)} p99 ${ms(loud.p99)} max ${ms(loud.max)} (${loud.acks} acks)`);
  console.log(`    ${serverLine(beforeEdge, afterEdge)}`);
  if (counters.errors.length > 0) console.log(`  ${o.rooms === 1 ? "the playing room's" : "the playing rooms'"} refused commands (rate-limited ones are retried, as a client would): ${counters.errors.length} (first: ${counters.errors[0]})`);
  const ok = !crashed && health && (o.rooms === 0 || loud.rounds > 0) && !(tally.codes.get("ok") ?? 0);
  console.log(`  ${ok ? "OK" : "PROBLEM"}: ${ok ? `no crash, every bad event refused${o.rooms === 0 ? "" : ", the rooms kept playing"}` : "see above"}`);
  return ok;
}

async function main(): Promise<void> {
  program.parse();
  const o = program.opts<{ roundsPerFault: number; turnSeconds: number; botTimeout: number; skipLlm?: boolean; skipFlood?: boolean } & FloodOptions>();
  if (o.addressLimits !== "on" && o.addressLimits !== "off") program.error("--address-limits must be on or off");
  if (o.attackerAddresses > 50) program.error("--attacker-addresses must be at most 50");
  console.log(`bench:faults (Node ${process.version})`);
  let ok = true;
  if (!o.skipLlm) ok = (await llmFaults(o)) && ok;
  if (!o.skipFlood) ok = (await flood(o)) && ok;
  process.exit(ok ? 0 : 1);
}

main().catch((error: unknown) => {
  console.error(`bench:faults: ${error instanceof Error ? error.message.split("\n")[0] : String(error)}`);
  process.exit(1);
});
