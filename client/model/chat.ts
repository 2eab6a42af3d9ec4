import type { ChatMessage, GameView } from "../../shared/game/types";

/** A stretch of chat said in one round (or in the lobby), with the divider that opens it. */
export interface ChatSection {
  key: string;
  /** "Lobby", "Round 2", "Game 2 · Round 1". */
  heading: string;
  lines: { line: ChatMessage; index: number }[];
}

/**
 * The chat cut into rounds and games, so that round 1's accusations do not read as round 2's and a new game's
 * table starts under its own heading. Lines from before the marks existed (no game or round) join the first section.
 */
export function chatSections(chat: readonly ChatMessage[], current: Pick<GameView, "gameNumber">): ChatSection[] {
  const sections: ChatSection[] = [];
  const severalGames = chat.some((l) => (l.game ?? current.gameNumber) !== current.gameNumber);
  chat.forEach((line, index) => {
    const game = line.game ?? current.gameNumber;
    const round = line.round ?? 0;
    const key = `${game}/${round}`;
    let section = sections.at(-1);
    if (!section || section.key !== key) {
      // A round names its game once there has been more than one.
      const heading = round === 0 ? "Lobby" : severalGames || game > 1 ? `Game ${game} · Round ${round}` : `Round ${round}`;
      section = { key, heading, lines: [] };
      sections.push(section);
    }
    section.lines.push({ line, index });
  });
  return sections;
}
