/**
 * The Chameleon as a reducer (docs/GAME-RULES.md).
 * Pure: never mutates its input, no I/O, no clock. Time arrives as `now` on every action and
 * as `timeout` actions the server dispatches at `state.deadline`; randomness comes only from
 * the `rng` passed in (seed it per room so a game replays from its action log).
 *
 * A round: deal → clues (from the dealer round the table) → discussion → vote → [tie-break by
 * the dealer] → [the caught chameleon's guess] → reveal, with points 2/1/2 and the game over
 * when someone reaches the target score.
 */
import type { Rng } from "../random";
import { cleanText, clueViolation, normalizeForComparison } from "./clue-validation";
import { accepted, ruleError } from "./rule-error";
import { DEFAULT_SETTINGS, MIN_SEATS, mergedSettings, topicPool } from "./settings";
import { applyTableAction, hostCheck, isRoundPhase, seatOf, withoutLeftSeats } from "./table";
import { cleanName, nameProblem } from "./names";
import { CONTROL_CHARACTERS_MESSAGE, hasControlCharacters } from "./control-characters";
import { DEFAULT_BOT_LEVEL, type ActionResult, type BotLevel, type GameAction, type GameOptions, type GameSettings, type GameState, type PlayerId, type RoundOutcome, type RoundState, type Seat, type TopicCard } from "./types";

export const MAX_CHAT_CHARS = 280;
/** Chat lines kept in the state (and so in views): the oldest go first. */
export const MAX_CHAT_MESSAGES = 100;
/** Longest typed guess in the hidden-grid variant. */
export const MAX_GUESS_CHARS = 40;
/** Points of docs/GAME-RULES.md, "The game", step 5. */
export const POINTS = { escaped: 2, guessed: 1, caught: 2 } as const;

export interface NewGame {
  /** The first seat, who hosts. */
  host: { playerId: PlayerId; name: string; kind?: "human" | "bot"; botProfile?: string; botLevel?: BotLevel };
  /** Dataset cards the category pool draws from. */
  library: readonly TopicCard[];
  settings?: Partial<GameSettings>;
  options?: Partial<GameOptions>;
}

/**
 * Every table of a server deals from the same library: one frozen copy per library array, shared by all
 * the states made from it, instead of a copy per room (which cost about 24 KB of memory a room).
 */
const frozenLibraries = new WeakMap<readonly TopicCard[], TopicCard[]>();

function sharedLibrary(library: readonly TopicCard[]): TopicCard[] {
  let frozen = frozenLibraries.get(library);
  if (frozen) return frozen;
  const ids = new Set(library.map((card) => card.id));
  if (ids.size !== library.length) throw new Error("createGame: library card ids must be unique");
  frozen = Object.freeze(library.map((card) => Object.freeze({ ...card, words: Object.freeze(card.words.slice()) as string[] }))) as TopicCard[];
  frozenLibraries.set(library, frozen);
  return frozen;
}

/** A lobby with the host seated. Throws on invalid input (a programming error, not a player's). */
export function createGame(game: NewGame): GameState {
  const options: GameOptions = { allowBotsOnly: false, ...game.options };
  const merged = mergedSettings(DEFAULT_SETTINGS, game.settings ?? {}, game.library);
  if (!merged.ok) throw new Error(`createGame: ${merged.message}`);
  const empty: GameState = {
    phase: "lobby",
    seats: [],
    hostId: null,
    settings: merged.settings,
    options,
    library: sharedLibrary(game.library),
    points: {},
    rounds: [],
    usedCardIds: [],
    deadline: null,
    chat: [],
    winners: null,
    kickedIds: [],
    gameNumber: 0,
  };
  const { host } = game;
  const fault = nameProblem(host.name);
  if (fault) throw new Error(`createGame: ${fault}`);
  const name = cleanName(host.name);
  if (host.kind === "bot" && !options.allowBotsOnly) throw new Error("createGame: a bot host needs options.allowBotsOnly");
  const seat: Seat = host.kind === "bot" ? { id: host.playerId, name, kind: "bot", botProfile: host.botProfile ?? "lexical", botLevel: host.botLevel ?? DEFAULT_BOT_LEVEL } : { id: host.playerId, name, kind: "human" };
  return { ...empty, seats: [seat], points: { [seat.id]: 0 }, hostId: seat.id };
}

/** The round being played or last played, if any. */
export function currentRound(state: GameState): RoundState | undefined {
  return state.rounds[state.rounds.length - 1];
}

