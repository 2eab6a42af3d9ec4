import { useState, type FormEvent } from "react";
import { connection } from "../net/game-connection";
import { useRouteStore } from "../stores/route-store";
import { storedSeats, useSessionStore } from "../stores/session-store";
import { NameField } from "../components/NameField";
import { Icon } from "../components/Icon";
import { nameProblem } from "../../shared/game/names";

/** Keeps only letters, upper-cased, at most four: what a room code can be. */
export function normalizedCode(input: string): string {
  return input.replace(/[^a-z]/gi, "").toUpperCase().slice(0, 4);
}

/** Home: pick a name, then create a room or join one by its code. */
export function HomeScreen() {
  const name = useSessionStore((s) => s.name);
  const setName = useSessionStore((s) => s.setName);
  const navigate = useRouteStore((s) => s.navigate);
  const [code, setCode] = useState("");
  const [saved] = useState(storedSeats);
  const [busy, setBusy] = useState<null | "create" | "join">(null);
  const [nameError, setNameError] = useState<string | null>(null);
  const trimmed = name.trim();

  function requireName(): boolean {
    if (trimmed.length === 0) {
      setNameError("Enter a name first: the table needs to know who you are.");
      document.getElementById("player-name")?.focus();
      return false;
    }
    // The same check as the server's (shared/game/names.ts): control characters, length, a letter or digit.
    const fault = nameProblem(trimmed);
    setNameError(fault ?? null);
    return fault === undefined;
  }

  async function create() {
    if (!requireName()) return;
    setBusy("create");
    const ack = await connection.createRoom(trimmed);
    setBusy(null);
    if (ack.ok) navigate({ name: "room", code: ack.code });
  }

  async function join(e: FormEvent) {
    e.preventDefault();
    if (!requireName()) return;
    const c = normalizedCode(code);
    if (c.length !== 4) return;
    setBusy("join");
    const ack = await connection.joinRoom(c, trimmed, false);
    setBusy(null);
    if (ack.ok) navigate({ name: "room", code: ack.code });
  }

  return (
    <div>
      <section className="hero">
        <h1>
          <Icon name="chameleon" className="hero-mark" /> SNEAK
        </h1>
        <p className="tagline">
          Everyone knows the secret word — except the Chameleon. Give a clue that proves you know it without giving it away.
          Play with friends and bots, then see how informative and how revealing every clue really was.
        </p>
      </section>
      <div className="home-grid">
        {saved.length > 0 && (
          <section className="card span-2" aria-labelledby="rejoin-heading">
            <h2 id="rejoin-heading">Back to your table</h2>
            <div className="row">
              {saved.map((s) => (
                <button key={s.code} type="button" className="secondary" onClick={() => navigate({ name: "room", code: s.code })}>
                  Return to {s.code}
                  {s.spectator ? " (watching)" : ""}
                </button>
              ))}
            </div>
          </section>
        )}
        <div className="card span-2">
          <NameField
            value={name}
            onChange={(v) => {
              setName(v);
              setNameError(null);
            }}
            error={nameError}
          />
        </div>
        <section className="card" aria-labelledby="create-heading">
          <h2 id="create-heading">New game</h2>
          <p className="muted small">Start a room, share its code or link, add bots if you are short of players.</p>
          <button type="button" className="big" onClick={create} disabled={busy !== null} style={{ width: "100%" }}>
            {busy === "create" ? "Creating…" : "Create a room"}
          </button>
        </section>
        <section className="card" aria-labelledby="join-heading">
          <h2 id="join-heading">Join a game</h2>
          <form onSubmit={join} className="stack">
            <label className="field">
              <span>Room code</span>
              <input
                className="code-input"
                value={code}
                onChange={(e) => setCode(normalizedCode(e.target.value))}
                placeholder="ABCD"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                inputMode="text"
                maxLength={4}
                aria-describedby="code-help"
              />
            </label>
            <p id="code-help" className="visually-hidden">
              Four letters, shown on the host's screen.
            </p>
            <button type="submit" className="big" disabled={busy !== null || normalizedCode(code).length !== 4} style={{ width: "100%" }}>
              {busy === "join" ? "Joining…" : "Join"}
            </button>
          </form>
        </section>
        <section className="card span-2" aria-labelledby="leaderboard-heading">
          <h2 id="leaderboard-heading">For researchers</h2>
          <p className="muted small">Every game here is scored like the SNEAK benchmark: humans vs models, how well people and the computer judges agree, and every game's data to download.</p>
          <a
            href="/research"
            className="button-link"
            data-testid="home-research-link"
            onClick={(e) => {
              e.preventDefault();
              navigate({ name: "research" });
            }}
          >
            Humans vs models, and the data
          </a>
        </section>
      </div>
    </div>
  );
}
