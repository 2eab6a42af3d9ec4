import { awayText, BOT_LEVEL_TEXT, type PlayerRow } from "../model/players";
import { BOT_LEVELS, type BotLevel } from "../../shared/game/types";
import { Avatar } from "./Avatar";

interface Props {
  rows: PlayerRow[];
  /** Show game points (once a game has started). */
  showPoints: boolean;
  /** Whose clue turn it is, highlighted. */
  turnId?: string | null;
  /** Host actions; absent for everyone else. */
  onKick?(id: string): void;
  onRemoveBot?(id: string): void;
  /** Lobby only, the host: change a bot's level. */
  onBotLevel?(id: string, level: BotLevel): void;
  /** Lobby only: hand the host role over, and change the seat order (which is the clue order). */
  onTransfer?(id: string): void;
  onMove?(id: string, toIndex: number): void;
  heading?: string;
  /** Icon-sized host buttons, for the narrow in-game table. */
  compactActions?: boolean;
}

/** The table: every seat with a human/bot badge, a connection indicator, and the host's actions. */
export function PlayerList({ rows, showPoints, turnId, onKick, onRemoveBot, onBotLevel, onTransfer, onMove, heading = "Players", compactActions = false }: Props) {
  return (
    <section aria-labelledby="players-heading">
      <h2 id="players-heading">
        {heading} <span className="muted small">({rows.length})</span>
      </h2>
      <ul className="player-list" data-testid="player-list">
        {rows.map((p, index) => (
          <li key={p.id} className={p.id === turnId ? "is-turn" : undefined} data-testid="player-row" data-player-id={p.id}>
            <Avatar id={p.id} name={p.name} />
            <div className="player-main">
              <span className="player-name">
                {p.name}
                {p.id === turnId && <span className="visually-hidden"> (giving a clue now)</span>}
              </span>
              <span className="player-tags">
                {p.isYou && <span className="badge badge-you">You</span>}
                {p.isHost && <span className="badge badge-host">Host</span>}
                {p.isBot ? (
                  <>
                    <span className="badge badge-bot" title={p.botLabel ?? "Bot"}>
                      {p.botLabel ?? "Bot"}
                    </span>
                    {p.botLevel && !onBotLevel && (
                      <span className="badge badge-level" title={BOT_LEVEL_TEXT[p.botLevel].hint} data-testid="bot-level-badge">
                        {BOT_LEVEL_TEXT[p.botLevel].name}
                      </span>
                    )}
                  </>
                ) : (
                  <span className="badge badge-human">
                    <span aria-hidden="true">●</span> Human
                  </span>
                )}
                {!p.isBot && <ConnectionMark row={p} />}
              </span>
            </div>
            {showPoints && (
              <span className="points" aria-label={`${p.points} points`}>
                {p.points}
              </span>
            )}
            {(onMove || onTransfer || onKick || onRemoveBot || onBotLevel) && (
              <span className="player-actions">
                {onBotLevel && p.isBot && p.botLevel && (
                  <select
                    className="small"
                    value={p.botLevel}
                    onChange={(e) => onBotLevel(p.id, e.target.value as BotLevel)}
                    aria-label={`Level of ${p.name}`}
                    title={BOT_LEVEL_TEXT[p.botLevel].hint}
                    data-testid="bot-level-select"
                  >
                    {BOT_LEVELS.map((l) => (
                      <option key={l} value={l}>
                        {BOT_LEVEL_TEXT[l].name}
                      </option>
                    ))}
                  </select>
                )}
                {onMove && (
                  <span className="row" style={{ gap: "0.15rem", flexWrap: "nowrap" }}>
                    <button type="button" className="ghost small" disabled={index === 0} onClick={() => onMove(p.id, index - 1)} aria-label={`Move ${p.name} up`} title="Move up">
                      <span aria-hidden="true">↑</span>
                    </button>
                    <button type="button" className="ghost small" disabled={index === rows.length - 1} onClick={() => onMove(p.id, index + 1)} aria-label={`Move ${p.name} down`} title="Move down">
                      <span aria-hidden="true">↓</span>
                    </button>
                  </span>
                )}
                {onTransfer && !p.isBot && !p.isYou && (
                  <button type="button" className="ghost small" onClick={() => onTransfer(p.id)} aria-label={`Make ${p.name} the host`} title={`Make ${p.name} the host`}>
                    Make host
                  </button>
                )}
                {onRemoveBot && p.isBot && (
                  <button type="button" className="danger small" onClick={() => onRemoveBot(p.id)} aria-label={`Remove bot ${p.name}`}>
                    Remove
                  </button>
                )}
                {onKick && !p.isBot && !p.isYou && (
                  <button type="button" className="danger small" onClick={() => onKick(p.id)} aria-label={`Kick ${p.name}`} title={`Kick ${p.name}`}>
                    {compactActions ? <span aria-hidden="true">✕</span> : "Kick"}
                  </button>
                )}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ConnectionMark({ row }: { row: PlayerRow }) {
  const text = row.left ? "Left" : row.away ? (row.isYou ? "Away" : awayText(row.name)) : row.connected ? "Online" : "Offline";
  return (
    <span className="row small muted" style={{ gap: "0.3rem" }} title={text} data-testid={row.away ? "away-mark" : undefined}>
      <span className={`conn-dot ${row.connected && !row.left ? "online" : "offline"}`} aria-hidden="true" />
      <span>{text}</span>
    </span>
  );
}
