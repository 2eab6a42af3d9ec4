import { hashSeed, seededRng, shuffled } from "../../shared/random";
import type { FinishReason, Progress } from "../../shared/studies/protocol";
import { DEFAULT_HOLD_SECONDS } from "../../shared/studies/spec";
import { numberOf, type Query, type StudyDb } from "./study-db";
import { assignmentOf, itemOf, StudyInputError } from "./study-rows";
import type { AssignmentRecord, Shown, StudyItem, StudyRecord } from "./study-types";

/**
 * Which item a participant gets next, inside one transaction (study-store.ts runs it). What one person, one
 * address or a burst of joins can hold is bounded: a person holds one item at a time; the participants who
 * joined from one address hold at most `holdsPerAddress` items at once; and a hold lasts `holdSeconds` past
 * the last time the person's page renewed it (every request renews it), so a closed tab gives its item back
 * within a couple of minutes. A person who finds every remaining item only held by others is told to wait,
 * not that the study is over.
 */

export type NextResult =
  | { kind: "item"; item: StudyItem; assignment: AssignmentRecord; progress: Progress }
  | { kind: "wait"; retryAfterSeconds: number; progress: Progress }
  | { kind: "finished"; reason: FinishReason; progress: Progress };

export interface NextLimits {
  /** Items the participants of one address may hold at once (a class behind one NAT shares an address). */
  holdsPerAddress: number;
}

/** How many candidate items one request tries to lock before it gives up for this attempt. */
const CANDIDATES_PER_ATTEMPT = 25;

/** Items per participant, attention checks included; never more than the study's instances (each item uses one). */
export function totalFor(study: StudyRecord): number {
  return study.config.perParticipant ?? study.config.itemsPerParticipant + study.config.attentionChecks;
}

/** Where a participant's attention checks fall in their sequence (never first), the same at every request. */
export function checkPositions(study: StudyRecord, participantId: string): number[] {
  const total = totalFor(study);
  const positions = Array.from({ length: Math.max(0, total - 1) }, (_, i) => i + 1);
  return shuffled(positions, seededRng(`${study.config.seed}|checks|${participantId}`)).slice(0, study.config.attentionChecks);
}

/** When a hold given or renewed now lapses: `holdSeconds` from now, never past `reservationMinutes` after it was given. */
export function holdUntil(study: StudyRecord, assignedAt: number, now: number): number {
  return Math.min(assignedAt + study.config.reservationMinutes * 60_000, now + (study.config.holdSeconds ?? DEFAULT_HOLD_SECONDS) * 1000);
}

