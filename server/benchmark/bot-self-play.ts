/**
 * `npm run bench:self-play`: tables of the game's bots playing rounds against each other, to measure how the
 * bots play, not how their clues score. Each table deals a dataset instance (drawn with a seed), seats
 * PLAYERS bots, makes one the chameleon at random, and plays one round as the game does: clues in
 * seat order from a random first seat (each bot seeing the clues before its own), one vote each, the
 * chameleon's guess when caught. Prints how often the chameleon is caught, how often it then names the
 * secret, and how often it wins the round, overall and by its place in the clue order.
 * The bots are the game's own (server/agents/lexical-agent.ts over lexical-brain.ts, with the clue book where it
 * covers the card), called as the seat driver calls them; a tie of votes is broken by the dealer's bot, as in the game.
 * With a human-like seat (--human-seat), one informed seat clues like a person (human-like-seat.ts: a telling clue
 * from the book, or with --human-seat own a clue of its own words, not the book's) and votes as a normal bot; the bench then prints how often that seat is accused beside how often an informed bot's seat is.
 */
import { Command, InvalidArgumentError } from "commander";
import { instancesOf } from "../../shared/sneak/dataset";
import { seededRng, shuffled } from "../../shared/random";
import { MAX_CLUE_WORDS } from "../../shared/game/clue-validation";
import { loadDataset } from "../dataset/load-dataset";
import { createLexicalBrain } from "../agents/lexical-brain";
import { LexicalAgent } from "../agents/lexical-agent";
import type { Agent, BotView } from "../agents/agent";
import { BOT_LEVELS, DEFAULT_BOT_LEVEL, type BotLevel } from "../../shared/game/types";
import { defaultClueBook } from "../clue-book/default-book";
import { humanLikeClue, ownWordsClue } from "./human-like-seat";

export interface SelfPlayOptions {
  tables: number;
  players: number;
  seed: string;
  /** Each seat's level: one for all, or drawn per table from several ("mixed"). */
  levels?: { informed: BotLevel; chameleon: BotLevel } | "mixed";
  /** The bots' decisions (the game's lexical agent by default): a bench may wrap it to time each call. */
  agent?: Agent;
  /** One informed seat clues like a person: "book" (or true), a random telling clue from the clue book (needs data/clue-book.json); "own", its own words (human-like-seat.ts). */
  humanSeat?: boolean | "book" | "own";
  /** Deal only the instances of cards the clue book holds (while the book is being written). */
  coveredOnly?: boolean;
}

export interface TableOutcome {
  instanceId: string;
  /** The chameleon's place in the clue order, from 0. */
  chameleonTurn: number;
  clues: string[];
  /** 1 when the chameleon was accused (by the most votes, or by the dealer's tie-break), else 0. */
  caught: number;
  /** Whether its guess, once caught, named the secret. */
  guessedSecret: boolean;
  /** For each seat in clue order, the place in clue order of the seat it voted for. */
  votes: number[];
  /** The chameleon's guess once caught. */
  guess: string;
  /** The place in clue order of the player the table accused. */
  accusedTurn: number;
  /** The human-like seat's place in clue order, or -1 when there is none (or the book had no clue for it). */
  humanTurn: number;
}

