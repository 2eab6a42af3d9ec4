/**
 * The lexical bot's decisions, for the game server and the benchmark: what to say as an informed
 * player, what to say as the chameleon, which word to guess, whom to suspect. All read clues
 * through the lexical judge (server/evaluators/lexical), so the bot plays the game it is scored by.
 */
import { LRUCache } from "lru-cache";
import { drawWeighted, type Rng } from "../../shared/random";
import { DEFAULT_BOT_LEVEL, type BotLevel } from "../../shared/game/types";
import { createLexicalEvaluator, type LexicalEvaluator } from "../evaluators/lexical/index";
import { clueCandidates, isUsableClue, kindClues, topicClues, type ClueCandidate } from "./clue-candidates";
import { expectedSoftScore, readClue, tableListeners, tableOutcome, type ListenerReading } from "./table-listeners";
import { answeredWhenAsked, peopleLinking } from "./associations/linked-by-people";
import { getRelatedness, type Grid, type Relatedness } from "./relatedness";
import { getSpokenFrequency } from "./spoken-frequency";
import { contentTokensOf, tokensOf } from "./text";

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
  /** Clues said earlier that the bot reads as the informed players': a chameleon will read them with this one. */
  informedClues?: readonly string[];
  /** Every clue said before this one, in order (the informed players judge a clue by what it follows). */
  saidBefore?: readonly string[];
  /** How the bot plays (docs/LEXICAL.md, "Levels"); normal when absent. */
  level?: BotLevel;
}

export interface ScoredClue extends ClueCandidate {
  /** What each imagined listener makes of the clue (table-listeners.ts). */
  readings: ListenerReading[];
  /** Mean over the listeners of utility × (1 − leakage): the expected SoftScore. */
  softScore: number;
  /** How far the other informed players would trust it: exp(−informedSuspicion), at most 1. */
  trust: number;
  /** People (of about 100) who linked the clue with the secret in the word-association norms; 0 when fewer than two. */
  associated: number;
  /** What the bot ranks by (see scoredLexicalClues). */
  rank: number;
}

/** The judge the chameleon bot, the votes and the guess read clues with: everything the bot knows, people's associations included. */
let sharedEvaluator: LexicalEvaluator | undefined;
function judge(): LexicalEvaluator {
  return (sharedEvaluator ??= createLexicalEvaluator({ weights: { category: 0 } }));
}
function model(): Relatedness {
  return getRelatedness();
}

/** Candidates read by every listener, in the candidates' own order (closest relations first): enough for the shared ones, within the time a turn allows. */
const SCORED_CANDIDATES = 40;
/**
 * What a clue's rank is multiplied by when the people asked it in the word-association norms did not answer
 * the secret: "cut" was asked, and people answered scissors and knife, never shears; "mane" brings lion to
 * 15 of them. The informed players' question is what the clue calls to mind, and here people were asked it.
 */
const NOT_EVOKING_FACTOR = 0.5;

/**
 * How each level weighs secrecy against being understood: the exponent of (1 − leakage). Easy gives away more
 * (plain clues that new players read at once); hard guards the secret more.
 */
const SECRECY: Record<BotLevel, number> = { easy: 0.25, normal: 1, hard: 2 };
/** Easy bots prefer what people say for the secret: a clue's rank × (1 + min(1, people / ASSOCIATION_FULL)). */
const ASSOCIATION_FULL = 10;

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

/** Candidates whose pool is thinner than this are joined by those of the relaxed bars (a secret few sources know well). */
const THIN_POOL = 3;

/** What an informed bot may say: the strict candidates, joined by the relaxed ones when those are few (toaster has one). */
export function informedCandidates(r: Relatedness, grid: Grid, secret: string, avoid: readonly string[] = []): ClueCandidate[] {
  const strict = clueCandidates(r, grid, secret, { avoid, limit: Number.POSITIVE_INFINITY, shared: true });
  if (strict.length >= THIN_POOL) return strict;
  const seen = new Set(strict.map((c) => c.text));
  const relaxed = clueCandidates(r, grid, secret, { avoid, limit: Number.POSITIVE_INFINITY, shared: true, relaxed: true }).filter((c) => !seen.has(c.text));
  return [...strict, ...relaxed];
}

