import { Command, InvalidArgumentError } from "commander";
import { getRelatedness } from "../lexicon/relatedness";
import { getWordNet } from "../lexicon/wordnet";

/**
 * `npm run bench:lexicon-memory`: the heap the lexical judge keeps as it scores ever new clues. A game server
 * meets endless varied clues (humans type anything); every cache of the lexicon that is keyed by what it meets
 * must stay bounded. Scores COUNT distinct made-up clues (two WordNet nouns and a unique token) against one
 * grid word and prints the heap after a full GC every quarter. Needs --expose-gc (the npm script passes it).
 */

const program = new Command("bench:lexicon-memory")
  .option("--clues <n>", "distinct clues to score", (v) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 4) throw new InvalidArgumentError("--clues must be an integer ≥ 4");
    return n;
  }, 120_000)
  .option("--all-synsets", "then parse every synset of WordNet: the ceiling of the parsed-synset map, the one cache bounded by WordNet's size alone")
  .parse();
const { clues, allSynsets } = program.opts<{ clues: number; allSynsets?: boolean }>();

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) {
  console.error("bench:lexicon-memory: run with node --expose-gc (npm run bench:lexicon-memory does)");
  process.exit(1);
}
const heapMb = () => {
  gc();
  gc();
  return (process.memoryUsage().heapUsed / 1048576).toFixed(0);
};

const relatedness = getRelatedness();
const nouns = getWordNet()
  .lemmas("n")
  .filter((lemma) => /^[a-z]+$/.test(lemma));
const grid = relatedness.grid("fruit", ["apple", "banana", "cherry", "grape", "lemon", "mango", "orange", "peach", "pear", "plum", "melon", "strawberry"]);
console.log(`bench:lexicon-memory (Node ${process.version}): ${clues} distinct clues; heap after WordNet's index loaded ${heapMb()} MB`);
let seed = 7;
const next = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed % n;
};
const started = Date.now();
for (let i = 1; i <= clues; i++) {
  relatedness.rel(`${nouns[next(nouns.length)]} ${nouns[next(nouns.length)]} zq${i.toString(36)}`, "apple", grid);
  if (i % Math.floor(clues / 4) === 0) console.log(`  ${i} clues: heap ${heapMb()} MB (${((Date.now() - started) / 1000).toFixed(0)} s)`);
}
if (allSynsets) {
  const wordNet = getWordNet();
  const seen = new Set<string>();
  for (const pos of ["n", "v", "a", "r"] as const) for (const lemma of wordNet.lemmas(pos)) for (const synset of wordNet.synsetsOf(lemma, pos)) seen.add(synset.id);
  console.log(`  every synset of WordNet parsed (${seen.size}): heap ${heapMb()} MB`);
}
