import { C2S, type RoomSnapshot } from "../../shared/protocol";
import type { RoundView } from "../../shared/game/types";
import { ClueList } from "../components/ClueList";
import { RoleBanner } from "../components/RoleBanner";
import { RoundHeader } from "../components/RoundHeader";
import { TopicCard } from "../components/TopicCard";
import { connection } from "../net/game-connection";
import { nameOf } from "../model/players";

/** Discussion: everyone reads the clues and argues in the chat; players say when they are ready to vote. */
export function DiscussionPhase({ snapshot, round }: { snapshot: RoomSnapshot; round: RoundView }) {
  const { game } = snapshot;
  const me = game.viewerId;
  const playing = me !== null && round.order.includes(me);
  const ready = me !== null && round.ready.includes(me);
  return (
    <section className="card" aria-labelledby="phase-title">
      <RoundHeader game={game} round={round} title="Discussion" timerLabel="Discussion" />
      <RoleBanner role={round.role} secret={round.secret} seated={game.viewerId !== null} compact />
      <ClueList game={game} round={round} />
      <div className="row" style={{ margin: "1rem 0" }}>
        {playing && (
          <button type="button" onClick={() => void connection.request(C2S.gameReady, {})} disabled={ready} aria-pressed={ready}>
            {ready ? "✓ Ready to vote" : "I'm ready to vote"}
          </button>
        )}
        <span className="muted small" role="status">
          {round.ready.length === 0 ? "Nobody is ready yet." : `Ready: ${round.ready.map((id) => nameOf(game, id)).join(", ")}`}
        </span>
      </div>
      <details>
        <summary>Show the grid</summary>
        <div style={{ marginTop: "0.6rem" }}>
          <TopicCard round={round} />
        </div>
      </details>
    </section>
  );
}
