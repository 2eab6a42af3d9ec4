/**
 * The clue book read for one live card: per grid word its book clues by grade, and per clue heard at the table
 * which grid words' books hold it or list it in alsoFits, so that a bot can ask "which words of this card does
 * this clue point at". The live grid may be the deck's card, a subset of the dataset's card the book was written
 * for (a family collapsed onto one word, a word not dealt): book words off the grid are read as the grid word they
 * were collapsed onto, or dropped. Book clues the live grid refuses (none should) are dropped too.
 */
import { LRUCache } from "lru-cache";
import { clueViolation, MAX_CLUE_WORDS, normalizeForComparison } from "../../shared/game/clue-validation";
import { loadDeck } from "../dataset/load-deck";
import type { ClueBook, ClueGrade, HeardClue } from "./clue-book";
import { clueForms, sameClue, sharesWord, type ClueForms } from "./clue-match";

export interface CardClue {
  text: string;
  grade: ClueGrade;
  /** The grid word whose book holds it. */
  holder: string;
  /** Other grid words it also fits (the book's alsoFits, on this grid). */
  alsoFits: readonly string[];
  /** What blind listeners heard, when the book records it. */
  heard?: HeardClue;
  forms: ClueForms;
}

/** How a heard clue matched a book clue: the same clue (up to form), or sharing a content word with it. */
export interface ClueMatch {
  entry: CardClue;
  closeness: "same" | "near";
}

export interface CardBook {
  category: string;
  /** The live grid, in its order. */
  words: readonly string[];
  /** Whether the book has clues for this grid word. */
  has(word: string): boolean;
  /** Whether every grid word has clues: a chameleon can read the whole card from the book. */
  readonly coversGrid: boolean;
  /** The grid word's book clues, legal on this grid, in the book's order. */
  cluesOf(word: string): readonly CardClue[];
  /** Every book clue on this card. */
  readonly entries: readonly CardClue[];
  /** The book clues the heard clue is (or is near): same-form matches first. */
  matching(clue: string): ClueMatch[];
}

let deckCollapse: Map<string, Map<string, string>> | undefined;

/** category → (dataset word → the deck word it was collapsed onto), from data/sneak-deck.json; empty when unreadable. */
function collapsedWords(category: string): ReadonlyMap<string, string> {
  if (!deckCollapse) {
    deckCollapse = new Map();
    try {
      for (const card of loadDeck().cards) deckCollapse.set(card.category, new Map(card.collapsed));
    } catch {
      // Without the deck only words on the grid as written are read; a custom card has no collapse anyway.
    }
  }
  return deckCollapse.get(category) ?? new Map();
}

/** The book's card for a category: by its name, else by its name compared as the game compares clues. */
function bookCard(book: ClueBook, category: string): Record<string, ClueBook["cards"][string][string]> | undefined {
  const exact = book.cards[category];
  if (exact) return exact;
  const key = normalizeForComparison(category);
  const found = Object.keys(book.cards).find((name) => normalizeForComparison(name) === key);
  return found === undefined ? undefined : book.cards[found];
}

function buildCardBook(book: ClueBook, category: string, words: readonly string[]): CardBook | undefined {
  const card = bookCard(book, category);
  if (!card) return undefined;
  const byKey = new Map(words.map((word) => [normalizeForComparison(word), word]));
  const collapsed = collapsedWords(category);
  const onGrid = (bookWord: string): string | undefined => byKey.get(normalizeForComparison(bookWord)) ?? byKey.get(normalizeForComparison(collapsed.get(bookWord) ?? ""));
  const bySecret = new Map<string, CardClue[]>();
  for (const [bookSecret, clues] of Object.entries(card)) {
    const holder = onGrid(bookSecret);
    if (holder === undefined) continue;
    const list = bySecret.get(holder) ?? [];
    for (const clue of clues) {
      if (clueViolation(clue.clue, words, MAX_CLUE_WORDS)) continue;
      const forms = clueForms(clue.clue);
      // A collapsed family's two books may both hold a clue: keep the first.
      if (list.some((other) => sameClue(other.forms, forms))) continue;
      const alsoFits = [...new Set(clue.alsoFits.map(onGrid).filter((w): w is string => w !== undefined && w !== holder))];
      list.push({ text: clue.clue, grade: clue.grade, holder, alsoFits, heard: clue.heard, forms });
    }
    bySecret.set(holder, list);
  }
  if (bySecret.size === 0) return undefined;
  const entries = [...bySecret.values()].flat();
  const matches = new LRUCache<string, ClueMatch[]>({ max: 256 });
  return {
    category,
    words,
    has: (word) => (bySecret.get(word)?.length ?? 0) > 0,
    coversGrid: words.every((word) => (bySecret.get(word)?.length ?? 0) > 0),
    cluesOf: (word) => bySecret.get(word) ?? [],
    entries,
    matching(clue) {
      let found = matches.get(clue);
      if (!found) {
        const forms = clueForms(clue);
        const same = entries.filter((entry) => sameClue(entry.forms, forms));
        const near = entries.filter((entry) => !same.includes(entry) && sharesWord(entry.forms, forms));
        found = [...same.map((entry) => ({ entry, closeness: "same" as const })), ...near.map((entry) => ({ entry, closeness: "near" as const }))];
        matches.set(clue, found);
      }
      return found;
    },
  };
}

const indexes = new WeakMap<ClueBook, LRUCache<string, CardBook | false>>();

/** The book read for this live card (cached per book and grid), or undefined when the book has no clue for any of its words. */
export function cardBookFor(book: ClueBook, category: string, words: readonly string[]): CardBook | undefined {
  let cache = indexes.get(book);
  if (!cache) indexes.set(book, (cache = new LRUCache({ max: 512 })));
  const key = [category, ...words].join("\u0001");
  let found = cache.get(key);
  if (found === undefined) cache.set(key, (found = buildCardBook(book, category, words) ?? false));
  return found || undefined;
}
