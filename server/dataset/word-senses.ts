/**
 * Which WordNet sense of a grid word the category means: "tiger" in "animal" is the cat,
 * not the person; "fish" is the animal, not the verb.
 */
import type { Synset, WordNet } from "../lexicon/types";

const ANCESTOR_DEPTH = 10;

/**
 * Synsets that stand for the category: its own senses, else those of its head noun
 * ("carpenter's tool" → tool, "symptom of illness" → symptom, "room in a house" → room).
 * "part of …", "statistical term" and "type of word" have none: their heads are too general
 * (a "term" is a word: every sense of "mean" would qualify).
 */
const GENERIC_HEADS = new Set(["part", "term", "type", "kind", "sort"]);

export function categorySynsets(category: string, wordNet: WordNet): Synset[] {
  const own = wordNet.synsetsOf(category, "n");
  if (own.length > 0) return own;
  const [before] = category.split(/ (?:of|in) /);
  const tokens = before.split(/[\s-]+/);
  const head = tokens[tokens.length - 1].replace(/'s$/, "");
  return GENERIC_HEADS.has(head) ? [] : wordNet.synsetsOf(head, "n");
}

/** Every hypernym (class and instance) of a synset up to ANCESTOR_DEPTH hops: id → hops. */
export function ancestorDepths(synset: Synset, wordNet: WordNet): Map<string, number> {
  const depths = new Map<string, number>();
  let frontier = [synset];
  for (let depth = 1; depth <= ANCESTOR_DEPTH && frontier.length > 0; depth++) {
    const next: Synset[] = [];
    for (const s of frontier) {
      for (const p of s.pointers) {
        if ((p.symbol === "@" || p.symbol === "@i") && !depths.has(p.target)) {
          depths.set(p.target, depth);
          next.push(wordNet.synset(p.target));
        }
      }
    }
    frontier = next;
  }
  return depths;
}

export function ancestorIds(synset: Synset, wordNet: WordNet): Set<string> {
  return new Set(ancestorDepths(synset, wordNet).keys());
}

/** The hypernym most grid senses share, nearest first: what the grid is, when the category name is not in WordNet. */
export function sharedAncestor(senses: readonly (Synset | undefined)[], wordNet: WordNet): Synset | undefined {
  const support = new Map<string, { words: number; depth: number }>();
  for (const sense of senses) {
    if (!sense) continue;
    for (const [id, depth] of ancestorDepths(sense, wordNet)) {
      const entry = support.get(id) ?? { words: 0, depth: 0 };
      entry.words += 1;
      entry.depth += depth;
      support.set(id, entry);
    }
  }
  let best: [string, { words: number; depth: number }] | undefined;
  for (const entry of support) {
    if (!best || entry[1].words > best[1].words || (entry[1].words === best[1].words && (entry[1].depth < best[1].depth || (entry[1].depth === best[1].depth && entry[0] < best[0])))) best = entry;
  }
  return best && best[1].words >= 2 ? wordNet.synset(best[0]) : undefined;
}

/** Senses of a grid word; a phrase WordNet lacks ("towel rail") falls back to its last word. */
export function sensesOf(word: string, wordNet: WordNet): Synset[] {
  const own = wordNet.synsetsOf(word);
  if (own.length > 0) return own;
  const tokens = word.split(/[\s-]+/);
  return tokens.length > 1 ? wordNet.synsetsOf(tokens[tokens.length - 1]) : [];
}

/**
 * The sense of each grid word that the category selects, scored: under one of the category's
 * synsets (+2), in the lexicographer file most grid words' first senses share (+2), a noun
 * (+0.5), minus 0.75 per step down WordNet's sense order. undefined for a word WordNet lacks.
 */
export function categorySenses(category: string, words: readonly string[], wordNet: WordNet): (Synset | undefined)[] {
  const categoryIds = new Set(categorySynsets(category, wordNet).map((s) => s.id));
  const senses = words.map((w) => sensesOf(w, wordNet));
  const lexFileVotes = new Map<string, number>();
  for (const list of senses) if (list[0]) lexFileVotes.set(list[0].lexFile, (lexFileVotes.get(list[0].lexFile) ?? 0) + 1);
  let majority = "";
  for (const [lexFile, votes] of lexFileVotes) if (votes > (lexFileVotes.get(majority) ?? 0)) majority = lexFile;

  return senses.map((list) => {
    let best: Synset | undefined;
    let bestScore = -Infinity;
    list.forEach((sense, rank) => {
      const underCategory = [...ancestorIds(sense, wordNet)].some((id) => categoryIds.has(id)) || categoryIds.has(sense.id);
      // WordNet's sense order is strong evidence too: "bus" is the autobus (sense 1, under
      // "public transport"), not the jalopy (sense 4, under "vehicle").
      const score = (underCategory ? 2 : 0) + (sense.lexFile === majority ? 2 : 0) + (sense.pos === "n" ? 0.5 : 0) - 0.75 * rank;
      if (score > bestScore) {
        bestScore = score;
        best = sense;
      }
    });
    return best;
  });
}
