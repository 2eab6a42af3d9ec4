import { C2S, type RoomSnapshot } from "../../shared/protocol";
import type { RoundView } from "../../shared/game/types";
import { RoundHeader } from "../components/RoundHeader";
import { VoteTally } from "../components/VoteTally";
import { connection } from "../net/game-connection";
import { nameOf } from "../model/players";

/** A tied vote: the dealer chooses whom to accuse among the tied players. */
export function TieBreakPhase({ snapshot, round }: { snapshot: RoomSnapshot; round: RoundView }) {
  const { game } = snapshot;
  const tied = round.tied ?? [];
  const isDealer = game.viewerId === round.dealerId;
  return (
    <section className="card" aria-labelledby="phase-title">
      <RoundHeader game={game} round={round} title="It's a tie!" timerLabel="Tie-break" />
      <VoteTally game={game} round={round} />
      {isDealer ? (
        <>
          <p>
            <strong>You are the dealer:</strong> choose whom to accuse.
          </p>
          <div className="row">
            {tied.map((id) => (
              <button key={id} type="button" className="big" onClick={() => void connection.request(C2S.gameTieBreak, { targetId: id })} data-testid="tiebreak-option">
                Accuse {nameOf(game, id)}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p role="status">
          <strong>{nameOf(game, round.dealerId)}</strong>, the dealer, is choosing between {tied.map((id) => nameOf(game, id)).join(" and ")}…
        </p>
      )}
    </section>
  );
}
