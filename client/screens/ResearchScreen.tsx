import { useEffect, useState } from "react";
import { LeaderboardTables } from "../components/LeaderboardTables";
import { GameDataLinks } from "../components/GameDataLinks";
import { fetchLeaderboardJson } from "../net/data-api";
import { leaderboardOf, type Leaderboard } from "../model/leaderboard";
import { pathForRoute, useRouteStore } from "../stores/route-store";
import { useSessionStore } from "../stores/session-store";

type Load = { kind: "loading" } | { kind: "ready"; board: Leaderboard } | { kind: "failed"; off: boolean; message: string };

/** The way back: to the room this tab is sitting in (or watching), else home. */
function BackLink() {
  const navigate = useRouteStore((s) => s.navigate);
  const code = useSessionStore((s) => s.seat?.code ?? null);
  const route = code ? ({ name: "room", code } as const) : ({ name: "home" } as const);
  return (
    <nav aria-label="Back">
      <a
        className="button-link"
        href={pathForRoute(route)}
        onClick={(e) => {
          e.preventDefault();
          navigate(route);
        }}
        data-testid="lb-back"
      >
        ← {code ? `Back to room ${code}` : "Home"}
      </a>
    </nav>
  );
}

/**
 * /research, for researchers: humans versus models over every logged game (GET /api/leaderboard) with the
 * benchmark's exact terms, and the downloads of the room this tab sits in. Players' own leaderboard is in the
 * room (RoomLeaderboard).
 */
export function ResearchScreen() {
  const room = useSessionStore((s) => s.seat?.code ?? null);
  const [load, setLoad] = useState<Load>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const navigate = useRouteStore((s) => s.navigate);

  useEffect(() => {
    let cancelled = false;
    setLoad({ kind: "loading" });
    void fetchLeaderboardJson().then((result) => {
      if (cancelled) return;
      if (!result.ok) return setLoad({ kind: "failed", off: result.off, message: result.message });
      const parsed = leaderboardOf(result.value);
      setLoad(parsed.ok ? { kind: "ready", board: parsed.board } : { kind: "failed", off: false, message: parsed.message });
    });
    return () => {
      cancelled = true;
    };
  }, [attempt]);

  useEffect(() => {
    document.title = "For researchers · SNEAK";
    return () => {
      document.title = "SNEAK";
    };
  }, []);

  const empty = load.kind === "ready" && load.board.generators.length === 0 && load.board.rounds === 0;
  return (
    <div className="stack" data-testid="leaderboard" data-state={empty ? "empty" : load.kind}>
      <BackLink />
      <section className="card" aria-labelledby="lb-title">
        <h1 id="lb-title" className="phase-title lb-title">
          For researchers: humans vs models
        </h1>
        <p>
          Every game played on this server is scored the way the SNEAK benchmark scores clues. A good clue has high <strong>utility</strong>: an ally who
          knows the secret picks it out from look-alike decoys given the clue. And it has low <strong>leakage</strong>: the Chameleon, who sees only the
          grid, cannot find the secret from it. <strong>SoftScore</strong> = utility × (1 − leakage) rewards both at once; <strong>BinaryScore</strong> counts
          the clues where the ally's top pick is the clue and the Chameleon's top pick is not the secret.
        </p>
        <p className="muted small">
          Under each average is its likely range (a 95% interval): with few games it is wide, and two rows whose ranges overlap may not really differ.
          "–" means no data yet. Only finished rounds count.
        </p>
        {load.kind === "ready" && !empty && (
          <p className="small" data-testid="lb-totals">
            {load.board.games} {load.board.games === 1 ? "game" : "games"}, {load.board.rounds} {load.board.rounds === 1 ? "round" : "rounds"} logged.
          </p>
        )}
      </section>

      <section className="card" aria-label="Data downloads">
        {room && <GameDataLinks code={room} />}
        <p className="small" style={{ margin: room ? "0.6rem 0 0" : 0 }}>
          Every game this server has logged, in the benchmark's format:{" "}
          <a href="/api/export" download data-testid="export-all">
            all games (JSONL)
          </a>{" "}
          or{" "}
          <a href="/api/export?format=csv" download>
            CSV
          </a>
          ; seats anonymous, revealed rounds only (docs/DATA.md in the repository says how to re-score them).
        </p>
      </section>

      {load.kind === "loading" && (
        <div className="card" role="status">
          <p className="muted" style={{ margin: 0 }}>
            Loading the leaderboard…
          </p>
        </div>
      )}
      {load.kind === "failed" && (
        <div className="card" role="alert" data-testid="lb-error">
          <p style={{ margin: 0 }}>{load.message}</p>
          {!load.off && (
            <button type="button" className="secondary" style={{ marginTop: "0.8rem" }} onClick={() => setAttempt((a) => a + 1)}>
              Try again
            </button>
          )}
        </div>
      )}
      {empty && (
        <div className="card" data-testid="lb-empty">
          <p style={{ margin: 0 }}>
            No games logged yet. Play a game to the reveal and its clues will be ranked here.{" "}
            <a
              href="/"
              onClick={(e) => {
                e.preventDefault();
                navigate({ name: "home" });
              }}
            >
              Start a game
            </a>
          </p>
        </div>
      )}
      {load.kind === "ready" && !empty && <LeaderboardTables board={load.board} />}
      {load.kind === "ready" && !empty && (
        <details className="muted small" data-testid="lb-method">
          <summary>How these figures are computed</summary>
          <p>{load.board.method}</p>
        </details>
      )}
    </div>
  );
}