/** Whose clue turn it is, during the clue phase. */
export function turnPlayerId(state: GameState): PlayerId | null {
  const round = currentRound(state);
  if (state.phase !== "clues" || !round) return null;
  return round.order[round.clues.length] ?? null;
}

/** How many guesses the chameleon still has in the guess phase. */
export function guessesLeft(round: RoundState): number {
  return Math.max(0, (round.twoGuesses ? 2 : 1) - round.guesses.length);
}

function deadlineAfter(now: number, seconds: number): number | null {
  return seconds > 0 ? now + seconds * 1000 : null;
}

function withRound(state: GameState, patch: Partial<RoundState>): GameState {
  const round = currentRound(state)!;
  return { ...state, rounds: [...state.rounds.slice(0, -1), { ...round, ...patch }] };
}

export interface ApplyOptions {
  /**
   * Replaying the server's own log (server/store/restore.ts): a clue the table accepted stands, even if
   * the clue rule has grown stricter since (word-forms.ts gains forms), so that a room open across an
   * upgrade comes back instead of failing on a move its players already saw.
   */
  replay?: boolean;
}

/** The state after `action`, or why it is refused (the input state is never changed). */
export function applyAction(state: GameState, action: GameAction, rng: Rng, options: ApplyOptions = {}): ActionResult {
  const checkClueRule = options.replay !== true;
  if (typeof action?.now !== "number" || !Number.isFinite(action.now)) return ruleError("invalid_action", "An action needs the server's time.");
  switch (action.type) {
    case "join":
    case "addBot":
    case "setBotLevel":
    case "transferHost":
    case "moveSeat":
      return applyTableAction(state, action);
    case "leave":
    case "kick": {
      const result = applyTableAction(state, action);
      return result.ok ? accepted(afterSeatLeft(result.state, action.now)) : result;
    }
    case "updateSettings": {
      const notHost = hostCheck(state, action.by);
      if (notHost) return notHost;
      if (state.phase !== "lobby" && state.phase !== "gameOver") return ruleError("wrong_phase", "Settings can be changed only between games.");
      const merged = mergedSettings(state.settings, action.settings ?? {}, state.library);
      if (!merged.ok) return ruleError("invalid_settings", merged.message);
      return accepted({ ...state, settings: merged.settings });
    }
    case "start":
      return start(state, action.by, action.now, rng);
    case "nextRound":
      return nextRound(state, action.by, action.now, rng);
    case "endGame":
      return endGame(state, action.by);
    case "giveClue":
      return giveClue(state, action.by, action.text, action.fallback === true, action.now, checkClueRule);
    case "chat":
      return chat(state, action.by, action.text, action.now);
    case "readyToVote":
      return readyToVote(state, action.by, action.now);
    case "takeBack":
      return takeBack(state, action.by);
    case "vote":
      return vote(state, action.by, action.target, action.now);
    case "breakTie":
      return breakTie(state, action.by, action.accusedId, action.now);
    case "guess":
      return guess(state, action.by, action.word, action.now);
    case "timeout":
      return timeout(state, action, rng, checkClueRule);
    case "attachScores":
      return attachScores(state, action);
    default:
      return ruleError("invalid_action", `Unknown action "${(action as { type?: unknown }).type}".`);
  }
}

// ---------------------------------------------------------------- games and deals

function start(state: GameState, by: PlayerId, now: number, rng: Rng): ActionResult {
  const notHost = hostCheck(state, by);
  if (notHost) return notHost;
  if (state.phase !== "lobby" && state.phase !== "gameOver") return ruleError("wrong_phase", "A game is already being played.");
  const table = withoutLeftSeats(state);
  const fresh: GameState = {
    ...table,
    points: Object.fromEntries(table.seats.map((seat) => [seat.id, 0])),
    rounds: [],
    usedCardIds: [],
    winners: null,
    gameNumber: state.gameNumber + 1,
  };
  return deal(fresh, fresh.hostId ?? fresh.seats[0]?.id, now, rng);
}

function nextRound(state: GameState, by: PlayerId, now: number, rng: Rng): ActionResult {
  const notHost = hostCheck(state, by);
  if (notHost) return notHost;
  if (state.phase !== "reveal") return ruleError("wrong_phase", "The next round is dealt after a round's reveal.");
  const table = withoutLeftSeats(state);
  const previousChameleon = currentRound(state)?.chameleonId;
  const dealer = [previousChameleon, table.hostId, table.seats[0]?.id].find((id) => id !== undefined && id !== null && seatOf(table, id));
  return deal(table, dealer ?? undefined, now, rng);
}

