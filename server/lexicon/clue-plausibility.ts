/**
 * Checks that a candidate clue singles the secret out as a player would, each asking two signals to
 * agree (WordNet and the word vectors), since one alone mixes senses and kinds:
 * - a clue from a source blind to senses is about the secret in the sense the category means (clue-sense-check.ts);
 * - it is not another thing of the secret's kind (a rival: "republican" for democrat);
 * - it does not fit several other grid words as well as the secret ("reed" for oboe among wind instruments);
 * - it does not point clearly at another grid word (the spymaster's check);
 * - it is not half of a compound secret ("lip" for lipstick).
 */
import { ClueSenseCheck, type SecretSenses } from "./clue-sense-check";
import { SenseVectors } from "./sense-vectors";
import type { Grid, Relatedness } from "./relatedness";
import { tokensOf } from "./text";
import type { Synset } from "./types";
import { getWordVectors } from "./vectors/word-vectors";

let senseCheckOf: { r: Relatedness; check: ClueSenseCheck } | undefined;
function senseCheck(r: Relatedness): ClueSenseCheck {
  if (senseCheckOf?.r !== r) senseCheckOf = { r, check: new ClueSenseCheck(new SenseVectors(r, getWordVectors()), getWordVectors()) };
  return senseCheckOf.check;
}

/** Whether the clue is about another meaning of the secret's word (ClueSenseCheck.prefersOtherSense). */
export function readsInAnotherSense(r: Relatedness, clue: string, senses: SecretSenses): boolean {
  return senseCheck(r).prefersOtherSense(clue, senses);
}

/** Senses of a clue read for its kind: its commonest ones. */
const RIVAL_SENSES = 3;
/**
 * Ancestors (itself included) a kind shared by clue and secret must have for the two to be rivals: "bird"
 * (10 for chicken and goose), "rodent", "politician" are specific kinds; "musical instrument" (8),
 * "flavorer" (8: pesto and basil), "young" (7: cub and lion), "organism", "artifact" are not.
 */
const RIVAL_KIND_DEPTH = 9;

function hypernymsOf(synset: Synset): string[] {
  return synset.pointers.filter((p) => p.symbol === "@" || p.symbol === "@i").map((p) => p.target);
}

/**
 * The size (ancestors, itself included) of the most specific kind a clue and the secret are both kinds of,
 * over the clue's first noun senses; 0 when none. A clue that is the secret's own kind or a kind of it is no
 * rival ("fowl" for turkey, "gander" for goose), so that pair counts 0.
 */
export function sharedKindDepth(r: Relatedness, clue: string, senses: readonly { synset: Synset }[]): number {
  let deepest = 0;
  for (const sense of r.wordNet.synsetsOf(clue, "n").slice(0, RIVAL_SENSES)) {
    const clueKinds = r.links.ancestors(sense, false);
    for (const { synset } of senses) {
      const secretKinds = r.links.ancestors(synset, false);
      if (clueKinds.has(synset.id) || secretKinds.has(sense.id)) continue;
      for (const id of clueKinds) if (secretKinds.has(id)) deepest = Math.max(deepest, r.links.ancestors(r.wordNet.synset(id), false).size);
    }
  }
  return deepest;
}

/**
 * Whether a clue is another thing of the secret's kind: one of its first senses shares a direct hypernym
 * with a sense of the secret ("fourteen" and thirteen are both large integers, "carat" and gram both metric
 * units of weight), or both are kinds of one specific kind ("republican" and democrat are politicians).
 */
export function isRival(r: Relatedness, clue: string, senses: readonly { synset: Synset }[]): boolean {
  const parents = new Set(senses.flatMap(({ synset }) => hypernymsOf(synset)));
  const sibling = r.wordNet
    .synsetsOf(clue)
    .slice(0, RIVAL_SENSES)
    .some((sense) => !senses.some((s) => s.synset.id === sense.id) && hypernymsOf(sense).some((id) => parents.has(id)));
  return sibling || sharedKindDepth(r, clue, senses) >= RIVAL_KIND_DEPTH;
}

/** Whether a clue is half of a compound word of the secret, the other half being a word too ("lip" of lipstick, "bike" of motorbike, "key" of keyboard). */
export function isPartOfCompound(r: Relatedness, clue: string, secret: string): boolean {
  const isWord = (text: string) => text.length >= 3 && r.wordNet.synsetsOf(text).length > 0;
  return tokensOf(secret).some((w) =>
    tokensOf(clue).some((c) => c.length >= 3 && c.length < w.length && ((w.startsWith(c) && isWord(w.slice(c.length))) || (w.endsWith(c) && isWord(w.slice(0, -c.length))))),
  );
}

/** Share of a clue's relatedness and cosine with the secret another grid word must reach to count as fitting it alike. */
const ALIKE_SHARE = 0.8;
/** WordNet relatedness below which a link to another grid word is too weak to count. */
const MIN_ALIKE_RELATEDNESS = 0.3;
/** Other grid words fitting a clue alike that make it everyone's clue. */
const MAX_ALIKE_WORDS = 3;

/**
 * Whether a clue fits several other grid words about as well as the secret, in WordNet and in the vectors
 * both ("reed" for oboe fits clarinet, saxophone and bassoon; "physician" for surgeon fits doctor, nurse
 * and psychiatrist): the table could not tell which word it means.
 */
export function fitsManyAlike(r: Relatedness, grid: Grid, secret: string, clue: string): boolean {
  const vectors = getWordVectors();
  const related = r.rel(clue, secret, grid);
  const cosine = vectors.cosine(clue, secret) ?? 0;
  let alike = 0;
  for (const other of grid.words) {
    if (other === secret) continue;
    const otherRelated = r.rel(clue, other, grid);
    if (otherRelated < MIN_ALIKE_RELATEDNESS || otherRelated < ALIKE_SHARE * related) continue;
    if ((vectors.cosine(clue, other) ?? 0) >= ALIKE_SHARE * cosine && ++alike >= MAX_ALIKE_WORDS) return true;
  }
  return false;
}

/** How much nearer another grid word a clue must lie in the vectors for the spymaster's check. */
const ELSEWHERE_MARGIN = 0.05;

/**
 * The spymaster's check: whether the vectors put a clue clearly nearer another grid word than the secret
 * and WordNet relates it to that word at least as much ("bike" for motorbike lies nearer bicycle; "tool"
 * for axe nearer spear). One signal alone is too noisy: "fin" lies nearer giraffe than fish in the vectors.
 */
export function pointsElsewhere(r: Relatedness, grid: Grid, secret: string, clue: string): boolean {
  const vectors = getWordVectors();
  const toSecret = vectors.cosine(clue, secret);
  if (toSecret == null) return false;
  const related = r.rel(clue, secret, grid);
  return grid.words.some((other) => other !== secret && (vectors.cosine(clue, other) ?? -1) > toSecret + ELSEWHERE_MARGIN && r.rel(clue, other, grid) >= related);
}
