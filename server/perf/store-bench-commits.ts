import { GameStore, type LogBatch } from "../store/game-store";
import { logFixtureGame } from "../../test/support/store-game-fixture";

/**
 * Real commits of the game log for the store benches: a game played through the real reducer and GameLog
 * hooks (the store tests' fixture, test/support/store-game-fixture.ts), captured commit by commit.
 */
export interface Commit {
  batches: { logId: string; records: { kind: string; round: number | null; payload: unknown }[] }[];
  /** As GameStore.appendBatches takes them. */
  logBatches: LogBatch[];
}

export async function capturedCommits(): Promise<Commit[]> {
  const capture = new GameStore({ path: ":memory:" });
  const commits: Commit[] = [];
  const appendBatches = capture.appendBatches.bind(capture);
  capture.appendBatches = (batches: readonly LogBatch[]) => {
    commits.push({
      logBatches: batches.map((b) => ({ ...b })),
      batches: batches.map((b) => ({
        logId: b.logId,
        records: b.records.map((record) => {
          const { kind, ...payload } = record;
          return { kind, round: "round" in record && typeof record.round === "number" ? record.round : null, payload };
        }),
      })),
    });
    appendBatches(batches);
  };
  await logFixtureGame(capture, { close: true });
  await capture.close();
  return commits;
}
