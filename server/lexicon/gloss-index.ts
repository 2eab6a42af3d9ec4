/**
 * Which noun synsets' definitions mention a word: "a group of lions" (pride), "the young of certain
 * carnivorous mammals such as the bear or wolf or lion" (cub). WordNet links a word to its neighbours;
 * this reverse index finds the things defined by it, which is where associative clues live. Built once,
 * on first use, from the noun data file (about 82,000 synsets).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { contentTokensOf } from "./text";
import { wordNetDictPath } from "./wordnet";

export interface GlossIndex {
  /** Ids ("n:<offset>") of the noun synsets whose definition holds `token` (exactly this lower-case token). */
  definedBy(token: string): readonly string[];
}

let shared: GlossIndex | undefined;

export function getGlossIndex(dictDir: string = wordNetDictPath()): GlossIndex {
  if (shared) return shared;
  const byToken = new Map<string, string[]>();
  const text = readFileSync(join(dictDir, "data.noun"), "latin1");
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("\n", start);
    if (end < 0) end = text.length;
    // Licence header lines start with a space.
    if (text.charCodeAt(start) !== 32) {
      const bar = text.indexOf(" | ", start);
      if (bar > 0 && bar < end) {
        const gloss = text.slice(bar + 3, end);
        const quote = gloss.indexOf('"');
        const definition = quote < 0 ? gloss : gloss.slice(0, quote);
        const id = `n:${text.slice(start, start + 8)}`;
        for (const token of new Set(contentTokensOf(definition))) {
          const list = byToken.get(token);
          if (list) list.push(id);
          else byToken.set(token, [id]);
        }
      }
    }
    start = end + 1;
  }
  shared = { definedBy: (token) => byToken.get(token) ?? [] };
  return shared;
}
