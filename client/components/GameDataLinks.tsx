import { useId, useState } from "react";
import { exportPath, fetchExport, saveBlob, type ExportFormat } from "../net/data-api";

type State = { kind: "idle" } | { kind: "busy"; format: ExportFormat } | { kind: "saved"; filename: string } | { kind: "failed"; off: boolean; message: string };

/**
 * A room's data for research (every game of it, or one): a JSONL export (the benchmark's format) and a CSV for
 * spreadsheets, from the game log (revealed rounds only). It lives on the researchers' page. The file is fetched first so that a server without a game log
 * (503) or a refusal shows a sentence here instead of a broken download; the CSV stays a real link for
 * "copy link" and middle-click.
 */
export function GameDataLinks({ code, gameNumber, save = saveBlob }: { code: string; gameNumber?: number; save?: (blob: Blob, filename: string) => void }) {
  const [state, setState] = useState<State>({ kind: "idle" });
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
      <h3 id={headingId}>{gameNumber === undefined ? `Room ${code}: every game's data` : `Room ${code}, game ${gameNumber}: data`}</h3>
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
      </div>
      <p id={`${headingId}-status`} className={state.kind === "failed" ? "data-status data-status-error" : "data-status muted small"} role={state.kind === "failed" ? "alert" : "status"} data-testid="export-status">
        {state.kind === "saved" && `Downloaded ${state.filename}.`}
        {state.kind === "failed" && state.message}
      </p>
    </section>
  );
}
