/**
 * Which sense of a grid word the category means. "tiger" is first a fierce person in WordNet 3.1
 * and "fish" also a verb; in the category "animal" both must resolve to the animal. A sense fits
 * when the category is among its ancestors (through holonyms too for "part of a boat"), less
 * when it shares the lexicographer file most grid words share (noun.animal, adj.all), less again
 * when it only has the grid's usual part of speech.
 */
import type { PhraseTerms, Term } from "./phrase-terms";
import type { RelatednessParams } from "./relatedness-params";
import type { SynsetLinks } from "./synset-links";
import { tokensOf } from "./text";
import type { PartOfSpeech, Synset, WordNet } from "./types";

/** "part of a boat": the head ("part") is too general to be an ancestor; the rest names the whole. "unit" sits above every object ("whole, unit"). */
const GENERIC_HEADS = new Set(["part", "parts", "piece", "member", "type", "kind", "sort", "breed", "variety", "unit"]);
const PART_HEADS = new Set(["part", "parts", "piece", "member"]);
/** An anchor with fewer ancestors (itself included) is too near the root to say anything ("whole", "object"). */
const MIN_ANCHOR_ANCESTORS = 4;
/** Senses of a grid word that vote for the grid's lexicographer file and part of speech. */
const VOTING_SENSES = 3;

export interface WeightedSense {
  synset: Synset;
  /** Category fit × sense-order prior, scaled so that the best sense of the term weighs 1. */
  weight: number;
}

export class CategorySenses {
  readonly anchors: ReadonlySet<string>;
  readonly throughParts: boolean;
  readonly dominantLexFiles: ReadonlySet<string>;
  readonly dominantPos: PartOfSpeech | undefined;
  private readonly weightCache = new Map<string, readonly WeightedSense[]>();
  private readonly bestFirstCache = new Map<string, readonly WeightedSense[]>();

  constructor(
    private readonly wordNet: WordNet,
    private readonly links: SynsetLinks,
    private readonly terms: PhraseTerms,
    private readonly params: RelatednessParams,
    readonly category: string,
    readonly words: readonly string[],
  ) {
    const { anchors, throughParts } = this.anchorsOf(category);
    this.throughParts = throughParts;
    this.anchors = this.coveringAnchors(anchors, words);
    const { lexFiles, pos } = this.dominantOf(words);
    this.dominantLexFiles = lexFiles;
    this.dominantPos = pos;
  }

  /** The senses of one term of a grid word, weighted for this category. */
  weightsOf(term: Term): readonly WeightedSense[] {
    let weights = this.weightCache.get(term.text);
    if (!weights) {
      const raw = term.senses.map((synset, rank) => ({
        synset,
        weight: this.fit(synset) / (1 + rank * this.params.wordSenseDecay),
      }));
      const best = Math.max(0, ...raw.map((s) => s.weight));
      weights = best > 0 ? raw.map((s) => ({ synset: s.synset, weight: s.weight / best })) : raw;
      this.weightCache.set(term.text, weights);
    }
    return weights;
  }

  /**
   * The senses of a term that fit this category best, most fitting first, at most `max` of them and none
   * below `minWeight`: WordNet lists a participle's verb senses before its adjective ones, so its first
   * senses are not its most fitting ("excited" the emotion comes after eight senses of "excite").
   */
  bestSenses(term: Term, max: number, minWeight: number): readonly WeightedSense[] {
    let sorted = this.bestFirstCache.get(term.text);
    if (!sorted) {
      // A stable sort: among equal weights, WordNet's order.
      sorted = [...this.weightsOf(term)].sort((a, b) => b.weight - a.weight);
      this.bestFirstCache.set(term.text, sorted);
    }
    const out: WeightedSense[] = [];
    for (const s of sorted) {
      if (s.weight < minWeight || out.length >= max) break;
      out.push(s);
    }
    return out;
  }

  /** How well a sense fits the category (one of the params' fit levels). */
  fit(synset: Synset): number {
    if (this.isUnderCategory(synset)) return this.params.fitAncestor;
    if (this.dominantLexFiles.has(synset.lexFile)) return this.params.fitLexFile;
    if (synset.pos === this.dominantPos) return this.params.fitPos;
    return this.params.fitNone;
  }