/**
 * Every candidate (informedCandidates, shared features included) with what the table's listeners make of it, best
 * first (ties: closer relation, then alphabetical). The rank is the expected outcome at the table:
 *   the listeners' mean utility × (1 − their highest leakage)^secrecy   (table-listeners.ts; secrecy by level)
 *   × commonnessFactor                                     (a word people say)
 *   × trust = min(1, exp(−informedSuspicion))                (the other informed players must not take it for a bluff)
 *   × ½ when the norms asked people the clue and none answered the secret (it calls other things to mind)
 *   × ¼ when no listener, reading the clue alone, finds the secret 1.5 times as likely as chance (it says nothing)
 *   × (1 + min(1, people / 10)) for an easy bot, people being those of about 100 who gave it for the secret.
 * Leakage is read with the informed clues said before it, so a later clue keeps the round's secret hidden.
 */
export function scoredLexicalClues(request: ClueRequest, r: Relatedness = model()): ScoredClue[] {
  const words = [...request.words];
  const level = request.level ?? DEFAULT_BOT_LEVEL;
  const grid = r.grid(request.category, words);
  const pool = informedCandidates(r, grid, request.secret, request.avoid);
  const secretIndex = words.indexOf(request.secret);
  const context = { category: request.category, words, secret: request.secret, informedClues: request.informedClues };
  const suspicion = suspicionAfter(request.category, words, request.secret, request.saidBefore ?? []);
  const scored = pool.slice(0, SCORED_CANDIDATES).map((candidate): ScoredClue => {
    const readings = readClue(context, candidate.text);
    // Trusted as much as the other informed players would not suspect it (rankSuspects), said where it is said.
    const trust = Math.min(1, Math.exp(-suspicion(candidate.text)));
    const associated = peopleLinking(r, request.secret, candidate.text);
    const evokesSecret = answeredWhenAsked(r, candidate.text, request.secret) === false ? NOT_EVOKING_FACTOR : 1;
    const plain = level === "easy" ? 1 + Math.min(1, associated / ASSOCIATION_FULL) : 1;
    const softScore = expectedSoftScore(readings);
    const rank = tableOutcome(readings, SECRECY[level]) * commonnessFactor(candidate.text) * trust * evokesSecret * plain;
    return { ...candidate, readings, softScore, trust, associated, rank };
  });
  return scored.sort((a, b) => b.rank - a.rank || b.prior - a.prior || a.text.localeCompare(b.text));
}

/** How much an informed voter adds how badly a clue fits the secret (fitToSecret) to how well a chameleon's bluff explains it. */
const MISFIT_WEIGHT = 0.5;

/** How many times chance a listener must find the secret to vouch fully for a clue: a clue shared by four words of twelve reaches it. */
const FULL_LIFT = 2.5;

/**
 * How well a clue, read alone, fits the secret as an informed player's clue: the best listener's P(secret | clue)
 * over the likeliest word's, times its lift over chance up to FULL_LIFT; from 0 to 1 (1 when the secret is the
 * best reading, or tied for it as with a shared feature, and well above chance). The informed bots vote by it (rankSuspects) and choose their clues by it (trust in scoredLexicalClues).
 */
export function fitToSecret(category: string, words: readonly string[], secret: string, clue: string): number {
  const index = words.indexOf(secret);
  if (index < 0) return 0;
  return Math.max(
    ...tableListeners().map((listener) => {
      const p = listener.chameleonJudgement({ category, options: [...words], clues: [clue] }).probabilities;
      // A reading that sets no word apart (a vague clue, or one the listener does not know) does not vouch for it.
      const lift = p[index] * words.length;
      return (p[index] / Math.max(...p)) * Math.min(1, lift / FULL_LIFT);
    }),
  );
}

/**
 * How much an informed player suspects a clue said after `before`: how much better a chameleon's bluff explains it
 * than knowing the secret does, plus MISFIT_WEIGHT × how badly it fits the secret (−log fitToSecret).
 * A chameleon that has heard `before` bluffs about the words they point at, so its clue is likely in proportion to
 * Σ_w belief(w | before) · P(w | clue); an informed player's, in proportion to P(secret | clue). Their log ratio is
 * high for a clue that only follows the table (it says what the clues before it said, not what the secret is), and
 * low for one that fits the secret in a way the earlier clues did not foretell, however much it differs from them.
 */
export function informedSuspicion(category: string, words: readonly string[], secret: string, before: readonly string[], clue: string): number {
  return suspicionAfter(category, words, secret, before)(clue);
}

