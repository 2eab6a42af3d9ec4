/**
 * How well a judge reads the hand-written clues: the chameleon's top-1 accuracy at naming the
 * secret among the category's words, and the ally's at picking the clue among the category's
 * decoys. Option orders are seeded shuffles, so a run is reproducible and position cannot help.
 */
import { normalizeForComparison } from "../../../shared/game/clue-validation";
import { argmaxSet } from "../../../shared/sneak/metrics";
import type { Dataset, Evaluator, Judgement } from "../../../shared/sneak/types";
import { hashSeed, seededRng, shuffled } from "../../../shared/random";
import type { ClueFixture } from "./clue-fixtures";

export interface FixtureOutcome {
  fixture: ClueFixture;
  /** 1 when the secret is the unique argmax, 1/k when tied with k−1 others, else 0. */
  chameleonTop1: number;
  chameleonP: number;
  /** NaN when the row has no decoys for the ally (a grid from a clue file, given without them). */
  allyTop1: number;
  allyP: number;
  /** The grid's words and the ally's messages (clue + decoys, 0 without decoys): what chance is. */
  wordCount: number;
  messageCount: number;
}

export interface AccuracySummary {
  n: number;
  chameleonTop1: number;
  /** Mean probability of the secret, and of the clue for the ally: what β calibrates. */
  chameleonP: number;
  chameleonLogLoss: number;
  /** Over the rows that have decoys: NaN when none has. */
  allyN: number;
  allyTop1: number;
  allyP: number;
  allyLogLoss: number;
  /** Chance levels: 1/|W| and 1/|M| averaged over the rows. */
  chameleonChance: number;
  allyChance: number;
}

/** The grid a row is read on: its own (a clue file's `words`), else its category's in the dataset; or why there is none. */
export function gridOf(fixture: ClueFixture, dataset: Dataset, decoyCount = 5): { category: string; words: readonly string[]; decoys: readonly string[] } | { reason: string } {
  const entry = dataset.categories.find((c) => c.category === fixture.category);
  if (fixture.words) {
    if (!fixture.words.includes(fixture.secret)) return { reason: `"${fixture.secret}" is not among the line's words` };
  } else {
    if (!entry) return { reason: `no category "${fixture.category}"` };
    if (!entry.words.includes(fixture.secret)) return { reason: `"${fixture.secret}" is not a word of "${fixture.category}"` };
  }
  const decoys = (fixture.decoys ?? entry?.decoys ?? []).filter((d) => d !== fixture.clue).slice(0, decoyCount);
  return { category: fixture.category, words: fixture.words ?? entry!.words, decoys };
}

/** Top-1 with set semantics for ties: the expected accuracy of a uniform tie-break. */
function top1(judgement: Judgement, index: number): number {
  const winners = argmaxSet(judgement.probabilities);
  return winners.has(index) ? 1 / winners.size : 0;
}

/**
 * Rows as the dataset (or the row's own grid) spells their category and secret, matched as the game compares
 * words (case, accents, spaces and punctuation aside: "Academic Subject", "non fiction"); rows that match
 * nothing are kept as they are, for unknownFixtures to report.
 */
export function matchedToDataset(rows: readonly ClueFixture[], dataset: Dataset): ClueFixture[] {
  const categories = new Map(dataset.categories.map((entry) => [normalizeForComparison(entry.category), entry]));
  const spelledIn = (words: readonly string[], word: string) => words.find((w) => normalizeForComparison(w) === normalizeForComparison(word)) ?? word;
  return rows.map((row) => {
    // A row with its own grid keeps its category as written; its secret is spelled as in its words.
    if (row.words) return { ...row, secret: spelledIn(row.words, row.secret) };
    const entry = categories.get(normalizeForComparison(row.category));
    if (!entry) return row;
    return { ...row, category: entry.category, secret: spelledIn(entry.words, row.secret) };
  });
}

/** Rows with no grid to read them on (category or secret not in the dataset, nor a grid of their own), with the reason. */
export function unknownFixtures(rows: readonly ClueFixture[], dataset: Dataset): { fixture: ClueFixture; reason: string }[] {
  const out: { fixture: ClueFixture; reason: string }[] = [];
  for (const fixture of rows) {
    const grid = gridOf(fixture, dataset);
    if ("reason" in grid) out.push({ fixture, reason: grid.reason });
  }
  return out;
}

export async function fixtureOutcomes(evaluator: Evaluator, rows: readonly ClueFixture[], dataset: Dataset, options: { seed?: number; decoys?: number } = {}): Promise<FixtureOutcome[]> {
  const seed = options.seed ?? 0;
  const outcomes: FixtureOutcome[] = [];
  for (const fixture of rows) {
    const grid = gridOf(fixture, dataset, options.decoys ?? 5);
    if ("reason" in grid) continue;
    const rng = seededRng(hashSeed(`${seed}/${fixture.category}/${fixture.secret}/${fixture.clue}`));
    const words = shuffled(grid.words, rng);
    const chameleon = await evaluator.chameleon({ category: grid.category, options: words, clues: [fixture.clue] });
    const secretIndex = words.indexOf(fixture.secret);
    let allyTop1 = NaN;
    let allyP = NaN;
    let messageCount = 0;
    if (grid.decoys.length > 0) {
      const messages = shuffled([fixture.clue, ...grid.decoys], rng);
      const ally = await evaluator.ally({ category: grid.category, words: [...grid.words], secret: fixture.secret, options: messages });
      const clueIndex = messages.indexOf(fixture.clue);
      allyTop1 = ally.failure ? 0 : top1(ally, clueIndex);
      allyP = ally.failure ? 0 : ally.probabilities[clueIndex];
      messageCount = messages.length;
    }
    outcomes.push({
      fixture,
      chameleonTop1: chameleon.failure ? 0 : top1(chameleon, secretIndex),
      chameleonP: chameleon.failure ? 0 : chameleon.probabilities[secretIndex],
      allyTop1,
      allyP,
      wordCount: grid.words.length,
      messageCount,
    });
  }
  return outcomes;
}

export function summarize(outcomes: readonly FixtureOutcome[]): AccuracySummary {
  const withAlly = outcomes.filter((o) => o.messageCount > 0);
  const mean = (rows: readonly FixtureOutcome[], f: (o: FixtureOutcome) => number) => (rows.length === 0 ? NaN : rows.reduce((s, o) => s + f(o), 0) / rows.length);
  return {
    n: outcomes.length,
    chameleonTop1: mean(outcomes, (o) => o.chameleonTop1),
    chameleonP: mean(outcomes, (o) => o.chameleonP),
    chameleonLogLoss: mean(outcomes, (o) => -Math.log(Math.max(o.chameleonP, 1e-12))),
    allyN: withAlly.length,
    allyTop1: mean(withAlly, (o) => o.allyTop1),
    allyP: mean(withAlly, (o) => o.allyP),
    allyLogLoss: mean(withAlly, (o) => -Math.log(Math.max(o.allyP, 1e-12))),
    chameleonChance: mean(outcomes, (o) => 1 / o.wordCount),
    allyChance: mean(withAlly, (o) => 1 / o.messageCount),
  };
}