export async function playTables(options: SelfPlayOptions): Promise<TableOutcome[]> {
  const rng = seededRng(options.seed);
  const covered = options.coveredOnly ? defaultClueBook()?.cards : undefined;
  if (options.coveredOnly && !covered) throw new Error("bench:self-play --covered-only needs the clue book, data/clue-book.json");
  const instances = instancesOf(loadDataset()).filter((instance) => !covered || instance.category in covered);
  const dealt = shuffled(instances, rng).slice(0, options.tables);
  const agent = options.agent ?? new LexicalAgent(createLexicalBrain());
  const humanKind = options.humanSeat === "own" ? "own" : options.humanSeat ? "book" : undefined;
  const book = humanKind === "book" ? defaultClueBook() : undefined;
  if (humanKind === "book" && !book) throw new Error("bench:self-play --human-seat needs the clue book, data/clue-book.json");
  const outcomes: TableOutcome[] = [];
  for (const instance of dealt) {
    const players = Array.from({ length: options.players }, (_, i) => ({ playerId: `p${i}`, name: `Bot ${i + 1}` }));
    const chameleon = players[rng.int(players.length)].playerId;
    const first = rng.int(players.length);
    const turns = players.map((_, i) => players[(first + i) % players.length]);
    const levelOf = new Map(
      players.map(({ playerId }) => [
        playerId,
        options.levels === "mixed" ? BOT_LEVELS[rng.int(BOT_LEVELS.length)] : playerId === chameleon ? (options.levels?.chameleon ?? DEFAULT_BOT_LEVEL) : (options.levels?.informed ?? DEFAULT_BOT_LEVEL),
      ]),
    );
    const clues: { playerId: string; text: string }[] = [];
    // Drawn only with a human-like seat, so that the other settings deal the same tables as before.
    const informedSeats = players.filter((p) => p.playerId !== chameleon);
    let human = humanKind ? informedSeats[rng.int(informedSeats.length)].playerId : undefined;
    const viewOf = (playerId: string, step: string): BotView => ({
      playerId,
      category: instance.category,
      words: [...instance.words],
      secret: playerId === chameleon ? null : instance.secret,
      clues: [...clues],
      players,
      maxClueWords: MAX_CLUE_WORDS,
      seed: `${options.seed}/${instance.id}/${playerId}/${step}`,
      level: levelOf.get(playerId),
    });
    for (const { playerId } of turns) {
      const said = clues.map((c) => c.text);
      const personal =
        playerId !== human
          ? undefined
          : book
            ? humanLikeClue(book, instance.category, instance.words, instance.secret, said, MAX_CLUE_WORDS, seededRng(`${options.seed}/${instance.id}/human`))
            : ownWordsClue(instance.category, instance.words, instance.secret, said, MAX_CLUE_WORDS);
      if (playerId === human && personal === undefined) human = undefined;
      clues.push({ playerId, text: personal ?? (await agent.clue(viewOf(playerId, "clue"), [])).value });
    }
    const votes = new Map<string, number>();
    const votedFor: number[] = [];
    for (const { playerId } of turns) {
      const { value } = await agent.vote(viewOf(playerId, "vote"));
      votes.set(value, (votes.get(value) ?? 0) + 1);
      votedFor.push(turns.findIndex((p) => p.playerId === value));
    }
    const most = Math.max(...votes.values());
    const tied = [...votes.entries()].filter(([, n]) => n === most).map(([id]) => id);
    // A tie is broken as the game breaks it: by the dealer (the first to give a clue), as it reads the round.
    const accused = tied.length === 1 ? tied[0] : (await agent.tieBreak(viewOf(turns[0].playerId, "tie"), tied)).value;
    const caught = accused === chameleon ? 1 : 0;
    const guess = (await agent.guess(viewOf(chameleon, "guess"), instance.words)).value;
    outcomes.push({
      instanceId: instance.id,
      chameleonTurn: turns.findIndex((p) => p.playerId === chameleon),
      clues: clues.map((c) => c.text),
      caught,
      guessedSecret: guess === instance.secret,
      votes: votedFor,
      guess,
      accusedTurn: turns.findIndex((p) => p.playerId === accused),
      humanTurn: human === undefined ? -1 : turns.findIndex((p) => p.playerId === human),
    });
  }
  return outcomes;
}

export interface SelfPlaySummary {
  tables: number;
  caught: number;
  /** Of the rounds where it was caught (weighted by the chance), the share where its guess named the secret. */
  guessedWhenCaught: number;
  /** Not caught, or caught and named the secret. */
  chameleonWins: number;
}

