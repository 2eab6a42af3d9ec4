/**
 * The nouns of The Chameleon as we play it (docs/GAME-RULES.md).
 * Everything is plain JSON so a state can be logged, replayed and sent whole; the server holds
 * the one `GameState` of a room and sends each viewer `viewFor(state, viewer)` (view.ts), never
 * the state itself.
 */

/** A seat's stable id, chosen by the server (never the session token). */
export type PlayerId = string;

/** A topic card: a category and the words of its grid, shown to everyone in this order. */
export interface TopicCard {
  /** Unique within a game: the category name for dataset cards, "custom:<n>" for the host's cards. */
  id: string;
  category: string;
  /** 8 to 16 distinct words for custom cards; the dataset gives up to 12 (a 3×4 grid). */
  words: string[];
  source: "dataset" | "custom";
  /** A dataset card with too few words (settings.ts DEFAULT_POOL_MIN_WORDS): left out of the default pool, a host may still pick it. */
  offByDefault?: boolean;
}

/**
 * How a built-in bot plays (docs/GAME-RULES.md, "Bots"): easy gives plain clues and votes forgivingly, hard
 * gives subtle clues and reads the table sharply. The host picks it per bot; "normal" when not given.
 */
export const BOT_LEVELS = ["easy", "normal", "hard"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];
export const DEFAULT_BOT_LEVEL: BotLevel = "normal";

/** One of the 3 to 8 places at the table. Seat order is the order of `GameState.seats`. */
export interface Seat {
  id: PlayerId;
  /** 1 to 24 characters, unique at the table (case-insensitive). */
  name: string;
  kind: "human" | "bot";
  /** For bots: which bot the server runs for this seat (e.g. "lexical", "llm:gpt-4o-mini"); opaque to the rules. */
  botProfile?: string;
  /** For bots: how it plays; absent on seats logged before levels existed, which play "normal". */
  botLevel?: BotLevel;
  /**
   * The player left or was kicked during a round: the seat stays so the round can finish, the
   * server's fallback bot plays it, and it is removed when the next round is dealt or a game starts.
   */
  left?: boolean;
}

/** The host's settings (⚙ in docs/GAME-RULES.md); changed in the lobby or after a game. Ranges in settings.ts. */
export interface GameSettings {
  /** Words allowed in a clue: 1 (board game) to 5 (the benchmark's limit). */
  clueMaxWords: number;
  /** Seconds per clue turn, also for the tie-break and the chameleon's guess; 0 = no timer. */
  turnSeconds: number;
  /** Seconds of discussion; 0 skips the discussion. */
  discussionSeconds: number;
  /** Seconds to vote; 0 = no timer (the vote ends when everyone has voted). */
  voteSeconds: number;
  /** First to this many points wins (default 5). */
  targetScore: number;
  /** Dataset categories in the pool; null = the default pool (every library card not marked offByDefault). Custom cards are always in the pool. */
  categoryPool: string[] | null;
  /** The host's own topic cards (8 to 16 words each). */
  customCards: TopicCard[];
  /** 3-player variant: a caught chameleon gets two guesses (applies only when 3 seats are dealt in). */
  threePlayerTwoGuesses: boolean;
  /** 7–8-player variant: the grid is hidden from the chameleon for the guess (applies only with 7 or 8 seats). */
  largeTableHiddenGrid: boolean;
}

export type Phase =
  /** Seats join, the host sets up; `start` deals the first round. */
  | "lobby"
  /** Players give clues in turn, from the dealer round the table. */
  | "clues"
  /** Everyone talks in the chat; ends on the timer or when every human seat is ready. */
  | "discussion"
  /** Simultaneous vote; votes may change until all have voted or the timer ends. */
  | "vote"
  /** The vote tied: the dealer picks the accused among the tied. */
  | "tieBreak"
  /** The chameleon was caught and picks a grid word. */
  | "guess"
  /** The round is over and fully revealed; the host deals the next round. */
  | "reveal"
  /** Someone reached the target score; the round is revealed; the host may start again. */
  | "gameOver";

