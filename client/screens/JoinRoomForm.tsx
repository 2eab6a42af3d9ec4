import { useState, type FormEvent } from "react";
import { connection } from "../net/game-connection";
import { useSessionStore } from "../stores/session-store";
import { NameField } from "../components/NameField";
import { ReclaimSeatForm } from "../components/ReclaimSeatForm";
import { nameProblem } from "../../shared/game/names";

/** Joining a room from its share link: a name, then a seat or a spectator's chair. */
export function JoinRoomForm({ code, problem }: { code: string; problem: string | null }) {
  const name = useSessionStore((s) => s.name);
  const setName = useSessionStore((s) => s.setName);
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);

  async function join(spectator: boolean, e?: FormEvent) {
    e?.preventDefault();
    const trimmed = name.trim();
    if (!spectator && trimmed.length === 0) {
      setNameError("Enter a name to take a seat.");
      return;
    }
    // The same check as the server's (shared/game/names.ts).
    const fault = trimmed === "" ? undefined : nameProblem(trimmed);
    if (fault) {
      setNameError(fault);
      return;
    }
    setNameError(null);
    setBusy(true);
    await connection.joinRoom(code, trimmed || "Spectator", spectator);
    setBusy(false);
  }

  return (
    <section className="card" aria-labelledby="join-room-heading" style={{ maxWidth: 520, margin: "1rem auto" }}>
      <h1 id="join-room-heading" className="phase-title">
        Join room
      </h1>
      <p className="room-code-big" aria-label={`Room code ${code.split("").join(" ")}`}>
        {code}
      </p>
      <p className="muted" style={{ textAlign: "center" }}>
        You're invited to a game of The Chameleon: everyone knows the secret word but one. Take a seat to play, or watch.
      </p>
      {problem && (
        <p className="hint error" role="alert" style={{ color: "var(--danger)", fontWeight: 600 }}>
          {problem}
        </p>
      )}
      <form className="stack" onSubmit={(e) => join(false, e)}>
        <NameField
          value={name}
          onChange={(v) => {
            setName(v);
            setNameError(null);
          }}
          error={nameError}
        />
        <div className="row">
          <button type="submit" className="big" disabled={busy} style={{ flex: "1 1 9rem", whiteSpace: "nowrap" }}>
            {busy ? "Joining…" : "Take a seat"}
          </button>
          <button type="button" className="secondary big" disabled={busy} onClick={() => join(true)} style={{ flex: "1 1 9rem", whiteSpace: "nowrap" }}>
            Just watch
          </button>
        </div>
      </form>
      <ReclaimSeatForm code={code} name={name} />
    </section>
  );
}
