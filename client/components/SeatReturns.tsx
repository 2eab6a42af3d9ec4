import { C2S, type RoomSnapshot } from "../../shared/protocol";
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
      {you.standInMoves > 0 && (
        <div className="card" role="status" data-testid="stand-in-note">
          While you were away, a bot played {you.standInMoves === 1 ? "one move" : `${you.standInMoves} moves`} for you. Your seat and points were kept.
        </div>
      )}
      {seatRequests.map((request) => (
        <div className="card stack" role="alert" key={request.requestId} data-testid="seat-request">
          <span>
            Someone on another device asks for <strong>{nameOf(game, request.playerId)}</strong>'s seat back. Let them in only if it is really them.
          </span>
          <div className="row">
            <button type="button" onClick={() => void connection.request(C2S.hostAnswerSeat, { requestId: request.requestId, approve: true })}>
              Give the seat back
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
