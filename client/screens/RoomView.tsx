import type { RoomSnapshot } from "../../shared/protocol";
import { ChatPanel } from "../components/ChatPanel";
import { Icon } from "../components/Icon";
import { PhaseAnnouncer } from "../components/PhaseAnnouncer";
import { PlayerList } from "../components/PlayerList";
import { RejoinCode, SeatReturns } from "../components/SeatReturns";
import { C2S } from "../../shared/protocol";
import { connection } from "../net/game-connection";
import { useRouteStore } from "../stores/route-store";
import { currentRound, playerRows } from "../model/players";
import { CluePhase } from "./CluePhase";
import { DiscussionPhase } from "./DiscussionPhase";
import { GameOverPhase } from "./GameOverPhase";
import { GuessPhase } from "./GuessPhase";
import { LobbyPhase } from "./LobbyPhase";
import { RevealPhase } from "./RevealPhase";
import { TieBreakPhase } from "./TieBreakPhase";
import { VotePhase } from "./VotePhase";

/** A room: the current phase's screen beside the table and the chat. One component per phase. */
export function RoomView({ snapshot }: { snapshot: RoomSnapshot }) {
  const { game } = snapshot;
  const round = currentRound(game);
  const phase = game.phase;
  const chatInMain = phase === "discussion" || phase === "vote";

  let main: React.ReactNode;
  if (phase === "lobby" || !round) main = phase === "gameOver" ? <GameOverPhase snapshot={snapshot} round={null} /> : <LobbyPhase snapshot={snapshot} />;
  else if (phase === "clues") main = <CluePhase snapshot={snapshot} round={round} />;
  else if (phase === "discussion") main = <DiscussionPhase snapshot={snapshot} round={round} />;
  else if (phase === "vote") main = <VotePhase snapshot={snapshot} round={round} />;
  else if (phase === "tieBreak") main = <TieBreakPhase snapshot={snapshot} round={round} />;
  else if (phase === "guess") main = <GuessPhase snapshot={snapshot} round={round} />;
  else if (phase === "reveal") main = <RevealPhase snapshot={snapshot} round={round} />;
  else main = <GameOverPhase snapshot={snapshot} round={round} />;

  const inGame = phase !== "lobby";
  return (
    <div className="room-layout" data-phase={phase} data-role={round?.role ?? "none"} data-round={round?.number ?? 0} data-testid="room">
      <div className="stack">
        <PhaseAnnouncer snapshot={snapshot} />
        <SeatReturns snapshot={snapshot} />
        {main}
        {chatInMain && <ChatPanel game={game} prominent />}
      </div>
      <aside className="stack" aria-label="Table">
        {inGame && (
          <div className="card">
            <PlayerList
              rows={playerRows(snapshot)}
              showPoints
              turnId={phase === "clues" ? round?.turnPlayerId : null}
              onKick={snapshot.you.isHost ? (id) => void connection.request(C2S.hostKick, { playerId: id }) : undefined}
              heading="Table"
              compactActions
            />
            {snapshot.spectators.length > 0 && (
              <p className="muted small" style={{ margin: "0.5rem 0 0" }}>
                <Icon name="eye" /> Watching: {snapshot.spectators.map((s) => s.name).join(", ")}
              </p>
            )}
          </div>
        )}
        {!chatInMain && <ChatPanel game={game} />}
        <RejoinCode code={snapshot.you.rejoinCode} />
        <LeaveButton />
      </aside>
    </div>
  );
}

function LeaveButton() {
  const navigate = useRouteStore((s) => s.navigate);
  return (
    <button
      type="button"
      className="ghost"
      onClick={() => {
        if (confirm("Leave this room? Your seat will be given up.")) {
          void connection.leaveRoom().then(() => navigate({ name: "home" }));
        }
      }}
    >
      Leave room
    </button>
  );
}
