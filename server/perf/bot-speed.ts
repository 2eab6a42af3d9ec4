/**
 * `npm run bench:bot-speed [-- --tables N --players N --level L]`: the CPU time of each lexical bot decision in a
 * game, as the seat driver asks for them: tables of bots play one round each (bench:self-play's tables), and every
 * call to the bot is timed with process.cpuUsage (user + system, this process only: other load on the machine
 * does not count). The first round pays for loading the clue book (and WordNet, the vectors and the norms, when a
 * decision falls back to them) and is reported apart.
 * Prints, per kind of decision, the mean, median, 95th percentile and maximum; the target is a clue within 50 ms.
 */
import { Command, InvalidArgumentError } from "commander";
import { performance } from "node:perf_hooks";
import type { Agent } from "../agents/agent";
import { LexicalAgent } from "../agents/lexical-agent";
import { createLexicalBrain } from "../agents/lexical-brain";
import { BOT_LEVELS, type BotLevel } from "../../shared/game/types";
import { playTables } from "../benchmark/bot-self-play";

const CLUE_TARGET_MS = 50;

function count(name: string, min: number, max: number) {
  return (value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
}

type Kind = "informed clue" | "chameleon clue" | "vote" | "guess";

/** The game's lexical agent, with each decision's CPU time recorded by kind. */
function timedAgent(samples: Map<Kind, number[]>): Agent {
  const inner = new LexicalAgent(createLexicalBrain());
  const timed = async <T>(kind: Kind, call: () => Promise<T>): Promise<T> => {
    const start = process.cpuUsage();
    const result = await call();
    const used = process.cpuUsage(start);
    samples.get(kind)!.push((used.user + used.system) / 1000);
    return result;
  };
  return {
    kind: "lexical",
    clue: (view, rejected) => timed(view.secret === null ? "chameleon clue" : "informed clue", () => inner.clue(view, rejected)),
    vote: (view) => timed("vote", () => inner.vote(view)),
    tieBreak: (view, tied) => inner.tieBreak(view, tied),
    guess: (view, options) => timed("guess", () => inner.guess(view, options)),
  };
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

async function main(): Promise<void> {
  const options = new Command("bench:bot-speed")
    .description("CPU time of each lexical bot decision in self-play tables")
    .option("--tables <n>", "tables timed, after one warm-up table", count("--tables", 1, 2000), 100)
    .option("--players <n>", "bots at each table", count("--players", 3, 8), 4)
    .option("--level <level>", `every bot's level: ${BOT_LEVELS.join(", ")}`, "normal")
    .option("--seed <text>", "which instances, seats and turns", "bot-speed")
    .parse()
    .opts<{ tables: number; players: number; level: BotLevel; seed: string }>();
  if (!BOT_LEVELS.includes(options.level)) throw new InvalidArgumentError(`--level must be one of ${BOT_LEVELS.join(", ")}`);
  const levels = { informed: options.level, chameleon: options.level };
  const kinds: Kind[] = ["informed clue", "chameleon clue", "vote", "guess"];
  const warm = new Map<Kind, number[]>(kinds.map((k) => [k, []]));
  const started = performance.now();
  await playTables({ tables: 1, players: options.players, seed: `${options.seed}/warm-up`, levels, agent: timedAgent(warm) });
  const coldMs = performance.now() - started;
  const samples = new Map<Kind, number[]>(kinds.map((k) => [k, []]));
  await playTables({ tables: options.tables, players: options.players, seed: options.seed, levels, agent: timedAgent(samples) });
  console.log(`bench:bot-speed: ${options.tables} tables of ${options.players} bots at level ${options.level}, Node ${process.version}`);
  console.log(`first table (loads the clue book, and WordNet, the vectors and the norms when a decision needs them): ${coldMs.toFixed(0)} ms wall; its first clue ${warm.get("informed clue")![0]?.toFixed(0) ?? warm.get("chameleon clue")![0]?.toFixed(0)} ms CPU`);
  console.log("CPU ms per decision        n     mean   median      p95      max");
  for (const kind of kinds) {
    const xs = [...samples.get(kind)!].sort((a, b) => a - b);
    if (xs.length === 0) continue;
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    console.log(`  ${kind.padEnd(22)} ${String(xs.length).padStart(5)} ${mean.toFixed(1).padStart(8)} ${quantile(xs, 0.5).toFixed(1).padStart(8)} ${quantile(xs, 0.95).toFixed(1).padStart(8)} ${xs[xs.length - 1].toFixed(1).padStart(8)}`);
  }
  const clues = [...samples.get("informed clue")!, ...samples.get("chameleon clue")!];
  const meanClue = clues.reduce((a, b) => a + b, 0) / Math.max(1, clues.length);
  console.log(`a clue: mean ${meanClue.toFixed(1)} ms CPU (target ≤ ${CLUE_TARGET_MS} ms: ${meanClue <= CLUE_TARGET_MS ? "met" : "not met"})`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