/**
 * A new round. Draws, in this order: the card (uniform over the pool's cards not yet dealt this
 * game, the whole pool again once all were), the secret (uniform over its words), the chameleon
 * (uniform over the seats).
 */
function deal(state: GameState, dealerId: PlayerId | undefined, now: number, rng: Rng): ActionResult {
  const seats = state.seats;
  if (seats.length < MIN_SEATS) return ruleError("not_enough_players", `A round needs at least ${MIN_SEATS} seats (now ${seats.length}): invite players or add bots.`);
  if (!state.options.allowBotsOnly && !seats.some((seat) => seat.kind === "human")) return ruleError("need_human", "A party game needs at least one human player.");
  const pool = topicPool(state.settings, state.library);
  if (pool.length === 0) return ruleError("no_topics", "The category pool is empty: pick categories or add a custom card.");
  const unused = pool.filter((card) => !state.usedCardIds.includes(card.id));
  const candidates = unused.length > 0 ? unused : pool;
  const card = candidates[rng.int(candidates.length)];
  const secret = card.words[rng.int(card.words.length)];
  const chameleonId = seats[rng.int(seats.length)].id;
  const dealerIndex = Math.max(0, seats.findIndex((seat) => seat.id === dealerId));
  const order = seats.slice(dealerIndex).concat(seats.slice(0, dealerIndex)).map((seat) => seat.id);
  const round: RoundState = {
    number: state.rounds.length + 1,
    // A frozen library card is shared as is (the clue check keeps its grid's stems by that frozen list);
    // a mutable one (a custom card) is copied, so the round never changes with it.
    card: Object.isFrozen(card) && Object.isFrozen(card.words) ? card : { ...card, words: card.words.slice() },
    secret,
    chameleonId,
    dealerId: order[0],
    order,
    names: Object.fromEntries(seats.map((seat) => [seat.id, seat.name])),
    twoGuesses: state.settings.threePlayerTwoGuesses && seats.length === 3,
    hiddenGrid: state.settings.largeTableHiddenGrid && seats.length >= 7,
    clues: [],
    ready: [],
    votes: {},
    tally: null,
    tied: null,
    tieBrokenBy: null,
    accusedId: null,
    guesses: [],
    outcome: null,
    points: null,
    aborted: false,
  };
  return accepted({
    ...state,
    phase: "clues",
    rounds: [...state.rounds, round],
    usedCardIds: unused.length > 0 ? [...state.usedCardIds, card.id] : [card.id],
    deadline: deadlineAfter(now, state.settings.turnSeconds),
    winners: null,
  });
}

function endGame(state: GameState, by: PlayerId): ActionResult {
  const notHost = hostCheck(state, by);
  if (notHost) return notHost;
  if (state.phase === "lobby" || state.phase === "gameOver") return ruleError("wrong_phase", "No game is being played.");
  // A round cut short is revealed (it is over) but gives no points.
  const ended = isRoundPhase(state.phase) ? withRound(state, { aborted: true }) : state;
  return accepted({ ...ended, phase: "gameOver", deadline: null, winners: null });
}

// ---------------------------------------------------------------- clues

function giveClue(state: GameState, by: PlayerId, text: string, fallback: boolean, now: number, checkClueRule: boolean): ActionResult {
  if (state.phase !== "clues") return ruleError("wrong_phase", "It is not time for clues.");
  if (turnPlayerId(state) !== by) return ruleError("not_your_turn", "It is not your turn to give a clue.");
  return withClue(state, by, text, fallback, now, checkClueRule);
}

function withClue(state: GameState, playerId: PlayerId, text: string, fallback: boolean, now: number, checkClueRule: boolean): ActionResult {
  const round = currentRound(state)!;
  if (typeof text !== "string") return ruleError("clue_empty", "The clue is empty: type at least one word.");
  if (hasControlCharacters(text)) return ruleError("control_characters", CONTROL_CHARACTERS_MESSAGE);
  const violation = checkClueRule ? clueViolation(text, round.card.words, state.settings.clueMaxWords) : undefined;
  if (violation) return ruleError(violation.code, violation.message);
  const clues = [...round.clues, { playerId, text: cleanText(text), fallback, at: now, scores: [] }];
  const next = withRound(state, { clues });
  if (clues.length < round.order.length) return accepted({ ...next, deadline: deadlineAfter(now, state.settings.turnSeconds) });
  return accepted(afterClues(next, now));
}