/** One clue as given. */
export interface ClueRecord {
  playerId: PlayerId;
  /** Cleaned text (NFKC, invisible characters removed, whitespace collapsed). */
  text: string;
  /** True when the server supplied the clue: the turn timed out or the seat was played by the fallback bot. */
  fallback: boolean;
  /** `now` of the action that gave it (ms since epoch). */
  at: number;
  /**
   * SNEAK score records the server attaches (`attachScores`), opaque to the rules; they never
   * appear in a view before the round is revealed.
   */
  scores: unknown[];
}

export type RoundOutcome =
  /** Nobody was accused (no votes) or the accused was not the chameleon: chameleon +2. */
  | { kind: "escaped"; accusedId: PlayerId | null }
  /** The chameleon was caught and guessed the secret: chameleon +1. */
  | { kind: "guessed"; accusedId: PlayerId }
  /** The chameleon was caught and missed: every other player +2. */
  | { kind: "caught"; accusedId: PlayerId };

/** One round: dealt by `start`/`nextRound`, complete once `outcome` is set (then it is revealed to all). */
export interface RoundState {
  /** 1-based within the game. */
  number: number;
  card: TopicCard;
  /** The secret grid word. The only field of the state that holds it apart from `card.words`. */
  secret: string;
  chameleonId: PlayerId;
  /** Gives the first clue and breaks vote ties: the previous round's chameleon, the host in round 1. */
  dealerId: PlayerId;
  /** Seats dealt in, in clue order starting with the dealer. Only they give clues, vote and score. */
  order: PlayerId[];
  /** Their names at the deal, so a round's record reads well after a seat has gone. */
  names: Record<PlayerId, string>;
  /** Variants in force for this round, fixed at the deal from the settings and the seat count. */
  twoGuesses: boolean;
  hiddenGrid: boolean;
  clues: ClueRecord[];
  /** Seats that said they are ready to vote during the discussion. */
  ready: PlayerId[];
  /** voter → accused; hidden from the others until the vote ends. */
  votes: Record<PlayerId, PlayerId>;
  /** accused → number of votes received, once the vote has ended. */
  tally: Record<PlayerId, number> | null;
  /** The tied players while the dealer breaks a tie (and after, for the record). */
  tied: PlayerId[] | null;
  /** How the tie was broken, if there was one (see `TieBreaker`). */
  tieBrokenBy: TieBreaker | null;
  accusedId: PlayerId | null;
  /** The chameleon's guesses so far (grid words; typed words in the hidden-grid variant). */
  guesses: string[];
  outcome: RoundOutcome | null;
  /** Points this round gave, by seat; set with the outcome. */
  points: Record<PlayerId, number> | null;
  /** True when the host ended the game mid-round: no points, revealed to all. */
  aborted: boolean;
}

/**
 * Who broke a tie: the dealer; the fallback bot standing in for a dealer whose time ran out ("fallback"), as it
 * gives a timed-out clue; or a uniform draw among the tied ("timeout", only in games logged before the stand-in).
 */
export type TieBreaker = "dealer" | "fallback" | "timeout";

/** A line of the table chat. */
export interface ChatMessage {
  playerId: PlayerId;
  text: string;
  at: number;
  /** The game (`gameNumber`, 0 before the first) and round (0 before its first deal) the line was said in, so a chat reads in rounds. */
  game: number;
  round: number;
}

/** Options fixed when the server creates a game (not host settings). */
export interface GameOptions {
  /** Allow a game with no human seat (the CLI, benchmarks, tests); party rooms need one human. */
  allowBotsOnly: boolean;
}