export function summarizeTables(outcomes: readonly TableOutcome[]): SelfPlaySummary {
  const caught = outcomes.reduce((sum, o) => sum + o.caught, 0);
  const guessed = outcomes.reduce((sum, o) => sum + o.caught * (o.guessedSecret ? 1 : 0), 0);
  const wins = outcomes.reduce((sum, o) => sum + (1 - o.caught) + o.caught * (o.guessedSecret ? 1 : 0), 0);
  const n = Math.max(1, outcomes.length);
  return { tables: outcomes.length, caught: caught / n, guessedWhenCaught: caught > 0 ? guessed / caught : 0, chameleonWins: wins / n };
}

/** How often the table accused the human-like seat (of the tables that had one), and an informed bot's seat (per informed bot seat). */
export function accusedSeats(outcomes: readonly TableOutcome[]): { humanTables: number; humanAccused: number; botSeats: number; botSeatAccused: number } {
  let humanTables = 0;
  let humanAccused = 0;
  let botSeats = 0;
  let botAccused = 0;
  for (const o of outcomes) {
    if (o.humanTurn >= 0) {
      humanTables++;
      if (o.accusedTurn === o.humanTurn) humanAccused++;
    }
    // Every seat but the chameleon's and the human-like one is an informed bot.
    botSeats += o.clues.length - 1 - (o.humanTurn >= 0 ? 1 : 0);
    if (o.accusedTurn !== o.chameleonTurn && o.accusedTurn !== o.humanTurn) botAccused++;
  }
  return { humanTables, humanAccused: humanTables > 0 ? humanAccused / humanTables : 0, botSeats, botSeatAccused: botSeats > 0 ? botAccused / botSeats : 0 };
}

function count(name: string, min: number, max: number) {
  return (value: string) => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}`);
    return n;
  };
}

/** One line of the bench's table: which levels, how many seats. */
export interface SelfPlaySetting {
  label: string;
  players: number;
  levels: SelfPlayOptions["levels"];
  humanSeat?: SelfPlayOptions["humanSeat"];
}

/**
 * The settings `--all` plays: the normal level at 4 and 6 seats (the game's default bots), each level on its own,
 * an easy chameleon among hard informed bots and the reverse, and tables whose seats draw their levels at random.
 */
export function standardSettings(): SelfPlaySetting[] {
  const same = (level: BotLevel) => ({ informed: level, chameleon: level });
  return [
    { label: "normal, 4 bots", players: 4, levels: same("normal") },
    { label: "normal, 6 bots", players: 6, levels: same("normal") },
    { label: "normal, 4 seats, 1 human-like", players: 4, levels: same("normal"), humanSeat: true },
    { label: "normal, 6 seats, 1 human-like", players: 6, levels: same("normal"), humanSeat: true },
    { label: "normal, 4 seats, 1 own words", players: 4, levels: same("normal"), humanSeat: "own" },
    { label: "normal, 6 seats, 1 own words", players: 6, levels: same("normal"), humanSeat: "own" },
    { label: "easy, 4 bots", players: 4, levels: same("easy") },
    { label: "hard, 4 bots", players: 4, levels: same("hard") },
    { label: "hard informed, easy chameleon", players: 4, levels: { informed: "hard", chameleon: "easy" } },
    { label: "easy informed, hard chameleon", players: 4, levels: { informed: "easy", chameleon: "hard" } },
    { label: "mixed levels, 4 bots", players: 4, levels: "mixed" },
    { label: "mixed levels, 6 bots", players: 6, levels: "mixed" },
  ];
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function printSetting(setting: SelfPlaySetting, outcomes: readonly TableOutcome[], seconds: number, byTurn: boolean): void {
  const all = summarizeTables(outcomes);
  console.log(
    `${setting.label.padEnd(32)} ${String(all.tables).padStart(5)} tables: caught ${pct(all.caught).padStart(6)}, names the secret when caught ${pct(all.guessedWhenCaught).padStart(6)}, chameleon wins ${pct(all.chameleonWins).padStart(6)}  (${seconds.toFixed(0)} s)`,
  );
  if (setting.humanSeat) {
    const seats = accusedSeats(outcomes);
    console.log(`  accused: the human-like seat ${pct(seats.humanAccused)} of ${seats.humanTables} tables; an informed bot's seat ${pct(seats.botSeatAccused)} of ${seats.botSeats} seats`);
  }
  if (!byTurn) return;
  console.log("  by the chameleon's place in the clue order:");
  for (let turn = 0; turn < setting.players; turn++) {
    const s = summarizeTables(outcomes.filter((o) => o.chameleonTurn === turn));
    console.log(`    clue ${turn + 1}: ${String(s.tables).padStart(4)} tables, caught ${pct(s.caught)}, names the secret ${pct(s.guessedWhenCaught)}, wins ${pct(s.chameleonWins)}`);
  }
}

