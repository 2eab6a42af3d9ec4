/**
 * `npm run deck [-- --check] [--report]`: derives data/sneak-deck.json, the game's cards, from
 * data/sneak-dataset.json (near-duplicates on a card collapsed for play; server/dataset/deck.ts).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { Command } from "commander";
import { getWordNet } from "../lexicon/wordnet";
import { DEFAULT_POOL_MIN_WORDS } from "../../shared/game/settings";
import { deckJson, deriveDeck, type Deck } from "./deck";
import { loadDataset } from "./load-dataset";
import { DEFAULT_DATASET_PATH, DEFAULT_DECK_PATH, REPO_ROOT } from "./paths";

export function deckSummary(deck: Deck): string {
  const counts = new Map<number, number>();
  for (const card of deck.cards) counts.set(card.words.length, (counts.get(card.words.length) ?? 0) + 1);
  const histogram = [...counts].sort((a, b) => b[0] - a[0]).map(([words, n]) => `${words} words: ${n}`).join(", ");
  const inPool = deck.cards.filter((c) => c.words.length >= DEFAULT_POOL_MIN_WORDS).length;
  const collapsed = deck.cards.reduce((n, c) => n + c.collapsed.length, 0);
  const notDealt = deck.cards.filter((c) => c.notDealt.length > 0);
  return (
    `${deck.cards.length} cards (${histogram}); ${collapsed} words collapsed on ${deck.cards.filter((c) => c.collapsed.length > 0).length} cards; ` +
    `not dealt: ${notDealt.map((c) => `${c.notDealt.join(", ")} (${c.category})`).join(", ") || "none"}; ` +
    `default pool: ${inPool} cards of ${DEFAULT_POOL_MIN_WORDS}+ words, ${deck.cards.length - inPool} off by default`
  );
}

function main(argv: string[]): void {
  const program = new Command()
    .name("npm run deck --")
    .description("Derive data/sneak-deck.json, the game's cards, from the dataset (see data/README.md).")
    .option("--dataset <path>", "the dataset", DEFAULT_DATASET_PATH)
    .option("--out <path>", "where to write the deck", DEFAULT_DECK_PATH)
    .option("--check", "write nothing; exit 1 if --out differs from a fresh derivation", false)
    .option("--report", "print each card's collapsed words and the cards left out of the default pool", false)
    .exitOverride((error) => process.exit(error.exitCode));
  program.parse(argv);
  const options = program.opts<{ dataset: string; out: string; check: boolean; report: boolean }>();
  const deck = deriveDeck(loadDataset(options.dataset), getWordNet());
  const json = deckJson(deck);
  if (options.report) {
    for (const card of deck.cards) {
      if (card.collapsed.length > 0) console.log(`${card.category}: ${card.collapsed.map(([dropped, kept]) => `${dropped} → ${kept}`).join(", ")}`);
    }
    const off = deck.cards.filter((c) => c.words.length < DEFAULT_POOL_MIN_WORDS);
    console.log(`off by default: ${off.map((c) => `${c.category} (${c.words.length})`).join(", ")}`);
  }
  const target = relative(REPO_ROOT, options.out) || options.out;
  if (options.check) {
    if ((existsSync(options.out) ? readFileSync(options.out, "utf8") : undefined) !== json) {
      console.error(`${target} is out of date: run npm run deck`);
      process.exit(1);
    }
    console.log(`${target} matches a fresh derivation: ${deckSummary(deck)}`);
    return;
  }
  writeFileSync(options.out, json);
  console.log(`wrote ${target}: ${deckSummary(deck)}`);
}

try {
  main(process.argv);
} catch (error) {
  console.error(`deck: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
