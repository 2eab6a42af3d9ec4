import { Command, CommanderError, InvalidArgumentError } from "commander";
import { pathToFileURL } from "node:url";
import type { GameState, RoundState } from "../../shared/game/types";
import type { RevealedClueScores } from "../../shared/protocol";
import { libraryOf } from "../app";
import { configFromEnv, ConfigError, EVALUATOR_SPEC, type ServerConfig } from "../config";
import { Room } from "../rooms/room";
import { SessionStore } from "../rooms/sessions";
import { defaultDeps } from "../server-deps";
import type { Agent } from "../agents/agent";

/**
 * `npm run play:bots`: a bots-only game in the terminal, on the same Room, rules, bots and scoring as the
 * game server, printing each round as it is revealed with every clue's SNEAK scores.
 */

interface Options {
  bots: number;
  bot: string[];
  evaluator: string[];
  target: number;
  words: number;
  seed: string;
  dataset?: string;
  timeout: number;
}

const positiveInt = (max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new InvalidArgumentError(`expected a whole number from 1 to ${max}`);
  return n;
};
const collect = (value: string, previous: string[]) => [...previous, value];

function program(): Command {
  return new Command()
    .name("play:bots")
    .description("Play a bots-only game of The Chameleon and print the round-by-round log with SNEAK scores.")
    .option("--bots <n>", "number of seats (3 to 8)", positiveInt(8), 5)
    .option("--bot <profile>", "a seat's bot: lexical or llm:MODEL[@URL] (repeatable; the rest are lexical)", collect, [])
    .option("--evaluator <spec>", "clue scorer: lexical or llm:MODEL[@URL] (repeatable; default lexical)", collect, [])
    .option("--target <points>", "points to win", positiveInt(30), 5)
    .option("--words <k>", "words per clue (1 to 5)", positiveInt(5), 1)
    .option("--seed <seed>", "seed of the deals and the bots' choices", "1")
    .option("--dataset <path>", "dataset file (default data/sneak-dataset.json)")
    .option("--timeout <ms>", "deadline of one LLM bot decision", positiveInt(600_000), 8000)
    .exitOverride()
    .configureOutput({ writeErr: () => {} });
}

