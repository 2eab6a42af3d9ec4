/**
 * How often the lexical bot, given a secret, says the clue a person wrote for it: the hand-written
 * associative clues (test/fixtures/clues/associative.jsonl) read as a judge-free measure of whether the
 * bot says what people say. Printed by `npm run bench:bot-sample`, per split.
 */
import type { Dataset } from "../../shared/sneak/types";
import type { ClueFixture } from "../evaluators/lexical/clue-fixtures";
import { gridOf } from "../evaluators/lexical/fixture-accuracy";
import { scoredLexicalClues } from "../lexicon/lexical-clue";
import { normalizePhrase } from "../lexicon/text";

export interface BotAgreement {
  /** Rows with a grid to read them on (their category and secret in the dataset). */
  n: number;
  /** The person's clue is among the bot's candidates. */
  amongCandidates: number;
  /** The bot's first choice is the person's clue. */
  firstChoice: number;
}

export function botAgreement(rows: readonly ClueFixture[], dataset: Dataset): BotAgreement {
  const out: BotAgreement = { n: 0, amongCandidates: 0, firstChoice: 0 };
  for (const row of rows) {
    const grid = gridOf(row, dataset);
    if ("reason" in grid) continue;
    const candidates = scoredLexicalClues({ category: grid.category, words: grid.words, secret: row.secret });
    // Both sides normalised: a candidate may keep a hyphen ("goal-kick") that the person's clue spells with a space, or the reverse.
    const clue = normalizePhrase(row.clue);
    const index = candidates.findIndex((c) => normalizePhrase(c.text) === clue);
    out.n++;
    if (index >= 0) out.amongCandidates++;
    if (index === 0) out.firstChoice++;
  }
  return out;
}
