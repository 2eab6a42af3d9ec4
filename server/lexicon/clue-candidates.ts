/**
 * Words the lexical bot may say about a secret: WordNet neighbours of the secret's senses that fit
 * the category (synonyms, hypernyms, hyponyms, parts and wholes, attributes, similar and derived
 * words, domain terms) and the content words of their definitions. Every candidate is a legal clue
 * for the grid (shared/game/clue-validation.ts); ranking them is lexical-clue.ts's job.
 */
import { clueViolation, MAX_CLUE_WORDS } from "../../shared/game/clue-validation";
import type { Grid, Relatedness } from "./relatedness";
import { contentTokensOf, normalizePhrase, tokensOf } from "./text";

export interface ClueCandidate {
  text: string;
  /** Where it came from: "synonym", a pointer symbol such as "@" or "%p", or "definition". */
  source: string;
  /** Cheap prior for ordering and tie-breaks: relation closeness × sense weight. */
  prior: number;
}

/** Candidate clues longer than this many words read as descriptions, not clues. */
const MAX_CANDIDATE_WORDS = 3;
/** Senses of the secret below this category weight are not what the category means. */
const MIN_SECRET_SENSE_WEIGHT = 0.5;

/** A clue text is usable when it is plain words of three letters or more, at most three of them, legal for the grid and not the category itself. */
export function isUsableClue(text: string, category: string, words: readonly string[], avoid: readonly string[] = []): boolean {
  if (!/^[a-z][a-z' -]*[a-z]$/.test(text)) return false;
  const tokens = tokensOf(text);
  if (tokens.length > MAX_CANDIDATE_WORDS) return false;
  // Symbols and abbreviations ("cu", "lb") read as noise to players.
  if (tokens.some((t) => t.length < 3 || !/[aeiouy]/.test(t))) return false;
  if (normalizePhrase(text) === normalizePhrase(category)) return false;
  if (avoid.some((a) => normalizePhrase(a) === normalizePhrase(text))) return false;
  return clueViolation(text, words, MAX_CLUE_WORDS) === undefined;
}

/** A definition token as a clue: its noun base form ("plants" → plant), else an adjective; adverbs and verbs read badly alone. */
export function definitionWord(r: Relatedness, token: string): string | undefined {
  if (token.length < 3 || /\d/.test(token)) return undefined;
  return r.wordNet.baseForms(token, "n")[0] ?? r.wordNet.baseForms(token, "a")[0];
}

/** How much more often a form must be tagged as its verb than as a noun or adjective to be read as a participle. */
const PARTICIPLE_VERB_RATIO = 10;
/**
 * Tagged uses below which a verb is too rare to be what a definition meant: "winged" (wing, 5), "lobed" (lob,
 * 1), "angled" (angle, 2) are adjectives made from nouns, and their verbs are accidents of the morphology.
 */
const PARTICIPLE_MIN_VERB_TAGS = 8;

/**
 * Whether a definition's word is, most likely, a participle there: "showing" in "feeling or showing anger",
 * "considered" in "considered harmful". WordNet lists many such forms as nouns or adjectives too ("a
 * showing", "a considered opinion"), so the form alone does not tell; the tagged corpus does: "showing" is
 * a verb 405 times and a noun twice. Alone, such a word reads as a fragment of the definition, not as a word
 * about the secret. Forms often read as nouns stay ("building": 139 verb, 52 noun; "feeling"), and so do
 * plurals, which definitions use as nouns ("leaves") even where the verb is the commoner word.
 */
function readsAsParticiple(r: Relatedness, token: string): boolean {
  if (!/(ing|ed)$/.test(token)) return false;
  const verbs = r.wordNet.baseForms(token, "v");
  if (!verbs.some((base) => base !== token)) return false;
  const tagged = (bases: string[], pos: "n" | "a" | "v") => Math.max(0, ...bases.map((base) => r.wordNet.tagCount(base, pos)));
  const asVerb = tagged(verbs, "v");
  return asVerb >= PARTICIPLE_MIN_VERB_TAGS && asVerb > PARTICIPLE_VERB_RATIO * (tagged(r.wordNet.baseForms(token, "n"), "n") + tagged(r.wordNet.baseForms(token, "a"), "a"));
}

export function clueCandidates(r: Relatedness, grid: Grid, secret: string, options: { avoid?: readonly string[]; limit?: number } = {}): ClueCandidate[] {
  const limit = options.limit ?? 40;
  const byText = new Map<string, ClueCandidate>();
  const offer = (text: string, source: string, prior: number) => {
    const clean = text.trim().toLowerCase();
    const existing = byText.get(clean);
    if (existing && existing.prior >= prior) return;
    if (!existing && !isUsableClue(clean, grid.category, grid.words, options.avoid)) return;
    byText.set(clean, { text: clean, source, prior });
  };
  const terms = r.terms.of(secret);
  const head = terms[terms.length - 1];
  if (!head) return [];
  const senses = grid.weightsOf(head).filter((s) => s.weight >= MIN_SECRET_SENSE_WEIGHT);
  for (const { synset, weight } of senses) {
    for (const lemma of synset.lemmas) offer(lemma, "synonym", weight);
    for (const token of contentTokensOf(synset.definition)) {
      if (readsAsParticiple(r, token)) continue;
      const base = definitionWord(r, token);
      if (base) offer(base, "definition", 0.5 * weight);
    }
    for (const pointer of synset.pointers) {
      const neighbour = r.wordNet.synset(pointer.target);
      const closeness = r.params.relationWeights[pointer.symbol] ?? r.params.otherRelation;
      const lemmas = pointer.sourceWord > 0 ? [neighbour.lemmas[pointer.targetWord - 1] ?? neighbour.lemmas[0]] : neighbour.lemmas;
      for (const lemma of lemmas) offer(lemma, pointer.symbol, closeness * weight);
    }
  }
  return [...byText.values()].sort((a, b) => b.prior - a.prior || a.text.localeCompare(b.text)).slice(0, limit);
}
