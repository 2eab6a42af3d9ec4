/**
 * rel(m, w): how strongly a clue m points at a grid word w, in [0, 1], given the category and the
 * grid (which decide the word's sense). The best, over sense pairs, of: same synset; a pointer path
 * of one or two hops weighted by relation type; m in w's extended gloss or w in m's; a WordNet
 * compound holding both; plus an IDF-weighted overlap of the two extended glosses.
 * Deterministic, and cached per (grid, clue, word). docs/LEXICAL.md has the details.
 */
import { CategorySenses, type WeightedSense } from "./category-senses";
import { Compounds } from "./compounds";
import { GlossBags } from "./gloss-bags";
import { PhraseTerms, type Term } from "./phrase-terms";
import { DEFAULT_RELATEDNESS_PARAMS, type RelatednessParams } from "./relatedness-params";
import { SynsetLinks } from "./synset-links";
import type { Synset, WordNet } from "./types";
import { getWordNet } from "./wordnet";
import { WordForms } from "./word-forms";

/** Senses weighing less than this are skipped: they cannot win against a fitting sense. */
const MIN_SENSE_WEIGHT = 0.1;
/** Cache bounds: far above one benchmark run (about 120 grids, 100k scores), low enough for a server that runs for weeks. */
const MAX_CACHED_GRIDS = 2_000;
const MAX_CACHED_SCORES = 300_000;
/** Senses read per term: the rare tail of "head" (33 noun senses) only adds noise and time. */
const MAX_CLUE_SENSES = 6;
const MAX_WORD_SENSES = 6;
/** The gloss overlap is computed only for sense pairs this plausible (it is a weak signal, and the costliest). */
const MIN_OVERLAP_BOUND = 0.35;

/** The grid a clue is read against; build one with Relatedness.grid(). */
export type Grid = CategorySenses;

export class Relatedness {
  readonly params: RelatednessParams;
  readonly forms: WordForms;
  readonly links: SynsetLinks;
  readonly glosses: GlossBags;
  readonly terms: PhraseTerms;
  readonly compounds: Compounds;
  private readonly grids = new Map<string, CategorySenses>();
  private readonly scores = new Map<CategorySenses, Map<string, number>>();
  /** A multi-term clue's term's mean score over a grid's words (clueTermCentring), by grid and term. */
  private readonly termMeans = new Map<CategorySenses, Map<string, number>>();
  private scoreCount = 0;

  constructor(
    readonly wordNet: WordNet,
    params: Partial<RelatednessParams> = {},
  ) {
    this.params = { ...DEFAULT_RELATEDNESS_PARAMS, ...params };
    this.forms = new WordForms(wordNet);
    this.links = new SynsetLinks(wordNet, this.params);
    this.glosses = new GlossBags(wordNet, this.forms, this.params);
    this.terms = new PhraseTerms(wordNet, this.forms);
    this.compounds = new Compounds(wordNet);
  }

  /** The category and its words, with their sense weights (cached: the same grid is the same object). */
  grid(category: string, words: readonly string[]): Grid {
    const key = `${category.trim().toLowerCase()}\u0001${[...words].map((w) => w.trim().toLowerCase()).sort().join("\u0002")}`;
    let grid = this.grids.get(key);
    if (!grid) {
      // A long-running game server meets endless grids and clues; the model is a pure function, so forgetting is safe.
      if (this.grids.size >= MAX_CACHED_GRIDS) this.clearCaches();
      grid = new CategorySenses(this.wordNet, this.links, this.terms, this.params, category.trim().toLowerCase(), words);
      this.grids.set(key, grid);
    }
    return grid;
  }

  /** rel(clue, word) in [0, 1] for a word of the grid (or any word read with the grid's category). */
  rel(clue: string, word: string, grid: Grid): number {
    let scores = this.scores.get(grid);
    if (!scores) this.scores.set(grid, (scores = new Map()));
    const key = `${clue}\u0001${word}`;
    let score = scores.get(key);
    if (score === undefined) {
      score = this.compute(clue, word, grid);
      if (++this.scoreCount > MAX_CACHED_SCORES) {
        this.clearCaches();
        this.scores.set(grid, (scores = new Map()));
      }
      scores.set(key, score);
    }
    return score;
  }

  /** Forgets cached scores and grids (WordNet's own caches stay). */
  clearCaches(): void {
    this.scores.clear();
    this.termMeans.clear();
    this.grids.clear();
    this.scoreCount = 0;
  }

  private compute(clue: string, word: string, grid: Grid): number {
    const clueTerms = this.terms.of(clue);
    const wordTerms = this.terms.of(word);
    if (clueTerms.length === 0 || wordTerms.length === 0) return 0;
    const centring = this.params.clueTermCentring;
    const perTerm = clueTerms.map((clueTerm) => {
      const own = this.termScore(clueTerm, wordTerms, grid);
      if (clueTerms.length < 2 || centring === 0 || grid.words.length === 0) return own;
      // Each term counts by what it says about this word beyond the rest of the grid; the mean is the same for
      // every word, so it is read once per grid and term.
      let means = this.termMeans.get(grid);
      if (!means) this.termMeans.set(grid, (means = new Map()));
      let mean = means.get(clueTerm.text);
      if (mean === undefined) {
        mean = grid.words.reduce((sum, w) => sum + this.termScore(clueTerm, this.terms.of(w), grid), 0) / grid.words.length;
        means.set(clueTerm.text, mean);
      }
      return Math.max(0, own - centring * mean);
    });
    // Several clue terms: the best one, plus a share of the rest ("long neck" for giraffe).
    perTerm.sort((a, b) => b - a);
    const extra = perTerm.slice(1).reduce((sum, s) => sum + s, 0);
    // Rounded so that the order in which glosses were first read (which fixes the order of a
    // floating-point sum) can never show in a result.
    return Math.round(Math.min(1, perTerm[0] + this.params.clueExtraTerms * extra) * 1e9) / 1e9;
  }

