/**
 * How often people say a word: SUBTLEX-US counts (subtitles of American films and TV, 51 million
 * words), shipped as data/lexicon/spoken-frequencies.txt (derived by build-spoken-frequencies.ts).
 * The lexical bot offers only words people say often enough, so its clues sound like a player's.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const SPOKEN_FREQUENCIES_PATH = resolve(dirname(fileURLToPath(import.meta.url)), "../../data/lexicon/spoken-frequencies.txt");
/** Words in the SUBTLEX-US corpus. */
const CORPUS_WORDS = 51_000_000;

export interface SpokenFrequency {
  /** Times the word (lower-cased, exactly this form) was said in the corpus; 0 when not listed. */
  count(word: string): number;
  /** Zipf scale: log10 of uses per billion words (3 = once per million; 0 when not listed). */
  zipf(word: string): number;
}

let shared: SpokenFrequency | undefined;

export function getSpokenFrequency(): SpokenFrequency {
  if (shared) return shared;
  const counts = new Map<string, number>();
  for (const line of readFileSync(SPOKEN_FREQUENCIES_PATH, "utf8").split("\n")) {
    const tab = line.indexOf("\t");
    if (tab > 0) counts.set(line.slice(0, tab), Number(line.slice(tab + 1)));
  }
  const count = (word: string) => counts.get(word.toLowerCase()) ?? 0;
  shared = {
    count,
    zipf(word) {
      const n = count(word);
      return n === 0 ? 0 : Math.log10((n / CORPUS_WORDS) * 1e9);
    },
  };
  return shared;
}