/** The discussion, skipped when its timer is 0 or no human is left to talk. */
function afterClues(state: GameState, now: number): GameState {
  const anyHuman = currentRound(state)!.order.some((id) => {
    const seat = seatOf(state, id);
    return seat?.kind === "human" && !seat.left;
  });
  if (state.settings.discussionSeconds === 0 || !anyHuman) return openVote(state, now);
  return { ...state, phase: "discussion", deadline: deadlineAfter(now, state.settings.discussionSeconds) };
}

// ---------------------------------------------------------------- discussion and chat

function chat(state: GameState, by: PlayerId, text: string, now: number): ActionResult {
  const seat = seatOf(state, by);
  if (!seat || seat.left) return ruleError("not_seated", "Only players at the table can chat.");
  // Chat during the clues would let players hint beyond the word limit.
  if (state.phase === "clues") return ruleError("chat_closed", "The chat opens when every clue has been given.");
  if (typeof text === "string" && hasControlCharacters(text)) return ruleError("control_characters", CONTROL_CHARACTERS_MESSAGE);
  const cleaned = typeof text === "string" ? cleanText(text) : "";
  if (cleaned === "") return ruleError("chat_empty", "The message is empty.");
  const length = [...cleaned].length;
  if (length > MAX_CHAT_CHARS) return ruleError("chat_too_long", `Messages are at most ${MAX_CHAT_CHARS} characters (this one has ${length}).`);
  const chatLines = [...state.chat, { playerId: by, text: cleaned, at: now, game: state.gameNumber, round: state.rounds.length }].slice(-MAX_CHAT_MESSAGES);
  return accepted({ ...state, chat: chatLines });
}

/**
 * A player takes back their "ready to vote" during the discussion, or their vote while the vote is open (a
 * returning player undoing what the fallback bot did in their seat): the phase then waits for them again.
 */
function takeBack(state: GameState, by: PlayerId): ActionResult {
  const round = currentRound(state);
  if (!round || (state.phase !== "discussion" && state.phase !== "vote")) return ruleError("wrong_phase", "There is nothing to take back now.");
  if (!round.order.includes(by)) return ruleError("not_seated", "You are not playing this round.");
  if (state.phase === "discussion") {
    if (!round.ready.includes(by)) return ruleError("invalid_action", "You have not said you are ready to vote.");
    return accepted(withRound(state, { ready: round.ready.filter((id) => id !== by) }));
  }
  if (!(by in round.votes)) return ruleError("invalid_action", "You have not voted.");
  const { [by]: _withdrawn, ...votes } = round.votes;
  return accepted(withRound(state, { votes }));
}

/** Bots and seats that left are taken as ready: the discussion waits only for present humans. */
function readyToVote(state: GameState, by: PlayerId, now: number): ActionResult {
  if (state.phase !== "discussion") return ruleError("wrong_phase", "There is no discussion going on.");
  const round = currentRound(state)!;
  if (!round.order.includes(by)) return ruleError("not_seated", "You are not playing this round.");
  const ready = round.ready.includes(by) ? round.ready : [...round.ready, by];
  const next = withRound(state, { ready });
  return accepted(everyoneReady(next) ? openVote(next, now) : next);
}

function everyoneReady(state: GameState): boolean {
  const round = currentRound(state)!;
  return round.order.every((id) => {
    const seat = seatOf(state, id);
    return seat?.kind !== "human" || seat.left === true || round.ready.includes(id);
  });
}

/** A seat that leaves may be the last one the discussion or the vote was waiting for. */
function afterSeatLeft(state: GameState, now: number): GameState {
  if (state.phase === "discussion" && everyoneReady(state)) return openVote(state, now);
  if (state.phase === "vote" && everyoneVoted(state)) return closeVote(state, now);
  return state;
}

// ---------------------------------------------------------------- vote

function openVote(state: GameState, now: number): GameState {
  return { ...state, phase: "vote", deadline: deadlineAfter(now, state.settings.voteSeconds) };
}