export async function nextIn(q: Query, db: StudyDb, study: StudyRecord, participantId: string, now: number, limits: NextLimits): Promise<NextResult | "busy"> {
  await lockParticipant(q, db, study.id, participantId);
  const total = totalFor(study);
  const [open] = await q(
    `SELECT a.*, i.task, i.instance_key, i.quota, i.gold, i.seq, i.created_at AS item_created_at, i.payload FROM study_assignments a
     JOIN study_items i ON i.study_id = a.study_id AND i.item_id = a.item_id
     WHERE a.study_id = ? AND a.participant_id = ? AND a.answered_at IS NULL AND a.released_at IS NULL`,
    study.id,
    participantId,
  );
  const done = await answeredBy(q, study.id, participantId);
  const progress = { done, total };
  const finish = async (reason: FinishReason): Promise<NextResult> => {
    await q("UPDATE study_participant_details SET finished_at = ?, finish_reason = ? WHERE study_id = ? AND participant_id = ? AND (finish_reason IS NULL OR finish_reason <> ?)", now, reason, study.id, participantId, reason);
    return { kind: "finished", reason, progress };
  };
  if (!study.open) {
    // An item handed out before the study closed goes back: it can no longer be answered.
    if (open) await q("UPDATE study_assignments SET released_at = ? WHERE study_id = ? AND participant_id = ? AND item_id = ?", now, study.id, participantId, open.item_id);
    return done >= total ? finish("complete") : finish("closed");
  }
  if (open) {
    const assignment = assignmentOf(open);
    assignment.expiresAt = Math.max(assignment.expiresAt, holdUntil(study, assignment.assignedAt, now));
    await q("UPDATE study_assignments SET expires_at = ? WHERE study_id = ? AND participant_id = ? AND item_id = ?", assignment.expiresAt, study.id, participantId, assignment.itemId);
    return { kind: "item", item: itemOf({ ...open, created_at: open.item_created_at }), assignment, progress };
  }
  if (done >= total) return finish("complete");

  const checksGiven =
    study.config.attentionChecks === 0
      ? 0
      : numberOf(
          (
            await q(
              "SELECT COUNT(*) AS n FROM study_assignments a JOIN study_items i ON i.study_id = a.study_id AND i.item_id = a.item_id WHERE a.study_id = ? AND a.participant_id = ? AND i.gold = 1",
              study.id,
              participantId,
            )
          )[0].n,
        );
  const owed = study.config.attentionChecks - checksGiven;
  // A check comes at its drawn place, or sooner when the rest of the sequence is needed for the checks still owed.
  const wantCheck = owed > 0 && (checkPositions(study, participantId).includes(done) || total - done <= owed);
  const give = (gold: boolean) => giveItem(q, db, study, participantId, now, done, progress, gold);
  if (wantCheck) {
    const given = await give(true);
    if (given !== null && given !== "busy") return given;
  }
  const [{ n: held }] = await q(
    `SELECT COUNT(*) AS n FROM study_assignments a
     JOIN study_participant_details d ON d.study_id = a.study_id AND d.participant_id = a.participant_id
     WHERE a.study_id = ? AND d.address_hash = (SELECT address_hash FROM study_participant_details WHERE study_id = ? AND participant_id = ?)
       AND a.answered_at IS NULL AND a.released_at IS NULL AND a.expires_at > ?`,
    study.id,
    study.id,
    participantId,
    now,
  );
  const addressFull = numberOf(held) >= limits.holdsPerAddress;
  const given = addressFull ? null : await give(false);
  if (given !== null && given !== "busy") return given;
  // No regular item now: someone who answered anything meets their check before being told to wait or stop.
  if (owed > 0 && done > 0 && !wantCheck) {
    const check = await give(true);
    if (check !== null && check !== "busy") return check;
  }
  if (given === "busy") return "busy";
  const retry = await heldRetry(q, study, participantId, now);
  if (addressFull) return { kind: "wait", retryAfterSeconds: Math.max(retry ?? 30, 10), progress };
  return retry === null ? finish("exhausted") : { kind: "wait", retryAfterSeconds: retry, progress };
}

/**
 * When an item this participant could still take, and that still needs answers, may come free: the seconds
 * until the first hold on such an item lapses (2 to 60); null when there is none (the study is done for them).
 */
async function heldRetry(q: Query, study: StudyRecord, participantId: string, now: number): Promise<number | null> {
  const [row] = await q(
    `SELECT MIN(a.expires_at) AS until FROM study_assignments a JOIN study_items i ON i.study_id = a.study_id AND i.item_id = a.item_id
     WHERE a.study_id = ? AND i.gold = 0 AND a.answered_at IS NULL AND a.released_at IS NULL AND a.expires_at > ?
       AND i.instance_key NOT IN (SELECT instance_key FROM study_assignments WHERE study_id = ? AND participant_id = ?)
       AND (SELECT COUNT(*) FROM study_answers s WHERE s.study_id = i.study_id AND s.item_id = i.item_id) < i.quota`,
    study.id,
    now,
    study.id,
    participantId,
  );
  if (!row || row.until === null || row.until === undefined) return null;
  return Math.min(60, Math.max(2, Math.ceil((numberOf(row.until) - now) / 1000)));
}

