/**
 * `npm run bench:bot-sample [-- --generator bot|lexical] [--seed S] [--size N] [--verdicts FILE] [--seats N]`: the
 * bot's clue on every instance of the dataset, as `npm run bench -- --generator G` chooses it (default `bot`, the
 * bot as it plays: from the clue book where it covers the card; `lexical`, the lexical model alone), then
 *   - how many of them the game's own clue check refuses (shared/game/clue-validation.ts), which must be 0,
 *     and how many are obscenities or slurs (server/lexicon/offensive-words.ts), which must be 0 too;
 *   - how many fall back to the category's name, and how many come from each kind of source;
 *   - with --seats N, the same for N informed bots taking turns on each secret, each avoiding the clues before
 *     it (bot-seats.ts): how many of the second, third … bots fall back (and of those, how many had nothing left
 *     but "something"), and how many of their clues are offensive;
 *   - a sample of N of them (default 100) drawn with the seed (default "bot-sample"), as a Markdown table to
 *     judge by the rubric in docs/BOT-SAMPLE.md;
 *   - how often it says the clue a person wrote for the secret (the hand-written associative clues, per
 *     split; bot-agreement.ts);
 *   - with --verdicts, the verdicts recorded in that file for the same sample: how many match the current
 *     clues, and how many of those are plausible.
 * Exits 1 when a clue is illegal or offensive, or a recorded verdict names a different clue than the bot now gives.
 */
import { readFileSync } from "node:fs";
import { loadDataset } from "../dataset/load-dataset";
import { readClueFixtures, SPLITS } from "../evaluators/lexical/clue-fixtures";
import { botAgreement } from "./bot-agreement";
import { fallbacksBySeat, informedSeats } from "./bot-seats";
import { isOffensive } from "../lexicon/offensive-words";
import { getWordNet } from "../lexicon/wordnet";
import { createLexicalGenerator } from "../generators/lexical";
import { createBotGenerator } from "../generators/bot";
import { answeredWhenAsked } from "../lexicon/associations/linked-by-people";
import { getRelatedness } from "../lexicon/relatedness";
import { clueViolation, MAX_CLUE_WORDS } from "../../shared/game/clue-validation";
import { instancesOf } from "../../shared/sneak/dataset";
import { seededRng, shuffled } from "../../shared/random";
import type { Instance } from "../../shared/sneak/types";

export const DEFAULT_SAMPLE_SEED = "last-call";
export const DEFAULT_SAMPLE_SIZE = 100;

export interface BotClue {
  instance: Instance;
  clue: string;
  source: string;
}

/** Which generator the sample reads: the bot as it plays (clue book, else lexical), or the lexical model alone. */
export type SampleGenerator = "bot" | "lexical";
export const DEFAULT_SAMPLE_GENERATOR: SampleGenerator = "bot";

/** The bot's clue for each instance, in dataset order. */
export async function botClues(instances: readonly Instance[], which: SampleGenerator = DEFAULT_SAMPLE_GENERATOR): Promise<BotClue[]> {
  const generator = which === "bot" ? createBotGenerator() : createLexicalGenerator();
  const out: BotClue[] = [];
  for (const instance of instances) {
    const { message, detail } = await generator.generate(instance);
    out.push({ instance, clue: message, source: String((detail as { source?: unknown } | undefined)?.source ?? "") });
  }
  return out;
}

/** The clues the game would refuse, with the reason. */
export function illegalClues(clues: readonly BotClue[]): { id: string; clue: string; reason: string }[] {
  return clues.flatMap(({ instance, clue }) => {
    const violation = clueViolation(clue, instance.words, MAX_CLUE_WORDS);
    return violation ? [{ id: instance.id, clue, reason: violation.message }] : [];
  });
}

/** Sources named by the bot's detail that are not WordNet relations (whose sources are pointer symbols such as "@" or "%p"). */
const NAMED_SOURCES = new Set(["book", "lexical", "association", "definition", "defined-by", "vectors", "attribute", "fallback"]);