export async function playBots(argv: string[], out: (line: string) => void = console.log, err: (line: string) => void = console.error): Promise<number> {
  let options: Options;
  try {
    options = program().parse(argv, { from: "user" }).opts<Options>();
  } catch (error) {
    if (error instanceof CommanderError) {
      if (error.code === "commander.helpDisplayed" || error.code === "commander.version") {
        out(program().helpInformation());
        return 0;
      }
      err(`play:bots: ${error.message.replace(/^error: /, "")}`);
      return 2;
    }
    throw error;
  }
  if (options.bots < 3) return fail(err, "--bots: a table needs at least 3 seats");
  if (options.bot.length > options.bots) return fail(err, `--bot given ${options.bot.length} times for ${options.bots} seats`);
  const badProfile = options.bot.find((b) => !/^(lexical|llm:.+)$/.test(b));
  if (badProfile) return fail(err, `--bot "${badProfile}": use lexical or llm:MODEL[@URL]`);
  const evaluators = options.evaluator.length > 0 ? options.evaluator : ["lexical"];
  const badEvaluator = evaluators.find((e) => !EVALUATOR_SPEC.test(e));
  if (badEvaluator) return fail(err, `--evaluator "${badEvaluator}": use lexical or llm:MODEL[@URL]`);

  let config: ServerConfig;
  try {
    config = {
      ...configFromEnv(),
      botDelayMs: 0,
      botTimeoutMs: options.timeout,
      evaluators,
      botModels: options.bot.filter((b) => b.startsWith("llm:")).map((b) => b.slice(4)),
      datasetPath: options.dataset,
    };
  } catch (error) {
    if (error instanceof ConfigError) return fail(err, error.message);
    throw error;
  }
  const deps = await defaultDeps(config, (line) => err(`  ! ${line}`)).catch((error: unknown) => error as Error);
  if (deps instanceof Error) return fail(err, deps.message);
  const { library, decoysOf } = libraryOf(deps.dataset, deps.deck);
  const decisions = new Map<string, string>();
  const room = new Room("CLI", {
    config,
    sessions: new SessionStore(),
    library,
    decoysOf,
    evaluators: deps.evaluators,
    agentFor: (profile: string): Agent => deps.agentFor(profile),
    fallbackAgent: deps.fallbackAgent,
    log: (line) => err(`  ! ${line}`),
    seed: options.seed,
    allowBotsOnly: true,
    observer: {
      onDecision: (_room, seatId, duty, decision) => {
        if (duty === "clue") decisions.set(seatId, decision.source);
      },
    },
  });

  const names = ["Ada", "Basil", "Clio", "Dex", "Echo", "Fern", "Gus", "Hal"];
  const profiles = Array.from({ length: options.bots }, (_, i) => options.bot[i] ?? "lexical");
  room.seatBots(profiles.map((profile, i) => ({ name: names[i], profile })));
  try {
    room.hostAct("updateSettings", { targetScore: options.target, clueMaxWords: options.words, turnSeconds: 0, discussionSeconds: 0, voteSeconds: 0 });
  } catch (error) {
    return fail(err, error instanceof Error ? error.message : String(error));
  }

  out(`SNEAK bots-only game · seed ${options.seed} · ${options.bots} seats · first to ${options.target} · evaluators: ${evaluators.join(", ")}`);
  for (const [i, profile] of profiles.entries()) out(`  ${names[i].padEnd(6)} ${profile}`);
  out("Scores ×100, mean over evaluators; (C) the chameleon, whose leakage (*) means nothing: it did not know the secret.");
  if (evaluators.every((e) => e === "lexical") && profiles.includes("lexical")) {
    out("Note: lexical bots scored by the lexical judge is self-evaluation (they pick the clue it likes); add --evaluator llm:MODEL for an independent view.");
  }
  const started = Date.now();
  room.hostAct("start");
  try {
    for (let guard = 0; guard < 200; guard++) {
      const state = await settledPhase(room);
      await room.scoringSettled();
      await new Promise((resolve) => setImmediate(resolve));
      const current = room.serverState!;
      printRound(current, current.rounds[current.rounds.length - 1], out);
      if (state === "gameOver") break;
      room.hostAct("nextRound");
    }
    const final = room.serverState!;
    const winners = (final.winners ?? []).map((id) => nameOf(final, id)).join(", ");
    out("");
    out(`Winner${(final.winners?.length ?? 0) > 1 ? "s" : ""}: ${winners} after ${final.rounds.length} rounds (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    printMeans(final, out);
  } finally {
    room.dispose("room-closed");
    if (config.botModels.length > 0 || evaluators.some((e) => e.startsWith("llm:"))) await (await import("../llm/index")).closeLlm();
  }
  return 0;
}

function fail(err: (line: string) => void, message: string): number {
  err(`play:bots: ${message}`);
  return 2;
}

/** Resolves when the table reaches a reveal or the end of the game (the bots play everything before). */
function settledPhase(room: Room): Promise<"reveal" | "gameOver"> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const check = () => {
      const phase = room.serverState?.phase;
      if (phase === "reveal" || phase === "gameOver") return resolve(phase);
      if (Date.now() - started > 10 * 60_000) return reject(new Error("the game stalled"));
      setTimeout(check, 5);
    };
    check();
  });
}

function nameOf(state: GameState, id: string): string {
  return state.seats.find((s) => s.id === id)?.name ?? id;
}

const pct = (value: number | null | undefined) => (value === null || value === undefined ? "  –" : String(Math.round(value * 100)).padStart(3));

function printRound(state: GameState, round: RoundState, out: (line: string) => void): void {
  out("");
  out(`Round ${round.number} · ${round.card.category}: ${round.card.words.join(", ")}`);
  out(`  secret: ${round.secret} · chameleon: ${nameOf(state, round.chameleonId)} · dealer: ${nameOf(state, round.dealerId)}`);
  out(`  ${"player".padEnd(11)}${"clue".padEnd(22)} util leak soft bin  cum-leak`);
  round.clues.forEach((clue) => {
    const record = clue.scores[0] as RevealedClueScores | undefined;
    const mean = record?.mean;
    const tag = clue.playerId === round.chameleonId ? " (C)" : clue.fallback ? " (fb)" : "";
    const leak = record?.leakageMeaningless ? "  *" : pct(mean?.leakage);
    out(
      `  ${(nameOf(state, clue.playerId) + tag).padEnd(11)}${JSON.stringify(clue.text).padEnd(22)} ${pct(mean?.utility)}  ${leak}  ${pct(mean?.softScore)}  ${mean?.binaryScore ?? "–"}    ${pct(record?.cumulativeLeakage)}`,
    );
  });
  const votes = Object.entries(round.votes).map(([voter, target]) => `${nameOf(state, voter)}→${nameOf(state, target)}`);
  out(`  votes: ${votes.join(", ") || "none"}${round.tied ? ` · tie broken by ${round.tieBrokenBy}` : ""}`);
  const outcome = round.outcome;
  if (outcome) {
    const accused = outcome.accusedId ? nameOf(state, outcome.accusedId) : "nobody";
    const text =
      outcome.kind === "escaped"
        ? `accused ${accused}: the chameleon escapes (+2)`
        : outcome.kind === "guessed"
          ? `caught ${accused}, who guessed "${round.guesses.at(-1)}": right (+1)`
          : `caught ${accused}, who guessed ${round.guesses.map((g) => `"${g}"`).join(", ")}: wrong (others +2)`;
    out(`  ${text}`);
  }
  out(`  points: ${state.seats.map((s) => `${s.name} ${state.points[s.id] ?? 0}`).join(", ")}`);
}

function printMeans(state: GameState, out: (line: string) => void): void {
  const records = state.rounds.flatMap((r) => r.clues.map((c) => c.scores[0] as RevealedClueScores | undefined)).filter((r): r is RevealedClueScores => !!r);
  const informed = records.filter((r) => !r.byChameleon && r.mean && r.mean.utility !== null);
  if (informed.length === 0) return;
  const mean = (pick: (r: RevealedClueScores) => number) => informed.reduce((sum, r) => sum + pick(r), 0) / informed.length;
  out(
    `Informed clues (n=${informed.length}): utility ${pct(mean((r) => r.mean!.utility!))} · leakage ${pct(mean((r) => r.mean!.leakage))} · SoftScore ${pct(mean((r) => r.mean!.softScore!))} · BinaryScore ${pct(mean((r) => r.mean!.binaryScore!))}`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  playBots(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`play:bots: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
