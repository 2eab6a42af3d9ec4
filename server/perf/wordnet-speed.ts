/**
 * Prints the WordNet reader's load time and lookup throughput: `npx tsx server/lexicon/wordnet-bench.ts`.
 * A measurement to read, not a test.
 */
import { readFileSync } from "node:fs";
import { DEFAULT_DATASET_PATH } from "../dataset/paths";
import { loadWordNet } from "../lexicon/wordnet";

const LOOKUPS = 10_000;

const loadStart = performance.now();
const wordNet = loadWordNet();
const loadMs = performance.now() - loadStart;

// Every 7th noun, then every 3rd verb: a spread of the alphabet, many inflection-free.
const words = [...wordNet.lemmas("n").filter((_, i) => i % 7 === 0), ...wordNet.lemmas("v").filter((_, i) => i % 3 === 0)].slice(0, LOOKUPS);

function timeLookups(): { ms: number; synsets: number } {
  const start = performance.now();
  let synsets = 0;
  for (const word of words) synsets += wordNet.synsetsOf(word).length;
  return { ms: performance.now() - start, synsets };
}

const cold = timeLookups();
const warm = timeLookups();
const inflectedStart = performance.now();
for (const word of words) wordNet.baseForms(`${word}s`);
const inflectedMs = performance.now() - inflectedStart;

const tagStart = performance.now();
wordNet.tagCount("dog");
const tagMs = performance.now() - tagStart;

// What the game and the benchmark look up: the dataset's words and decoys, on a fresh reader.
const dataset = JSON.parse(readFileSync(DEFAULT_DATASET_PATH, "utf8")) as { categories: { words: string[]; decoys: string[] }[] };
const vocabulary = [...new Set(dataset.categories.flatMap((c) => [...c.words, ...c.decoys]))];
const fresh = loadWordNet();
const vocabularyStart = performance.now();
for (let i = 0; i < LOOKUPS; i++) fresh.synsetsOf(vocabulary[i % vocabulary.length]);
const vocabularyMs = performance.now() - vocabularyStart;

console.log(`load (index maps + data buffers): ${loadMs.toFixed(0)} ms`);
console.log(`first tagCount (reads index.sense once): ${tagMs.toFixed(0)} ms`);
console.log(`${words.length} synsetsOf lookups, cold (parsing ${cold.synsets} synsets): ${cold.ms.toFixed(0)} ms`);
console.log(`${words.length} synsetsOf lookups, warm (cached synsets): ${warm.ms.toFixed(0)} ms`);
console.log(`${LOOKUPS} synsetsOf lookups of the dataset's ${vocabulary.length} words and decoys, fresh reader: ${vocabularyMs.toFixed(0)} ms`);
console.log(`${words.length} baseForms of inflected forms ("<word>s"): ${inflectedMs.toFixed(0)} ms`);
console.log(`heap used: ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB, rss: ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`);