/** How many clues came from each kind of source, WordNet relations counted together, most first. */
export function sourceCounts(clues: readonly BotClue[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { source } of clues) {
    const kind = NAMED_SOURCES.has(source) ? source : "relation";
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return new Map([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

/** `size` of the clues, drawn without replacement with the seed, in the order drawn. */
export function sampleClues(clues: readonly BotClue[], seed: string, size: number): BotClue[] {
  return shuffled(clues, seededRng(seed)).slice(0, size);
}

/** Rows "| n | id | clue | verdict | note |" of a verdicts file, by number. */
export function readVerdicts(text: string): Map<number, { id: string; clue: string; verdict: string }> {
  const rows = new Map<number, { id: string; clue: string; verdict: string }>();
  for (const line of text.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < 6 || !/^\d+$/.test(cells[1])) continue;
    rows.set(Number(cells[1]), { id: cells[2], clue: cells[3], verdict: cells[4] });
  }
  return rows;
}

/** A sample's clues against the verdicts recorded for it: the rows that name another instance or clue, and how many of the rest were judged plausible. */
export function compareVerdicts(
  sample: readonly BotClue[],
  verdicts: ReadonlyMap<number, { id: string; clue: string; verdict: string }>,
): { mismatches: { row: number; recorded?: { id: string; clue: string }; current: { id: string; clue: string } }[]; matching: number; plausible: number } {
  const mismatches: { row: number; recorded?: { id: string; clue: string }; current: { id: string; clue: string } }[] = [];
  let plausible = 0;
  sample.forEach((c, i) => {
    const recorded = verdicts.get(i + 1);
    if (!recorded || recorded.id !== c.instance.id || recorded.clue !== c.clue) {
      mismatches.push({ row: i + 1, recorded: recorded && { id: recorded.id, clue: recorded.clue }, current: { id: c.instance.id, clue: c.clue } });
      return;
    }
    if (recorded.verdict.toLowerCase().startsWith("yes")) plausible++;
  });
  return { mismatches, matching: sample.length - mismatches.length, plausible };
}

/** How many clues the word-association norms asked, split by whether people then answered the secret (lexical-clue.ts's evokes factor). */
export function evokingCounts(clues: readonly BotClue[]): { evoking: number; notEvoking: number; notAsked: number } {
  const r = getRelatedness();
  const out = { evoking: 0, notEvoking: 0, notAsked: 0 };
  for (const { instance, clue } of clues) {
    const answered = answeredWhenAsked(r, clue, instance.secret);
    if (answered === undefined) out.notAsked++;
    else if (answered) out.evoking++;
    else out.notEvoking++;
  }
  return out;
}

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(args: string[]): Promise<void> {
  const seed = flag(args, "--seed") ?? DEFAULT_SAMPLE_SEED;
  const size = Number(flag(args, "--size") ?? DEFAULT_SAMPLE_SIZE);
  const verdictsPath = flag(args, "--verdicts");
  const seats = Number(flag(args, "--seats") ?? 1);
  const which = flag(args, "--generator") ?? DEFAULT_SAMPLE_GENERATOR;
  if (which !== "bot" && which !== "lexical") throw new Error(`--generator takes bot or lexical, not "${which}"`);
  if (!Number.isInteger(seats) || seats < 1 || seats > 12) throw new Error(`--seats takes a whole number from 1 to 12, not "${flag(args, "--seats")}"`);
  const started = performance.now();
  const dataset = loadDataset();
  const clues = await botClues(instancesOf(dataset), which);
  const illegal = illegalClues(clues);
  let failed = illegal.length > 0;
  console.log(`${which === "bot" ? "the bot as it plays (clue book, else lexical)" : "lexical bot"}: ${clues.length} instances (whole dataset) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  console.log(`illegal clues (refused by the game's clue check): ${illegal.length} of ${clues.length}`);
  for (const bad of illegal) console.log(`  ${bad.id}: "${bad.clue}" — ${bad.reason}`);
  const offensive = clues.filter((c) => isOffensive(c.clue, getWordNet()));
  if (offensive.length > 0) failed = true;
  console.log(`offensive clues (obscenities and slurs, server/lexicon/offensive-words.ts): ${offensive.length} of ${clues.length}`);
  for (const bad of offensive) console.log(`  ${bad.instance.id}: "${bad.clue}"`);
  const fallbacks = clues.filter((c) => c.source === "fallback").length;
  console.log(`fallback clues (the category's head word, no candidate survived): ${fallbacks}`);
  if (seats > 1) {
    const rounds = informedSeats(clues.map((c) => c.instance), seats);
    const said = rounds.flat();
    const offensiveInTurn = said.filter((s) => isOffensive(s.clue, getWordNet())).length;
    const nothingLeft = Array.from({ length: seats }, (_, seat) => rounds.filter((round) => round[seat]?.clue === "something").length);
    console.log(`${seats} informed bots in turn, each avoiding the clues before it: fallbacks by place ${fallbacksBySeat(rounds).join(" / ")} of ${clues.length} ("something" ${nothingLeft.join(" / ")}); offensive clues ${offensiveInTurn} of ${said.length}`);
    if (offensiveInTurn > 0) failed = true;
  }
  const bySource = sourceCounts(clues);
  console.log(`by source: ${[...bySource].map(([kind, n]) => `${kind} ${n}`).join(", ")}`);
  const asked = evokingCounts(clues);
  console.log(`clues the word-association norms asked: ${asked.evoking} answered with the secret, ${asked.notEvoking} never (ranked at half); ${asked.notAsked} not asked`);
  const associative = readClueFixtures("associative");
  for (const split of SPLITS) {
    const agreement = botAgreement(associative.filter((row) => row.split === split), dataset);
    console.log(`hand-written associative clues (${split}): the bot says the person's clue for ${agreement.firstChoice} of ${agreement.n}; it is among the candidates it weighs for ${agreement.amongCandidates}`);
  }
  const sample = sampleClues(clues, seed, size);
  console.log(`\nsample of ${sample.length}, seed "${seed}":\n`);
  console.log("| # | instance | clue | source |");
  console.log("|---|---|---|---|");
  sample.forEach((c, i) => console.log(`| ${i + 1} | ${c.instance.id} | ${c.clue} | ${c.source} |`));
  if (verdictsPath) {
    const { mismatches, matching, plausible } = compareVerdicts(sample, readVerdicts(readFileSync(verdictsPath, "utf8")));
    for (const { row, recorded, current } of mismatches) {
      console.log(`verdict ${row}: recorded ${recorded ? `"${recorded.clue}" for ${recorded.id}` : "nothing"}, the bot now says "${current.clue}" for ${current.id}`);
    }
    if (mismatches.length > 0) failed = true;
    console.log(`\nverdicts in ${verdictsPath}: ${matching} of ${sample.length} match the current clues; plausible: ${plausible} of ${matching}`);
  }
  if (failed) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv.slice(2));