/** informedSuspicion of any clue said after `before`, reading the table's belief from `before` once for them all. */
function suspicionAfter(category: string, words: readonly string[], secret: string, before: readonly string[]): (clue: string) => number {
  const secretIndex = words.indexOf(secret);
  if (secretIndex < 0) return () => 0;
  const reader = judge();
  const belief = secretPosterior(category, words, before, reader);
  return (clue) => {
    const p = reader.chameleonJudgement({ category, options: [...words], clues: [clue] }).probabilities;
    const bluffLikelihood = belief.reduce((sum, b, i) => sum + b * p[i], 0);
    const likelihoodRatio = Math.log(Math.max(bluffLikelihood, MIN_PROBABILITY)) - Math.log(Math.max(p[secretIndex], MIN_PROBABILITY));
    const misfit = -Math.log(Math.max(fitToSecret(category, words, secret, clue), MIN_PROBABILITY));
    return likelihoodRatio + MISFIT_WEIGHT * misfit;
  };
}

const bestSuspicions = new LRUCache<string, number>({ max: 2_000 });

/** How suspicious the best clue the voter itself could give after `before` would be (its own top candidate, or the fallback). */
function bestSuspicionAt(category: string, words: readonly string[], secret: string, before: readonly string[]): number {
  const key = [category, secret, ...words, "|", ...before].join("\u0001");
  let value = bestSuspicions.get(key);
  if (value === undefined) {
    const informedClues = before.filter((clue) => pointsAtSecret(category, words, secret, clue));
    const best = scoredLexicalClues({ category, words, secret, avoid: before, informedClues, saidBefore: before })[0]?.text ?? fallbackClue(category, words, before);
    value = informedSuspicion(category, words, secret, before, best);
    bestSuspicions.set(key, value);
  }
  return value;
}

/** Whether a clue, read alone, makes the secret at least as likely as any other grid word is half as likely: it is about the secret. */
export function pointsAtSecret(category: string, words: readonly string[], secret: string, clue: string): boolean {
  const p = judge().chameleonJudgement({ category, options: [...words], clues: [clue] }).probabilities;
  const index = words.indexOf(secret);
  return index >= 0 && 2 * p[index] >= Math.max(...p);
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
  /** How the chameleon reads the others' clues (chameleonReader); everything it knows when absent. */
  reader?: LexicalEvaluator;
  /**
   * "hedge" (a hard chameleon): a clue that fits every word the clues so far point at, weighed by how likely each
   * is. "pretend" (normal and easy): it picks the word it believes the secret is (drawn from its belief) and clues
   * it as an informed player would, so that it blends in when it read the table right and stands out when not.
   */
  bluff?: "hedge" | "pretend";
  /** With "pretend": how much of the clues' evidence the chameleon believes (CHAMELEON_EVIDENCE), 1 when absent. */
  evidence?: number;
}

/**
 * What a chameleon bot reads the others' clues with, by level, as players who know more or less: a hard one with
 * everything the bot knows (WordNet, the vectors and people's associations), a normal one with WordNet or the
 * vectors alone, drawn for the round (`draw` in [0, 1)), an easy one with WordNet alone, whose reading is the
 * flattest once discounted (CHAMELEON_EVIDENCE). A reader that knows less misreads more rounds: its bluff then
 * stands out, and its guess misses (docs/LEXICAL.md, "The chameleon bot", has the self-play figures of each).
 */
export function chameleonReader(level: BotLevel = DEFAULT_BOT_LEVEL, draw = 0): LexicalEvaluator {
  const [wordNet, vectors] = tableListeners();
  if (level === "hard") return judge();
  if (level === "easy") return wordNet;
  return draw < 0.5 ? wordNet : vectors;
}

/**
 * How much of the clues' evidence a chameleon bot believes when it picks the word to pretend about and when it
 * guesses (both drawn from its belief, as P(w)^evidence): a normal or easy one is less sure of its reading than
 * the clues warrant, so it misreads, and is caught and misses, more often; the word the clues point at stays its
 * likeliest. A hard one hedges and guesses its belief's best word instead.
 */
export const CHAMELEON_EVIDENCE: Record<BotLevel, number> = { easy: 0.2, normal: 0.2, hard: 1 };

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
  const reader = request.reader ?? judge();
  const posterior = secretPosterior(request.category, words, request.earlierClues, reader);
  if (request.bluff === "pretend") {
    const avoid = [...request.earlierClues, ...(request.avoid ?? [])];
    const believed = words[drawWeighted(discounted(posterior, request.evidence ?? 1), rng)];
    const clue = scoredLexicalClues({ category: request.category, words, secret: believed, avoid, informedClues: request.earlierClues, saidBefore: request.earlierClues })[0]?.text;
    return clue ?? fallbackClue(request.category, words, avoid);
  }
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
      const p = reader.chameleonJudgement({ category: request.category, options: words, clues: [text] }).probabilities;
      return { text, fit: words.reduce((sum, _, i) => sum + posterior[i] * Math.log(Math.max(p[i], MIN_PROBABILITY)), 0) };
    })
    .sort((a, b) => b.fit - a.fit || a.text.localeCompare(b.text));
  // Only clues that fit the consensus about as well as the best: a far worse one would give the chameleon away.
  const top = judged.filter((c) => c.fit >= (judged[0]?.fit ?? 0) - CHAMELEON_FIT_MARGIN).slice(0, CHAMELEON_CHOICES);
  if (top.length === 0) return fallbackClue(request.category, words, [...request.earlierClues, ...(request.avoid ?? [])]);
  return top[rng.int(top.length)].text;
}

