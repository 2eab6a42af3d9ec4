/**
 * The game's deck: the dataset's cards with near-duplicates collapsed for play, so that one
 * referent keeps one word. The benchmark keeps the dataset as the paper's procedure makes it;
 * at a table, "oak" beside "oak tree" means a clue for one points at both and the chameleon's
 * odds double. Two words of a card are one referent for play when
 *
 *  1. one is a phrase holding the other as whole words, and WordNet says the phrase names the
 *     other's thing or a kind of it: the phrase shares a synset with the word ("oak tree" /
 *     "oak", "ice hockey" / "hockey", "common cold" / "cold"), or the word's synset is among the
 *     phrase's hypernyms ("swimming pool" is a pool, "red wine" a wine, "machine gun" a gun), or
 *     the phrase's other words name the word's class (a hypernym of it or the category's head:
 *     "pine" + "tree"). "ice cream" is not a kind of cream and stays beside it;
 *  2. or both are single words of one stem of at least 5 letters with a learned ending
 *     (-ic, -ics, -ian, -ician, -ist, -y, -ry, -ism, -ia, -s): "paediatric" / "paediatrician",
 *     "psychiatrist" / "psychiatry", "buddhism" / "buddhist".
 *
 * Synonyms with no word in common ("sofa" / "couch") are not collapsed: WordNet's synonymy is
 * too loose to trust alone (it makes "pond" and "pool" one word). A family keeps its word that
 * comes first on the card, the most produced.
 *
 * A word never dealt (words-not-dealt.ts) is left off its cards before the rule runs.
 */
import type { Synset, WordNet } from "../lexicon/types";
import type { Dataset } from "../../shared/sneak/types";
import { DEFAULT_POOL_MIN_WORDS } from "../../shared/game/settings";
import { ancestorIds, sensesOf } from "./word-senses";
import { dealtWords, WORDS_NOT_DEALT } from "./words-not-dealt";

const MIN_STEM = 5;
const LEARNED_ENDINGS = new Set(["", "s", "ic", "ics", "ical", "ian", "ician", "ist", "ists", "y", "ry", "ism", "ia"]);

export interface DeckCard {
  category: string;
  /** The dataset's words in their order, each collapsed family represented by its first word. */
  words: string[];
  /** Each dropped word and the word that now stands for it, in card order. */
  collapsed: [dropped: string, keptAs: string][];
  /** The words of the dataset's card that the game never deals (WORDS_NOT_DEALT), left off this one. */
  notDealt: string[];
}

export interface Deck {
  name: string;
  description: string;
  cards: DeckCard[];
}

function nounSenses(word: string, wordNet: WordNet): Synset[] {
  return sensesOf(word, wordNet).filter((s) => s.pos === "n");
}

/** Where `part`'s tokens sit as a run inside `phrase`'s tokens: the other tokens, or undefined. */
function tokensAround(phrase: string, part: string): string[] | undefined {
  const outer = phrase.split(/[\s-]+/);
  const inner = part.split(/[\s-]+/);
  if (outer.length <= inner.length) return undefined;
  for (let at = 0; at + inner.length <= outer.length; at++) {
    if (inner.every((token, i) => outer[at + i] === token)) return [...outer.slice(0, at), ...outer.slice(at + inner.length)];
  }
  return undefined;
}

/** Rule 1: `phrase` holds `word` and WordNet makes it the word's thing, a kind of it, or the word plus its class. */
function phraseNamesWord(phrase: string, word: string, category: string, wordNet: WordNet): boolean {
  const others = tokensAround(phrase, word);
  if (!others) return false;
  const wordSenses = nounSenses(word, wordNet);
  const wordIds = new Set(wordSenses.map((s) => s.id));
  // the phrase's own senses only: a phrase WordNet lacks is not taken for its last word here
  for (const sense of wordNet.synsetsOf(phrase, "n")) {
    if (wordIds.has(sense.id)) return true;
    for (const id of ancestorIds(sense, wordNet)) if (wordIds.has(id)) return true;
  }
  const rest = others.join(" ");
  if (category.split(/[\s-]+/).includes(rest)) return true;
  return wordSenses.some((sense) => [...ancestorIds(sense, wordNet)].some((id) => wordNet.synset(id).lemmas.includes(rest)));
}

/** Rule 2: one stem of at least MIN_STEM letters with learned endings. */
export function shareLearnedStem(a: string, b: string): boolean {
  if (/[\s-]/.test(a) || /[\s-]/.test(b) || a === b) return false;
  if (a.slice(0, MIN_STEM - 1) !== b.slice(0, MIN_STEM - 1)) return false;
  for (let k = MIN_STEM; k <= Math.min(a.length, b.length); k++) {
    if (a[k - 1] !== b[k - 1]) return false;
    if (LEARNED_ENDINGS.has(a.slice(k)) && LEARNED_ENDINGS.has(b.slice(k))) return true;
  }
  return false;
}

/** Whether two words of one card are one referent for play (the rule above). Symmetric. */
export function sameReferentForPlay(a: string, b: string, category: string, wordNet: WordNet): boolean {
  return phraseNamesWord(a, b, category, wordNet) || phraseNamesWord(b, a, category, wordNet) || shareLearnedStem(a, b);
}

/** One card's words without those not dealt, and with its families collapsed onto their first word. */
export function collapseCard(category: string, cardWords: readonly string[], wordNet: WordNet): DeckCard {
  const notDealt = cardWords.filter((word) => WORDS_NOT_DEALT.has(word));
  const words = dealtWords(cardWords);
  const keptAs = new Map<string, string>();
  const kept: string[] = [];
  words.forEach((word, i) => {
    const earlier = words.slice(0, i).find((w) => sameReferentForPlay(w, word, category, wordNet));
    if (earlier === undefined) kept.push(word);
    else keptAs.set(word, keptAs.get(earlier) ?? earlier);
  });
  return { category, words: kept, collapsed: [...keptAs], notDealt };
}

export function deriveDeck(dataset: Dataset, wordNet: WordNet): Deck {
  const cards = dataset.categories.map((c) => collapseCard(c.category, c.words, wordNet));
  const inPool = cards.filter((c) => c.words.length >= DEFAULT_POOL_MIN_WORDS).length;
  return {
    name: `${dataset.name}-deck`,
    description:
      `The game's cards, from ${dataset.name} with near-duplicates on a card collapsed for play ` +
      `and ${[...WORDS_NOT_DEALT].map((w) => `"${w}"`).join(", ")} not dealt ` +
      `(server/dataset/deck.ts): ${cards.length} cards, ${inPool} with at least ${DEFAULT_POOL_MIN_WORDS} words ` +
      `in the default pool. See data/README.md.`,
    cards,
  };
}

/** The committed file's exact bytes: two-space JSON and a trailing newline. */
export function deckJson(deck: Deck): string {
  return `${JSON.stringify(deck, null, 2)}\n`;
}