  isUnderCategory(synset: Synset): boolean {
    if (this.anchors.size === 0) return false;
    for (const id of this.links.ancestors(synset, this.throughParts)) if (this.anchors.has(id)) return true;
    return false;
  }

  /**
   * Of the category's candidate senses, those that cover the grid: "tool" also means a creature
   * and a cock, "bird" a dame and a shuttlecock; an anchor counts only when it covers at least two
   * grid words and half as many as the best one, and is not near WordNet's root ("whole, unit"
   * sits above every object in "unit of weight").
   */
  private coveringAnchors(candidates: ReadonlySet<string>, words: readonly string[]): Set<string> {
    const heads = words.map((word) => this.terms.of(word).at(-1)).filter((t): t is Term => t !== undefined);
    const coverage = new Map<string, number>();
    for (const head of heads) {
      const covered = new Set<string>();
      for (const sense of head.senses) for (const id of this.links.ancestors(sense, this.throughParts)) if (candidates.has(id)) covered.add(id);
      for (const id of covered) coverage.set(id, (coverage.get(id) ?? 0) + 1);
    }
    const best = Math.max(0, ...coverage.values());
    const kept = new Set<string>();
    for (const [id, count] of coverage) {
      const specific = this.links.ancestors(this.wordNet.synset(id), false).size >= MIN_ANCHOR_ANCESTORS;
      if (specific && count >= 2 && count >= best / 2) kept.add(id);
    }
    return kept;
  }

  private anchorsOf(category: string): { anchors: Set<string>; throughParts: boolean } {
    const anchors = new Set<string>();
    const addNouns = (phrase: string) => {
      for (const synset of this.wordNet.synsetsOf(phrase, "n")) anchors.add(synset.id);
    };
    addNouns(category);
    let throughParts = false;
    const ofMatch = /^(.+?) of (?:a |an |the )?(.+)$/.exec(category.trim().toLowerCase());
    if (ofMatch) {
      const [, head, whole] = ofMatch;
      throughParts = PART_HEADS.has(head);
      if (!GENERIC_HEADS.has(head)) addNouns(head);
      // "unit of weight" → weight unit, "unit of time" → time unit.
      addNouns(`${whole} ${head}`);
      addNouns(whole);
      addNouns(tokensOf(whole).at(-1) ?? whole);
    } else if (anchors.size === 0) {
      // "four-legged animal" → animal; "living room furniture" → furniture.
      const tokens = tokensOf(category);
      if (tokens.length >= 3) addNouns(tokens.slice(-2).join(" "));
      if (anchors.size === 0 && tokens.length > 0) addNouns(tokens[tokens.length - 1]);
    }
    return { anchors, throughParts };
  }

  /** The lexicographer files at least half the grid words have a sense in, and the grid's usual part of speech. */
  private dominantOf(words: readonly string[]): { lexFiles: Set<string>; pos: PartOfSpeech | undefined } {
    const lexVotes = new Map<string, number>();
    const posVotes = new Map<PartOfSpeech, number>();
    for (const word of words) {
      const terms = this.terms.of(word);
      const head = terms[terms.length - 1];
      if (!head) continue;
      const senses = head.senses.slice(0, VOTING_SENSES);
      const fitting = head.senses.filter((s) => this.isUnderCategory(s));
      const voters = fitting.length > 0 ? fitting : senses;
      for (const lex of new Set(voters.map((s) => s.lexFile))) lexVotes.set(lex, (lexVotes.get(lex) ?? 0) + 1);
      for (const pos of new Set(voters.map((s) => s.pos))) posVotes.set(pos, (posVotes.get(pos) ?? 0) + 1);
    }
    const lexFiles = new Set<string>();
    const threshold = Math.max(2, words.length / 2);
    let topLex: string | undefined;
    for (const [lex, votes] of [...lexVotes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))) {
      topLex ??= lex;
      if (votes >= threshold) lexFiles.add(lex);
    }
    if (topLex !== undefined && (lexVotes.get(topLex) ?? 0) >= 2) lexFiles.add(topLex);
    const pos = [...posVotes].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
    return { lexFiles, pos };
  }
}
