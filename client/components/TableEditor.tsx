import { C2S, type RoomSnapshot } from "../../shared/protocol";
import { MAX_SEATS, MIN_SEATS } from "../../shared/game/settings";
import type { BotLevel } from "../../shared/game/types";
import { connection } from "../net/game-connection";
import { playerRows } from "../model/players";
import { AddBotForm, ADD_BOT_BUTTON_ID } from "./AddBotForm";
import { BotLevelGuide } from "./BotLevelGuide";
import { PlayerList } from "./PlayerList";

/** Where the built-in bots' clues come from for this game's cards (docs/BOTS.md, "What the bots know"). */
export function clueSourceNote(customCards: number): string {
  const deck = "Built-in bots clue from the clue book, written by hand for every card of the deck.";
  if (customCards === 0) return deck;
  return `${deck} Your custom ${customCards === 1 ? "card has" : "cards have"} no clue book: there they clue from the lexical model (WordNet and word vectors).`;
}

/**
 * The seats between games (the lobby, and game over before "Play again"): everyone sees the table; the host
 * also moves, kicks and hands over seats, adds and removes bots and sets their levels.
 */
export function TableEditor({ snapshot }: { snapshot: RoomSnapshot }) {
  const rows = playerRows(snapshot);
  const isHost = snapshot.you.isHost;
  const full = rows.filter((r) => !r.left).length >= MAX_SEATS;
  const host = <T,>(action: T) => (isHost ? action : undefined);
  return (
    <section className="card stack" data-testid="table-editor">
      <PlayerList
        rows={rows}
        showPoints={false}
        onKick={host((id: string) => void connection.request(C2S.hostKick, { playerId: id }))}
        onRemoveBot={host((id: string) => void connection.request(C2S.hostRemoveBot, { playerId: id }).then(() => document.getElementById(ADD_BOT_BUTTON_ID)?.focus()))}
        onBotLevel={host((id: string, level: BotLevel) => void connection.request(C2S.hostBotLevel, { playerId: id, level }))}
        onTransfer={host((id: string) => void connection.request(C2S.hostTransfer, { playerId: id }))}
        onMove={host((id: string, toIndex: number) => void connection.request(C2S.hostMoveSeat, { playerId: id, toIndex }))}
        heading={`Players (${MIN_SEATS}–${MAX_SEATS})`}
      />
      {isHost && <AddBotForm models={snapshot.botModels} disabled={full} />}
      {rows.some((r) => r.isBot) || isHost ? <BotLevelGuide /> : null}
      {isHost && (
        <p className="muted small" style={{ margin: 0 }} data-testid="clue-source">
          {clueSourceNote(snapshot.game.settings.customCards.length)}
        </p>
      )}
      {isHost && <p className="muted small" style={{ margin: 0 }}>The seat order is the clue order; the host deals the first round.</p>}
      {snapshot.spectators.length > 0 && (
        <p className="muted small" style={{ margin: 0 }}>
          Watching: {snapshot.spectators.map((s) => s.name).join(", ")}
        </p>
      )}
    </section>
  );
}
