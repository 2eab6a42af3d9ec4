import { C2S, type RoomSnapshot } from "../../shared/protocol";
import type { RoundView } from "../../shared/game/types";
import { Avatar } from "../components/Avatar";
import { RoleBanner } from "../components/RoleBanner";
import { RoundHeader } from "../components/RoundHeader";
import { connection } from "../net/game-connection";
import { nameOf } from "../model/players";

/** The vote: pick who you think is the Chameleon; change your mind until everyone has voted. */
export function VotePhase({ snapshot, round }: { snapshot: RoomSnapshot; round: RoundView }) {
  const { game } = snapshot;
  const me = game.viewerId;
  const voting = me !== null && round.order.includes(me);
  const candidates = round.order.filter((id) => id !== me);
  const clueOf = (id: string) => round.clues.filter((c) => c.playerId === id).map((c) => c.text).join(" · ");
  const votedCount = round.votedIds.length;

  return (
    <section className="card" aria-labelledby="phase-title">
      <RoundHeader game={game} round={round} title="Vote: who is the Chameleon?" timerLabel="Vote" />
      <RoleBanner role={round.role} secret={round.secret} seated={game.viewerId !== null} compact />
      <p className="muted" role="status" aria-live="polite" data-testid="vote-status">
        {votedCount} of {round.order.length} have voted.
        {voting && (round.yourVote ? ` You voted for ${nameOf(game, round.yourVote)}; you can still change your mind.` : " Pick a player.")}
      </p>
      <ul className="vote-options" aria-label="Players to vote for">
        {candidates.map((id) => {
          const chosen = round.yourVote === id;
          const hasVoted = round.votedIds.includes(id);
          return (
            <li key={id}>
              <button
                type="button"
                className="vote-option"
                aria-pressed={chosen}
                disabled={!voting}
                onClick={() => void connection.request(C2S.gameVote, { targetId: id })}
                data-testid="vote-option"
                data-player-id={id}
              >
                <span className="row" style={{ gap: "0.4rem", flexWrap: "nowrap" }}>
                  <Avatar id={id} name={nameOf(game, id)} />
                  <strong>{nameOf(game, id)}</strong>
                </span>
                <span className="vote-clue">“{clueOf(id) || "no clue"}”</span>
                <span className="vote-check">{chosen ? "✓ Your vote" : hasVoted ? "has voted" : "\u00a0"}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {!voting && <p className="muted small">Only the players of this round vote.</p>}
    </section>
  );
}
