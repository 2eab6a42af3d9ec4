/**
 * What one viewer may see of a game: the only way state leaves the server (STYLE.md,
 * boardgame.io's filter-player-view). Hidden information is decided here and nowhere else.
 *
 * Until a round is revealed:
 * - the secret is only in `round.secret`, set for informed players alone (never for the
 *   chameleon or a spectator); nothing else in a view depends on which word it is;
 * - the chameleon's id is shown to the chameleon, and to everyone once caught (guess phase);
 * - votes show who has voted, not for whom, until the vote ends;
 * - clues carry no score records;
 * - in the hidden-grid variant the chameleon's view has no grid during the guess.
 * A revealed round (outcome set, or cut short by the host) shows everything to everyone; its score
 * records travel while it is the last round, and at the game's end (`showsScores`).
 * The library, the cards dealt so far, kicked ids and anything random never leave the server.
 */
import { guessesLeft } from "./rules";
import { DEFAULT_BOT_LEVEL, type ClueView, type GameState, type GameView, type PlayerId, type RoundRole, type RoundState, type RoundView, type SeatView } from "./types";

export function isRevealed(round: RoundState): boolean {
  return round.outcome !== null || round.aborted;
}

function revealedRound(round: RoundState, viewerId: PlayerId | null, withScores: boolean): RoundView {
  return {
    number: round.number,
    category: round.card.category,
    words: round.card.words.slice(),
    secret: round.secret,
    role: roleIn(round, viewerId),
    chameleonId: round.chameleonId,
    dealerId: round.dealerId,
    order: round.order.slice(),
    names: { ...round.names },
    twoGuesses: round.twoGuesses,
    hiddenGrid: round.hiddenGrid,
    turnPlayerId: null,
    // Score records are shared, not copied: views are serialized at once and the rules never change a record.
    clues: round.clues.map((clue) => ({ playerId: clue.playerId, text: clue.text, fallback: clue.fallback, at: clue.at, ...(withScores ? { scores: clue.scores } : {}) })),
    ready: round.ready.slice(),
    votedIds: round.order.filter((id) => id in round.votes),
    yourVote: viewerId !== null ? (round.votes[viewerId] ?? null) : null,
    votes: { ...round.votes },
    tally: round.tally && { ...round.tally },
    tied: round.tied && round.tied.slice(),
    tieBrokenBy: round.tieBrokenBy,
    accusedId: round.accusedId,
    guesses: round.guesses.slice(),
    guessesLeft: 0,
    outcome: round.outcome && { ...round.outcome },
    points: round.points && { ...round.points },
    aborted: round.aborted,
    revealed: true,
  };
}

export function roleIn(round: RoundState, viewerId: PlayerId | null): RoundRole {
  if (viewerId === null || !round.order.includes(viewerId)) return "spectator";
  return viewerId === round.chameleonId ? "chameleon" : "informed";
}

/** A round in play, as one viewer may see it. */
function hiddenRound(state: GameState, round: RoundState, viewerId: PlayerId | null): RoundView {
  const role = roleIn(round, viewerId);
  const phase = state.phase;
  const voteOpen = phase === "vote";
  const chameleonKnown = role === "chameleon" || phase === "guess";
  const clues: ClueView[] = round.clues.map((clue) => ({ playerId: clue.playerId, text: clue.text, fallback: clue.fallback, at: clue.at }));
  return {
    number: round.number,
    category: round.card.category,
    words: role === "chameleon" && round.hiddenGrid && phase === "guess" ? null : round.card.words.slice(),
    secret: role === "informed" ? round.secret : null,
    role,
    chameleonId: chameleonKnown ? round.chameleonId : null,
    dealerId: round.dealerId,
    order: round.order.slice(),
    names: { ...round.names },
    twoGuesses: round.twoGuesses,
    hiddenGrid: round.hiddenGrid,
    turnPlayerId: phase === "clues" ? (round.order[round.clues.length] ?? null) : null,
    clues,
    ready: round.ready.slice(),
    votedIds: round.order.filter((id) => id in round.votes),
    yourVote: viewerId !== null ? (round.votes[viewerId] ?? null) : null,
    votes: voteOpen || phase === "clues" || phase === "discussion" ? null : { ...round.votes },
    tally: round.tally && { ...round.tally },
    tied: round.tied && round.tied.slice(),
    tieBrokenBy: round.tieBrokenBy,
    accusedId: round.accusedId,
    guesses: round.guesses.slice(),
    guessesLeft: phase === "guess" ? guessesLeft(round) : 0,
    outcome: null,
    points: null,
    aborted: false,
    revealed: false,
  };
}

