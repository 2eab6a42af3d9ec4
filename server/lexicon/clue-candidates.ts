/**
 * Words the lexical bot may say about a secret: WordNet neighbours of the secret's senses that fit
 * the category (synonyms, hypernyms, hyponyms, parts and wholes, attributes, similar and derived
 * words, domain terms) and the content words of their definitions. Every candidate is a legal clue
 * for the grid (shared/game/clue-validation.ts); ranking them is lexical-clue.ts's job.
 */
import { clueViolation, findGridWordIn, MAX_CLUE_WORDS } from "../../shared/game/clue-validation";
import { decoysFor } from "../dataset/decoys";
import { askedForms, peopleLinking } from "./associations/linked-by-people";
import { getWordAssociations } from "./associations/word-associations";
import { getGlossIndex, type GlossIndex } from "./gloss-index";
import type { Grid, Relatedness } from "./relatedness";
import { getVectorNeighbours } from "./vector-neighbours";
import { isOffensive } from "./offensive-words";
import { fitsCardSense } from "./card-sense";
import { sharedSenseVectors as senseVectors } from "./sense-vectors";
import { dot, getWordVectors } from "./vectors/word-vectors";
import { getSpokenFrequency, type SpokenFrequency } from "./spoken-frequency";
import type { Synset } from "./types";
import { STOPWORDS, contentTokensOf, normalizePhrase, tokensOf } from "./text";

export interface ClueCandidate {
  text: string;
  /** Where it came from: "synonym", a pointer symbol such as "@" or "%p", or "definition". */
  source: string;
  /** Cheap prior for ordering and tie-breaks: relation closeness × sense weight. */
  prior: number;
  /** Other grid words the clue fits about as well by its source (a shared feature: "horns" for bull beside goat); absent when it singles the secret out. */
  sharedWith?: string[];
}

/** Candidate clues longer than this many words read as descriptions, not clues. */
const MAX_CANDIDATE_WORDS = 3;
/** Senses of the secret below this category weight are not what the category means. */
const MIN_SECRET_SENSE_WEIGHT = 0.5;

/**
 * A clue text is usable when it is plain words of three letters or more, at most three of them, legal for the grid,
 * not the category itself, and not a clue to avoid nor a form of one by the grid's own rule ("ears" after "ear",
 * "fried" after "fry": the table would hear the same clue twice).
 */