  /** A clue term against a grid word's terms: a word WordNet lacks as a whole ("english literature") counts its head fully, modifiers less. */
  private termScore(clueTerm: Term, terms: readonly Term[], grid: Grid): number {
    let best = 0;
    for (let i = 0; i < terms.length; i++) {
      const weight = i === terms.length - 1 ? 1 : this.params.modifierWeight;
      if (weight * 1.4 > best) best = Math.max(best, weight * this.termRel(clueTerm, terms[i], grid));
    }
    return best;
  }

  private termRel(clue: Term, word: Term, grid: Grid): number {
    if (clue.text === word.text) return 1;
    if (clue.forms.length > 0 && word.forms.length > 0 && clue.forms.some((f) => word.forms.includes(f))) return 1;
    const p = this.params;
    let best = 0;
    if (clue.tokens.length + word.tokens.length > 2 && clue.tokens.some((t) => word.tokens.includes(t))) best = p.sharedToken;
    if (best < p.compound && this.holdCompound(clue, word)) best = p.compound;

    const wordSenses = grid.bestSenses(word, MAX_WORD_SENSES, MIN_SENSE_WEIGHT);
    const clueSenses: WeightedSense[] = clue.senses
      .slice(0, MAX_CLUE_SENSES)
      .map((synset, rank) => ({ synset, weight: 1 / (1 + rank * p.clueSenseDecay) }));

    // The clue in the word's extended gloss: depends on the word's sense only.
    for (const ws of wordSenses) {
      if (ws.weight <= best) continue;
      best = Math.max(best, ws.weight * this.membership(clue, ws.synset));
    }
    // Sense pairs, most promising first, stopping once no pair can beat the best so far.
    const pairs: { cs: WeightedSense; ws: WeightedSense; bound: number }[] = [];
    for (const ws of wordSenses) for (const cs of clueSenses) pairs.push({ cs, ws, bound: cs.weight * ws.weight });
    pairs.sort((a, b) => b.bound - a.bound);
    for (const { cs, ws, bound } of pairs) {
      if (bound * (1 + p.overlap) <= best) break;
      if (cs.synset.id === ws.synset.id) {
        best = Math.max(best, bound);
        continue;
      }
      const link = Math.max(this.pathWeight(cs.synset, ws.synset), this.membership(word, cs.synset));
      if (bound * Math.min(1, link + p.overlap) <= best) continue;
      const overlap = bound >= MIN_OVERLAP_BOUND ? this.glosses.overlap(cs.synset, ws.synset) : 0;
      best = Math.max(best, bound * Math.min(1, link + p.overlap * overlap));
    }
    return Math.min(1, best);
  }

  /** The strongest pointer path of one or two hops between two synsets (0 when none). */
  private pathWeight(a: Synset, b: Synset): number {
    const p = this.params;
    const fromA = this.links.neighbours(a);
    const fromB = this.links.neighbours(b);
    let best = Math.max(fromA.get(b.id) ?? 0, fromB.get(a.id) ?? 0);
    const [small, large] = fromA.size <= fromB.size ? [fromA, fromB] : [fromB, fromA];
    for (const [middle, first] of small) {
      const second = large.get(middle);
      if (second === undefined) continue;
      const bound = first * second * p.twoHopDecay;
      if (bound <= best) continue;
      const degree = this.links.degree(middle);
      best = Math.max(best, bound * (degree > p.hubDegree ? p.hubDegree / degree : 1));
    }
    return best;
  }

  /** How close a single-word term sits to a synset's extended gloss (0 when absent), frequent words counting less. */
  private membership(term: Term, synset: Synset): number {
    if (term.forms.length === 0) return 0;
    const { levels } = this.glosses.of(synset);
    let best = 0;
    for (const form of term.forms) {
      const level = levels.get(form);
      if (level === undefined) continue;
      const strength = this.params.glossIdfStrength;
      best = Math.max(best, level * (1 - strength + strength * this.forms.idf(form)));
    }
    return best;
  }

  private holdCompound(clue: Term, word: Term): boolean {
    return this.compounds.holdsBoth(compoundFormsOf(clue), compoundFormsOf(word));
  }
}

/** A multi-token term is one constituent ("ice cream" in "ice cream cone"); a single token, any of its forms. */
function compoundFormsOf(term: Term): readonly string[] {
  return term.tokens.length === 1 ? term.forms : [term.text];
}

let shared: Relatedness | undefined;

/** The process-wide model over the shared WordNet, with the default (tuned) parameters. */
export function getRelatedness(): Relatedness {
  return (shared ??= new Relatedness(getWordNet()));
}