export interface GameState {
  phase: Phase;
  seats: Seat[];
  hostId: PlayerId | null;
  settings: GameSettings;
  options: GameOptions;
  /** Cards the pool draws from (the dataset's categories); never sent to clients. */
  library: TopicCard[];
  /** Game points by seat id; current game only. */
  points: Record<PlayerId, number>;
  /** Rounds of the current game, the last one the current round. */
  rounds: RoundState[];
  /** Ids of cards dealt this game: the deal avoids repeating one until the pool is used up. */
  usedCardIds: string[];
  /** When the current phase ends (ms since epoch), or null for no timer; the server dispatches `timeout` then. */
  deadline: number | null;
  /** Recent chat, oldest first, at most MAX_CHAT_MESSAGES. */
  chat: ChatMessage[];
  /** Seats with the top score at the end of a game (co-winners on a tie). */
  winners: PlayerId[] | null;
  /** Seats the host kicked: they cannot join this room again under the same id. */
  kickedIds: PlayerId[];
  /** 1 for the first game of the room, +1 each time the host starts again. */
  gameNumber: number;
}

/** Every change to a game. `now` is the server's clock (ms since epoch); `by` is the acting seat, authenticated by the server. */
export type GameAction =
  | { type: "join"; now: number; playerId: PlayerId; name: string }
  | { type: "addBot"; now: number; by: PlayerId; playerId: PlayerId; name: string; botProfile: string; botLevel?: BotLevel }
  | { type: "setBotLevel"; now: number; by: PlayerId; playerId: PlayerId; level: BotLevel }
  | { type: "leave"; now: number; playerId: PlayerId }
  | { type: "kick"; now: number; by: PlayerId; playerId: PlayerId }
  | { type: "transferHost"; now: number; by: PlayerId; to: PlayerId }
  | { type: "moveSeat"; now: number; by: PlayerId; playerId: PlayerId; toIndex: number }
  | { type: "updateSettings"; now: number; by: PlayerId; settings: Partial<GameSettings> }
  | { type: "start"; now: number; by: PlayerId }
  | { type: "giveClue"; now: number; by: PlayerId; text: string; fallback?: boolean }
  | { type: "chat"; now: number; by: PlayerId; text: string }
  | { type: "readyToVote"; now: number; by: PlayerId }
  /** Undoes the seat's "ready to vote" (discussion) or withdraws its vote (vote), while that phase is open. */
  | { type: "takeBack"; now: number; by: PlayerId }
  | { type: "vote"; now: number; by: PlayerId; target: PlayerId }
  | { type: "breakTie"; now: number; by: PlayerId; accusedId: PlayerId }
  | { type: "guess"; now: number; by: PlayerId; word: string }
  | { type: "nextRound"; now: number; by: PlayerId }
  | { type: "endGame"; now: number; by: PlayerId }
  /**
   * The server's clock reached `state.deadline`. In the clue phase it carries the fallback clue for the seat whose
   * turn ran out; in a tie-break, the fallback bot's choice for the dealer (`fallbackAccused`, one of the tied).
   */
  | { type: "timeout"; now: number; fallbackClue?: string; fallbackAccused?: PlayerId }
  /** Store SNEAK score records for clues of one round (appended); any time, even after the reveal. `game` is the state's gameNumber. */
  | { type: "attachScores"; now: number; game: number; round: number; clues: { clueIndex: number; scores: unknown[] }[] }
  /** The one-clue form, as servers before the batched form wrote it to their logs: still replayed. */
  | { type: "attachScores"; now: number; game: number; round: number; clueIndex: number; scores: unknown[] };

export type GameActionType = GameAction["type"];

