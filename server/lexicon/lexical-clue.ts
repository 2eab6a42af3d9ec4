/**
 * The lexical bot's decisions, for the game server and the benchmark: what to say as an informed
 * player, what to say as the chameleon, which word to guess, whom to suspect. All read clues
 * through the lexical judge (server/evaluators/lexical), so the bot plays the game it is scored by.
 */
import { normalizeAboveChance } from "../../shared/sneak/metrics";
import type { Rng } from "../../shared/random";
import { createLexicalEvaluator, type LexicalEvaluator } from "../evaluators/lexical/index";
import { softmax } from "../evaluators/lexical/softmax";
import { clueCandidates, isUsableClue, kindClues, topicClues, type ClueCandidate } from "./clue-candidates";
import { answeredWhenAsked, peopleLinking } from "./associations/linked-by-people";
import { getRelatedness, type Relatedness } from "./relatedness";
import { getSpokenFrequency } from "./spoken-frequency";
import { contentTokensOf, tokensOf } from "./text";
import { getWordVectors } from "./vectors/word-vectors";

/** Decoys the ally is assumed to weigh the clue against when the caller has none (the benchmark's |M| − 1). */
const ASSUMED_DECOYS = 5;
/** How many of the best-fitting candidates a chameleon chooses among (at random), so it is not predictable. */
const CHAMELEON_CHOICES = 3;
/** How many of a chameleon's candidates (the best by WordNet fit) the judge reads. */
const CHAMELEON_JUDGED = 12;
/** How far (in expected log probability, nats) a chameleon's clue may fit worse than the best and still be among its choices: ln 2, half as likely. */
const CHAMELEON_FIT_MARGIN = Math.LN2;
/** The probability a judge's reading is floored at before its log is taken (as rankSuspects does). */
const MIN_PROBABILITY = 1e-12;

export interface ClueRequest {
  category: string;
  words: readonly string[];
  secret: string;
  /** Clues not to repeat (said earlier in the round, say). */
  avoid?: readonly string[];
  /** The instance's decoy messages; without them the ally is assumed to face decoys that fit every word equally. */
  decoys?: readonly string[];
}

export interface ScoredClue extends ClueCandidate {
  pAlly: number;
  pCham: number;
  /** Expected SoftScore under the lexical judge: Utility × (1 − Leakage). */
  softScore: number;
  /** People (of about 100) who linked the clue with the secret in the word-association norms; 0 when fewer than two. */
  associated: number;
  /** What the bot ranks by: softScore × commonnessFactor × how much the clue points at the secret (1 unless another word is over twice as likely) × how many people linked it with the secret × ½ when people asked the clue never answered the secret. */
  rank: number;
}

/** The chameleon's floor and β that the fit gives the combined judge without its association signal. */
export const WITHOUT_ASSOCIATIONS_CHAMELEON = { chameleonFloor: 0.1, chameleonBeta: 3 };

/**
 * The bot reads clues with the default (combined) judge, less its ally's category term: that term gives a
 * topical message some utility, as the paper's LLM allies do, so SoftScore alone would have the bot say
 * category words ("arm" for sword, "raptor" for vulture). A spymaster's ally credits only how far a clue
 * singles the secret out. Nor does it read the judge's association signal: the bot weighs people's associations
 * itself, once, in its rank (saidByPeople); read twice, they crowd out the other sources' clues. Its chameleon
 * is calibrated as `npm run bench:paper -- --fit` calibrates the judge whose similarity has no association
 * term (floor 0.1, β 3); the default judge's floor and β are fitted for the sum with it.
 */
const BOT_JUDGE_WEIGHTS = { category: 0, associations: 0, ...WITHOUT_ASSOCIATIONS_CHAMELEON };

let sharedEvaluator: LexicalEvaluator | undefined;
function judge(): LexicalEvaluator {
  return (sharedEvaluator ??= createLexicalEvaluator({ weights: BOT_JUDGE_WEIGHTS }));
}
function model(): Relatedness {
  return getRelatedness();
}

/** Candidates given the full (ally + chameleon) reading, the likeliest by their similarity to the secret: the rest rarely win, and each costs a reading of the whole grid. */
const SCORED_CANDIDATES = 24;
/**
 * How much people's associations count: a clue that ASSOCIATION_FULL or more of the (about 100) people asked
 * linked with the secret ranks 1 + ASSOCIATION_WEIGHT times higher than one nobody gave ("mane" for lion,
 * "milk" for cow), so that between clues the judge reads alike, the one people say wins. The factor is
 * scaled to at most 1, as the others are.
 */
