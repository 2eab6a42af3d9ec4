import express from "express";
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type { Completion } from "../../shared/studies/protocol";
import { DEFAULT_HOLD_SECONDS, DEFAULT_PLATFORM_ID_PARAMS } from "../../shared/studies/spec";
import type { Dataset, Evaluator } from "../../shared/sneak/types";
import { AnswerBodySchema, JoinBodySchema, StudyStateBodySchema, PARTICIPANT_ID, PARTICIPANT_TOKEN, STUDY_ID, type ParticipantState, type StudyPublicInfo } from "../../shared/studies/protocol";
import { StudySpecSchema, firstSpecIssue } from "../../shared/studies/spec";
import type { TimedRefusal } from "../rooms/address-limits";
import { buildStudy, StudySpecError } from "./build-study";
import { exportCsv, exportJsonl, exportRows, participantCsv, participantRows } from "./export";
import { addressHash, keyHash, tokenHash } from "./hashes";
import { reviewRouter } from "./review-router";
import { judgeAnswer, viewOf } from "./items";
import { studyResults, type StudyResults } from "./results";
import { StudyInputError, randomId, totalFor, type NextResult, type StudyStore } from "./study-store";
import type { StudyRecord } from "./study-types";
import { studyStatus } from "./study-status";

/**
 * The studies over HTTP (docs/STUDIES.md). Participants: the study's public page, joining (a random id and
 * a token, nothing personal), their next item and their answers. Researchers: creating a study (with the
 * server's research key), then its status, results, export and closing (with the study's own key, which
 * only its creator holds: it is never sent to a participant and only its hash is stored). Every body is
 * checked with a zod schema and every request counts against a per-address limit.
 */

export interface StudyRouterDeps {
  /** null: the server keeps no log, and the studies answer 503. */
  store: StudyStore | null;
  dataset: Dataset;
  /** The judges of the results page (the server's SNEAK_EVALUATORS). */
  evaluators: readonly Evaluator[];
  researchKey: string | null;
  limits: { addressOf(req: express.Request): string; admit(address: string): TimedRefusal | null | Promise<TimedRefusal | null> };
  /** Joins per client address (a burst, then a rate): what a burst of joins from one address can hold is bounded. */
  joinLimits: { admit(address: string): TimedRefusal | null | Promise<TimedRefusal | null> };
  /** Items the participants who joined from one address may hold at once. */
  holdsPerAddress: number;
  /** SNEAK_PUBLIC_URL: the origin the links a study prints use (a cluster's load balancer), else the request's. */
  publicUrl: string | null;
  /** The offensive-word filter, for the attention checks' messages. */
  offensive(text: string): boolean;
  now?: () => number;
}

/** Small bodies for participants; a study with its message file and dataset may be large. */
const PARTICIPANT_BODY = express.json({ limit: "4kb" });
const CREATE_BODY = express.json({ limit: "32mb" });

