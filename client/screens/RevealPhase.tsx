import { C2S, type RoomSnapshot } from "../../shared/protocol";
import type { RoundView } from "../../shared/game/types";
import { RoundHeader } from "../components/RoundHeader";
import { RoundReveal } from "../components/RoundReveal";
import { Scoreboard } from "../components/Scoreboard";
import { connection } from "../net/game-connection";
import { EndGameButton } from "../components/EndGameButton";
import { RoomLeaderboard } from "../components/RoomLeaderboard";

/** The round's reveal, then the host deals the next one. */
export function RevealPhase({ snapshot, round }: { snapshot: RoomSnapshot; round: RoundView }) {
  const { game, you } = snapshot;
  return (
    <section className="card" aria-labelledby="phase-title">
      <RoundHeader game={game} round={round} title="Reveal" timerLabel="Next round" />
      <RoundReveal game={game} round={round} evaluators={snapshot.evaluators} />
      <div style={{ marginTop: "1rem" }}>
        <Scoreboard game={game} round={round} />
      </div>
      {snapshot.standings.length > 0 && (
        <details style={{ marginTop: "0.6rem" }} data-testid="reveal-room-leaderboard">
          <summary>Leaderboard: every game in this room</summary>
          <RoomLeaderboard standings={snapshot.standings} you={game.viewerId} />
        </details>
      )}
      <div className="row" style={{ marginTop: "1rem" }}>
        {you.isHost ? (
          <>
            <button type="button" className="big" onClick={() => void connection.request(C2S.hostNextRound, {})} data-testid="next-round">
              Next round
            </button>
            <EndGameButton />
          </>
        ) : (
          <p className="muted" role="status">
            Waiting for the host to deal the next round…
          </p>
        )}
      </div>
    </section>
  );
}
