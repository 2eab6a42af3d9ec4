/**
 * Informed lexical bots taking turns on one secret, as a table's seat driver plays them: each bot sees the clues
 * before its own and may not repeat them (server/agents/lexical-brain.ts). A secret with few candidates leaves
 * the later bots with nothing but the category's words, which the first bot's figures alone do not show.
 */
import { createLexicalBrain } from "../agents/lexical-brain";
import type { ClueBook } from "../clue-book/clue-book";
import { fallbackClue } from "../lexicon/lexical-clue";
import { MAX_CLUE_WORDS } from "../../shared/game/clue-validation";
import type { Instance } from "../../shared/sneak/types";

export interface SeatClue {
  clue: string;
  /** The category's words, then a word for the kind, then "something": no candidate about the secret was left for this bot. */
  fallback: boolean;
}

/** The clues of `seats` informed bots in turn on each instance, in dataset order. `book`: the bots' default (data/clue-book.json), or null for the lexical model alone. */
export function informedSeats(instances: readonly Instance[], seats: number, book?: ClueBook | null): SeatClue[][] {
  const brain = createLexicalBrain(book);
  return instances.map((instance) => {
    const said: SeatClue[] = [];
    for (let seat = 0; seat < seats; seat++) {
      const clues = said.map((s, i) => ({ playerId: `bot-${i}`, text: s.clue }));
      const view = { playerId: `bot-${seat}`, category: instance.category, words: [...instance.words], secret: instance.secret, clues, players: [], maxClueWords: MAX_CLUE_WORDS, seed: `${instance.id}/${seat}` };
      const clue = brain.informedClueWithSource(view, []).text;
      said.push({ clue, fallback: clue === fallbackClue(instance.category, instance.words, clues.map((c) => c.text)) });
    }
    return said;
  });
}

/** How many instances' bot at each place in turn fell back. */
export function fallbacksBySeat(rounds: readonly SeatClue[][]): number[] {
  const counts: number[] = [];
  for (const round of rounds) round.forEach((s, seat) => (counts[seat] = (counts[seat] ?? 0) + (s.fallback ? 1 : 0)));
  return counts;
}
