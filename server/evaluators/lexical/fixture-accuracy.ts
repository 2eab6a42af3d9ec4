/**
 * How well a judge reads the hand-written clues: the chameleon's top-1 accuracy at naming the
 * secret among the category's words, and the ally's at picking the clue among the category's
 * decoys. Option orders are seeded shuffles, so a run is reproducible and position cannot help.
 */
import { argmaxSet } from "../../../shared/sneak/metrics";
import type { Dataset, Evaluator, Judgement } from "../../../shared/sneak/types";
import { hashSeed, seededRng, shuffled } from "../../../shared/random";
import type { ClueFixture } from "./clue-fixtures";

export interface FixtureOutcome {
  fixture: ClueFixture;
  /** 1 when the secret is the unique argmax, 1/k when tied with k−1 others, else 0. */
  chameleonTop1: number;
  chameleonP: number;
  allyTop1: number;
  allyP: number;
}

export interface AccuracySummary {
  n: number;
  chameleonTop1: number;
  /** Mean probability of the secret, and of the clue for the ally: what β calibrates. */
  chameleonP: number;
  chameleonLogLoss: number;
  allyTop1: number;
  allyP: number;
  allyLogLoss: number;
  /** Chance levels: 1/|W| and 1/|M| averaged over the rows. */
  chameleonChance: number;
  allyChance: number;
}

/** Top-1 with set semantics for ties: the expected accuracy of a uniform tie-break. */
function top1(judgement: Judgement, index: number): number {
  const winners = argmaxSet(judgement.probabilities);
  return winners.has(index) ? 1 / winners.size : 0;
}

/** Rows whose category or secret is not in the dataset, with the reason (the fixture test requires none). */
export function unknownFixtures(rows: readonly ClueFixture[], dataset: Dataset): { fixture: ClueFixture; reason: string }[] {
  const out: { fixture: ClueFixture; reason: string }[] = [];
  for (const fixture of rows) {
    const entry = dataset.categories.find((c) => c.category === fixture.category);
    if (!entry) out.push({ fixture, reason: `no category "${fixture.category}"` });
    else if (!entry.words.includes(fixture.secret)) out.push({ fixture, reason: `"${fixture.secret}" is not a word of "${fixture.category}"` });
  }
  return out;
}

export async function fixtureOutcomes(evaluator: Evaluator, rows: readonly ClueFixture[], dataset: Dataset, options: { seed?: number; decoys?: number } = {}): Promise<FixtureOutcome[]> {
  const seed = options.seed ?? 0;
  const decoyCount = options.decoys ?? 5;
  const outcomes: FixtureOutcome[] = [];
  for (const fixture of rows) {
    const entry = dataset.categories.find((c) => c.category === fixture.category);
    if (!entry || !entry.words.includes(fixture.secret)) continue;
    const rng = seededRng(hashSeed(`${seed}/${fixture.category}/${fixture.secret}/${fixture.clue}`));
    const words = shuffled(entry.words, rng);
    const chameleon = await evaluator.chameleon({ category: entry.category, options: words, clues: [fixture.clue] });
    const messages = shuffled([fixture.clue, ...entry.decoys.filter((d) => d !== fixture.clue).slice(0, decoyCount)], rng);
    const ally = await evaluator.ally({ category: entry.category, words: entry.words, secret: fixture.secret, options: messages });
    const secretIndex = words.indexOf(fixture.secret);
    const clueIndex = messages.indexOf(fixture.clue);
    outcomes.push({
      fixture,
      chameleonTop1: chameleon.failure ? 0 : top1(chameleon, secretIndex),
      chameleonP: chameleon.failure ? 0 : chameleon.probabilities[secretIndex],
      allyTop1: ally.failure ? 0 : top1(ally, clueIndex),
      allyP: ally.failure ? 0 : ally.probabilities[clueIndex],
    });
  }
  return outcomes;
}

export function summarize(outcomes: readonly FixtureOutcome[], dataset: Dataset, decoys = 5): AccuracySummary {
  const n = outcomes.length;
  const mean = (f: (o: FixtureOutcome) => number) => (n === 0 ? NaN : outcomes.reduce((s, o) => s + f(o), 0) / n);
  const wordsOf = (o: FixtureOutcome) => dataset.categories.find((c) => c.category === o.fixture.category)?.words.length ?? NaN;
  const messagesOf = (o: FixtureOutcome) => 1 + Math.min(decoys, dataset.categories.find((c) => c.category === o.fixture.category)?.decoys.length ?? 0);
  return {
    n,
    chameleonTop1: mean((o) => o.chameleonTop1),
    chameleonP: mean((o) => o.chameleonP),
    chameleonLogLoss: mean((o) => -Math.log(Math.max(o.chameleonP, 1e-12))),
    allyTop1: mean((o) => o.allyTop1),
    allyP: mean((o) => o.allyP),
    allyLogLoss: mean((o) => -Math.log(Math.max(o.allyP, 1e-12))),
    chameleonChance: mean((o) => 1 / wordsOf(o)),
    allyChance: mean((o) => 1 / messagesOf(o)),
  };
}