function vote(state: GameState, by: PlayerId, target: PlayerId, now: number): ActionResult {
  if (state.phase !== "vote") return ruleError("wrong_phase", "It is not time to vote.");
  const round = currentRound(state)!;
  if (!round.order.includes(by)) return ruleError("not_seated", "You are not playing this round.");
  if (target === by) return ruleError("invalid_vote", "Vote for another player, not yourself.");
  if (!round.order.includes(target)) return ruleError("invalid_vote", "Vote for a player of this round.");
  const next = withRound(state, { votes: { ...round.votes, [by]: target } });
  return accepted(everyoneVoted(next) ? closeVote(next, now) : next);
}

/** The vote ends once every seat still present has voted; seats that left may vote through the fallback bot until then. */
function everyoneVoted(state: GameState): boolean {
  const round = currentRound(state)!;
  return round.order.every((id) => id in round.votes || seatOf(state, id)?.left === true);
}

/** Tally the votes cast (missing ones abstain): one most-voted player is accused; a tie goes to the dealer. */
function closeVote(state: GameState, now: number): GameState {
  const round = currentRound(state)!;
  const tally: Record<PlayerId, number> = {};
  for (const voter of round.order) {
    const target = round.votes[voter];
    if (target !== undefined) tally[target] = (tally[target] ?? 0) + 1;
  }
  const most = Math.max(0, ...Object.values(tally));
  const tied = round.order.filter((id) => most > 0 && tally[id] === most);
  const tallied = withRound(state, { tally });
  if (tied.length === 0) return finishRound(tallied, { kind: "escaped", accusedId: null });
  if (tied.length === 1) return accuse(tallied, tied[0], now);
  return { ...withRound(tallied, { tied }), phase: "tieBreak", deadline: deadlineAfter(now, state.settings.turnSeconds) };
}

function breakTie(state: GameState, by: PlayerId, accusedId: PlayerId, now: number): ActionResult {
  if (state.phase !== "tieBreak") return ruleError("wrong_phase", "There is no tie to break.");
  const round = currentRound(state)!;
  if (by !== round.dealerId) return ruleError("not_dealer", "Only the dealer breaks a tie.");
  if (!round.tied!.includes(accusedId)) return ruleError("not_tied", "Pick one of the tied players.");
  return accepted(accuse(withRound(state, { tieBrokenBy: "dealer" }), accusedId, now));
}

function accuse(state: GameState, accusedId: PlayerId, now: number): GameState {
  const round = currentRound(state)!;
  const accused = withRound(state, { accusedId });
  if (accusedId !== round.chameleonId) return finishRound(accused, { kind: "escaped", accusedId });
  return { ...accused, phase: "guess", deadline: deadlineAfter(now, state.settings.turnSeconds) };
}

// ---------------------------------------------------------------- the chameleon's guess

function guess(state: GameState, by: PlayerId, word: string, now: number): ActionResult {
  if (state.phase !== "guess") return ruleError("wrong_phase", "It is not time to guess.");
  const round = currentRound(state)!;
  if (by !== round.chameleonId) return ruleError("not_chameleon", "Only the chameleon guesses.");
  if (typeof word !== "string") return ruleError("guess_invalid", "Pick a word.");
  let picked: string;
  if (round.hiddenGrid) {
    // Typed from memory: compared after normalization, no fuzzy matching.
    picked = cleanText(word);
    if (picked === "" || [...picked].length > MAX_GUESS_CHARS) return ruleError("guess_invalid", `Type a word of 1 to ${MAX_GUESS_CHARS} characters.`);
  } else {
    // A click on the grid; a bot's "Apple" for "apple" is the same click.
    const key = normalizeForComparison(word);
    const onGrid = round.card.words.find((gridWord) => gridWord === word) ?? round.card.words.find((gridWord) => normalizeForComparison(gridWord) === key);
    if (onGrid === undefined) return ruleError("not_a_grid_word", "Pick one of the words on the grid.");
    picked = onGrid;
  }
  const key = normalizeForComparison(picked);
  if (round.guesses.some((earlier) => normalizeForComparison(earlier) === key)) return ruleError("guess_invalid", "You already guessed that word.");
  const guessed = withRound(state, { guesses: [...round.guesses, picked] });
  const accusedId = round.accusedId!;
  if (key === normalizeForComparison(round.secret)) return accepted(finishRound(guessed, { kind: "guessed", accusedId }));
  if (guessesLeft(currentRound(guessed)!) > 0) return accepted({ ...guessed, deadline: deadlineAfter(now, state.settings.turnSeconds) });
  return accepted(finishRound(guessed, { kind: "caught", accusedId }));
}

// ---------------------------------------------------------------- points and the reveal

