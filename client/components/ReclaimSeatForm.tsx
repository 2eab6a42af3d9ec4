import { useState, type FormEvent } from "react";
import { connection } from "../net/game-connection";

/**
 * "Already have a seat here?": a player who played on another device (a phone that died, another browser)
 * takes the seat back with the rejoin code that device showed, or asks the host to let them back in.
 */
export function ReclaimSeatForm({ code, name }: { code: string; name: string }) {
  const [rejoinCode, setRejoinCode] = useState("");
  const [state, setState] = useState<{ busy: "code" | "host" | null; problem: string | null; waiting: boolean }>({ busy: null, problem: null, waiting: false });
  const trimmed = name.trim();

  async function withCode(e: FormEvent) {
    e.preventDefault();
    if (trimmed === "") return setState({ busy: null, problem: "Enter the name your seat has, above.", waiting: false });
    setState({ busy: "code", problem: null, waiting: false });
    const ack = await connection.reclaimSeat(code, trimmed, rejoinCode);
    setState({ busy: null, problem: ack.ok ? null : ack.message, waiting: false });
  }

  async function askHost() {
    if (trimmed === "") return setState({ busy: null, problem: "Enter the name your seat has, above.", waiting: false });
    setState({ busy: "host", problem: null, waiting: true });
    const answer = await connection.askForSeat(code, trimmed);
    setState({ busy: null, problem: answer.ok ? null : answer.message, waiting: false });
  }

  return (
    <details className="reclaim-seat" data-testid="reclaim-seat">
      <summary>Already have a seat here? Take it back</summary>
      <form className="stack" onSubmit={withCode} style={{ marginTop: "0.5rem" }}>
        <p className="muted small" style={{ margin: 0 }}>
          Your seat and points were kept, with a bot playing for you. Use the rejoin code shown under the players on the device you played on, or ask the host to let you back in.
        </p>
        <label className="field">
          <span>Rejoin code</span>
          <input
            value={rejoinCode}
            onChange={(e) => setRejoinCode(e.target.value.slice(0, 20))}
            maxLength={20}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="e.g. K7QM-3XWD"
          />
        </label>
        <div className="row">
          <button type="submit" disabled={state.busy !== null || rejoinCode.trim().length < 4} style={{ flex: "1 1 9rem" }}>
            {state.busy === "code" ? "Checking…" : "Take my seat back"}
          </button>
          <button type="button" className="secondary" disabled={state.busy !== null} onClick={() => void askHost()} style={{ flex: "1 1 9rem" }}>
            Ask the host
          </button>
        </div>
        {state.waiting && (
          <p className="muted small" role="status" style={{ margin: 0 }}>
            Waiting for the host to answer…
          </p>
        )}
        {state.problem && (
          <p className="hint error" role="alert" style={{ color: "var(--danger)", fontWeight: 600, margin: 0 }}>
            {state.problem}
          </p>
        )}
      </form>
    </details>
  );
}
