/**
 * Whom to suspect, reading the clues with the clue book. An informed voter trusts a clue the secret's book holds
 * (or one near a book clue, or one whose book lists the secret in alsoFits): that is a clue people give for it, and
 * a human who gives it must not be the table's favourite suspect. A clue the book holds for other words only is a
 * bluff's mark, the more so the plainer its grade and the better the clues before it explain it (a chameleon's
 * bluff follows what the table points at). A clue the book knows nothing like is read by how near it sits to each
 * word's book clues (vector-reading.ts), the same way; failing that, by the lexical model, between the two. The chameleon, not knowing the secret, suspects the clue that fits the others' consensus worst.
 */
import type { CardBook } from "./card-index";
import { bookFit, clueFit, tableBelief, type UnknownClueReader } from "./table-reading";

export interface BookSuspectRequest {
  card: CardBook;
  /** Known to an informed voter; null for the chameleon. */
  secret: string | null;
  clues: readonly { playerId: string; clue: string }[];
  /** The voter: left out, and (as the chameleon) its own clue is no evidence. */
  self?: string;
  /** The lexical model's suspicion of a clue neither the book nor the unknown reader can read, said after `before` (informed voters). */
  unknownSuspicion?: (clue: string, before: readonly string[]) => number;
  /** The reading of a clue the book does not know (vector-reading.ts), for both roles. */
  unknown?: UnknownClueReader;
}

export interface BookSuspect {
  playerId: string;
  /** Higher is more suspicious. */
  suspicion: number;
}

/** How much a bluff-like clue (one the clues before it explain better than the secret does) adds, per nat. */
export const FOLLOWS_TABLE_WEIGHT = 0.5;
/** Where a clue nothing can read sits: about a subtle clue of another word, give or take the lexical model's suspicion. */
export const UNKNOWN_BASE = 1;
export const UNKNOWN_SPREAD = 0.9;

/** An informed voter's suspicion of one clue, after the clues `before` it. */
function informedSuspicion(request: BookSuspectRequest, secretIndex: number, before: readonly string[], clue: string): number {
  // A clue the book does not hold is read by how near it sits to each word's book (the unknown reader), as a book clue is.
  const fit = bookFit(request.card, clue) ?? request.unknown?.(clue) ?? null;
  if (!fit) {
    const lexical = request.unknownSuspicion?.(clue, before) ?? 0;
    return UNKNOWN_BASE + UNKNOWN_SPREAD * Math.tanh(lexical / 3);
  }
  const fitsSecret = fit[secretIndex];
  const belief = tableBelief(request.card, before, request.unknown);
  // How much better "a chameleon following the earlier clues" explains the clue than "a player who knows the secret".
  const followsTable = belief.reduce((sum, b, i) => sum + b * fit[i], 0) / fitsSecret;
  return -Math.log(fitsSecret) + FOLLOWS_TABLE_WEIGHT * Math.log(followsTable);
}

/** Other players' clues, most suspicious first (ties in clue order). */
export function bookSuspects(request: BookSuspectRequest): BookSuspect[] {
  const { card, clues, self } = request;
  const secretIndex = request.secret === null ? -1 : card.words.indexOf(request.secret);
  let ranked: (BookSuspect & { order: number })[];
  if (secretIndex >= 0) {
    ranked = clues.flatMap(({ playerId, clue }, order) => {
      if (playerId === self) return [];
      const before = clues.slice(0, order).map((c) => c.clue);
      return [{ playerId, suspicion: informedSuspicion(request, secretIndex, before, clue), order }];
    });
  } else {
    const others = clues.filter((c) => c.playerId !== self);
    ranked = others.map(({ playerId, clue }, order) => {
      // The consensus of the other clues, without this one, so that a clue does not vouch for itself.
      const belief = tableBelief(card, others.filter((_, i) => i !== order).map((c) => c.clue), request.unknown);
      const fit = clueFit(card, clue, request.unknown);
      const suspicion = fit ? belief.reduce((sum, b, i) => sum - b * Math.log(Math.max(fit[i], 1e-6)), 0) : 0;
      return { playerId, suspicion, order };
    });
  }
  return ranked.sort((a, b) => b.suspicion - a.suspicion || a.order - b.order).map(({ playerId, suspicion }) => ({ playerId, suspicion }));
}
