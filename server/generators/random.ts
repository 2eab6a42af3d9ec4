/**
 * Baseline: a random common WordNet word (paper §3.1), seeded from the run seed and the instance
 * id so that a run is reproducible and instances are independent. Never a grid word: a drawn word
 * that is (or contains) one is redrawn.
 */
import { hashSeed, seededRng } from "../../shared/random";
import type { Instance, MessageGenerator } from "../../shared/sneak/types";
import { isUsableClue } from "../lexicon/clue-candidates";
import { commonWords } from "../lexicon/common-words";
import type { PartOfSpeech } from "../lexicon/types";

const PARTS_OF_SPEECH: readonly PartOfSpeech[] = ["n", "v", "a", "r"];
/** Redraws before scanning the list in order: a grid bans at most a dozen words of thousands. */
const MAX_DRAWS = 50;

let pool: readonly string[] | undefined;

/** Every common word of any part of speech, once, in a fixed order. */
export function commonWordPool(): readonly string[] {
  return (pool ??= Object.freeze([...new Set(PARTS_OF_SPEECH.flatMap((pos) => commonWords(pos)))].sort()));
}

export function createRandomGenerator(seed: number): MessageGenerator {
  return {
    id: "random",
    async generate(instance: Instance) {
      const words = commonWordPool();
      const rng = seededRng(hashSeed(`${seed}/random/${instance.id}`));
      const usable = (word: string) => isUsableClue(word, instance.category, instance.words);
      for (let draw = 0; draw < MAX_DRAWS; draw++) {
        const word = words[rng.int(words.length)];
        if (usable(word)) return { message: word, detail: { draws: draw + 1 } };
      }
      const start = rng.int(words.length);
      for (let i = 0; i < words.length; i++) {
        const word = words[(start + i) % words.length];
        if (usable(word)) return { message: word, detail: { draws: MAX_DRAWS, scanned: i + 1 } };
      }
      return { message: "", failure: "no common WordNet word is free of the grid's words" };
    },
  };
}
