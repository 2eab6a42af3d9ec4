import express from "express";
import { ReviewBodySchema, type ReviewEntry } from "../../shared/studies/protocol";
import type { StudyStore } from "./study-store";
import type { StudyData, StudyRecord } from "./study-types";

/**
 * The researcher's review of the study's own messages (a study whose ally and chameleon items judge its
 * generation answers): every answer passes the offensive-word filter first; with `review: "manual"` it then
 * waits for the researcher's decision before anyone is shown it.
 */

type AsResearcher = (handler: (req: express.Request, res: express.Response, study: StudyRecord, store: StudyStore) => Promise<void>) => express.RequestHandler;

export function reviewEntries(data: StudyData): ReviewEntry[] {
  if (data.study.config.messages.kind !== "generation") return [];
  const items = new Map(data.items.map((i) => [i.itemId, i]));
  const reviews = new Map(data.reviews.map((r) => [r.answerId, r]));
  return data.answers.flatMap((a) => {
    const item = items.get(a.itemId);
    if (!item || item.task !== "generation" || !("message" in a.answer)) return [];
    const review = reviews.get(a.answerId);
    return [{ answerId: a.answerId, category: item.payload.category, secret: item.payload.secret, message: a.answer.message, decision: review?.decision ?? null, reason: review?.reason ?? null }];
  });
}

export function reviewRouter(deps: { asResearcher: AsResearcher; now: () => number; body: express.RequestHandler }): express.Router {
  const router = express.Router();
  router.get("/api/studies/:id/admin/review", deps.asResearcher(async (_req, res, study, store) => {
    res.json({ review: study.config.review ?? "filter", entries: reviewEntries(await store.data(study)) });
  }));
  router.post("/api/studies/:id/admin/review", deps.body, deps.asResearcher(async (req, res, study, store) => {
    const body = ReviewBodySchema.safeParse(req.body);
    if (!body.success) return void res.status(400).json({ error: body.error.issues[0].message });
    await store.review(study, body.data.answer, body.data.decision, deps.now());
    res.json({ answer: body.data.answer, decision: body.data.decision });
  }));
  return router;
}
