import { EVALUATION_TASKS, type Progress } from "../../shared/studies/protocol";
import { jsonOf, numberOf, type Query, type StudyDb } from "./study-db";
import { answeredBy, lockParticipant, nextIn, totalFor, type NextLimits, type NextResult } from "./next-item";
import { answerOf, assignmentOf, insertItem, itemOf, participantOf, randomId, reviewOf, StudyInputError, studyOf } from "./study-rows";
import type { AnswerContent, Shown, StudyData, StudyItem, StudyRecord } from "./study-types";

export { StudyInputError, randomId } from "./study-rows";
export { totalFor, type NextResult } from "./next-item";

/**
 * A study's rows and its transactions: joining, giving a participant their next item (next-item.ts), recording
 * an answer, and deciding on a generation answer before others judge it. Each runs in one database
 * transaction, so the rules hold under any number of concurrent participants and processes: an item is never
 * given to more people than its quota (its row is locked while it is counted), nobody gets an instance twice
 * (a unique key), and an answer is recorded at most once (a unique key), only while its item still needs one
 * and its study is open.
 */

export type AnswerOutcome =
  | { kind: "recorded"; answerId: number }
  /** The same answer again (a retry after a lost response): nothing new is written. */
  | { kind: "duplicate" }
  /** The item reached its quota while this participant's hold had lapsed: the answer is not kept. */
  | { kind: "full" }
  /** The study was closed after the item was given: the answer is not kept. */
  | { kind: "closed" };

/** Whether a generation answer may be shown to others as it is (the offensive-word filter); a reason when not. */
export type MessageScreen = (message: string) => string | null;

const ATTEMPTS = 6;

export class StudyStore {
  constructor(
    readonly db: StudyDb,
    private readonly screen: MessageScreen = () => null,
  ) {}

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

  /**
   * A new participant, or, for a crowd platform id that already joined (another device, cleared storage), the
   * same participant under a new token: one platform id is one participant, who never meets an instance twice.
   */
  async join(studyId: string, participantId: string, tokenHash: string, at: number, who: { platformId: string | null; addressHash: string }): Promise<string> {
    return this.db.transaction(async (q) => {
      if (who.platformId !== null) {
        const [known] = await q(`SELECT participant_id FROM study_participant_details WHERE study_id = ? AND platform_id = ? ${this.db.lock("wait")}`, studyId, who.platformId);
        if (known) {
          await q("UPDATE study_participants SET token_hash = ? WHERE study_id = ? AND participant_id = ?", tokenHash, studyId, known.participant_id);
          return String(known.participant_id);
        }
      }
      await q("INSERT INTO study_participants (study_id, participant_id, token_hash, joined_at) VALUES (?, ?, ?, ?)", studyId, participantId, tokenHash, at);
      await q("INSERT INTO study_participant_details (study_id, participant_id, platform_id, address_hash) VALUES (?, ?, ?, ?)", studyId, participantId, who.platformId, who.addressHash);
      return participantId;
    });
  }

  async tokenHashOf(studyId: string, participantId: string): Promise<string | null> {
    const [row] = await this.db.query("SELECT token_hash FROM study_participants WHERE study_id = ? AND participant_id = ?", studyId, participantId);
    return row ? String(row.token_hash) : null;
  }

  /** The participant's open item (its hold renewed), or a new one, or how long to wait, or why there is none. */
  async next(study: StudyRecord, participantId: string, now: number, limits: NextLimits): Promise<NextResult> {
    for (let attempt = 1; ; attempt++) {
      const result = await this.db.transaction((q) => nextIn(q, this.db, study, participantId, now, limits));
      if (result !== "busy") return result;
      // Every candidate was being handed to someone else this instant (Postgres): try again a moment later.
      if (attempt === ATTEMPTS) return { kind: "wait", retryAfterSeconds: 2, progress: await this.progressOf(study, participantId) };
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
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
      const [studyRow] = await q("SELECT open FROM studies WHERE study_id = ?", study.id);
      if (numberOf(studyRow.open) !== 1) return { kind: "closed" };
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
      const answerId = numberOf(inserted.answer_id);
      await q("UPDATE study_assignments SET answered_at = ? WHERE study_id = ? AND participant_id = ? AND item_id = ?", now, study.id, participantId, itemId);
      if (item.task === "generation" && study.config.messages.kind === "generation" && "message" in answer) {
        // The study's own messages: the filter first, then the researcher when the study asks for a review.
        const refused = this.screen(answer.message);
        if (refused) await decide(q, study.id, answerId, "rejected", `filter: ${refused}`, now);
        else if ((study.config.review ?? "filter") === "filter") {
          await decide(q, study.id, answerId, "approved", "filter", now);
          await this.addJudgedItems(q, study, item, answer.message, participantId, now);
        }
      }
      return { kind: "recorded", answerId };
    });
  }

  /** The researcher's decision on a generation answer awaiting review: approved, it becomes an item of each evaluation task. */
  async review(study: StudyRecord, answerId: number, decision: "approved" | "rejected", now: number): Promise<void> {
    await this.db.transaction(async (q) => {
      const [row] = await q("SELECT * FROM study_answers WHERE study_id = ? AND answer_id = ?", study.id, answerId);
      if (!row) throw new StudyInputError(`answer: no answer ${answerId} in this study`, 404);
      const answer = answerOf(row);
      const [itemRow] = await q("SELECT * FROM study_items WHERE study_id = ? AND item_id = ?", study.id, answer.itemId);
      const item = itemOf(itemRow);
      if (item.task !== "generation" || study.config.messages.kind !== "generation" || !("message" in answer.answer)) throw new StudyInputError(`answer: ${answerId} is not a message this study judges`, 409);
      const [already] = await q(`SELECT decision FROM study_reviews WHERE study_id = ? AND answer_id = ? ${this.db.lock("wait")}`, study.id, answerId);
      if (already) throw new StudyInputError(`answer: ${answerId} was already ${String(already.decision)}`, 409);
      await decide(q, study.id, answerId, decision, "researcher", now);
      if (decision === "approved") await this.addJudgedItems(q, study, item, answer.answer.message, answer.participantId, now);
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
    const [items, participants, assignments, answers, reviews] = await Promise.all([
      this.db.query("SELECT * FROM study_items WHERE study_id = ? ORDER BY seq", study.id),
      this.db.query(
        `SELECT p.participant_id, p.joined_at, d.platform_id, d.finished_at, d.finish_reason FROM study_participants p
         LEFT JOIN study_participant_details d ON d.study_id = p.study_id AND d.participant_id = p.participant_id
         WHERE p.study_id = ? ORDER BY p.joined_at, p.participant_id`,
        study.id,
      ),
      this.db.query("SELECT * FROM study_assignments WHERE study_id = ? ORDER BY assigned_at, participant_id", study.id),
      this.db.query("SELECT * FROM study_answers WHERE study_id = ? ORDER BY answer_id", study.id),
      this.db.query("SELECT * FROM study_reviews WHERE study_id = ? ORDER BY answer_id", study.id),
    ]);
    return { study, items: items.map(itemOf), participants: participants.map(participantOf), assignments: assignments.map(assignmentOf), answers: answers.map(answerOf), reviews: reviews.map(reviewOf) };
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

async function decide(q: Query, studyId: string, answerId: number, decision: "approved" | "rejected", reason: string, now: number): Promise<void> {
  await q("INSERT INTO study_reviews (study_id, answer_id, decision, reason, decided_at) VALUES (?, ?, ?, ?, ?)", studyId, answerId, decision, reason, now);
}
