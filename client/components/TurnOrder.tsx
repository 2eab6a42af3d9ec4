import type { GameView, RoundView } from "../../shared/game/types";
import { nameOf } from "../model/players";

/** The clue order from the dealer round the table: done, current, to come. */
export function TurnOrder({ game, round }: { game: GameView; round: RoundView }) {
  const given = new Set(round.clues.map((c) => c.playerId));
  return (
    <ol className="turn-order" aria-label="Clue order">
      {round.order.map((id) => {
        const state = id === round.turnPlayerId ? "current" : given.has(id) ? "done" : "todo";
        return (
          <li key={id} className={state === "todo" ? undefined : state} aria-current={state === "current" ? "step" : undefined}>
            <span aria-hidden="true">{state === "done" ? "✓" : state === "current" ? "▶" : "·"}</span>
            {nameOf(game, id)}
            {id === game.viewerId && " (you)"}
            {id === round.dealerId && (
              <span className="muted small" title="Dealer: gives the first clue and breaks ties">
                {" "}
                · dealer
              </span>
            )}
            {state !== "todo" && <span className="visually-hidden">{state === "done" ? ", has given a clue" : ", giving a clue now"}</span>}
          </li>
        );
      })}
    </ol>
  );
}
