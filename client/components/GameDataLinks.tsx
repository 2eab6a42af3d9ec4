import { useId, useState } from "react";
import { exportPath, fetchExport, saveBlob, type ExportFormat } from "../net/data-api";
import { useRouteStore } from "../stores/route-store";

type State = { kind: "idle" } | { kind: "busy"; format: ExportFormat } | { kind: "saved"; filename: string } | { kind: "failed"; off: boolean; message: string };

/**
 * This game's data for research: a JSONL export (the benchmark's format) and a CSV for spreadsheets, from
 * the game log (revealed rounds only). The file is fetched first so that a server without a game log
 * (503) or a refusal shows a sentence here instead of a broken download; the CSV stays a real link for
 * "copy link" and middle-click.
 */
export function GameDataLinks({ code, gameNumber, leaderboardLink = false, save = saveBlob }: { code: string; gameNumber: number; leaderboardLink?: boolean; save?: (blob: Blob, filename: string) => void }) {
  const [state, setState] = useState<State>({ kind: "idle" });
  const navigate = useRouteStore((s) => s.navigate);
  const headingId = useId();
  const off = state.kind === "failed" && state.off;
  const busy = state.kind === "busy";

  async function download(format: ExportFormat) {
    setState({ kind: "busy", format });
    const result = await fetchExport(code, gameNumber, format);
    if (!result.ok) return setState({ kind: "failed", off: result.off, message: result.message });
    save(result.value.blob, result.value.filename);
    setState({ kind: "saved", filename: result.value.filename });
  }

  return (
    <section className="data-links" aria-labelledby={headingId} data-testid="game-data">
      <h3 id={headingId}>This game's data</h3>
      <p className="muted small">Every revealed clue with its scores, votes and guesses. Seats are anonymous: no names, no chat.</p>
      <div className="row">
        <button type="button" className="secondary" onClick={() => void download("jsonl")} disabled={busy || off} aria-describedby={`${headingId}-status`} data-testid="export-jsonl">
          {state.kind === "busy" && state.format === "jsonl" ? "Preparing…" : "Export (JSONL)"}
        </button>
        <a
          className="button-link"
          href={exportPath(code, gameNumber, "csv")}
          download
          aria-disabled={busy || off ? true : undefined}
          aria-describedby={`${headingId}-status`}
          data-testid="export-csv"
          onClick={(e) => {
            e.preventDefault();
            if (!busy && !off) void download("csv");
          }}
        >
          {state.kind === "busy" && state.format === "csv" ? "Preparing…" : "CSV for spreadsheets"}
        </a>
        {leaderboardLink && (
          <a
            href="/leaderboard"
            className="button-link"
            data-testid="leaderboard-link"
            onClick={(e) => {
              e.preventDefault();
              navigate({ name: "leaderboard" });
            }}
          >
            Leaderboard: humans vs models
          </a>
        )}
      </div>
      <p id={`${headingId}-status`} className={state.kind === "failed" ? "data-status data-status-error" : "data-status muted small"} role={state.kind === "failed" ? "alert" : "status"} data-testid="export-status">
        {state.kind === "saved" && `Downloaded ${state.filename}.`}
        {state.kind === "failed" && state.message}
      </p>
    </section>
  );
}
