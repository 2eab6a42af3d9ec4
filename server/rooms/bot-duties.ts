import { viewFor } from "../../shared/game/view";
import { DEFAULT_BOT_LEVEL, type GameState, type GameView, type PlayerId, type RoundView } from "../../shared/game/types";
import type { BotView } from "../agents/agent";
import { mentions } from "../agents/discussion-lines";

/** What a seat the server plays (a bot, or the fallback for an absent human) must do now, if anything. */
export type Duty =
  | { kind: "clue" }
  | { kind: "ready" }
  | { kind: "vote" }
  | { kind: "tieBreak"; tied: PlayerId[] }
  | { kind: "guess"; options: string[] }
  /** A bot answers a chat line that questioned its clue (or named it), during the discussion and the vote. */
  | { kind: "reply"; question: string };

/** The seat's duty in the current state, from its own view: bots and fallbacks never read hidden state. */
export function dutyOf(state: GameState, seatId: PlayerId): { duty: Duty; key: string; view: GameView; round: RoundView } | null {
  const view = viewFor(state, seatId);
  const round = view.rounds[view.rounds.length - 1];
  if (!round || round.revealed || !round.order.includes(seatId)) return null;
  const key = (kind: string) => `${view.gameNumber}/${round.number}/${view.phase}/${round.clues.length}/${seatId}/${kind}`;
  switch (view.phase) {
    case "clues":
      return round.turnPlayerId === seatId ? { duty: { kind: "clue" }, key: key("clue"), view, round } : null;
    case "discussion":
      if (!round.ready.includes(seatId)) return { duty: { kind: "ready" }, key: key("ready"), view, round };
      return replyDuty(state, view, round, seatId);
    case "vote":
      return round.yourVote === null ? { duty: { kind: "vote" }, key: key("vote"), view, round } : replyDuty(state, view, round, seatId);
    case "tieBreak":
      return round.dealerId === seatId && round.tied ? { duty: { kind: "tieBreak", tied: round.tied }, key: key("tie"), view, round } : null;
    case "guess": {
      if (round.chameleonId !== seatId || round.guessesLeft <= 0) return null;
      const options = (round.words ?? []).filter((w) => !round.guesses.includes(w));
      return { duty: { kind: "guess", options }, key: `${key("guess")}/${round.guesses.length}`, view, round };
    }
    default:
      return null;
  }
}

/** Replies a bot gives at most in one round: it answers, it does not argue. */
const MAX_REPLIES = 2;

/**
 * A bot's reply duty: the newest line of this round's chat, said by another seat after the bot last spoke, that
 * names the bot's clue or the bot itself. Bots only: a stand-in for an away player never speaks for them.
 */
function replyDuty(state: GameState, view: GameView, round: RoundView, seatId: PlayerId): { duty: Duty; key: string; view: GameView; round: RoundView } | null {
  const seat = state.seats.find((s) => s.id === seatId);
  const own = round.clues.find((c) => c.playerId === seatId)?.text;
  if (seat?.kind !== "bot" || !own) return null;
  const lines = view.chat.map((m, index) => ({ ...m, index })).filter((m) => m.game === view.gameNumber && m.round === round.number);
  const mine = lines.filter((m) => m.playerId === seatId);
  if (mine.length > MAX_REPLIES) return null;
  const lastOwn = mine.at(-1)?.index ?? -1;
  const question = lines.filter((m) => m.index > lastOwn && m.playerId !== seatId && (mentions(m.text, own) || mentions(m.text, seat.name))).at(-1);
  if (!question) return null;
  return { duty: { kind: "reply", question: question.text }, key: `${view.gameNumber}/${round.number}/reply/${question.index}/${seatId}`, view, round };
}

/** The bot's picture of the table, built from its own view only. */
export function botViewOf(view: GameView, round: RoundView, seatId: PlayerId, seed: string): BotView {
  return {
    playerId: seatId,
    category: round.category,
    words: round.words ?? [],
    secret: round.secret,
    clues: round.clues.map((c) => ({ playerId: c.playerId, text: c.text })),
    players: round.order.map((id) => ({ playerId: id, name: view.seats.find((s) => s.id === id)?.name ?? id })),
    maxClueWords: view.settings.clueMaxWords,
    // By seat position, not id: ids are random, and a seeded game must replay identically.
    seed: `${seed}/${view.gameNumber}/${round.number}/${view.seats.findIndex((s) => s.id === seatId)}`,
    chat: view.chat.filter((m) => m.game === view.gameNumber && m.round === round.number).map((m) => ({ playerId: m.playerId, text: m.text })),
    level: view.seats.find((s) => s.id === seatId)?.botLevel ?? DEFAULT_BOT_LEVEL,
  };
}
