import { randomBytes } from "node:crypto";
import { hashSeed, seededRng, shuffled } from "../../shared/random";
import { EVALUATION_TASKS, type FinishReason, type Progress, type StudyTask } from "../../shared/studies/protocol";
import { jsonOf, numberOf, type Query, type Row, type StudyDb } from "./study-db";
import type { AnswerContent, AnswerRecord, AssignmentRecord, ItemPayload, Shown, StudyData, StudyItem, StudyRecord } from "./study-types";

/**
 * A study's rows and its two transactions: giving a participant their next item, and recording an answer.
 * Both run in one database transaction, so the rules hold under any number of concurrent participants and
 * processes: an item is never given to more people than its quota (its row is locked while it is counted),
 * nobody gets an instance twice (a unique key), and an answer is recorded at most once (a unique key) and
 * only while its item still needs one.
 */

export type NextResult =
  | { kind: "item"; item: StudyItem; assignment: AssignmentRecord; progress: Progress }
  | { kind: "finished"; reason: FinishReason; progress: Progress };

export type AnswerOutcome =
  | { kind: "recorded"; answerId: number }
  /** The same answer again (a retry after a lost response): nothing new is written. */
  | { kind: "duplicate" }
  /** The item reached its quota while this participant's reservation had lapsed: the answer is not kept. */
  | { kind: "full" };

export class StudyInputError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** How many candidate items one request tries to lock before it gives up for this attempt. */
const CANDIDATES_PER_ATTEMPT = 25;
const ATTEMPTS = 6;

export class StudyStore {
  constructor(readonly db: StudyDb) {}

  async create(study: StudyRecord, items: readonly StudyItem[]): Promise<void> {
    await this.db.transaction(async (q) => {
      await q("INSERT INTO studies (study_id, key_hash, created_at, open, config) VALUES (?, ?, ?, ?, ?)", study.id, study.keyHash, study.createdAt, study.open ? 1 : 0, JSON.stringify(study.config));
      for (const item of items) await insertItem(q, study.id, item);
    });
  }

  async study(id: string): Promise<StudyRecord | null> {
    const [row] = await this.db.query("SELECT study_id, key_hash, created_at, open, config FROM studies WHERE study_id = ?", id);
    return row ? studyOf(row) : null;
  }

  async studies(): Promise<StudyRecord[]> {
    return (await this.db.query("SELECT study_id, key_hash, created_at, open, config FROM studies ORDER BY created_at")).map(studyOf);
  }

  async setOpen(id: string, open: boolean): Promise<void> {
    await this.db.transaction((q) => q("UPDATE studies SET open = ? WHERE study_id = ?", open ? 1 : 0, id));
  }

  async join(studyId: string, participantId: string, tokenHash: string, at: number): Promise<void> {
    await this.db.transaction((q) => q("INSERT INTO study_participants (study_id, participant_id, token_hash, joined_at) VALUES (?, ?, ?, ?)", studyId, participantId, tokenHash, at));
  }

  async tokenHashOf(studyId: string, participantId: string): Promise<string | null> {
    const [row] = await this.db.query("SELECT token_hash FROM study_participants WHERE study_id = ? AND participant_id = ?", studyId, participantId);
    return row ? String(row.token_hash) : null;
  }

