import { C2S, type RoomSnapshot } from "../../shared/protocol";
import type { RoundView } from "../../shared/game/types";
import { ClueBox } from "../components/ClueBox";
import { ClueList } from "../components/ClueList";
import { RoleBanner } from "../components/RoleBanner";
import { RoundHeader } from "../components/RoundHeader";
import { TopicCard } from "../components/TopicCard";
import { TurnOrder } from "../components/TurnOrder";
import { connection } from "../net/game-connection";
import { awayText } from "../model/players";

/** Clues in turn: the grid, the viewer's role, the order, the clues so far, and the clue box on your turn. */
export function CluePhase({ snapshot, round }: { snapshot: RoomSnapshot; round: RoundView }) {
  const { game } = snapshot;
  const yourTurn = round.turnPlayerId !== null && round.turnPlayerId === game.viewerId;
  const turnSeat = game.seats.find((s) => s.id === round.turnPlayerId);
  // An away player's turn: the fallback bot gives the clue, and the table should know it is not waiting on them.
  const turnAway = turnSeat?.kind === "human" && (turnSeat.left || snapshot.seats.find((s) => s.playerId === turnSeat.id)?.fallback === true);

  async function give(text: string): Promise<string | null> {
    const ack = await connection.request(C2S.gameClue, { text }, { quiet: true });
    return ack.ok ? null : ack.message;
  }

  return (
    <section className="card" aria-labelledby="phase-title">
      <RoundHeader game={game} round={round} title="Clues" timerLabel="Clue turn" />
      <RoleBanner role={round.role} secret={round.secret} seated={game.viewerId !== null} />
      <TopicCard round={round} />
      <h2 className="visually-hidden">Turn order</h2>
      <div style={{ marginTop: "1rem" }}>
        <TurnOrder game={game} round={round} />
      </div>
      {yourTurn && round.words ? (
        <ClueBox key={round.number} words={round.words} maxWords={game.settings.clueMaxWords} onSubmit={give} deadline={game.deadline} />
      ) : (
        <p className="muted" role="status" aria-live="polite" data-testid="turn-status">
          {turnSeat ? (
            <>
              {turnAway ? (
                <>
                  <strong>{turnSeat.left ? `${turnSeat.name} has left — a bot plays in their place` : awayText(turnSeat.name)}</strong>. The bot's clue comes in a moment.
                </>
              ) : (
                <>
                  Waiting for <strong>{turnSeat.name}</strong>
                  {turnSeat.kind === "bot" ? " (bot) to think of a clue…" : " to give a clue…"}
                </>
              )}
            </>
          ) : (
            "All clues are in."
          )}
        </p>
      )}
      <div style={{ marginTop: "1rem" }}>
        <ClueList game={game} round={round} />
      </div>
    </section>
  );
}