/**
 * The card the viewer must not see right now: the chameleon's, during the guess of the
 * hidden-grid variant. Its words are then withheld everywhere they would show: the round, an
 * earlier round on the same card, the host's custom cards.
 */
export function hiddenCardId(state: GameState, viewerId: PlayerId | null): string | null {
  const round = state.rounds[state.rounds.length - 1];
  if (!round || state.phase !== "guess" || !round.hiddenGrid || viewerId !== round.chameleonId) return null;
  return round.card.id;
}

/**
 * Score records travel with the round that has just been revealed, and with every round at the game's end
 * (the game-over screen shows them all). An earlier round of a game in play leaves them out: nothing shows
 * them then, and they would make every snapshot of a long game grow by kilobytes a round (the game log
 * and its export keep them all).
 */
function showsScores(state: GameState, round: RoundState): boolean {
  return state.phase === "gameOver" || round === state.rounds[state.rounds.length - 1];
}

/** The viewer's seat id when seated, else null (a spectator, or an id with no seat). */
export function seatedViewerId(state: GameState, viewerId: PlayerId | null): PlayerId | null {
  return viewerId !== null && state.seats.some((seat) => seat.id === viewerId) ? viewerId : null;
}

/** One round as a seated viewer (or a spectator, `seatedId` null) may see it. */
export function roundViewFor(state: GameState, round: RoundState, seatedId: PlayerId | null): RoundView {
  const view = isRevealed(round) ? revealedRound(round, seatedId, showsScores(state, round)) : hiddenRound(state, round, seatedId);
  return round.card.id === hiddenCardId(state, seatedId) ? { ...view, words: null } : view;
}

/** Everything of the view but the viewer's id and the rounds: the same for every viewer but the one `hiddenCard` hides from. */
export function gameHeadFor(state: GameState, hiddenCard: string | null): Omit<GameView, "viewerId" | "rounds"> {
  const seats: SeatView[] = state.seats.map((seat) => ({
    id: seat.id,
    name: seat.name,
    kind: seat.kind,
    ...(seat.botProfile !== undefined ? { botProfile: seat.botProfile } : {}),
    ...(seat.kind === "bot" ? { botLevel: seat.botLevel ?? DEFAULT_BOT_LEVEL } : {}),
    left: seat.left === true,
    isHost: seat.id === state.hostId,
    points: state.points[seat.id] ?? 0,
  }));
  return {
    phase: state.phase,
    deadline: state.deadline,
    seats,
    hostId: state.hostId,
    settings: {
      ...state.settings,
      categoryPool: state.settings.categoryPool && state.settings.categoryPool.slice(),
      customCards: state.settings.customCards.map((card) => ({ ...card, words: card.id === hiddenCard ? [] : card.words.slice() })),
    },
    options: { ...state.options },
    chat: state.chat.map((line) => ({ ...line })),
    winners: state.winners && state.winners.slice(),
    gameNumber: state.gameNumber,
  };
}

/** The view for a seated player, or for a spectator when `viewerId` is null or not seated. */
export function viewFor(state: GameState, viewerId: PlayerId | null): GameView {
  const seatedId = seatedViewerId(state, viewerId);
  return {
    viewerId: seatedId,
    ...gameHeadFor(state, hiddenCardId(state, seatedId)),
    rounds: state.rounds.map((round) => roundViewFor(state, round, seatedId)),
  };
}
