/**
 * The listeners a lexical bot imagines at the table, one per kind of knowledge it has: WordNet alone, the word
 * vectors alone, and everything together with people's word associations. A clue is good when it does well
 * with all of them, so that its quality is not an accident of one source (a clue only WordNet finds vague
 * may be plain to a person who knows what the vectors or the association norms know).
 *
 * For each listener the bot asks what SNEAK measures (docs/LEXICAL.md, "How the bot chooses"):
 *   utility: would an informed listener pick this clue out from messages that say nothing about any one word
 *            (the ally's centred score against neutral decoys: the bot never sees a card's real decoys);
 *   leakage: would a chameleon name the secret from the informed clues said so far and this one.
 */
import { normalizeAboveChance } from "../../shared/sneak/metrics";
import { createLexicalEvaluator, createLexicalEvaluatorForSpec, type LexicalEvaluator } from "../evaluators/lexical/index";
import { softmax } from "../evaluators/lexical/softmax";

/** Decoys the ally is imagined to weigh a clue against: the benchmark's |M| − 1. */
const IMAGINED_DECOYS = 5;

export interface ListenerReading {
  listener: string;
  /** Utility (normalised above chance, 0 to 1) against neutral decoys. */
  utility: number;
  /** Leakage (normalised above chance) of the round's informed clues with this one. */
  leakage: number;
  /** This listener's chameleon distribution over the grid, given the clues read. */
  distribution: number[];
}

let shared: LexicalEvaluator[] | undefined;

/**
 * The panel: WordNet alone and the vectors alone (the judges `lexical:wordnet` and `lexical:vectors`), and the
 * combined judge with people's associations but without its ally's category term (a topical word gives a
 * category-level message some utility, which a bot that must single out the secret should not count on).
 */
export function tableListeners(): readonly LexicalEvaluator[] {
  return (shared ??= [createLexicalEvaluatorForSpec("lexical:wordnet"), createLexicalEvaluatorForSpec("lexical:vectors"), createLexicalEvaluator({ weights: { category: 0 } })]);
}

export interface ClueContext {
  category: string;
  words: readonly string[];
  secret: string;
  /** Clues already said that a chameleon reads as the informed players' (the bot's own reading of the table). */
  informedClues?: readonly string[];
}

/** How each listener reads `clue` said after the context's informed clues. */
export function readClue(context: ClueContext, clue: string, listeners: readonly LexicalEvaluator[] = tableListeners()): ListenerReading[] {
  const words = [...context.words];
  const secretIndex = words.indexOf(context.secret);
  const clues = [...(context.informedClues ?? []), clue];
  return listeners.map((judge) => {
    const [centred] = judge.allyScores({ category: context.category, words, secret: context.secret, options: [clue] });
    // Neutral decoys say nothing about any one word: 0 after the ally's centring.
    const pAlly = softmax([centred, ...Array(IMAGINED_DECOYS).fill(0)], judge.allyBeta)[0];
    const distribution = judge.chameleonJudgement({ category: context.category, options: words, clues }).probabilities;
    return {
      listener: judge.id,
      utility: normalizeAboveChance(pAlly, IMAGINED_DECOYS + 1),
      leakage: secretIndex < 0 ? 0 : normalizeAboveChance(distribution[secretIndex] ?? 0, words.length),
      distribution,
    };
  });
}

/** The mean over listeners of utility × (1 − leakage): the SoftScore the listeners expect. */
export function expectedSoftScore(readings: readonly ListenerReading[]): number {
  if (readings.length === 0) return 0;
  return readings.reduce((sum, r) => sum + r.utility * (1 - r.leakage), 0) / readings.length;
}

/**
 * What the bot aims at: the listeners' mean utility × (1 − the highest leakage)^secrecy. Understanding is
 * averaged (an informed player who knows what any of the sources knows will see the link); leakage is the
 * worst case, since a chameleon needs only one source that gives the secret away ("meow" says cat to people
 * however vague WordNet finds it).
 */
export function tableOutcome(readings: readonly ListenerReading[], secrecy = 1): number {
  if (readings.length === 0) return 0;
  const utility = readings.reduce((sum, r) => sum + r.utility, 0) / readings.length;
  const leakage = Math.max(...readings.map((r) => r.leakage));
  return utility * (1 - leakage) ** secrecy;
}
