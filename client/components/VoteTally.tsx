import type { GameView, RoundView } from "../../shared/game/types";
import { nameOf } from "../model/players";
import { Icon } from "./Icon";

/** Who voted for whom, once the vote has ended, with each player's count. */
export function VoteTally({ game, round }: { game: GameView; round: RoundView }) {
  if (!round.votes) return null;
  const tally = round.tally ?? {};
  const voters = round.order;
  return (
    <div className="table-wrap">
      <table className="data" data-testid="vote-table">
        <caption className="visually-hidden">Votes</caption>
        <thead>
          <tr>
            <th scope="col">Player</th>
            <th scope="col">Voted for</th>
            <th scope="col" className="num">
              Votes received
            </th>
          </tr>
        </thead>
        <tbody>
          {voters.map((id) => (
            <tr key={id}>
              <th scope="row">
                {nameOf(game, id)}
                {id === round.chameleonId && round.revealed && <span title="The Chameleon"> <Icon name="chameleon" /><span className="visually-hidden"> (the Chameleon)</span></span>}
              </th>
              <td>{round.votes?.[id] ? nameOf(game, round.votes[id]) : <span className="muted">abstained</span>}</td>
              <td className="num">
                {tally[id] ?? 0}
                {id === round.accusedId && <span className="muted small"> · accused</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