async function main(): Promise<void> {
  const program = new Command("bench:self-play")
    .description("the game's bots play rounds against each other; prints how often the chameleon is caught, names the secret and wins")
    .option("--tables <n>", "tables for each setting (one round each)", count("--tables", 1, 5000), 300)
    .option("--players <n>", "bots at each table, the chameleon among them", count("--players", 3, 8), 4)
    .option("--level <level>", `every bot's level (${BOT_LEVELS.join(", ")}), or "mixed": each seat's drawn at random`, "normal")
    .option("--informed <level>", "the informed bots' level (with --chameleon)")
    .option("--chameleon <level>", "the chameleon bot's level (with --informed)")
    .option("--human-seat [kind]", 'one informed seat clues like a person: "book" (the default), a random telling clue of the secret from the clue book; "own", words of its own (the lexical model\'s plainest clue, seldom in the book)')
    .option("--covered-only", "deal only the cards the clue book holds")
    .option("--all", "every standard setting in turn (normal at 4 and 6 bots, each level, easy against hard, mixed)")
    .option("--seed <text>", "seed for the instances, the chameleon's seat and the first turn", "self-play")
    .parse();
  const options = program.opts<{ tables: number; players: number; level: string; informed?: string; chameleon?: string; all?: boolean; seed: string; humanSeat?: boolean | string; coveredOnly?: boolean }>();
  const isLevel = (x: unknown): x is BotLevel => BOT_LEVELS.includes(x as BotLevel);
  if (typeof options.humanSeat === "string" && options.humanSeat !== "book" && options.humanSeat !== "own") program.error(`bench:self-play: --human-seat takes book or own, not "${options.humanSeat}"`);
  const humanSeat = options.humanSeat === "own" ? "own" : options.humanSeat ? "book" : undefined;
  for (const given of [options.level === "mixed" ? "normal" : options.level, options.informed, options.chameleon]) {
    if (given !== undefined && !isLevel(given)) program.error(`bench:self-play: "${given}" is not a level; use ${BOT_LEVELS.join(", ")}`);
  }
  const settings: SelfPlaySetting[] = options.all
    ? standardSettings()
    : [
        {
          label: options.informed || options.chameleon ? `${options.informed ?? "normal"} informed, ${options.chameleon ?? "normal"} chameleon` : `${options.level}, ${options.players} bots${humanSeat ? `, 1 human-like (${humanSeat})` : ""}`,
          players: options.players,
          levels: options.level === "mixed" && !options.informed && !options.chameleon ? "mixed" : { informed: (options.informed ?? options.level) as BotLevel, chameleon: (options.chameleon ?? options.level) as BotLevel },
          humanSeat,
        },
      ];
  console.log(`bench:self-play: the game's bots (clue book, else lexical), seed "${options.seed}", ${options.tables} tables a setting`);
  for (const setting of settings) {
    const started = performance.now();
    const outcomes = await playTables({ tables: options.tables, players: setting.players, seed: options.seed, levels: setting.levels, humanSeat: setting.humanSeat, coveredOnly: options.coveredOnly });
    printSetting(setting, outcomes, (performance.now() - started) / 1000, !options.all);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