export function isUsableClue(text: string, category: string, words: readonly string[], avoid: readonly string[] = []): boolean {
  if (!/^[a-z][a-z' -]*[a-z]$/.test(text)) return false;
  const tokens = tokensOf(text);
  if (tokens.length > MAX_CANDIDATE_WORDS) return false;
  // Symbols and abbreviations ("cu", "lb") read as noise to players.
  if (tokens.some((t) => t.length < 3 || !/[aeiouy]/.test(t))) return false;
  if (normalizePhrase(text) === normalizePhrase(category)) return false;
  if (avoid.length > 0 && (avoid.some((a) => normalizePhrase(a) === normalizePhrase(text)) || findGridWordIn(text, avoid) !== undefined)) return false;
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
  // Irregular participles too ("bent", "worn"), but not plurals ("leaves" is not the verb leave).
  if (token.endsWith("s")) return false;
  const verbs = r.wordNet.baseForms(token, "v");
  if (!verbs.some((base) => base !== token)) return false;
  const tagged = (bases: string[], pos: "n" | "a" | "v") => Math.max(0, ...bases.map((base) => r.wordNet.tagCount(base, pos)));
  const asVerb = tagged(verbs, "v");
  return asVerb >= PARTICIPLE_MIN_VERB_TAGS && asVerb > PARTICIPLE_VERB_RATIO * (tagged(r.wordNet.baseForms(token, "n"), "n") + tagged(r.wordNet.baseForms(token, "a"), "a"));
}

/** Words of a clue the bot will say: one, or a two-word WordNet phrase ("big cat", "ice cream"). */
const MAX_SPOKEN_CLUE_WORDS = 2;
/** A single-word clue is said at least this often in SUBTLEX-US (about 0.5 per million words: "mane" 30, "cub" 107; "diurnal" 2). */
const MIN_SPOKEN_COUNT = 25;
/** Each word of a two-word clue is this common (about 6 per million): "big cat", not "chromatic colour". */
const MIN_PHRASE_TOKEN_COUNT = 300;
/**
 * A definition's noun found in more noun definitions than this is the definitions' own vocabulary, not a
 * word about one thing: "genus" (3,014 definitions), "person", "act", "body", "member", "wood" (488),
 * "shaped" (706), "meat" (207). "coat" (169) and "blade" (90) stay.
 */
const MAX_DEFINITION_WORD_SPREAD = 200;
/** Synsets defined by the secret whose lemmas are offered: enough for "cub", "pride", "roar", "mallet". */
const MAX_DEFINED_BY_SYNSETS = 60;
/** Senses of the secret read for candidates: those weighing at least this share of the best-fitting one. */
const SENSE_SHARE_OF_BEST = 0.8;
/** GloVe cosine with the secret a definition word or a thing defined by it needs: "grape" for wine passes, "terms" for pig and "dry" for nail varnish do not. */
const MIN_GLOSS_WORD_COSINE = 0.25;
/** GloVe cosine with the secret a thing defined by it needs: a definition may mention the secret in passing ("the second Monday in October"). */
const MIN_DEFINED_BY_COSINE = 0.33;
/** GloVe cosine with the secret a WordNet neighbour other than a hyponym needs: "figure" for seven passes, "moment" for variance (0.13) does not. */
const MIN_RELATION_COSINE = 0.18;
/** GloVe cosine a vector neighbour needs: the nearest words of a rare word ("bluebird") are noise. */
const MIN_NEIGHBOUR_COSINE = 0.4;
/** WordNet relatedness, in the grid's sense, a vector neighbour needs ("herd" for elephant 0.81; "homer" for sixth 0.02; "cat" for squirrel is too weak). */
const MIN_NEIGHBOUR_RELATEDNESS = 0.25;
/** How many times more often a word must be tagged as a verb than as a noun or adjective to read as a verb. */
const VERB_SHARE = 3;
/** Lexicographer files whose members are only described by the words of their definitions. */
const NARROW_LEX_FILES = new Set(["noun.animal", "noun.plant", "noun.location", "noun.person", "noun.time", "noun.group"]);
/** GloVe cosine a last-resort neighbour needs: lower than MIN_NEIGHBOUR_COSINE, as nothing else is left. */
const LAST_RESORT_COSINE = 0.35;
/**
 * Cosine a last-resort neighbour needs with the grid's topic (gridContext): unrelated words sit near 0 in the
 * post-processed vectors. GloVe puts a rare secret's name-mates beside it ("downing" and "nato" by blackbird,
 * "peanuts" by ladybird, "pixie" by opal): they say nothing about birds or gems, and a player would be baffled.
 */
const LAST_RESORT_TOPIC_COSINE = 0.25;
/** Nearest vector neighbours offered: beyond about 30 they drift to the category's other members. */
const VECTOR_NEIGHBOURS = 30;
/** With shared clues asked for, further: the words between 30 and 60 are often what the secret shares with its neighbours on the grid. */
const SHARED_VECTOR_NEIGHBOURS = 60;
/** Pointer relations that carry an adjective an adjective secret can be clued by: similar, attribute, derivation, pertainym, also-see. */
const ADJECTIVE_RELATIONS = new Set(["&", "=", "+", "\\", "^"]);

/**
 * Sources linked to the secret's word rather than to one of its senses, so possibly about another sense. The rest
 * (relations, definitions, ancestors, attributes) are read from the secret's meant senses themselves: in the card's
 * sense by construction.
 */
const WORD_LINKED_SOURCES = new Set(["association", "shared-association", "vectors", "shared-vectors", "defined-by"]);
function isFromMeantSense(source: string): boolean {
  return !WORD_LINKED_SOURCES.has(source);
}

/** Candidates kept per kind of source. */
const PER_KIND = 15;
const KIND_OF_SOURCE: Record<string, string> = { definition: "definition", "defined-by": "defined-by", vectors: "vectors", attribute: "attribute", association: "association" };
/** People (of about 100) who must have given a word in response to the secret for it to be offered. */
const MIN_ASSOCIATION_COUNT = 2;
/** People who must have given the secret in response to a word for that word to be offered: the reverse link is the weaker one. */
const MIN_REVERSE_ASSOCIATION_COUNT = 3;
/** Cosine with the secret's sense vector in the grid an association needs: "tears" for shed (the verb, 0.18) and "stock" for beef (0.09) are other senses' company. */
const MIN_ASSOCIATION_SENSE_COSINE = 0.3;
/** GloVe cosine at which a word of the secret's lexicographer file is used as a rival, not a clue: "ten" – nine 0.77, "tub" – bath 0.67; "hoof" – horse 0.39 stays. */
const RIVAL_COSINE = 0.45;

export interface CandidateOptions {
  avoid?: readonly string[];
  limit?: number;
  /** Lower the bars of closeness to the secret (vectors and WordNet), for a secret the strict bars leave with nothing. */
  relaxed?: boolean;
  /**
   * Also offer what the secret shares with a few other grid words (at most a third of the grid): the family it
   * belongs to below the category ("citrus" for lemon, "brass" for trumpet), what people answer for it and for
   * those words alike, its vector neighbours that lie as near those words. Such a clue tells the informed players
   * it is about the secret, and leaves the chameleon several words to choose from.
   */
  shared?: boolean;
}

/** The most other grid words a shared clue may fit: a third of the grid, and at least two. */
export function maxSharedWith(gridSize: number): number {
  return Math.max(2, Math.floor(gridSize / 3));
}

/** The relaxed bars: still words people say, still specific, but nearer the edge of the secret's neighbourhood. */
const RELAXED = { gloss: 0.15, definedBy: 0.25, relation: 0, neighbourRelatedness: 0.1, associationSense: 0.2, reverseAssociation: 2 };

/**
 * A word a player would say, as far as counts can tell: common in speech (SUBTLEX-US), one word or a
 * two-word phrase of common words, not an abbreviation.
 */
export function soundsSpoken(text: string, frequency: SpokenFrequency = getSpokenFrequency()): boolean {
  const tokens = tokensOf(text);
  if (tokens.length === 0 || tokens.length > MAX_SPOKEN_CLUE_WORDS) return false;
  if (tokens.length === 1) return spokenCount(tokens[0], frequency) >= MIN_SPOKEN_COUNT;
  return tokens.every((t) => spokenCount(t, frequency) >= MIN_PHRASE_TOKEN_COUNT);
}

/** Times a word or its plural is said ("stripe" is said mostly as "stripes"). */
export function spokenCount(word: string, frequency: SpokenFrequency = getSpokenFrequency()): number {
  return Math.max(frequency.count(word), frequency.count(`${word}s`), frequency.count(`${word}es`), word.endsWith("y") ? frequency.count(`${word.slice(0, -1)}ies`) : 0);
}

/** "nov" beside "november", "sept" beside "september": a short lemma that begins another lemma of its synset. */
function isAbbreviationIn(lemma: string, synset: Synset): boolean {
  return lemma.length <= 5 && synset.lemmas.some((other) => other !== lemma && other.length > lemma.length && other.startsWith(lemma));
}

/** A word whose every WordNet sense is a named place or person, none seen in the tagged corpus ("zealand", "argo"). */
function isRareNameOnly(r: Relatedness, word: string): boolean {
  const senses = r.wordNet.synsetsOf(word);
  return senses.length > 0 && senses.every((s) => s.pointers.some((p) => p.symbol === "@i")) && r.wordNet.tagCount(word) === 0;
}

/** Whether WordNet's tagged corpus reads the word mostly as an adjective ("small", "long", "fleshy"), not a noun. */
function readsAsAdjective(r: Relatedness, word: string): boolean {
  const asAdjective = r.wordNet.tagCount(word, "a");
  return asAdjective > 0 && asAdjective >= r.wordNet.tagCount(word, "n");
}

/** Whether the tagged corpus reads the word mostly as a verb ("take", "pull"), so that alone it does not name a thing. */
function readsAsVerb(r: Relatedness, word: string): boolean {
  return r.wordNet.tagCount(word, "v") > VERB_SHARE * (r.wordNet.tagCount(word, "n") + r.wordNet.tagCount(word, "a"));
}

/**
 * Whether a clue starts like a grid word ("anxiety" for anxious, "seventy" for seven): a shared beginning of
 * four letters or more, at least half the shorter word. Stricter than the table's check, which lets some
 * derived forms by; the bot need not go near that line.
 */
function sharesStem(clue: string, word: string): boolean {
  for (const a of tokensOf(clue)) {
    for (const b of tokensOf(word)) {
      let shared = 0;
      while (shared < Math.min(a.length, b.length) && a[shared] === b[shared]) shared++;
      if (shared >= 4 && shared >= Math.min(a.length, b.length) / 2) return true;
      // One spelt inside the other and most of it ("biography" in autobiography; not "berry" in blueberries).
      if (Math.min(a.length, b.length) >= 5 && Math.min(a.length, b.length) >= 0.6 * Math.max(a.length, b.length) && (a.includes(b) || b.includes(a))) return true;
    }
  }
  return false;
}

/**
 * A test for a clue that would say again one of the clues to avoid: it shares a stem with one ("stinging" after
 * "stings") or, word for word, a WordNet lemma, irregular forms included ("teeth" after "tooth", "mice" after
 * "mouse"). The said clues' lemmas are read once, not once per candidate.
 */
function repeatsAny(r: Relatedness, avoid: readonly string[]): (clue: string) => boolean {
  const saidLemmas = new Set(
    avoid
      .map(normalizePhrase)
      .filter((said) => !said.includes(" "))
      .flatMap((said) => [said, ...r.wordNet.baseForms(said)]),
  );
  return (clue) => avoid.some((said) => sharesStem(clue, said)) || (!clue.includes(" ") && [clue, ...r.wordNet.baseForms(clue)].some((lemma) => saidLemmas.has(lemma)));
}

/** People's answers to the category's name read as words for the kind, most given first. */
const KIND_ANSWERS = 15;
/**
 * Cosine a word for the kind needs with the grid's topic (gridContext): people answered the head word alone,
 * so its other senses come too ("kettle" for element, 0.25 with the chemical elements; "soap" for product,
 * 0.26 with dairy products), where words about the kind sit higher ("blood" for injury 0.31, "nest" for bird
 * 0.33, "cure" for disease 0.59). Set by reading the lists this gives for the dataset's categories.
 */
const KIND_TOPIC_COSINE = 0.3;

/**
 * Words for the kind, not the secret: what people answered on hearing the category's head word ("bird": fly,
 * song, feathers, nest), for a bot that has nothing left to say about the secret itself and would otherwise say
 * "something". Each is a word people say, about the grid's topic ("girl" for bird is British slang), not a
 * member of the category ("sparrow", "apple" for fruit) nor a word of the grid's own kind ("violin" among wind
 * instruments), not an obscenity, legal for the grid and not a form of a grid word or of a clue already said.
 */
export function kindClues(r: Relatedness, grid: Grid, avoid: readonly string[] = []): string[] {
  const head = tokensOf(grid.category).at(-1);
  if (!head) return [];
  const topic = gridContext(grid, "");
  const vectors = getWordVectors();
  const answers = [head, ...r.wordNet.baseForms(head, "n")]
    .flatMap((form) => getWordAssociations().responsesTo(form))
    .sort((a, b) => b.count - a.count || a.word.localeCompare(b.word))
    .map((a) => a.word);
  const out: string[] = [];
  // Not a form of a clue already said, irregular ones included ("best" after "good").
  const repeatsSaid = repeatsAny(r, avoid);
  for (const word of new Set(answers)) {
    if (out.length >= KIND_ANSWERS) break;
    if (repeatsSaid(word)) continue;
    if (STOPWORDS.has(word) || r.wordNet.synsetsOf(word).length === 0 || !soundsSpoken(word) || isOffensive(word, r.wordNet)) continue;
    if (!isUsableClue(word, grid.category, grid.words, avoid)) continue;
    if (isMemberOfCategory(r, grid, word) || isOfGridKind(r, grid, word)) continue;
    if ([...grid.words, ...avoid].some((other) => sharesStem(word, other))) continue;
    if (cosineOf(vectors.phraseVector(word), topic) < KIND_TOPIC_COSINE) continue;
    out.push(word);
  }
  return out;
}

/** Grids whose topic words were derived, kept at most (cleared, not evicted, when full). */
const MAX_CACHED_TOPIC_GRIDS = 1_000;
const topicWordsByGrid = new Map<string, readonly string[]>();

/**
 * Words about the grid as a whole, for a bot that has said, or heard, every word for the secret and for the kind
 * and would otherwise say "something" (as the fifth of five bots does on a tenth of the dataset): the terms the
 * paper's decoy recipe draws from the grid's WordNet neighbourhood (server/dataset/decoys.ts), which several grid
 * words share and none singles out ("vessel" and "hull" for boats, "mineral" for gemstones, "calendar" for months),
 * best first, when they are words people say and legal after the clues to avoid.
 */
export function topicClues(r: Relatedness, grid: Grid, avoid: readonly string[] = []): string[] {
  const key = `${grid.category}\u0001${grid.words.join("\u0002")}`;
  let terms = topicWordsByGrid.get(key);
  if (!terms) {
    terms = decoysFor(grid.category, grid.words, r.wordNet).decoys;
    if (topicWordsByGrid.size >= MAX_CACHED_TOPIC_GRIDS) topicWordsByGrid.clear();
    topicWordsByGrid.set(key, terms);
  }
  const repeatsSaid = repeatsAny(r, avoid);
  return terms.filter(
    (word) => !STOPWORDS.has(word) && soundsSpoken(word) && !isOffensive(word, r.wordNet) && isUsableClue(word, grid.category, grid.words, avoid) && !repeatsSaid(word),
  );
}

/** Another member of the category ("leopard" for lion, "bacon" for ham, "sparrow" among birds) names a rival word, not the secret. */
function isMemberOfCategory(r: Relatedness, grid: Grid, word: string): boolean {
  return r.wordNet.synsetsOf(word, "n").slice(0, 3).some((s) => grid.isUnderCategory(s));
}

/**
 * A word of the grid's own kind ("chicken" for goose, "mary" for dame, "caring" for hardworking, "violin" among
 * wind instruments): the vectors and people put such words nearest, but they name a rival, not the secret.
 * Judged by the lexicographer file against the grid's (grid.fit ≥ fitLexFile) for either of its first two
 * senses: "chicken" is first the meat, then the bird.
 */
function isOfGridKind(r: Relatedness, grid: Grid, word: string): boolean {
  return r.wordNet.synsetsOf(word).slice(0, 2).some((sense) => grid.fit(sense) >= r.params.fitLexFile);
}

/** Base forms of the secret's head word as definitions write it: "lion" and "lions". */
function definitionForms(head: string): string[] {
  const last = tokensOf(head).at(-1);
  if (!last) return [];
  const forms = new Set([last, `${last}s`, `${last}es`]);
  if (last.endsWith("y")) forms.add(`${last.slice(0, -1)}ies`);
  return [...forms];
}

/** Noun synsets whose definition names a multi-word phrase whole, its last word singular or plural ("sundae: ice cream served with a topping"). */
function definitionsNaming(r: Relatedness, glossIndex: GlossIndex, phrase: string): string[] {
  const tokens = tokensOf(phrase);
  const lead = tokens.slice(0, -1);
  const lastForms = definitionForms(phrase);
  const holdingLead = lead.map((token) => new Set(glossIndex.definedBy(token)));
  const ids = [...new Set(lastForms.flatMap((form) => glossIndex.definedBy(form)))].filter((id) => holdingLead.every((set) => set.has(id)));
  return ids.filter((id) => namesInOrder(tokensOf(r.wordNet.synset(id).definition), lead, lastForms));
}

/** Whether the tokens hold the lead words in a row, then one of the last word's forms. */
function namesInOrder(text: readonly string[], lead: readonly string[], lastForms: readonly string[]): boolean {
  for (let i = 0; i + lead.length < text.length; i++) {
    if (lead.every((token, k) => text[i + k] === token) && lastForms.includes(text[i + lead.length])) return true;
  }
  return false;
}

/** Cosine a vector neighbour needs with the secret's sense vector in the grid: "spite" for saw (the verb see) has 0.18. */
const MIN_NEIGHBOUR_SENSE_COSINE = 0.3;


/** How far below the best a sense's cosine with the grid's context may fall and still be read as meant. */
const CONTEXT_MARGIN = 0.1;

/**
 * The senses the grid means, of those the category fits about equally: the ones whose sense vector lies nearest
 * the other grid words and the category's name. The category alone often cannot tell them apart: "sap" among
 * the parts of a tree is both the fluid and a fool, "hammer" among a carpenter's tools both the hand tool and
 * the gunlock's part (both artifacts), and the clues must be about the one the card means (card-sense.ts).
 */
function sensesInContext<T extends { synset: Synset }>(r: Relatedness, grid: Grid, secret: string, senses: readonly T[]): T[] {
  if (senses.length < 2) return [...senses];
  const context = gridContext(grid, secret);
  if (!context) return [...senses];
  const scored = senses.map((sense) => ({ sense, cosine: cosineOf(senseVectors(r).synsetVector(sense.synset.id), context) }));
  const best = Math.max(...scored.map((s) => s.cosine));
  return scored.filter((s) => best - s.cosine <= CONTEXT_MARGIN).map((s) => s.sense);
}

/** The grid's topic as a unit vector: the category's name and the grid's words other than the secret, summed; null when the table knows none. */
function gridContext(grid: Grid, secret: string): Float32Array | null {
  const vectors = getWordVectors();
  const context = new Float32Array(vectors.dims);
  for (const text of [grid.category, ...grid.words.filter((w) => w !== secret)]) {
    const v = vectors.phraseVector(text.toLowerCase());
    if (v) for (let d = 0; d < context.length; d++) context[d] += v[d];
  }
  const norm = Math.hypot(...context);
  return norm === 0 ? null : context.map((x) => x / norm);
}

/** The cosine of two unit vectors; 0 when either is missing. */
function cosineOf(u: Float32Array | null, v: Float32Array | null): number {
  return u && v ? dot(u, v) : 0;
}

/**
 * Whether a vector neighbour is about the secret as the grid means it: near the secret's WordNet sense
 * vector in this grid (not another sense's company), and nearer the secret than any other grid word
 * ("competitions" lies nearer other sports than rowing, "double" nearer sixth than seventh).
 */
function neighbourPointsAtSecret(r: Relatedness, grid: Grid, secret: string, word: string): boolean {
  return gridWordsNearer(r, grid, secret, word)?.length === 0;
}

/**
 * The grid words a vector neighbour lies nearer than the secret, or null when it is not about the secret as the
 * grid means it (far from the secret's WordNet sense vector in this grid: another sense's company).
 */
function gridWordsNearer(r: Relatedness, grid: Grid, secret: string, word: string): string[] | null {
  if (senseVectors(r).cosine(word, secret, grid) < MIN_NEIGHBOUR_SENSE_COSINE) return null;
  const vectors = getWordVectors();
  const toSecret = vectors.cosine(word, secret) ?? 0;
  return grid.words.filter((other) => other !== secret && (vectors.cosine(word, other) ?? 0) >= toSecret);
}

/** A family's name is said at least this often (about 10 per million words: "citrus" 760, "poultry" 607, "bovine" 43 is not). */
const MIN_FAMILY_COUNT = 500;

/** A family of the secret below the category: a WordNet ancestor of its meant sense that a few other grid words share. */
interface Family {
  synset: Synset;
  lemmas: string[];
  sharedWith: string[];
}

/**
 * The secret's ancestors that lie below the category and that one to maxSharedWith other grid words also descend
 * from, in their meant senses: "citrus" (lemon, orange, lime), "bovine" (bull, cow). An ancestor above or at the
 * category's own synsets names the whole grid; one shared with no other word is the secret's own kind, which
 * the candidates already offer as a hypernym.
 */
function familiesOf(r: Relatedness, grid: Grid, secret: string, senses: readonly { synset: Synset }[]): Family[] {
  const aboveCategory = new Set<string>();
  for (const anchor of grid.anchors) for (const id of r.links.ancestors(r.wordNet.synset(anchor), false)) aboveCategory.add(id);
  const meantAncestors = (senseList: readonly { synset: Synset }[]) => {
    const ids = new Set<string>();
    for (const { synset } of senseList) for (const id of r.links.ancestors(synset, false)) if (id !== synset.id && !aboveCategory.has(id)) ids.add(id);
    return ids;
  };
  const others = grid.words
    .filter((w) => w !== secret)
    .map((word) => {
      const head = r.terms.of(word).at(-1);
      return { word, ancestors: head ? meantAncestors(grid.bestSenses(head, 2, MIN_SECRET_SENSE_WEIGHT)) : new Set<string>() };
    });
  const limit = maxSharedWith(grid.words.length);
  const out: Family[] = [];
  for (const id of meantAncestors(senses)) {
    const sharedWith = others.filter((o) => o.ancestors.has(id)).map((o) => o.word);
    if (sharedWith.length === 0 || sharedWith.length > limit) continue;
    const synset = r.wordNet.synset(id);
    out.push({ synset, lemmas: synset.lemmas.map((l) => l.replace(/_/g, " ")), sharedWith });
  }
  return out;
}

/**
 * Whether people gave the word to finish a phrase that names something else, as WordNet holds it:
 * - a kind of another sense of the secret: "private" for eyes (a private eye is a detective), "car" for
 *   battery among crimes, "grave" for yard (graveyard); "golden" for hamster stays, a golden hamster is one,
 *   and so does "manic" for depression (a manic depression is its sibling, a bipolar disorder);
 * - a thing named after another sense of it that its definitions never mention: "gull" for herring, "ribbon"
 *   for blue. "cake" for wedding stays: a wedding cake is "served at a wedding".
 */
function completesOtherPhrase(r: Relatedness, word: string, secretWords: readonly string[], senses: readonly { synset: Synset }[]): boolean {
  const gridSenses = new Set(senses.map((s) => s.synset.id));
  // A kind of a sibling counts too: manic depression is a bipolar disorder, beside the depressive disorder.
  const kindsOfGridSenses = new Set(senses.flatMap((s) => s.synset.pointers.filter((p) => p.symbol === "@").map((p) => p.target)));
  const forms = secretWords.flatMap(definitionForms);
  for (const form of secretWords) {
    // The secret as the phrase's head: the phrase is a kind of it, in the grid's sense or another.
    const kinds = [`${word} ${form}`, `${word}-${form}`, `${word}${form}`].flatMap((phrase) => r.wordNet.synsetsOf(phrase, "n"));
    if (kinds.length > 0 && !kinds.some((kind) => [...r.links.ancestors(kind, false)].some((id) => gridSenses.has(id) || kindsOfGridSenses.has(id)))) return true;
    // The word as the head, or joined by "of": a thing that goes with the secret only if its definition says so.
    // Not written solid: "leatherjacket" is a fish, not a leather jacket.
    const others = [`${form} ${word}`, `${form}-${word}`, `${word} of ${form}`, `${form} of ${word}`].flatMap((phrase) => r.wordNet.synsetsOf(phrase, "n"));
    if (others.length > 0 && !others.some((s) => tokensOf(s.definition).some((t) => forms.includes(t)))) return true;
  }
  return false;
}

/** Number words a definition states a count with, and what the count becomes as a clue's number. */
const COUNT_WORDS = new Set(["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "hundred"]);

/** The counted noun of a definition's "<n>-<x>ed" or "<n> (equal) <x>s" as a plural: "eight-sided" → "eight sides", "four equal parts" → "four parts". */
function countedAttribute(r: Relatedness, count: string, next: string | undefined): string | undefined {
  if (!next) return undefined;
  const stem = next.endsWith("ed") ? (r.wordNet.baseForms(next.slice(0, -2), "n")[0] ?? r.wordNet.baseForms(next.slice(0, -1), "n")[0]) : r.wordNet.baseForms(next, "n")[0];
  if (!stem || STOPWORDS.has(stem)) return undefined;
  return `${count} ${stem.endsWith("s") ? stem : `${stem}s`}`;
}

/**
 * Attributes a definition states that set a thing apart from its kind: counts ("eight sides"; "right angles"
 * when the counted thing is a two-word lemma) and the first colour it names (an adjective whose noun is a
 * colour: "white", "green"; the head of "yellow-brown"). Later colours are the exceptions ("dark purple but
 * occasionally white") or belong to other things.
 */
export function attributesOf(r: Relatedness, definition: string): string[] {
  // "yellow-brown": the second colour is the head.
  const tokens = tokensOf(definition.replace(/\b([a-z]+)-([a-z]+)\b/g, (whole, a: string, b: string) => (isColour(r, a) && isColour(r, b) ? b : `${a} ${b}`)));
  const out: string[] = [];
  let colourSaid = false;
  tokens.forEach((token, i) => {
    if (COUNT_WORDS.has(token) && !(token === "one" && tokens[i + 1] === "of")) {
      const next = tokens[i + 1] === "equal" ? tokens[i + 2] : tokens[i + 1];
      // "four right angles": the counted thing is a two-word lemma, said without the count.
      const lemma = next && tokens[i + 2] ? r.wordNet.baseForms(`${next} ${tokens[i + 2]}`, "n")[0] : undefined;
      if (lemma && r.wordNet.tagCount(lemma) > 0) {
        out.push(`${lemma}s`);
        return;
      }
      const attribute = countedAttribute(r, token, next);
      if (attribute) out.push(attribute);
    } else if (!colourSaid && isColour(r, token)) {
      // The first colour a definition names is the thing's ("dark purple but occasionally white or yellow").
      colourSaid = true;
      out.push(token);
    }
  });
  return out;
}

/** A colour term: one of whose noun senses falls under WordNet's chromatic or achromatic colour. */
function isColour(r: Relatedness, word: string): boolean {
  if (STOPWORDS.has(word) || r.wordNet.synsetsOf(word, "a").length === 0) return false;
  return r.wordNet.synsetsOf(word, "n").slice(0, 2).some((sense) => [...r.links.ancestors(sense, false)].some((id) => COLOUR_LEMMAS.some((l) => r.wordNet.synset(id).lemmas.includes(l))));
}
const COLOUR_LEMMAS = ["chromatic color", "achromatic color"];

/** For each word of the grid's other words' definitions (their best senses), how many of those words use it. */
function definitionWordsOfGrid(r: Relatedness, grid: Grid, secret: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of grid.words) {
    if (word === secret) continue;
    const head = r.terms.of(word).at(-1);
    if (!head) continue;
    const tokens = new Set(grid.bestSenses(head, 2, MIN_SECRET_SENSE_WEIGHT).flatMap((s) => contentTokensOf(s.synset.definition)));
    for (const token of tokens) counts.set(token, (counts.get(token) ?? 0) + 1);
  }
  return counts;
}

/** Share of the grid's words a clue must cover (be a kind or part of) to fit them all alike. */
const WHOLE_GRID_SHARE = 0.5;

/**
 * Whether a clue fits the grid's words alike, so says nothing about the secret: a word of the category's own
 * name ("week" for monday in "day of the week", "dog" in "breed of dog"), or a thing that most grid words
 * are kinds or parts of ("digit" for seven among numbers).
 */
export function fitsWholeGrid(r: Relatedness, grid: Grid, clue: string): boolean {
  const categoryWords = new Set(contentTokensOf(grid.category).flatMap((t) => [t, ...r.wordNet.baseForms(t, "n")]));
  const tokens = tokensOf(clue);
  if (tokens.some((t) => categoryWords.has(t) || r.wordNet.baseForms(t, "n").some((b) => categoryWords.has(b)))) return true;
  // Another name of the category, or of what it is a kind of ("feeling" for the emotions).
  for (const anchor of grid.anchors) {
    const synset = r.wordNet.synset(anchor);
    const names = [synset, ...synset.pointers.filter((p) => p.symbol === "@").map((p) => r.wordNet.synset(p.target))].flatMap((s) => s.lemmas);
    if (names.some((name) => normalizePhrase(name) === normalizePhrase(clue))) return true;
  }
  // Any of its senses: "figure" is a digit only in its ninth.
  for (const synset of r.wordNet.synsetsOf(clue, "n")) {
    let covered = 0;
    for (const word of grid.words) {
      const head = r.terms.of(word).at(-1);
      if (head?.senses.some((s) => s.id !== synset.id && r.links.ancestors(s, grid.throughParts).has(synset.id))) covered++;
    }
    if (covered >= Math.max(2, WHOLE_GRID_SHARE * grid.words.length)) return true;
  }
  return false;
}

/**
 * Clues the lexical bot may say for a secret, each legal for the grid and sounding like a player:
 * - WordNet neighbours of the secret's category-fitting senses (hypernyms, hyponyms, parts and wholes,
 *   attributes, derived and similar words, domains), but not its synonyms (that would be saying the
 *   secret in other words);
 * - the nouns of those senses' definitions that are specific (not the definitions' common vocabulary),
 *   never their adjectives ("small" for kayak) or participles ("shaped");
 * - the lemmas of things WordNet defines by the secret (associations: "cub" and "pride" for lion,
 *   "mallet" for hammer).
 * Every one is common in speech (soundsSpoken) and not an abbreviation. Adjectives are offered only for
 * an adjective secret, through the relations that carry them.
 */
export function clueCandidates(r: Relatedness, grid: Grid, secret: string, options: CandidateOptions = {}): ClueCandidate[] {
  const limit = options.limit ?? 40;
  const frequency = getSpokenFrequency();
  const byText = new Map<string, ClueCandidate>();
  const repeatsSaid = repeatsAny(r, options.avoid ?? []);
  const offer = (text: string, source: string, prior: number, fromSynset?: Synset, sharedWith?: string[]) => {
    const clean = text.trim().toLowerCase();
    const existing = byText.get(clean);
    if (existing && existing.prior >= prior) return;
    if (!existing) {
      if (secretForms.has(clean)) return;
      // A word of a grid entry's name of two words or more, or a form of one: of the secret's, it says half the secret
      // ("boa" for boa constrictor, "bag" for sleeping bag); of another's, it names a rival ("boa" for python beside a
      // boa constrictor, "motorboat" for speedboat beside a fishing boat).
      if (gridNameWords.length > 0 && findGridWordIn(clean, gridNameWords) !== undefined) return;
      if (fromSynset && isAbbreviationIn(clean, fromSynset)) return;
      if (!soundsSpoken(clean, frequency) || !isUsableClue(clean, grid.category, grid.words, options.avoid)) return;
      // Obscenities and slurs are links like any other to WordNet and the norms ("fucker" for sap, the fool).
      if (isOffensive(clean, r.wordNet)) return;
      // Attributes and what people answered are vouched for by their source, not by WordNet.
      if (source === "association" ? STOPWORDS.has(clean) : source !== "attribute" && (clean.includes(" ") ? r.wordNet.tagCount(clean) === 0 : !specificWord(clean))) return;
      // A name WordNet knows only as a rare place or person is most often a fragment of a longer name ("zealand").
      if (!clean.includes(" ") && isRareNameOnly(r, clean)) return;
      if (grid.words.some((w) => sharesStem(clean, w))) return;
      // Nor a form of a clue already said this round ("stinging" after "stings"): it would add nothing.
      if (repeatsSaid(clean)) return;
      // Nor a form of the secret's derived words ("angered" for angry, through "anger").
      if (derivedForms.some((form) => sharesStem(clean, form))) return;
      if (fitsWholeGrid(r, grid, clean)) return;
      // Another thing of the card's kind is a rival, whatever linked it to the secret ("pace" for foot among units of
      // length, "gravel" for cement among building materials); the secret's own kind (a hypernym) and its shared
      // families are not.
      if (source !== "@" && source !== "family" && isMemberOfCategory(r, grid, clean)) return;
      // On a card of qualities, a quality similar to the secret is a rival too ("compassionate" for caring, "mad" for angry).
      if (source === "&" && fromSynset && grid.dominantLexFiles.has(fromSynset.lexFile)) return;
      // Words linked to the secret's word rather than to one of its senses may be about another sense ("reporter" for the ship's anchor).
      if (!isFromMeantSense(source) && !fitsCardSense(r, grid, secret, clean, source === "defined-by" ? fromSynset : undefined)) return;
    }
    byText.set(clean, { text: clean, source, prior, ...(sharedWith && sharedWith.length > 0 ? { sharedWith } : {}) });
  };
  const maxShared = options.shared ? maxSharedWith(grid.words.length) : 0;
  const specificWord = (word: string) =>
    !STOPWORDS.has(word) &&
    [word, ...r.wordNet.baseForms(word, "n")].every((form) => getGlossIndex().definedBy(form).length <= MAX_DEFINITION_WORD_SPREAD);
  const terms = r.terms.of(secret);
  const head = terms[terms.length - 1];
  if (!head) return [];
  const weighted = grid.weightsOf(head).filter((s) => s.weight >= MIN_SECRET_SENSE_WEIGHT);
  const synonyms = new Set(weighted.flatMap((s) => s.synset.lemmas));
  // Its synonyms and derivationally related words ("anger" for angry), from any source, say the secret itself.
  const secretForms = new Set([
    ...synonyms,
    ...weighted.flatMap((s) => s.synset.pointers.filter((p) => p.symbol === "+").map((p) => r.wordNet.synset(p.target).lemmas[p.targetWord - 1] ?? "")),
  ]);
  const gridNameWords = [...new Set(grid.words.map(tokensOf).filter((tokens) => tokens.length > 1).flat().filter((token) => !STOPWORDS.has(token)))];
  const derivedForms = weighted.flatMap((s) => s.synset.pointers.filter((p) => p.symbol === "+").map((p) => r.wordNet.synset(p.target).lemmas[p.targetWord - 1] ?? "")).filter((form) => form.length >= 4);
  // Only the senses that fit the category about as well as the best one: "pig" in "farm animal" is not the police.
  const bestWeight = Math.max(0, ...weighted.map((s) => s.weight));
  const vectors = getWordVectors();
  const senses = sensesInContext(r, grid, secret, weighted.filter((s) => s.weight >= SENSE_SHARE_OF_BEST * bestWeight));
  // A definition's word, or a thing defined by the secret, is a clue only when people also use it near the secret.
  // The definitions' own vocabulary ("genus", "person", "life", "man") and words read mostly as verbs ("take") say nothing about one thing.
  const specific = (word: string) =>
    !STOPWORDS.has(word) &&
    [word, ...r.wordNet.baseForms(word, "n")].every((form) => glossIndex.definedBy(form).length <= MAX_DEFINITION_WORD_SPREAD) && !readsAsVerb(r, word);
  const bars = options.relaxed
    ? RELAXED
    : {
        gloss: MIN_GLOSS_WORD_COSINE,
        definedBy: MIN_DEFINED_BY_COSINE,
        relation: MIN_RELATION_COSINE,
        neighbourRelatedness: MIN_NEIGHBOUR_RELATEDNESS,
        associationSense: MIN_ASSOCIATION_SENSE_COSINE,
        reverseAssociation: MIN_REVERSE_ASSOCIATION_COUNT,
      };
  const usedNearSecret = (text: string, floor = bars.gloss) => (vectors.cosine(text, secret) ?? 0) >= floor;
  const secretIsAdjective = senses.length > 0 && senses[0].synset.pos === "a";
  const glossIndex = getGlossIndex();
  // A word the definitions of many grid words use is the kind's, not the secret's ("players" in every sport's).
  const definedAlike = definitionWordsOfGrid(r, grid, secret);
  for (const { synset, weight } of senses) {
    for (const token of contentTokensOf(synset.definition)) {
      if (readsAsParticiple(r, token) || readsAsAdjective(r, token)) continue;
      if ((definedAlike.get(token) ?? 0) >= Math.max(2, grid.words.length / 4)) continue;
      // Of the token's noun forms, the one people use nearest the secret ("stripes" the badge, "stripe" the tiger's).
      const base = r.wordNet
        .baseForms(token, "n")
        .filter((form) => form.length >= 3 && !/\d/.test(form))
        .map((form) => ({ form, cosine: vectors.cosine(form, secret) ?? 0 }))
        .sort((a, b) => b.cosine - a.cosine)[0]?.form;
      if (base && specific(base) && usedNearSecret(base)) offer(base, "definition", 0.5 * weight);
    }
    for (const pointer of synset.pointers) {
      const neighbour = r.wordNet.synset(pointer.target);
      if (neighbour.pos === "a" && !(secretIsAdjective && ADJECTIVE_RELATIONS.has(pointer.symbol))) continue;
      if (neighbour.pos === "v" || neighbour.pos === "r") continue;
      const closeness = r.params.relationWeights[pointer.symbol] ?? r.params.otherRelation;
      const lemmas = pointer.sourceWord > 0 ? [neighbour.lemmas[pointer.targetWord - 1] ?? neighbour.lemmas[0]] : neighbour.lemmas;
      // An instance hypernym names a person or place ("sand": George Sand, the author).
      if (pointer.symbol === "@i") continue;
      // A derivationally related word is a form of the secret ("anger" for angry, "pediatrics" for paediatrician).
      if (pointer.symbol === "+") continue;
      // A usage domain labels the word, not the thing ("plural" for jeans, "colloquialism", "trademark").
      if (pointer.symbol === ";u" || pointer.symbol === "-u") continue;
      // Hyponyms are kinds of the secret whatever the vectors say ("clementine"); other relations must be used near it too ("moment" for variance is not).
      const floor = pointer.symbol.startsWith("~") ? -1 : bars.relation;
      // A kind of the secret that is itself a thing of the card's kind names a rival on the table: "tarn" for lake
      // among landforms, "gash" for wound among injuries, "swan-neck" for orchid among flowers.
      const rivalKind = pointer.symbol.startsWith("~") && grid.isUnderCategory(neighbour);
      for (const lemma of lemmas) if (!rivalKind && !synonyms.has(lemma) && usedNearSecret(lemma, floor)) offer(lemma, pointer.symbol, closeness * weight, neighbour);
    }
  }
  // Things defined by the secret: read in the grid's sense by the judge later, so a stray sense costs only a candidate.
  // A multi-word secret only where a definition names it whole ("sundae: ice cream served with a topping"); an
  // adjective in a noun's definition describes the thing, not the feeling ("trouble": angry).
  const singleNoun = tokensOf(secret).length === 1 && !secretIsAdjective;
  const definedBy = secretIsAdjective ? [] : singleNoun ? definitionForms(head.text).flatMap((form) => glossIndex.definedBy(form)) : definitionsNaming(r, glossIndex, secret);
  const secretLexFile = senses[0]?.synset.lexFile;
  for (const id of definedBy.slice(0, MAX_DEFINED_BY_SYNSETS)) {
    const synset = r.wordNet.synset(id);
    // A named place or person, or a plant or animal merely described with the word ("barn spider": orange), is not about it.
    if (synset.pointers.some((p) => p.symbol === "@i")) continue;
    if (NARROW_LEX_FILES.has(synset.lexFile) && synset.lexFile !== secretLexFile) continue;
    for (const lemma of synset.lemmas) {
      // Nor a thing of the secret's own kind ("twenty", defined by nineteen, among prime numbers): a rival.
      const sameKind = synset.pointers.some((p) => p.symbol === "@" && senses.some((s) => s.synset.pointers.some((q) => q.symbol === "@" && q.target === p.target)));
      if (!sameKind && !synonyms.has(lemma) && /^[a-z]+$/.test(lemma) && specific(lemma) && !isMemberOfCategory(r, grid, lemma) && usedNearSecret(lemma, bars.definedBy)) offer(lemma, "defined-by", 0.45, synset);
    }
  }
  // Associations from the word vectors, as plain nouns (or adjectives for an adjective secret).
  // A phrase's vector is the mean of its words' ("hedge trimmer" lies near "hedge fund"): single words only.
  // An adjective's nearest words are other qualities ("better" for friendly, "caring" for hardworking): nouns only.
  const neighbours = singleNoun ? getVectorNeighbours().nearest(secret, options.shared ? SHARED_VECTOR_NEIGHBOURS : VECTOR_NEIGHBOURS) : [];
  for (const { word, cosine } of neighbours) {
    // Vectors mix a word's senses ("sixth" lies near "inning", "private" near "estate"): WordNet must see the link in the grid's sense too.
    if (cosine < MIN_NEIGHBOUR_COSINE || readsAsParticiple(r, word) || !specific(word) || isMemberOfCategory(r, grid, word) || isOfGridKind(r, grid, word) || r.rel(word, secret, grid) < bars.neighbourRelatedness) continue;
    if (synonyms.has(word) || r.wordNet.baseForms(word, "n").length === 0) {
      if (!(secretIsAdjective && r.wordNet.baseForms(word, "a").length > 0 && !synonyms.has(word))) continue;
    } else if (!secretIsAdjective && readsAsAdjective(r, word)) continue;
    const nearer = gridWordsNearer(r, grid, secret, word);
    if (nearer === null || nearer.length > maxShared) continue;
    offer(word, nearer.length > 0 ? "shared-vectors" : "vectors", 0.5 * cosine, undefined, nearer);
  }
  // Distinctive attributes the definitions state: a count ("an eight-sided polygon": eight sides; "one of four
  // equal parts": four parts) and a colour ("white flower buds" for cauliflower). The judge then keeps the
  // one that sets the secret apart from the grid.
  for (const { synset, weight } of senses) {
    for (const text of attributesOf(r, synset.definition)) offer(text, "attribute", 0.5 * weight);
  }
  // What people answer when they hear the secret ("mane" for lion, "coffin" for funeral), and the words to
  // which they answer it, when the link holds in the grid's sense ("tears" for shed is the verb) and the
  // word is not another thing of the secret's kind ("donkey" for horse, "ten" for nine).
  const associations = getWordAssociations();
  const secretKindParents = new Set(senses.flatMap((s) => s.synset.pointers.filter((p) => p.symbol === "@").map((p) => p.target)));
  const isRival = (word: string) =>
    isMemberOfCategory(r, grid, word) || r.wordNet.synsetsOf(word, "n").slice(0, 2).some((s) => s.pointers.some((p) => p.symbol === "@" && secretKindParents.has(p.target)));
  // A word of the secret's own kind that people use almost as they use the secret ("ten" for nine, "cabbage" for spinach).
  const secretLexFiles = new Set(senses.map((s) => s.synset.lexFile));
  const isLikeSecret = (word: string) =>
    (vectors.cosine(word, secret) ?? 0) >= RIVAL_COSINE && r.wordNet.synsetsOf(word).slice(0, 2).some((s) => secretLexFiles.has(s.lexFile));
  const secretWords = askedForms(r, secret);
  const associated = secretWords.flatMap((form) => [
    ...associations.responsesTo(form).filter((a) => a.count >= MIN_ASSOCIATION_COUNT),
    ...associations.stimuliOf(form).filter((a) => a.count >= bars.reverseAssociation),
  ]);
  for (const { word, count } of associated) {
    // Only words WordNet knows: people also answer names ("maud" for auntie), which say nothing to others.
    if (synonyms.has(word) || r.wordNet.synsetsOf(word).length === 0 || readsAsParticiple(r, word) || isRival(word) || isLikeSecret(word)) continue;
    // People give it for other grid words as readily ("colour" for orange as for tangerine): a shared feature, offered
    // only when shared clues are asked for and only for a few words.
    const alike = grid.words.filter((other) => other !== secret && peopleLinking(r, other, word) >= count);
    if (alike.length > maxShared) continue;
    if (senseVectors(r).cosine(word, secret, grid) < bars.associationSense || completesOtherPhrase(r, word, secretWords, senses)) continue;
    offer(word, alike.length > 0 ? "shared-association" : "association", (0.6 * count) / (count + 5), undefined, alike);
  }
  // The secret's family below the category, shared with a few grid words ("citrus" for lemon, "brass" for trumpet).
  // Only its plain one-word names: "natural science" and "human action" are WordNet's taxonomy, not what players say.
  if (options.shared) {
    for (const family of familiesOf(r, grid, secret, senses)) {
      for (const lemma of family.lemmas) if (!lemma.includes(" ") && spokenCount(lemma, frequency) >= MIN_FAMILY_COUNT) offer(lemma, "family", 0.5, family.synset, family.sharedWith);
    }
  }
  // The last resort, when the bars leave nothing: the secret's nearest words in the vectors that are nouns
  // people say and not of the grid's kind, however WordNet links them ("infidelity" for jealousy).
  if (options.relaxed && byText.size === 0) {
    const lastResort = singleNoun ? getVectorNeighbours().nearest(secret, VECTOR_NEIGHBOURS) : [];
    const topic = gridContext(grid, secret);
    for (const { word, cosine } of lastResort) {
      if (cosine < LAST_RESORT_COSINE || readsAsParticiple(r, word) || !specific(word) || isMemberOfCategory(r, grid, word) || isOfGridKind(r, grid, word) || synonyms.has(word)) continue;
      // A noun, or what the thing is like ("pudgy" for pug, "bald" for buzzard).
      if (r.wordNet.baseForms(word, "n").length === 0 && r.wordNet.baseForms(word, "a").length === 0) continue;
      if (!neighbourPointsAtSecret(r, grid, secret, word)) continue;
      if (cosineOf(vectors.phraseVector(word), topic) < LAST_RESORT_TOPIC_COSINE) continue;
      offer(word, "vectors", 0.25 * cosine);
    }
  }
  const commonness = (c: ClueCandidate) => Math.log10(1 + tokensOf(c.text).reduce((min, t) => Math.min(min, spokenCount(t, frequency)), Infinity));
  const ranked = [...byText.values()].sort((a, b) => b.prior - a.prior || commonness(b) - commonness(a) || a.text.localeCompare(b.text));
  // At most PER_KIND of each kind (relations, definitions, defined-by, vectors), so that no one source crowds out the others.
  const taken = new Map<string, number>();
  const kept = ranked.filter((c) => {
    const kind = KIND_OF_SOURCE[c.source] ?? "relation";
    const n = taken.get(kind) ?? 0;
    taken.set(kind, n + 1);
    return n < PER_KIND;
  });
  return kept.slice(0, limit);
}