export type RuleErrorCode =
  | "wrong_phase"
  | "not_host"
  | "not_seated"
  | "unknown_player"
  | "already_seated"
  | "kicked"
  | "table_full"
  | "invalid_name"
  | "name_taken"
  | "round_in_progress"
  | "invalid_settings"
  | "not_enough_players"
  | "need_human"
  | "no_topics"
  | "not_your_turn"
  | "clue_empty"
  | "clue_too_many_words"
  | "clue_too_long"
  | "clue_contains_grid_word"
  | "chat_empty"
  | "chat_closed"
  | "chat_too_long"
  | "control_characters"
  | "invalid_vote"
  | "not_dealer"
  | "not_tied"
  | "not_chameleon"
  | "not_a_grid_word"
  | "guess_invalid"
  | "no_deadline"
  | "too_early"
  | "fallback_required"
  | "unknown_clue"
  | "invalid_action";

/** Why an action was refused: the state is unchanged and the actor may try again. */
export interface RuleError {
  ok: false;
  code: RuleErrorCode;
  /** One line for the player. */
  message: string;
}

export type ActionResult = { ok: true; state: GameState } | RuleError;

// ---------------------------------------------------------------- views

/** A seat as every viewer sees it. */
export interface SeatView {
  id: PlayerId;
  name: string;
  kind: "human" | "bot";
  botProfile?: string;
  /** Bots only: how it plays ("normal" for a bot seated before levels existed). */
  botLevel?: BotLevel;
  left: boolean;
  isHost: boolean;
  points: number;
}

/** A clue as a viewer sees it: score records only once the round is revealed. */
export interface ClueView {
  playerId: PlayerId;
  text: string;
  fallback: boolean;
  at: number;
  /** Present only in a revealed round: the last round of the game, or any round once the game is over. */
  scores?: unknown[];
}

/** The viewer's part in a round. */
export type RoundRole = "chameleon" | "informed" | "spectator";

/**
 * A round as one viewer may see it. The secret is only ever in `secret` (and among `words`,
 * like every grid word); nothing in the view depends on which word it is unless `secret` is set.
 */
export interface RoundView {
  number: number;
  category: string;
  /**
   * The grid in card order; null for the chameleon during the guess in the hidden-grid variant
   * (in every round on that card; the host's custom card of that id then shows no words either).
   */
  words: string[] | null;
  /** Null for the chameleon and spectators until the reveal. */
  secret: string | null;
  role: RoundRole;
  /** Known to the chameleon, to everyone once the chameleon is caught (guess phase) and after the reveal. */
  chameleonId: PlayerId | null;
  dealerId: PlayerId;
  order: PlayerId[];
  names: Record<PlayerId, string>;
  twoGuesses: boolean;
  hiddenGrid: boolean;
  /** Whose clue turn it is (clue phase), null otherwise. */
  turnPlayerId: PlayerId | null;
  clues: ClueView[];
  ready: PlayerId[];
  /** Who has voted (not for whom) while the vote is open. */
  votedIds: PlayerId[];
  /** The viewer's own current vote. */
  yourVote: PlayerId | null;
  /** Every vote, once the vote has ended. */
  votes: Record<PlayerId, PlayerId> | null;
  tally: Record<PlayerId, number> | null;
  tied: PlayerId[] | null;
  tieBrokenBy: TieBreaker | null;
  accusedId: PlayerId | null;
  guesses: string[];
  /** Guesses the chameleon has left during the guess phase. */
  guessesLeft: number;
  outcome: RoundOutcome | null;
  points: Record<PlayerId, number> | null;
  aborted: boolean;
  /** True once the round is over: everything above is then filled in for everyone. */
  revealed: boolean;
}

/** What the server sends one viewer: all of it safe for that viewer to see. */
export interface GameView {
  /** The viewer's seat id, or null for a spectator (anyone not seated). */
  viewerId: PlayerId | null;
  phase: Phase;
  deadline: number | null;
  seats: SeatView[];
  hostId: PlayerId | null;
  settings: GameSettings;
  options: GameOptions;
  /** Rounds of the current game, the last one current; earlier rounds are always revealed. */
  rounds: RoundView[];
  chat: ChatMessage[];
  winners: PlayerId[] | null;
  gameNumber: number;
}
