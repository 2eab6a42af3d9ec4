import { connection } from "../net/game-connection";
import { useConnectionStore } from "../stores/connection-store";

/** A persistent banner while the socket is down: the player must know their actions are not reaching the table. */
export function ConnectionBanner() {
  const status = useConnectionStore((s) => s.status);
  const problem = useConnectionStore((s) => s.problem);
  if (status === "elsewhere") {
    return (
      <div className="connection-banner" role="alert" data-testid="connection-banner">
        <span aria-hidden="true">⚠ </span>
        {problem ?? "Your seat is open in another tab or on another device."}{" "}
        <button type="button" className="secondary small" onClick={() => void connection.playHere()}>
          Play here
        </button>
      </div>
    );
  }
  if (status !== "reconnecting" && status !== "offline") return null;
  return (
    <div className="connection-banner" role="alert" data-testid="connection-banner">
      <span aria-hidden="true">⚠ </span>
      {status === "reconnecting" ? problem ?? "Connection lost: reconnecting…" : problem ?? "Disconnected from the server."}
    </div>
  );
}
