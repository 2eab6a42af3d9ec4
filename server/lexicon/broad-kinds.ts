/**
 * Whether a noun names a broad kind: its commonest sense has many kinds under it in WordNet (hyponyms,
 * counted to any depth). Such a word is a definition's genus ("a slender ORGAN", "a ROOM or set of
 * rooms", "the PRACTICE of dentistry") or a hypernym far up the tree: true of the secret, but true of
 * hundreds of other things too, so it says little about the secret.
 */
import type { WordNet } from "./types";

/**
 * Kinds under the commonest sense from which a noun is broad: "organ" (288), "room" (194), "doctrine" (162),
 * "player" (155), "practice" (103) are; "seed" (73), "store" (50), "rock" (31), "sheep" (15) are not.
 */
export const BROAD_KIND_HYPONYMS = 100;

const caches = new WeakMap<WordNet, Map<string, boolean>>();
/** Words remembered at most (cleared when full: flat memory in a long-running server). */
const MAX_CACHED = 20_000;

export function isBroadKind(wordNet: WordNet, word: string): boolean {
  let cache = caches.get(wordNet);
  if (!cache) caches.set(wordNet, (cache = new Map()));
  const known = cache.get(word);
  if (known !== undefined) return known;
  const first = wordNet.synsetsOf(word, "n")[0];
  let count = 0;
  if (first) {
    // Breadth first, stopping at the bar: the answer needs no more than that many.
    const seen = new Set<string>([first.id]);
    const queue = [first];
    for (let i = 0; i < queue.length && count < BROAD_KIND_HYPONYMS; i++) {
      for (const pointer of queue[i].pointers) {
        if ((pointer.symbol !== "~" && pointer.symbol !== "~i") || seen.has(pointer.target)) continue;
        seen.add(pointer.target);
        queue.push(wordNet.synset(pointer.target));
        count++;
      }
    }
  }
  const broad = count >= BROAD_KIND_HYPONYMS;
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(word, broad);
  return broad;
}