const ASSOCIATION_WEIGHT = 1;
const ASSOCIATION_FULL = 10;
/**
 * What a clue's rank is multiplied by when the people asked it in the word-association norms did not answer
 * the secret: "cut" was asked, and people answered scissors and knife, never shears; "mane" brings lion to
 * 15 of them. The spymaster's question is what the clue calls to mind, and here people were asked it.
 */
const NOT_EVOKING_FACTOR = 0.5;
/** P(secret | clue) a clue needs, as a multiple of chance (1/|W|), to count as being about the secret. */
const SPECIFIC_SHARE = 1.5;
/** What such an unspecific clue's rank is multiplied by: it loses to almost any clue about the secret. */
const UNSPECIFIC_FACTOR = 0.25;

/**
 * How much a clue's commonness in speech counts: a factor from 0.8 (said about once per million words,
 * Zipf 3, or rarer) to 1 (Zipf 5.5, "water", "music"), so that between two clues that score alike the
 * one more people would say wins.
 */
export function commonnessFactor(text: string): number {
  const tokens = tokensOf(text);
  const zipf = Math.min(...tokens.map((t) => getSpokenFrequency().zipf(t)));
  return 0.8 + 0.2 * Math.min(1, Math.max(0, (zipf - 3) / 2.5));
}

/**
 * Every candidate of clueCandidates with its expected SoftScore, best first (ties: closer relation, then
 * alphabetical). The SoftScore is the spymaster's rule under the bot's judge: Utility is the ally's belief
 * that the clue was written about the secret, which grows with how much more it points at the secret than
 * at the rest of the grid (the ally's centring), and (1 − Leakage) falls as the chameleon, reading the
 * same clue against the grid, can name the secret from it. `rank` is that times commonnessFactor, times
 * min(1, 2·P(secret | clue) / max_w P(w | clue)): a clue that points at another grid word (herd: sheep, not
 * elephant) loses the other informed players' trust; and by ¼ when P(secret | clue) is under 1.5× chance;
 * times (1 + min(1, people / 10)) / 2, where people is how many of about 100 linked the clue with the secret;
 * and by ½ when the norms asked people the clue and none answered the secret (NOT_EVOKING_FACTOR).
 */
export function scoredLexicalClues(request: ClueRequest, evaluator: LexicalEvaluator = judge(), r: Relatedness = model()): ScoredClue[] {
  const words = [...request.words];
  const grid = r.grid(request.category, words);
  const strict = clueCandidates(r, grid, request.secret, { avoid: request.avoid, limit: Number.POSITIVE_INFINITY });
  const pool = strict.length > 0 ? strict : clueCandidates(r, grid, request.secret, { avoid: request.avoid, limit: Number.POSITIVE_INFINITY, relaxed: true });
  const candidates = pool
    .map((candidate) => ({ candidate, closeness: evaluator.similarity(request.category, words, candidate.text, request.secret) * commonnessFactor(candidate.text) }))
    .sort((a, b) => b.closeness - a.closeness || a.candidate.text.localeCompare(b.candidate.text))
    .slice(0, SCORED_CANDIDATES)
    .map((c) => c.candidate);
  const secretIndex = words.indexOf(request.secret);
  const scored = candidates.map((candidate): ScoredClue => {
    const chameleon = evaluator.chameleonJudgement({ category: request.category, options: words, clues: [candidate.text] });
    const pCham = chameleon.probabilities[secretIndex] ?? 0;
    let pAlly: number;
    let messageCount: number;
    if (request.decoys && request.decoys.length > 0) {
      const options = [candidate.text, ...request.decoys.filter((d) => d !== candidate.text)];
      const ally = evaluator.allyJudgement({ category: request.category, words, secret: request.secret, options });
      pAlly = ally.probabilities[0];
      messageCount = options.length;
    } else {
      // Decoys that say nothing about any one word score 0 after the ally's centring.
      const [centred] = evaluator.allyScores({ category: request.category, words, secret: request.secret, options: [candidate.text] });
      pAlly = softmax([centred, ...Array(ASSUMED_DECOYS).fill(0)], evaluator.allyBeta)[0];
      messageCount = ASSUMED_DECOYS + 1;
    }
    const utility = normalizeAboveChance(pAlly, messageCount);
    const leakage = normalizeAboveChance(pCham, words.length);
    const softScore = utility * (1 - leakage);
    // The spymaster's check: a clue that points at another word more than twice as much as at the secret
    // would mislead the other informed players, and get its giver voted out.
    // And a clue that fits every word alike ("week" for monday, "dog" for pug) says nothing about the secret:
    // below SPECIFIC_SHARE times chance, it counts for a quarter.
    // So does a clue people use nearer the category than the secret ("flesh" for melon among fruit, "claw" for vulture).
    const specific = pCham >= SPECIFIC_SHARE / words.length && !nearerCategory(request.category, request.secret, candidate.text) ? 1 : UNSPECIFIC_FACTOR;
    const towardSecret = specific * Math.min(1, (2 * pCham) / Math.max(...chameleon.probabilities));
    const associated = peopleLinking(r, request.secret, candidate.text);
    const saidByPeople = (1 + ASSOCIATION_WEIGHT * Math.min(1, associated / ASSOCIATION_FULL)) / (1 + ASSOCIATION_WEIGHT);
    // People who were asked the clue and never answered the secret show that it calls other things to mind.
    const evokesSecret = answeredWhenAsked(r, candidate.text, request.secret) === false ? NOT_EVOKING_FACTOR : 1;
    return { ...candidate, pAlly, pCham, softScore, associated, rank: softScore * commonnessFactor(candidate.text) * towardSecret * saidByPeople * evokesSecret };
  });
  return scored.sort((a, b) => b.rank - a.rank || b.prior - a.prior || a.text.localeCompare(b.text));
}

