import { getRelatedness, type Relatedness } from "../lexicon/relatedness";
import { clueViolation } from "../../shared/game/clue-validation";
import { seededRng } from "../../shared/random";
import type { BotView } from "./agent";
import type { LexicalBrain } from "./lexical-agent";

/**
 * The lexical bot's decisions over WordNet relatedness (server/lexicon/relatedness.ts).
 * - informed clue: among WordNet neighbours of the secret, the one that points at the secret most
 *   and at the rest of the grid least (rel to secret − max rel to another word), never a grid word;
 * - chameleon clue: a neighbour of the word the clues so far point to (or of the category), so it blends in;
 * - suspects: informed, the player whose clue fits the secret worst; chameleon, the player whose clue fits
 *   the likeliest word worst (someone the table may believe);
 * - guess: the option the clues point to most.
 */
export function createLexicalBrain(relatedness: Relatedness = getRelatedness()): LexicalBrain {
  const r = relatedness;

  function neighbours(word: string): string[] {
    const out = new Set<string>();
    for (const synset of r.wordNet.synsetsOf(word).slice(0, 4)) {
      for (const lemma of synset.lemmas) out.add(lemma);
      for (const pointer of synset.pointers.slice(0, 40)) {
        try {
          for (const lemma of r.wordNet.synset(pointer.target).lemmas.slice(0, 3)) out.add(lemma);
        } catch {
          // A dangling pointer in the data: skip it.
        }
      }
    }
    return [...out];
  }

  function usable(candidate: string, view: BotView, avoid: readonly string[]): boolean {
    if (avoid.some((a) => a.toLowerCase() === candidate.toLowerCase())) return false;
    return clueViolation(candidate, [...view.words, view.category], view.maxClueWords) === undefined;
  }

  /** Scores of each option given clues: Σ rel(clue, option). */
  function pointed(view: BotView, options: readonly string[], clues: readonly string[]): number[] {
    const grid = r.grid(view.category, view.words.length > 0 ? view.words : options);
    return options.map((w) => clues.reduce((sum, clue) => sum + r.rel(clue, w, grid), 0));
  }

  function best<T>(items: readonly T[], score: (item: T) => number): T | undefined {
    let top: T | undefined;
    let topScore = -Infinity;
    for (const item of items) {
      const s = score(item);
      if (s > topScore) {
        top = item;
        topScore = s;
      }
    }
    return top;
  }

  function fallbackWord(view: BotView, avoid: readonly string[]): string {
    const pool = neighbours(view.category).filter((c) => usable(c, view, avoid));
    if (pool.length > 0) return pool[seededRng(`${view.seed}/category-word`).int(pool.length)];
    return ["thing", "object", "idea", "item"].find((w) => usable(w, view, avoid)) ?? "something";
  }

  return {
    informedClue(view, avoid) {
      const grid = r.grid(view.category, view.words);
      const others = view.words.filter((w) => w !== view.secret);
      const candidates = neighbours(view.secret).filter((c) => usable(c, view, avoid)).slice(0, 60);
      const chosen = best(candidates, (c) => {
        const toSecret = r.rel(c, view.secret, grid);
        const toOthers = Math.max(0, ...others.map((w) => r.rel(c, w, grid)));
        // Utility wants the clue to single the secret out; leakage wants it not too obvious: reward the
        // margin, but cap the raw pull so that synonyms do not always win.
        return Math.min(toSecret, 0.8) - toOthers;
      });
      return chosen ?? fallbackWord(view, avoid);
    },
    chameleonClue(view, avoid) {
      const clues = view.clues.filter((c) => c.playerId !== view.playerId).map((c) => c.text);
      const target =
        clues.length > 0 && view.words.length > 0
          ? view.words[pointed(view, view.words, clues).reduce((bi, s, i, all) => (s > all[bi] ? i : bi), 0)]
          : view.words.length > 0
            ? view.words[seededRng(`${view.seed}/bluff`).int(view.words.length)]
            : view.category;
      const candidates = neighbours(target).filter((c) => usable(c, view, avoid));
      if (candidates.length === 0) return fallbackWord(view, avoid);
      return candidates[seededRng(`${view.seed}/bluff-word`).int(Math.min(candidates.length, 8))];
    },
    suspects(view) {
      const others = view.clues.filter((c) => c.playerId !== view.playerId);
      if (others.length === 0 || view.words.length === 0) return [];
      const grid = r.grid(view.category, view.words);
      let anchor = view.secret;
      if (anchor === null) {
        const scores = pointed(view, view.words, others.map((c) => c.text));
        anchor = view.words[scores.reduce((bi, s, i, all) => (s > all[bi] ? i : bi), 0)];
      }
      return others
        .map((c) => ({ id: c.playerId, fit: r.rel(c.text, anchor!, grid) }))
        .sort((a, b) => a.fit - b.fit)
        .map((s) => s.id);
    },
    guess(view, options) {
      const clues = view.clues.filter((c) => c.playerId !== view.playerId).map((c) => c.text);
      if (options.length === 0) return view.category;
      const scores = pointed(view, options, clues);
      return options[scores.reduce((bi, s, i, all) => (s > all[bi] ? i : bi), 0)];
    },
  };
}
