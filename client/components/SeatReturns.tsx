import { C2S, type RoomSnapshot, type StandInMove } from "../../shared/protocol";
import type { GameView } from "../../shared/game/types";
import { connection } from "../net/game-connection";
import { nameOf } from "../model/players";

/**
 * Everything about a player who dropped out, as the player and the host see it: "a bot played for you" on
 * return, the host's one-tap answer to a request for a seat back, and the player's own rejoin code.
 */
export function SeatReturns({ snapshot }: { snapshot: RoomSnapshot }) {
  const { you, seatRequests, game } = snapshot;
  return (
    <>
      {you.standIns.length > 0 && (
        <div className="card" role="status" data-testid="stand-in-note">
          <p style={{ margin: 0 }}>
            While you were away, a bot played {you.standIns.length === 1 ? "one move" : `${you.standIns.length} moves`} for you. Your seat and points were kept.
          </p>
          <ul className="stand-in-moves">
            {you.standIns.map((move, i) => (
              <li key={i} data-testid="stand-in-move">
                {standInText(move, game)}
                {move.canTakeBack && (
                  <>
                    {" "}
                    <button type="button" className="secondary small" onClick={() => void connection.request(C2S.gameTakeBack, {})} data-testid="take-back">
                      {move.kind === "vote" ? "Take back this vote" : "I'm not ready yet"}
                    </button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      {seatRequests.map((request) => (
        <div className="card stack" role="alert" key={request.requestId} data-testid="seat-request">
          {request.kind === "join" ? (
            <span>
              <strong>{request.name}</strong> asks to join from the device or network of someone you removed. Let them in only if you know who it is.
            </span>
          ) : (
            <span>
              Someone on another device asks for <strong>{nameOf(game, request.playerId)}</strong>'s seat back. Let them in only if it is really them.
            </span>
          )}
          <div className="row">
            <button type="button" onClick={() => void connection.request(C2S.hostAnswerSeat, { requestId: request.requestId, approve: true })}>
              {request.kind === "join" ? "Let them in" : "Give the seat back"}
            </button>
            <button type="button" className="secondary" onClick={() => void connection.request(C2S.hostAnswerSeat, { requestId: request.requestId, approve: false })}>
              Refuse
            </button>
          </div>
        </div>
      ))}
    </>
  );
}

/** The player's rejoin code, folded away: it takes this seat back from another device, so it is theirs alone. */
export function RejoinCode({ code }: { code: string | null }) {
  if (!code) return null;
  return (
    <details className="small muted" data-testid="rejoin-code">
      <summary>Switching devices?</summary>
      <p style={{ margin: "0.4rem 0 0" }}>
        Your rejoin code is <strong style={{ fontFamily: "monospace", letterSpacing: "0.08em" }}>{`${code.slice(0, 4)}-${code.slice(4)}`}</strong>. On the other device, open this room's link, choose "Already have a seat here?", and enter it with your name. It works once; keep it to yourself.
      </p>
    </details>
  );
}

/** One stand-in move in words: "Round 2: gave the clue “sweet”." */
export function standInText(move: StandInMove, game: GameView): string {
  const when = game.gameNumber === move.game ? `Round ${move.round}` : `Game ${move.game}, round ${move.round}`;
  const who = move.targetId ? nameOf(game, move.targetId) : "";
  switch (move.kind) {
    case "clue":
      return `${when}: gave the clue “${move.text ?? ""}”.`;
    case "ready":
      return `${when}: said you were ready to vote.`;
    case "vote":
      return `${when}: voted for ${who}.`;
    case "tieBreak":
      return `${when}: broke the tie, accusing ${who}.`;
    case "guess":
      return `${when}: guessed “${move.text ?? ""}” as the Chameleon.`;
  }
}
