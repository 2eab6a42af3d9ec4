/**
 * The six word lists the SNEAK paper prints (its Table 9, Appendix D: each row's secret and
 * candidates), and how many of their words our dataset's grids hold. The paper publishes no
 * other lists, so this is the only direct check that our derivation builds the grids it built.
 */
import type { Dataset } from "../../shared/sneak/types";
import { spellingKey } from "./spelling";

export const PAPER_LISTS: Readonly<Record<string, readonly string[]>> = {
  "academic subject": ["maths", "history", "biology", "sociology", "chemistry", "geography", "french", "physics", "english literature", "spanish", "english", "psychology"],
  animal: ["cat", "giraffe", "elephant", "lion", "horse", "rabbit", "cow", "pig", "tiger", "sheep", "fish", "dog"],
  "body of water": ["sea", "lake", "river", "pond", "stream", "puddle", "reservoir", "canal", "swimming pool", "bath", "atlantic ocean", "ocean"],
  colour: ["blue", "yellow", "purple", "red", "orange", "black", "pink", "white", "grey", "turquoise", "violet", "green"],
  "dairy product": ["milk", "cheese", "yoghurt", "butter", "cream", "chocolate", "eggs", "sour cream", "margarine", "whipped cream", "cadbury", "ice cream"],
  emotion: ["sad", "angry", "fear", "excited", "depressed", "anxious", "love", "frustration", "nervous", "jealous", "upset", "happy"],
};

/** Words of the paper's lists that no response of the OSF v1 release names (fewer than two participants gave them). */
export const NOT_IN_RELEASE: readonly string[] = ["french", "spanish", "english", "cadbury", "atlantic ocean"];

export interface ListOverlap {
  category: string;
  /** Paper words that are one of the grid's words, as written. */
  shared: string[];
  /** Paper words the grid holds only as another member of a merged family ("fear" as "fearful"). */
  asFamily: string[];
  missing: string[];
}

/**
 * Overlap of each printed list with the dataset's grid for that category. `familyOf` maps a
 * grid word to every response merged into it; without it only exact words count.
 */
export function paperOverlap(dataset: Dataset, familyOf: (category: string, word: string) => readonly string[] = (_, w) => [w]): ListOverlap[] {
  return Object.entries(PAPER_LISTS).map(([category, paperWords]) => {
    const words = dataset.categories.find((c) => c.category === category)?.words ?? [];
    const exact = new Set(words.map(spellingKey));
    const family = new Set(words.flatMap((w) => familyOf(category, w)).map(spellingKey));
    const shared = paperWords.filter((w) => exact.has(spellingKey(w)));
    const asFamily = paperWords.filter((w) => !exact.has(spellingKey(w)) && family.has(spellingKey(w)));
    const missing = paperWords.filter((w) => !exact.has(spellingKey(w)) && !family.has(spellingKey(w)));
    return { category, shared, asFamily, missing };
  });
}

/** One line per list and a total, for `npm run dataset -- --report`. */
export function overlapReport(overlaps: readonly ListOverlap[]): string {
  const total = Object.values(PAPER_LISTS).reduce((n, l) => n + l.length, 0);
  const shared = overlaps.reduce((n, o) => n + o.shared.length, 0);
  const withFamilies = shared + overlaps.reduce((n, o) => n + o.asFamily.length, 0);
  const lines = overlaps.map(
    (o) =>
      `  ${o.category}: ${o.shared.length} of ${PAPER_LISTS[o.category].length}` +
      (o.asFamily.length ? `; as another form of a merged word: ${o.asFamily.join(", ")}` : "") +
      (o.missing.length ? `; missing: ${o.missing.join(", ")}` : ""),
  );
  return [
    `paper's printed lists (Table 9): ${shared} of ${total} words in our grids ` +
      `(${withFamilies} counting merged forms; ${NOT_IN_RELEASE.length} are not in this release: ${NOT_IN_RELEASE.join(", ")})`,
    ...lines,
  ].join("\n");
}