/** Points of one round: chameleon +2 (escaped), chameleon +1 (guessed), every other player +2 (caught). */
export function roundPoints(round: Pick<RoundState, "order" | "chameleonId">, outcome: RoundOutcome): Record<PlayerId, number> {
  const points: Record<PlayerId, number> = Object.fromEntries(round.order.map((id) => [id, 0]));
  if (outcome.kind === "escaped") points[round.chameleonId] = POINTS.escaped;
  else if (outcome.kind === "guessed") points[round.chameleonId] = POINTS.guessed;
  else for (const id of round.order) if (id !== round.chameleonId) points[id] = POINTS.caught;
  return points;
}

function finishRound(state: GameState, outcome: RoundOutcome): GameState {
  const round = currentRound(state)!;
  const gained = roundPoints(round, outcome);
  const points = { ...state.points };
  for (const [id, gain] of Object.entries(gained)) points[id] = (points[id] ?? 0) + gain;
  const finished = { ...withRound(state, { outcome, points: gained }), points, deadline: null };
  const best = Math.max(...state.seats.map((seat) => points[seat.id] ?? 0));
  if (best < state.settings.targetScore) return { ...finished, phase: "reveal" };
  // First to the target wins; players reaching it in the same round with the same top score share the win.
  const winners = state.seats.filter((seat) => points[seat.id] === best).map((seat) => seat.id);
  return { ...finished, phase: "gameOver", winners };
}

// ---------------------------------------------------------------- time

function timeout(state: GameState, action: Extract<GameAction, { type: "timeout" }>, rng: Rng, checkClueRule: boolean): ActionResult {
  const { now, fallbackClue, fallbackAccused } = action;
  if (state.deadline === null) return ruleError("no_deadline", "Nothing is timed right now.");
  if (now < state.deadline) return ruleError("too_early", "The timer has not run out yet.");
  const round = currentRound(state)!;
  switch (state.phase) {
    case "clues": {
      if (fallbackClue === undefined) return ruleError("fallback_required", "A timed-out clue turn needs the server's fallback clue.");
      return withClue(state, turnPlayerId(state)!, fallbackClue, true, now, checkClueRule);
    }
    case "discussion":
      return accepted(openVote(state, now));
    case "vote":
      return accepted(closeVote(state, now));
    case "tieBreak": {
      // The dealer ran out of time: the fallback bot chooses in their place, as it gives a timed-out clue. A
      // timeout without its choice (games logged before it) draws among the tied, so old logs replay the same.
      const tied = round.tied!;
      if (fallbackAccused !== undefined) {
        if (!tied.includes(fallbackAccused)) return ruleError("not_tied", "The stand-in must pick one of the tied players.");
        return accepted(accuse(withRound(state, { tieBrokenBy: "fallback" }), fallbackAccused, now));
      }
      return accepted(accuse(withRound(state, { tieBrokenBy: "timeout" }), tied[rng.int(tied.length)], now));
    }
    case "guess":
      // Out of time is out of guesses.
      return accepted(finishRound(state, { kind: "caught", accusedId: round.accusedId! }));
    default:
      return ruleError("no_deadline", "Nothing is timed right now.");
  }
}

// ---------------------------------------------------------------- score records

function attachScores(state: GameState, action: Extract<GameAction, { type: "attachScores" }>): ActionResult {
  const entries = "clues" in action ? action.clues : [{ clueIndex: action.clueIndex, scores: action.scores }];
  const round = state.rounds[action.round - 1];
  if (action.game !== state.gameNumber || !round || !Array.isArray(entries)) return ruleError("unknown_clue", "No such clue in this game.");
  // All or nothing: one bad entry refuses the whole batch.
  const added = new Map<number, unknown[]>();
  for (const entry of entries) {
    if (!Number.isInteger(entry?.clueIndex) || !round.clues[entry.clueIndex]) return ruleError("unknown_clue", "No such clue in this game.");
    if (!Array.isArray(entry.scores)) return ruleError("invalid_action", "scores must be a list of records.");
    added.set(entry.clueIndex, [...(added.get(entry.clueIndex) ?? []), ...entry.scores]);
  }
  const clues = round.clues.map((c, i) => (added.has(i) ? { ...c, scores: [...c.scores, ...added.get(i)!] } : c));
  const rounds = state.rounds.map((r, i) => (i === action.round - 1 ? { ...r, clues } : r));
  return accepted({ ...state, rounds });
}
