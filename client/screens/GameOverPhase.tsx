import { C2S, type RoomSnapshot } from "../../shared/protocol";
import type { RoundView } from "../../shared/game/types";
import { RoundReveal } from "../components/RoundReveal";
import { Scoreboard } from "../components/Scoreboard";
import { connection } from "../net/game-connection";
import { SettingsPanel } from "../components/SettingsPanel";
import { availableCategories, categoriesOffByDefault } from "../model/categories";
import { settingsPatchFor } from "../model/settings-patch";
import { nameOf } from "../model/players";
import { Icon } from "../components/Icon";
import { RoomLeaderboard } from "../components/RoomLeaderboard";
import { ResearchLink } from "../components/ResearchLink";
import { TableEditor } from "../components/TableEditor";

/** The winner, the last round's reveal, the final scores, and play again. */
export function GameOverPhase({ snapshot, round }: { snapshot: RoomSnapshot; round: RoundView | null }) {
  const { game, you } = snapshot;
  const winners = game.winners ?? [];
  const youWon = game.viewerId !== null && winners.includes(game.viewerId);
  return (
    <section className="card" aria-labelledby="phase-title">
      <div className="winner-banner" role="status">
        <div className="trophy" aria-hidden="true">
          <Icon name="trophy" />
        </div>
        <h1 id="phase-title" className="phase-title" data-testid="phase-title">
          Game over
        </h1>
        <div className="winner-name" data-testid="winner">
          {winners.length === 0 ? "No winner" : youWon && winners.length === 1 ? "You win!" : `${winners.map((id) => nameOf(game, id)).join(" & ")} ${winners.length > 1 ? "win" : "wins"}!`}
        </div>
      </div>
      <Scoreboard game={game} round={round} />
      <div className="row" style={{ margin: "1rem 0" }}>
        {you.isHost ? (
          <button type="button" className="big" onClick={() => void connection.request(C2S.hostStart, {})} data-testid="play-again">
            Play again
          </button>
        ) : (
          <p className="muted">The host can start another game with the same table.</p>
        )}
      </div>
      {you.isHost && (
        <details className="next-table" data-testid="next-table">
          <summary>
            <strong>Table for the next game</strong> <span className="muted small">· add, remove or change bots</span>
          </summary>
          <div style={{ marginTop: "0.6rem" }}>
            <TableEditor snapshot={snapshot} />
          </div>
        </details>
      )}
      <section aria-labelledby="room-leaderboard-heading" style={{ marginBottom: "1rem" }}>
        <h3 id="room-leaderboard-heading">Leaderboard: every game in this room</h3>
        <RoomLeaderboard standings={snapshot.standings} you={game.viewerId} />
        <ResearchLink />
      </section>
      {you.isHost && (
        <details style={{ marginBottom: "1rem" }}>
          <summary>
            <strong>Settings for the next game</strong>
          </summary>
          <div style={{ marginTop: "0.6rem" }}>
            <SettingsPanel
              settings={game.settings}
              onChange={(c) => void connection.request(C2S.hostSettings, settingsPatchFor(c))}
              categories={availableCategories(snapshot)}
              offByDefault={categoriesOffByDefault(snapshot)}
            />
          </div>
        </details>
      )}
      {/* Every round of the game, newest first: the last one open, earlier ones a click away. */}
      {[...game.rounds].reverse().map((r) => (
        <details key={r.number} open={r === round} style={{ marginTop: "0.6rem" }}>
          <summary>
            <strong>{r === round ? "Last round" : `Round ${r.number}`}</strong> <span className="muted small">· {r.category}</span>
          </summary>
          <div style={{ marginTop: "0.6rem" }}>
            <RoundReveal game={game} round={r} evaluators={snapshot.evaluators} />
          </div>
        </details>
      ))}
    </section>
  );
}