export function studyRouter(deps: StudyRouterDeps): express.Router {
  const router = express.Router();
  const now = deps.now ?? Date.now;
  const results = new Map<string, { stamp: string; value: Promise<StudyResults> }>();

  router.use("/api/studies", async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    const refusal = await deps.limits.admit(deps.limits.addressOf(req));
    if (!refusal) return next();
    res.setHeader("Retry-After", String(refusal.retryAfterSeconds));
    res.status(429).json({ error: refusal.message });
  });

  const withStudy = (handler: (req: express.Request, res: express.Response, study: StudyRecord, store: StudyStore) => Promise<void>) =>
    guarded(async (req, res) => {
      if (!deps.store) return void res.status(503).json({ error: "this server keeps no log (SNEAK_DB=off), so it runs no study" });
      const id = String(req.params.id);
      const study = STUDY_ID.test(id) ? await deps.store.study(id) : null;
      if (!study) return void res.status(404).json({ error: `no study ${id}` });
      await handler(req, res, study, deps.store);
    });

  // ─── Participants ──────────────────────────────────────────────────────

  router.get("/api/studies/:id", withStudy(async (_req, res, study) => {
    const info: StudyPublicInfo = {
      id: study.id,
      title: study.config.title,
      consent: study.config.consent,
      tasks: study.config.tasks,
      itemsPerParticipant: totalFor(study),
      open: study.open,
      platformIdParams: study.config.platformIdParams ?? DEFAULT_PLATFORM_ID_PARAMS,
      // Renewed four times per hold, so that a page slowed in a background tab still keeps its item.
      renewSeconds: Math.max(1, Math.min(30, Math.floor((study.config.holdSeconds ?? DEFAULT_HOLD_SECONDS) / 4))),
    };
    res.json(info);
  }));

  router.post("/api/studies/:id/participants", PARTICIPANT_BODY, withStudy(async (req, res, study, store) => {
    const body = JoinBodySchema.safeParse(req.body);
    if (!body.success) return void res.status(400).json({ error: body.error.issues[0].message });
    if (!study.open) return void res.status(409).json({ error: "this study is closed" });
    const address = deps.limits.addressOf(req);
    const refusal = await deps.joinLimits.admit(address);
    if (refusal) {
      res.setHeader("Retry-After", String(refusal.retryAfterSeconds));
      return void res.status(429).json({ error: `too many people joined from your address just now; try again in ${refusal.retryAfterSeconds} s` });
    }
    const token = randomBytes(32).toString("base64url");
    const participantId = await store.join(study.id, `p-${randomId(12)}`, tokenHash(token), now(), { platformId: body.data.platformId ?? null, addressHash: addressHash(study.id, address) });
    res.status(201).json({ participantId, credential: `${participantId}.${token}` });
  }));

  const asParticipant = (handler: (req: express.Request, res: express.Response, study: StudyRecord, store: StudyStore, participantId: string) => Promise<void>) =>
    withStudy(async (req, res, study, store) => {
      const [participantId, token] = bearer(req)?.split(".") ?? [];
      const stored = participantId && PARTICIPANT_ID.test(participantId) && token && PARTICIPANT_TOKEN.test(token) ? await store.tokenHashOf(study.id, participantId) : null;
      if (!stored || !sameHash(stored, tokenHash(token))) return void res.status(401).json({ error: "not a participant of this study; open the study link again" });
      await handler(req, res, study, store, participantId);
    });

  const stateOf = (study: StudyRecord, participantId: string, next: NextResult): ParticipantState => {
    if (next.kind === "item") return { state: "item", participantId, progress: next.progress, item: viewOf(next.item, next.assignment.shown) };
    if (next.kind === "wait") return { state: "wait", participantId, progress: next.progress, retryAfterSeconds: next.retryAfterSeconds };
    // The code that gets a participant paid, only to someone who answered something.
    const { completionCode, completionUrl } = study.config;
    const completion: Completion | null = next.progress.done > 0 && (completionCode || completionUrl) ? { code: completionCode ?? null, url: completionUrl ?? null } : null;
    return { state: "finished", participantId, progress: next.progress, reason: next.reason, completion };
  };
  const limits = { holdsPerAddress: deps.holdsPerAddress };

  // Also the page's heartbeat: asking again renews the hold on the item it shows.
  router.get("/api/studies/:id/next", asParticipant(async (_req, res, study, store, participantId) => {
    res.json(stateOf(study, participantId, await store.next(study, participantId, now(), limits)));
  }));

  router.post("/api/studies/:id/answers", PARTICIPANT_BODY, asParticipant(async (req, res, study, store, participantId) => {
    const body = AnswerBodySchema.safeParse(req.body);
    if (!body.success) return void res.status(400).json({ error: body.error.issues[0].message });
    const outcome = await store.answer(study, participantId, body.data.item, (item, shown) => judgeAnswer(body.data, item, shown), now());
    const state = stateOf(study, participantId, await store.next(study, participantId, now(), limits));
    const notice =
      outcome.kind === "full"
        ? "Other people finished that item while you were away, so your answer to it was not needed. Here is another."
        : outcome.kind === "closed"
          ? "The researchers closed this study before your answer arrived, so it was not kept."
          : undefined;
    res.json({ ...state, recorded: outcome.kind, ...(notice ? { notice } : {}) });
  }));

  // ─── Researchers ───────────────────────────────────────────────────────

  router.post("/api/studies", CREATE_BODY, guarded(async (req, res) => {
    if (!deps.store) return void res.status(503).json({ error: "this server keeps no log (SNEAK_DB=off), so it runs no study" });
    if (!deps.researchKey) return void res.status(403).json({ error: "this server takes no new study from the page (set SNEAK_RESEARCH_KEY), but npm run study -- create works" });
    const key = bearer(req);
    if (!key || !sameHash(hash(deps.researchKey), hash(key))) return void res.status(401).json({ error: "the research key is wrong" });
    const spec = StudySpecSchema.safeParse(req.body);
    if (!spec.success) return void res.status(400).json({ error: firstSpecIssue(spec.error) });
    const built = buildStudy(spec.data, deps.dataset, "page", now(), deps.offensive);
    await deps.store.create(built.study, built.items);
    const origin = deps.publicUrl ?? `${req.protocol}://${req.get("host")}`;
    res.status(201).json({
      id: built.study.id,
      key: built.key,
      participantPath: `/s/${built.study.id}`,
      participantUrl: `${origin}/s/${built.study.id}`,
      adminPath: `/studies/${built.study.id}`,
      items: built.items.length,
      notes: built.notes,
    });
  }));

  const asResearcher = (handler: (req: express.Request, res: express.Response, study: StudyRecord, store: StudyStore) => Promise<void>) =>
    withStudy(async (req, res, study, store) => {
      const key = bearer(req);
      if (!key || !sameHash(study.keyHash, keyHash(key))) return void res.status(401).json({ error: "this needs the study's key" });
      await handler(req, res, study, store);
    });

  router.get("/api/studies/:id/admin", asResearcher(async (req, res, study, store) => {
    res.json({ ...studyStatus(await store.data(study)), participantUrl: `${deps.publicUrl ?? `${req.protocol}://${req.get("host")}`}/s/${study.id}` });
  }));

  router.post("/api/studies/:id/admin/state", PARTICIPANT_BODY, asResearcher(async (req, res, study, store) => {
    const body = StudyStateBodySchema.safeParse(req.body);
    if (!body.success) return void res.status(400).json({ error: body.error.issues[0].message });
    await store.setOpen(study.id, body.data.open);
    res.json({ open: body.data.open });
  }));

  router.get("/api/studies/:id/admin/results", asResearcher(async (_req, res, study, store) => {
    const data = await store.data(study);
    // Computed again only when an answer came in (the judges may take a while on a full study).
    const stamp = `${data.answers.length}|${data.answers.at(-1)?.answerId ?? 0}`;
    let cached = results.get(study.id);
    if (cached?.stamp !== stamp) {
      cached = { stamp, value: studyResults(data, { evaluators: deps.evaluators }) };
      cached.value.catch(() => results.delete(study.id));
      results.set(study.id, cached);
    }
    res.json(await cached.value);
  }));

  router.get("/api/studies/:id/admin/export", asResearcher(async (req, res, study, store) => {
    const format = req.query.format === undefined ? "jsonl" : String(req.query.format);
    if (format !== "jsonl" && format !== "csv") return void res.status(400).json({ error: "format: must be jsonl or csv" });
    const table = req.query.table === undefined ? "answers" : String(req.query.table);
    if (table !== "answers" && table !== "participants") return void res.status(400).json({ error: "table: must be answers or participants" });
    const data = await store.data(study);
    res.setHeader("Content-Type", format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="sneak-study-${study.id}${table === "participants" ? "-participants" : ""}.${format}"`);
    if (table === "participants") {
      const rows = participantRows(data);
      return void res.send(format === "csv" ? participantCsv(rows) : exportJsonl(rows));
    }
    const rows = exportRows(data);
    res.send(format === "csv" ? exportCsv(rows) : exportJsonl(rows));
  }));

  router.use(reviewRouter({ asResearcher, now, body: PARTICIPANT_BODY }));

  // A body that is not JSON, or too large, is refused with one line like any other bad input; any other error
  // (a malformed address, say) goes on to the server's own answer (server/http-errors.ts).
  router.use("/api/studies", ((error, _req, res, next) => {
    const { status, type } = error as { status?: number; type?: unknown };
    if (res.headersSent || typeof type !== "string" || !type.startsWith("entity.") || typeof status !== "number" || status < 400 || status >= 500) return next(error);
    const tooLarge = (error as { type?: string }).type === "entity.too.large";
    res.status(status).json({ error: tooLarge ? "body: too large" : "body: must be a JSON object" });
  }) as express.ErrorRequestHandler);

  return router;
}

function bearer(req: express.Request): string | null {
  const header = req.headers.authorization;
  const m = typeof header === "string" ? /^Bearer ([\x21-\x7e]{1,512})$/.exec(header) : null;
  return m ? m[1] : null;
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Input errors answer with their status and line; a log that cannot be reached answers 503 with one line, never a stack. */
export function guarded(handler: (req: express.Request, res: express.Response) => Promise<void>): express.RequestHandler {
  return (req, res) => {
    handler(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.destroy();
      if (error instanceof StudyInputError) return void res.status(error.status).json({ error: error.message });
      if (error instanceof StudySpecError) return void res.status(400).json({ error: error.message });
      console.error(`studies: ${error instanceof Error ? error.message : String(error)}`);
      res.status(503).json({ error: "the study's data cannot be reached right now; try again in a moment" });
    });
  };
}