/**
 * A belief read with the clues' evidence at `weight` of its strength: P(w)^weight, unnormalised (drawWeighted
 * normalises). The judge's posterior is a softmax of the clues' fit, so this scales that fit's log-odds.
 */
function discounted(posterior: readonly number[], weight: number): number[] {
  return weight === 1 ? [...posterior] : posterior.map((p) => p ** weight);
}

/** A chameleon's distribution over `words` given clues (uniform when there are none), read with everything the bot knows unless told otherwise. */
export function secretPosterior(category: string, words: readonly string[], clues: readonly string[], reader: LexicalEvaluator = judge()): number[] {
  if (clues.length === 0) return words.map(() => 1 / words.length);
  return reader.chameleonJudgement({ category, options: [...words], clues: [...clues] }).probabilities;
}

/** The chameleon's guess once caught: the word the clues point at most as it reads them (first on the grid among ties). */
export function guessSecret(request: { category: string; words: readonly string[]; clues: readonly string[]; reader?: LexicalEvaluator; rng?: Rng; evidence?: number }): string {
  const posterior = secretPosterior(request.category, request.words, request.clues, request.reader);
  if (request.rng) return request.words[drawWeighted(discounted(posterior, request.evidence ?? 1), request.rng)];
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
  /** Higher is more suspicious: informedSuspicion less what the voter's own best clue there would score, or (as the chameleon) the expected −log P(w | clue) over the likely secrets. */
  suspicion: number;
}

/**
 * Players ranked most suspicious first.
 *
 * An informed player asks of each clue: is it likelier a bluff built from the clues before it than a clue about the
 * secret, and does it fit the secret as an informed player's clue would (informedSuspicion)? A clue that points at
 * the secret, alone or beside a few other words (a shared feature, as good players give), fits; one that points
 * elsewhere does not; the listener that links it best to the secret counts for the fit, so an unusual but fair clue
 * is excused when any source knows it. From that is taken what the voter's own best clue at that place would score
 * (above 0), so that a late clue at a big table, with little left to say, is not held to an early one's standard.
 * A clue that merely differs from the others is not suspected for it.
 *
 * The chameleon, not knowing the secret, estimates it from the others' clues and suspects whoever fits that
 * estimate least: the vote an informed player would plausibly cast.
 */
export function rankSuspects(request: SuspectRequest): Suspect[] {
  const words = [...request.words];
  const others = request.clues.filter((c) => c.playerId !== request.self);
  const secretIndex = request.secret !== undefined ? words.indexOf(request.secret) : -1;
  let suspects: { playerId: string; suspicion: number; order: number }[];
  if (secretIndex >= 0) {
    suspects = request.clues.flatMap(({ playerId, clue }, order) => {
      if (playerId === request.self) return [];
      const before = request.clues.slice(0, order).map((c) => c.clue);
      const suspicion = informedSuspicion(request.category, words, request.secret!, before, clue);
      // What an informed player could have said there: a late clue at a big table may have nothing specific left.
      const excuse = bestSuspicionAt(request.category, words, request.secret!, before);
      return [{ playerId, suspicion: suspicion - Math.max(0, excuse), order }];
    });
  } else {
    const evaluator = judge();
    const belief = secretPosterior(request.category, words, others.map((c) => c.clue));
    suspects = others.map(({ playerId, clue }, order) => {
      const p = evaluator.chameleonJudgement({ category: request.category, options: words, clues: [clue] }).probabilities;
      const suspicion = words.reduce((sum, _, i) => sum + belief[i] * -Math.log(Math.max(p[i], MIN_PROBABILITY)), 0);
      return { playerId, suspicion, order };
    });
  }
  return suspects.sort((a, b) => b.suspicion - a.suspicion || a.order - b.order).map(({ playerId, suspicion }) => ({ playerId, suspicion }));
}
