import { viewFor } from "../../shared/game/view";
import { DEFAULT_BOT_LEVEL, type GameState, type GameView, type PlayerId, type RoundView } from "../../shared/game/types";
import type { BotView } from "../agents/agent";

/** What a seat the server plays (a bot, or the fallback for an absent human) must do now, if anything. */
export type Duty =
  | { kind: "clue" }
  | { kind: "ready" }
  | { kind: "vote" }
  | { kind: "tieBreak"; tied: PlayerId[] }
  | { kind: "guess"; options: string[] };

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
      return round.ready.includes(seatId) ? null : { duty: { kind: "ready" }, key: key("ready"), view, round };
    case "vote":
      return round.yourVote === null ? { duty: { kind: "vote" }, key: key("vote"), view, round } : null;
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
    chat: view.chat.map((m) => m.text),
    level: view.seats.find((s) => s.id === seatId)?.botLevel ?? DEFAULT_BOT_LEVEL,
  };
}
