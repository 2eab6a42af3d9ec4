/**
 * The knobs of the relatedness model (docs/LEXICAL.md explains each). The defaults were tuned on
 * the tuning split of test/fixtures/clues/ with `npm run bench:evaluator -- --tune`; the held-out
 * split was only read to report. One exception: fitLexFile and fitPos keep their prior values
 * (0.8, 0.4): the search lowered them for a gain of two tuning clues, within noise, and that made
 * the rock the likeliest "stone" in "unit of weight".
 */
export interface RelatednessParams {
  /** Weight of one pointer hop by WordNet pointer symbol; symbols not listed use `otherRelation`. */
  relationWeights: Readonly<Record<string, number>>;
  otherRelation: number;
  /** A two-hop path scores the product of its hops times this. */
  twoHopDecay: number;
  /** A two-hop path through a synset with more pointers than this (a hub such as "person") is discounted by hubDegree/degree. */
  hubDegree: number;
  /** The clue in the word's own definition or examples (or the word in the clue's). */
  glossDefinition: number;
  /** The clue among the lemmas of one of the word's neighbours. */
  glossNeighbourLemma: number;
  /** The clue in a neighbour's definition. */
  glossNeighbourDefinition: number;
  /** How much a gloss match of a frequent word ("large", "animal") is worth relative to a rare one: 0 = all equal. */
  glossIdfStrength: number;
  /** A WordNet compound holds both ("ice cream cone" for cone and ice cream). */
  compound: number;
  /** Clue and word share a content token ("tent" and "tent pegs"). */
  sharedToken: number;
  /** Weight of the IDF-weighted cosine overlap of the two extended glosses, added to the best single link. */
  overlap: number;
  /** Sense prior of the clue: sense k (0-based) weighs 1/(1 + k·decay). */
  clueSenseDecay: number;
  /** Sense prior of a grid word, before the category weighting. */
  wordSenseDecay: number;
  /** Category fit of a grid word's sense: the category is an ancestor; the sense is in the grid's dominant lexicographer file; same part of speech as the grid's; none. */
  fitAncestor: number;
  fitLexFile: number;
  fitPos: number;
  fitNone: number;
  /** A multi-word grid word that WordNet lacks ("english literature"): its modifiers count this much, its head fully. */
  modifierWeight: number;
  /** A multi-term clue scores its best term plus this times the sum of the others. */
  clueExtraTerms: number;
  /**
   * In a multi-term clue, each term's score less this times its mean over the grid's words: a term that fits
   * the whole grid ("study" among academic subjects) says little about any one word.
   */
  clueTermCentring: number;
}

export const DEFAULT_RELATEDNESS_PARAMS: RelatednessParams = {
  relationWeights: {
    "&": 0.85, // similar to
    "+": 0.8, // derivationally related
    "\\": 0.8, // pertainym / derived from
    "<": 0.8, // participle of
    "@": 0.75, // hypernym
    "@i": 0.75,
    "~": 0.75, // hyponym
    "~i": 0.75,
    "=": 0.7, // attribute
    "#m": 0.7, // member holonym
    "#s": 0.7,
    "#p": 0.7,
    "%m": 0.7, // member meronym
    "%s": 0.7,
    "%p": 0.7,
    $: 0.65, // verb group
    "*": 0.6, // entailment
    ">": 0.6, // cause
    "^": 0.6, // also see
    "!": 0.5, // antonym
    ";c": 0.45, // domain of synset: topic
    "-c": 0.45,
    ";r": 0.3,
    "-r": 0.3,
    ";u": 0.3,
    "-u": 0.3,
  },
  otherRelation: 0.3,
  twoHopDecay: 0.2,
  hubDegree: 25,
  glossDefinition: 1,
  glossNeighbourLemma: 0.5625,
  glossNeighbourDefinition: 0.4375,
  glossIdfStrength: 0.625,
  compound: 0.6,
  sharedToken: 0.7,
  overlap: 0.375,
  clueSenseDecay: 0.05,
  wordSenseDecay: 0.15,
  fitAncestor: 1,
  fitLexFile: 0.8,
  fitPos: 0.4,
  fitNone: 0.2,
  modifierWeight: 0.6,
  clueExtraTerms: 0.35,
  clueTermCentring: 1,
};