/** Whether the vectors put a clue nearer the category's name than the secret: then it describes the kind, not the thing. */
function nearerCategory(category: string, secret: string, clue: string): boolean {
  const vectors = getWordVectors();
  const toCategory = vectors.cosine(clue, category);
  const toSecret = vectors.cosine(clue, secret);
  return toCategory != null && toSecret != null && toCategory > toSecret;
}

/**
 * The informed player's clue: among WordNet neighbours of the secret, the one with the highest
 * expected SoftScore under the lexical judge. Never a grid word. When WordNet offers nothing
 * usable, the category's head word, else "something".
 */
export function bestLexicalClue(request: ClueRequest): string {
  const best = scoredLexicalClues(request)[0];
  if (best) return best.text;
  return fallbackClue(request.category, request.words, request.avoid);
}

/**
 * A clue that is always legal: the category's last word, then its other words from the last ("vegetable",
 * then "green" for green vegetable), the first that is not on the grid nor said already; then a word people
 * give for the kind (kindClues: "tree", "nest" for bird), else "something". A later bot with nothing better
 * says something about the kind rather than "something", which two bots would say alike.
 */
export function fallbackClue(category: string, words: readonly string[], avoid: readonly string[] = []): string {
  const categoryWords = [tokensOf(category).at(-1) ?? "", ...contentTokensOf(category).reverse()].filter((word) => word.length > 0);
  const own = categoryWords.find((word) => isUsableClue(word, "", words, avoid));
  if (own) return own;
  const r = model();
  const grid = r.grid(category, [...words]);
  return kindClues(r, grid, avoid)[0] ?? topicClues(r, grid, avoid)[0] ?? "something";
}

export interface ChameleonClueRequest {
  category: string;
  words: readonly string[];
  earlierClues: readonly string[];
  /** Clues not to say that are not evidence (refused earlier, say); earlier clues are avoided too. */
  avoid?: readonly string[];
}

/**
 * What a chameleon, who knows only the category and the clues so far, can say: it guesses which
 * word the others describe (the judge's posterior given their clues; uniform before any), then
 * picks among the candidate clues of the likeliest words the ones an informed voter would suspect least
 * in expectation over that posterior, at random among the top few. Before any clue it prefers words that
 * fit the grid broadly.
 */