/** Locks and assigns the neediest item this participant may take (an attention check when `gold`); null when none. */
async function giveItem(q: Query, db: StudyDb, study: StudyRecord, participantId: string, now: number, done: number, progress: Progress, gold: boolean): Promise<NextResult | null | "busy"> {
  // Two plain queries joined here rather than one with a grouped subquery: on Postgres, with statistics taken
  // while the tables were small, the planner re-ran the grouping once per item (113 ms a request at 936
  // answers, measured with EXPLAIN ANALYZE; these two take about 1 ms).
  const eligible = await q(
    `SELECT item_id, quota FROM study_items
     WHERE study_id = ? AND gold = ? AND instance_key NOT IN (SELECT instance_key FROM study_assignments WHERE study_id = ? AND participant_id = ?)`,
    study.id,
    gold ? 1 : 0,
    study.id,
    participantId,
  );
  const takenRows = gold
    ? []
    : await q("SELECT item_id, COUNT(*) AS taken FROM study_assignments WHERE study_id = ? AND released_at IS NULL AND (answered_at IS NOT NULL OR expires_at > ?) GROUP BY item_id", study.id, now);
  const taken = new Map(takenRows.map((row) => [String(row.item_id), numberOf(row.taken)]));
  // Items furthest from their quota first (as a share of it), so tasks and items fill together; ties in an order of this participant's own.
  const ranked = eligible
    .map((row) => ({ itemId: String(row.item_id), quota: numberOf(row.quota), taken: taken.get(String(row.item_id)) ?? 0 }))
    .filter((c) => gold || c.taken < c.quota)
    .map((c) => ({ ...c, need: gold ? 1 : (c.quota - c.taken) / c.quota, tie: hashSeed(`${participantId}|${c.itemId}`) }))
    .sort((a, b) => b.need - a.need || a.tie - b.tie)
    .slice(0, CANDIDATES_PER_ATTEMPT);
  let busy = false;
  for (const candidate of ranked) {
    const [row] = await q(`SELECT * FROM study_items WHERE study_id = ? AND item_id = ? ${db.lock("skip")}`, study.id, candidate.itemId);
    if (!row) {
      busy = true;
      continue;
    }
    const item = itemOf(row);
    if (!gold && (await takenOf(q, study.id, item.itemId, now)) >= item.quota) continue;
    const assignment: AssignmentRecord = { participantId, itemId: item.itemId, position: done, assignedAt: now, expiresAt: holdUntil(study, now, now), shown: shownFor(study, participantId, item), answeredAt: null, releasedAt: null };
    await q(
      "INSERT INTO study_assignments (study_id, participant_id, item_id, instance_key, position, assigned_at, expires_at, shown) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      study.id,
      participantId,
      item.itemId,
      item.instanceKey,
      assignment.position,
      assignment.assignedAt,
      assignment.expiresAt,
      JSON.stringify(assignment.shown),
    );
    return { kind: "item", item, assignment, progress };
  }
  return busy ? "busy" : null;
}

/** The options of an item in this participant's own order (the paper shuffles per annotator). */
function shownFor(study: StudyRecord, participantId: string, item: StudyItem): Shown {
  const rng = seededRng(`${study.config.seed}|${participantId}|${item.itemId}`);
  const words = shuffled(item.payload.words, rng);
  if (item.task !== "ally") return { words };
  return { words, messages: shuffled([item.payload.message!, ...item.payload.decoys], rng) };
}

export async function lockParticipant(q: Query, db: StudyDb, studyId: string, participantId: string): Promise<void> {
  // One request of a participant at a time (two tabs): their next item and their answers are counted once.
  const [row] = await q(`SELECT participant_id FROM study_participants WHERE study_id = ? AND participant_id = ? ${db.lock("wait")}`, studyId, participantId);
  if (!row) throw new StudyInputError("participant: unknown participant; open the study link again", 401);
}

export async function answeredBy(q: Query, studyId: string, participantId: string): Promise<number> {
  const [{ n }] = await q("SELECT COUNT(*) AS n FROM study_answers WHERE study_id = ? AND participant_id = ?", studyId, participantId);
  return numberOf(n);
}

async function takenOf(q: Query, studyId: string, itemId: string, now: number): Promise<number> {
  const [{ n }] = await q(
    "SELECT COUNT(*) AS n FROM study_assignments WHERE study_id = ? AND item_id = ? AND released_at IS NULL AND (answered_at IS NOT NULL OR expires_at > ?)",
    studyId,
    itemId,
    now,
  );
  return numberOf(n);
}