  /** The participant's open item, or a new one, or why there is none. */
  async next(study: StudyRecord, participantId: string, now: number): Promise<NextResult> {
    for (let attempt = 1; ; attempt++) {
      const result = await this.db.transaction((q) => this.nextIn(q, study, participantId, now));
      if (result !== "busy" || attempt === ATTEMPTS) return result === "busy" ? { kind: "finished", reason: "exhausted", progress: await this.progressOf(study, participantId) } : result;
      // Every candidate was being handed to someone else this instant (Postgres): try again a moment later.
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }

  private async nextIn(q: Query, study: StudyRecord, participantId: string, now: number): Promise<NextResult | "busy"> {
    await lockParticipant(q, this.db, study.id, participantId);
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
    if (open) return { kind: "item", item: itemOf({ ...open, created_at: open.item_created_at }), assignment: assignmentOf(open), progress };
    if (done >= total) return { kind: "finished", reason: "complete", progress };
    if (!study.open) return { kind: "finished", reason: "closed", progress };

    const wantCheck = checkPositions(study, participantId).includes(done);
    let busy = false;
    for (const gold of wantCheck ? [true, false] : [false]) {
      // Two plain queries joined here rather than one with a grouped subquery: on Postgres, with statistics
      // taken while the tables were small, the planner re-ran the grouping once per item (113 ms a request
      // at 936 answers, measured with EXPLAIN ANALYZE; these two take about 1 ms).
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
        : await q(
            "SELECT item_id, COUNT(*) AS taken FROM study_assignments WHERE study_id = ? AND released_at IS NULL AND (answered_at IS NOT NULL OR expires_at > ?) GROUP BY item_id",
            study.id,
            now,
          );
      const taken = new Map(takenRows.map((row) => [String(row.item_id), numberOf(row.taken)]));
      const candidates = eligible.map((row) => ({ item_id: row.item_id, quota: row.quota, taken: taken.get(String(row.item_id)) ?? 0 }));
      // Items furthest from their quota first (as a share of it), so tasks and items fill together; ties in an
      // order of this participant's own.
      const ranked = candidates
        .map((row) => ({ itemId: String(row.item_id), quota: numberOf(row.quota), taken: numberOf(row.taken) }))
        .filter((c) => gold || c.taken < c.quota)
        .map((c) => ({ ...c, need: gold ? 1 : (c.quota - c.taken) / c.quota, tie: hashSeed(`${participantId}|${c.itemId}`) }))
        .sort((a, b) => b.need - a.need || a.tie - b.tie)
        .slice(0, CANDIDATES_PER_ATTEMPT);
      for (const candidate of ranked) {
        const [row] = await q(`SELECT * FROM study_items WHERE study_id = ? AND item_id = ? ${this.db.lock("skip")}`, study.id, candidate.itemId);
        if (!row) {
          busy = true;
          continue;
        }
        const item = itemOf(row);
        if (!gold && (await takenOf(q, study.id, item.itemId, now)) >= item.quota) continue;
        const assignment: AssignmentRecord = {
          participantId,
          itemId: item.itemId,
          position: done,
          assignedAt: now,
          expiresAt: now + study.config.reservationMinutes * 60_000,
          shown: shownFor(study, participantId, item),
          answeredAt: null,
          releasedAt: null,
        };
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
    }
    return busy ? "busy" : { kind: "finished", reason: "exhausted", progress };
  }

  /**
   * Records an answer to the participant's assigned item. `judge` turns the raw answer into what is kept
   * (and throws a StudyInputError for an invalid one); it sees the item and the order it was shown in.
   */
  async answer(
    study: StudyRecord,
    participantId: string,
    itemId: string,
    judge: (item: StudyItem, shown: Shown) => { answer: AnswerContent; correct: boolean | null },
    now: number,
  ): Promise<AnswerOutcome> {
    return this.db.transaction(async (q) => {
      await lockParticipant(q, this.db, study.id, participantId);
      const [row] = await q("SELECT * FROM study_assignments WHERE study_id = ? AND participant_id = ? AND item_id = ?", study.id, participantId, itemId);
      if (!row) throw new StudyInputError("item: this item was not given to you", 409);
      const assignment = assignmentOf(row);
      const [itemRow] = await q(`SELECT * FROM study_items WHERE study_id = ? AND item_id = ? ${this.db.lock("wait")}`, study.id, itemId);
      const item = itemOf(itemRow);
      const { answer, correct } = judge(item, assignment.shown);
      const [existing] = await q("SELECT answer FROM study_answers WHERE study_id = ? AND participant_id = ? AND item_id = ?", study.id, participantId, itemId);
      if (existing) {
        if (JSON.stringify(jsonOf(existing.answer)) === JSON.stringify(answer)) return { kind: "duplicate" };
        throw new StudyInputError("item: you have already answered this item", 409);
      }
      if (assignment.releasedAt !== null) throw new StudyInputError("item: this item is no longer yours to answer", 409);
      if (!item.gold) {
        const [{ n }] = await q("SELECT COUNT(*) AS n FROM study_answers WHERE study_id = ? AND item_id = ?", study.id, itemId);
        if (numberOf(n) >= item.quota) {
          await q("UPDATE study_assignments SET released_at = ? WHERE study_id = ? AND participant_id = ? AND item_id = ?", now, study.id, participantId, itemId);
          return { kind: "full" };
        }
      }
      const [inserted] = await q(
        "INSERT INTO study_answers (study_id, participant_id, item_id, answered_at, answer, correct) VALUES (?, ?, ?, ?, ?, ?) RETURNING answer_id",
        study.id,
        participantId,
        itemId,
        now,
        JSON.stringify(answer),
        correct === null ? null : correct ? 1 : 0,
      );
      await q("UPDATE study_assignments SET answered_at = ? WHERE study_id = ? AND participant_id = ? AND item_id = ?", now, study.id, participantId, itemId);
      if (item.task === "generation" && study.config.messages.kind === "generation" && "message" in answer) {
        await this.addJudgedItems(q, study, item, answer.message, participantId, now);
      }
      return { kind: "recorded", answerId: numberOf(inserted.answer_id) };
    });
  }

  /** A generation answer becomes an item of each evaluation task of the study (the study's own messages). */
  private async addJudgedItems(q: Query, study: StudyRecord, from: StudyItem, message: string, participantId: string, now: number): Promise<void> {
    const [{ seq }] = await q("SELECT COALESCE(MAX(seq), -1) AS seq FROM study_items WHERE study_id = ?", study.id);
    let next = numberOf(seq) + 1;
    for (const task of study.config.tasks.filter((t): t is (typeof EVALUATION_TASKS)[number] => (EVALUATION_TASKS as readonly string[]).includes(t))) {
      await insertItem(q, study.id, {
        itemId: randomId(12),
        seq: next++,
        task,
        instanceKey: from.instanceKey,
        quota: study.config.quotas[task],
        gold: false,
        createdAt: now,
        // A message equal to a decoy would be shown twice to the ally: that decoy is left out, as for a file's messages.
        payload: { ...from.payload, decoys: from.payload.decoys.filter((d) => d.toLowerCase() !== message.toLowerCase()), message, source: { kind: "generation", participant: participantId, item: from.itemId } },
      });
    }
  }

  async progressOf(study: StudyRecord, participantId: string): Promise<Progress> {
    return { done: await answeredBy(this.db.query, study.id, participantId), total: totalFor(study) };
  }

  /** Everything the study holds (results, export); participants without their token hashes. */
  async data(study: StudyRecord): Promise<StudyData> {
    const [items, participants, assignments, answers] = await Promise.all([
      this.db.query("SELECT * FROM study_items WHERE study_id = ? ORDER BY seq", study.id),
      this.db.query("SELECT participant_id, joined_at FROM study_participants WHERE study_id = ? ORDER BY joined_at, participant_id", study.id),
      this.db.query("SELECT * FROM study_assignments WHERE study_id = ? ORDER BY assigned_at, participant_id", study.id),
      this.db.query("SELECT * FROM study_answers WHERE study_id = ? ORDER BY answer_id", study.id),
    ]);
    return {
      study,
      items: items.map(itemOf),
      participants: participants.map((r) => ({ participantId: String(r.participant_id), joinedAt: numberOf(r.joined_at) })),
      assignments: assignments.map(assignmentOf),
      answers: answers.map(answerOf),
    };
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

/** Random ids: an item's id says nothing about it (an attention check looks like any other, in any order). */
export function randomId(length: number): string {
  const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789";
  return [...randomBytes(length)].map((b) => alphabet[b % 36]).join("");
}

/** Items per participant, attention checks included. */
export function totalFor(study: StudyRecord): number {
  return study.config.itemsPerParticipant + study.config.attentionChecks;
}

/** Where a participant's attention checks fall in their sequence (never first), the same at every request. */
export function checkPositions(study: StudyRecord, participantId: string): number[] {
  const total = totalFor(study);
  const positions = Array.from({ length: Math.max(0, total - 1) }, (_, i) => i + 1);
  return shuffled(positions, seededRng(`${study.config.seed}|checks|${participantId}`)).slice(0, study.config.attentionChecks);
}

/** The options of an item in this participant's own order (the paper shuffles per annotator). */
function shownFor(study: StudyRecord, participantId: string, item: StudyItem): Shown {
  const rng = seededRng(`${study.config.seed}|${participantId}|${item.itemId}`);
  const words = shuffled(item.payload.words, rng);
  if (item.task !== "ally") return { words };
  return { words, messages: shuffled([item.payload.message!, ...item.payload.decoys], rng) };
}

async function lockParticipant(q: Query, db: StudyDb, studyId: string, participantId: string): Promise<void> {
  // One request of a participant at a time (two tabs): their next item and their answers are counted once.
  const [row] = await q(`SELECT participant_id FROM study_participants WHERE study_id = ? AND participant_id = ? ${db.lock("wait")}`, studyId, participantId);
  if (!row) throw new StudyInputError("participant: unknown participant; open the study link again", 401);
}

async function answeredBy(q: Query, studyId: string, participantId: string): Promise<number> {
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

async function insertItem(q: Query, studyId: string, item: StudyItem): Promise<void> {
  await q(
    "INSERT INTO study_items (study_id, item_id, seq, task, instance_key, quota, gold, created_at, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    studyId,
    item.itemId,
    item.seq,
    item.task,
    item.instanceKey,
    item.quota,
    item.gold ? 1 : 0,
    item.createdAt,
    JSON.stringify(item.payload),
  );
}

function studyOf(row: Row): StudyRecord {
  return { id: String(row.study_id), keyHash: String(row.key_hash), createdAt: numberOf(row.created_at), open: numberOf(row.open) === 1, config: jsonOf(row.config) };
}

function itemOf(row: Row): StudyItem {
  return {
    itemId: String(row.item_id),
    seq: numberOf(row.seq),
    task: String(row.task) as StudyTask,
    instanceKey: String(row.instance_key),
    quota: numberOf(row.quota),
    gold: numberOf(row.gold) === 1,
    createdAt: numberOf(row.created_at),
    payload: jsonOf<ItemPayload>(row.payload),
  };
}

function assignmentOf(row: Row): AssignmentRecord {
  const nullable = (v: unknown) => (v === null || v === undefined ? null : numberOf(v));
  return {
    participantId: String(row.participant_id),
    itemId: String(row.item_id),
    position: numberOf(row.position),
    assignedAt: numberOf(row.assigned_at),
    expiresAt: numberOf(row.expires_at),
    shown: jsonOf<Shown>(row.shown),
    answeredAt: nullable(row.answered_at),
    releasedAt: nullable(row.released_at),
  };
}

function answerOf(row: Row): AnswerRecord {
  return {
    answerId: numberOf(row.answer_id),
    participantId: String(row.participant_id),
    itemId: String(row.item_id),
    answeredAt: numberOf(row.answered_at),
    answer: jsonOf<AnswerContent>(row.answer),
    correct: row.correct === null || row.correct === undefined ? null : numberOf(row.correct) === 1,
  };
}