export function plausibleChameleonClue(request: ChameleonClueRequest, rng: Rng): string {
  const r = model();
  const words = [...request.words];
  const grid = r.grid(request.category, words);
  const posterior = secretPosterior(request.category, words, request.earlierClues);
  // Ties (all words, before any clue) are broken at random, so an early chameleon does not always
  // bluff about the first words of the grid.
  const likely = words
    .map((word, i) => ({ word, p: posterior[i], tieBreak: rng.float() }))
    .sort((a, b) => b.p - a.p || a.tieBreak - b.tieBreak)
    .slice(0, 3);
  const pool = new Map<string, ClueCandidate>();
  for (const { word } of likely) {
    for (const candidate of clueCandidates(r, grid, word, { avoid: [...request.earlierClues, ...(request.avoid ?? [])], limit: 25 })) {
      if (!pool.has(candidate.text)) pool.set(candidate.text, candidate);
    }
  }
  const fitOf = (text: string) => words.reduce((sum, word, i) => sum + posterior[i] * r.rel(text, word, grid), 0);
  // The best few by WordNet are read by the judge, as the other players will read them: an informed voter
  // suspects the clue with the highest −log P(secret | clue) (rankSuspects), so the chameleon takes the clue
  // whose expected log P(w | clue) over its belief about the secret is highest. Before any clue that belief is
  // flat, and the expected log favours a clue that fits many words over one that names a word the secret
  // is unlikely to be ("purr" fits the cats alike in WordNet but, read against the grid, says cat).
  const judged = [...pool.values()]
    .map((c) => ({ text: c.text, fit: fitOf(c.text) }))
    .sort((a, b) => b.fit - a.fit || a.text.localeCompare(b.text))
    .slice(0, CHAMELEON_JUDGED)
    .map(({ text }) => {
      const p = judge().chameleonJudgement({ category: request.category, options: words, clues: [text] }).probabilities;
      return { text, fit: words.reduce((sum, _, i) => sum + posterior[i] * Math.log(Math.max(p[i], MIN_PROBABILITY)), 0) };
    })
    .sort((a, b) => b.fit - a.fit || a.text.localeCompare(b.text));
  // Only clues that fit the consensus about as well as the best: a far worse one would give the chameleon away.
  const top = judged.filter((c) => c.fit >= (judged[0]?.fit ?? 0) - CHAMELEON_FIT_MARGIN).slice(0, CHAMELEON_CHOICES);
  if (top.length === 0) return fallbackClue(request.category, words, [...request.earlierClues, ...(request.avoid ?? [])]);
  return top[rng.int(top.length)].text;
}

/** The judge's chameleon distribution over `words` given clues (uniform when there are none). */
export function secretPosterior(category: string, words: readonly string[], clues: readonly string[]): number[] {
  if (clues.length === 0) return words.map(() => 1 / words.length);
  return judge().chameleonJudgement({ category, options: [...words], clues: [...clues] }).probabilities;
}

/** The chameleon's guess once caught: the word the clues point at most (first on the grid among ties). */
export function guessSecret(request: { category: string; words: readonly string[]; clues: readonly string[] }): string {
  const posterior = secretPosterior(request.category, request.words, request.clues);
  let best = 0;
  posterior.forEach((p, i) => {
    if (p > posterior[best]) best = i;
  });
  return request.words[best];
}

export interface SuspectRequest {
  category: string;
  words: readonly string[];
  /** Known to informed players; absent when the chameleon votes. */
  secret?: string;
  clues: readonly { playerId: string; clue: string }[];
  /** The voter: left out of the ranking, and (as chameleon) its own clue is not evidence. */
  self?: string;
}

export interface Suspect {
  playerId: string;
  /** Higher is more suspicious: −log P(secret | clue) under the judge, or its expectation over the likely secrets. */
  suspicion: number;
}

/**
 * Players ranked most suspicious first. An informed player suspects whoever's clue points least
 * at the secret. The chameleon, not knowing it, estimates the secret from the others' clues and
 * suspects whoever fits that estimate least: the vote an informed player would plausibly cast.
 */
export function rankSuspects(request: SuspectRequest): Suspect[] {
  const words = [...request.words];
  const evaluator = judge();
  const others = request.clues.filter((c) => c.playerId !== request.self);
  let belief: number[];
  if (request.secret !== undefined && words.includes(request.secret)) {
    belief = words.map((w) => (w === request.secret ? 1 : 0));
  } else {
    belief = secretPosterior(request.category, words, others.map((c) => c.clue));
  }
  const suspects = others.map(({ playerId, clue }, order) => {
    const p = evaluator.chameleonJudgement({ category: request.category, options: words, clues: [clue] }).probabilities;
    const suspicion = words.reduce((sum, _, i) => sum + (belief[i] > 0 ? belief[i] * -Math.log(Math.max(p[i], MIN_PROBABILITY)) : 0), 0);
    return { playerId, suspicion, order };
  });
  return suspects.sort((a, b) => b.suspicion - a.suspicion || a.order - b.order).map(({ playerId, suspicion }) => ({ playerId, suspicion }));
}
