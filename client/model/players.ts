import type { SeatStatus, RoomSnapshot } from "../../shared/protocol";
import { DEFAULT_BOT_LEVEL, type BotLevel, type GameView, type PlayerId, type RoundView, type SeatView } from "../../shared/game/types";

/** What a bot's level means, in a player's words (docs/BOTS.md says more). */
export const BOT_LEVEL_TEXT: Record<BotLevel, { name: string; hint: string }> = {
  easy: { name: "Easy", hint: "plain clues, forgiving votes: a gentle first game" },
  normal: { name: "Normal", hint: "subtle clues, careful votes" },
  hard: { name: "Hard", hint: "guards the word closely, reads the table sharply" },
};

/** One row of the player list: the game's seat joined with the room's connection facts. */
export interface PlayerRow {
  id: PlayerId;
  name: string;
  isBot: boolean;
  /** "Lexical bot", "LLM · gpt-4o-mini": what kind of bot, in words. */
  botLabel: string | null;
  /** A bot's level (easy, normal, hard); null for humans. */
  botLevel: BotLevel | null;
  isHost: boolean;
  isYou: boolean;
  connected: boolean;
  /** A fallback bot is playing for this disconnected human. */
  fallback: boolean;
  left: boolean;
  points: number;
  /** A human seat with nobody connected: the seat and its points stay, and a bot plays it meanwhile. */
  away: boolean;
}

export function botLabel(bot: SeatStatus["bot"] | undefined, botProfile: string | undefined): string | null {
  if (bot) return bot.kind === "llm" ? `LLM · ${bot.model ?? "model"}` : "Lexical bot";
  if (botProfile) return botProfile.startsWith("llm:") ? `LLM · ${botProfile.slice(4)}` : "Lexical bot";
  return null;
}

/** Seats in table order, each with its connection state from the room's member list. */
export function playerRows(snapshot: RoomSnapshot): PlayerRow[] {
  const members = new Map(snapshot.seats.map((m) => [m.playerId, m]));
  return snapshot.game.seats.map((seat: SeatView) => {
    const m = members.get(seat.id);
    const isBot = seat.kind === "bot";
    return {
      id: seat.id,
      name: seat.name,
      isBot,
      botLabel: isBot ? botLabel(m?.bot, seat.botProfile) : null,
      botLevel: isBot ? (seat.botLevel ?? DEFAULT_BOT_LEVEL) : null,
      isHost: seat.isHost,
      isYou: seat.id === snapshot.you.playerId,
      // Bots are always present; a human missing from the member list has left.
      connected: isBot ? true : (m?.connected ?? false),
      fallback: m?.fallback ?? false,
      left: seat.left,
      points: seat.points,
      away: !isBot && !seat.left && m !== undefined && !m.connected,
    };
  });
}

export function currentRound(game: GameView): RoundView | null {
  return game.rounds.length > 0 ? game.rounds[game.rounds.length - 1] : null;
}

export function nameOf(game: GameView, id: PlayerId | null | undefined): string {
  if (!id) return "nobody";
  const seated = game.seats.find((s) => s.id === id)?.name;
  if (seated) return seated;
  // A seat that left keeps its name in the rounds it was dealt into.
  for (let i = game.rounds.length - 1; i >= 0; i--) {
    const name = game.rounds[i].names?.[id];
    if (name) return name;
  }
  return "a former player";
}

/** Initials for the avatar disc. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[1][0] : (parts[0] ?? "?").slice(0, 2);
  return letters.toUpperCase();
}

// Okabe–Ito hues, darkened enough for white initials; the name is always printed beside the disc.
const AVATAR_COLOURS = ["#0072b2", "#a65100", "#007a5a", "#8a3f6c", "#5a5a5a", "#b34700", "#3a6ea5", "#6b5a00"];

/** A stable avatar colour per player id. */
export function avatarColour(id: string): string {
  let h = 0;
  for (const ch of id) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return AVATAR_COLOURS[h % AVATAR_COLOURS.length];
}

/** What the table is told about an away player, in one plain sentence. */
export function awayText(name: string): string {
  return `${name} is away — a bot plays in their place`;
}
