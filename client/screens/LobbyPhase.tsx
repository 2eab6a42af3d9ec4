import { C2S, type RoomSnapshot } from "../../shared/protocol";
import { MIN_SEATS } from "../../shared/game/settings";
import type { GameSettings } from "../../shared/game/types";
import { TableEditor } from "../components/TableEditor";
import { SettingsPanel } from "../components/SettingsPanel";
import { ShareLink } from "../components/ShareLink";
import { connection } from "../net/game-connection";
import { availableCategories, categoriesOffByDefault } from "../model/categories";
import { playerRows } from "../model/players";
import { settingsPatchFor } from "../model/settings-patch";

/** The lobby: the code to read across the table, the seats, the host's controls, the settings. */
export function LobbyPhase({ snapshot }: { snapshot: RoomSnapshot }) {
  const { game, you } = snapshot;
  const rows = playerRows(snapshot);
  const seated = rows.filter((r) => !r.left).length;
  const isHost = you.isHost;
  const canStart = seated >= MIN_SEATS;

  const change = (c: Partial<GameSettings>) => void connection.request(C2S.hostSettings, settingsPatchFor(c));

  return (
    <div className="stack">
      <section className="card" aria-labelledby="lobby-heading">
        <div className="phase-header">
          <h1 id="lobby-heading" className="phase-title">
            Lobby
          </h1>
          <span className="phase-chip">{game.gameNumber > 1 ? `Game ${game.gameNumber}` : "Waiting for players"}</span>
        </div>
        <p className="muted small" style={{ textAlign: "center", margin: 0 }}>
          Room code
        </p>
        <p className="room-code-big" data-testid="room-code" aria-label={`Room code ${snapshot.code.split("").join(" ")}`}>
          {snapshot.code}
        </p>
        <ShareLink path={snapshot.link} />
        <div style={{ marginTop: "1rem" }}>
          {isHost ? (
            <>
              <button type="button" className="big" style={{ width: "100%" }} disabled={!canStart} onClick={() => void connection.request(C2S.hostStart, {})}>
                Start the game
              </button>
              <p className="muted small" role="status" style={{ textAlign: "center", marginTop: "0.4rem" }}>
                {canStart ? `${seated} players ready.` : `Need ${MIN_SEATS - seated} more ${MIN_SEATS - seated === 1 ? "player" : "players"}: invite friends or add bots.`}
              </p>
            </>
          ) : (
            <p className="muted" role="status" style={{ textAlign: "center", margin: 0 }}>
              {!you.seated ? "You are watching. " : ""}Waiting for the host to start…
            </p>
          )}
        </div>
      </section>
      <TableEditor snapshot={snapshot} />
      <SettingsPanel settings={game.settings} onChange={isHost ? change : null} categories={availableCategories(snapshot)} offByDefault={categoriesOffByDefault(snapshot)} />
    </div>
  );
}
