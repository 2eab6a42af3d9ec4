/**
 * A small OpenAI-compatible HTTP server for tests and benches: POST /v1/chat/completions and
 * GET /v1/models on 127.0.0.1, port 0. Replies are scripted per model (a function or a list of
 * actions used in turn, the last repeating) and answer like real servers do: letter variants,
 * missing letters, markdown tokens, no logprobs, malformed JSON, 429 with Retry-After, 500s,
 * hangs, a fixed latency. It records every request.
 *
 * Run alone for a manual check: `npx tsx test/support/fake-openai-server.ts --port 8000 --latency 20`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { hashSeed, seededRng } from "../../shared/random";

export interface FakeTopLogprob {
  token: string;
  logprob: number;
}

export type FakeAction =
  /** One completion token with its top alternatives; `token` defaults to the likeliest. */
  | { kind: "logprobs"; top: FakeTopLogprob[]; token?: string }
  /** A text reply; `logprobs: "null"` sends `"logprobs": null`, "omit" leaves the field out (the default). */
  | { kind: "text"; text: string; logprobs?: "null" | "omit" }
  | { kind: "status"; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: "malformed"; body?: string }
  /** Never answers (until the client gives up or the server closes). */
  | { kind: "hang" };

export interface FakeRequest {
  model: string;
  // The parsed JSON body as sent.
  body: Record<string, unknown>;
  authorization: string | undefined;
  /** This request's number among those for the same model, from 0. */
  index: number;
}

export type FakeHandler = (request: FakeRequest) => FakeAction | Promise<FakeAction>;
export type FakeScript = FakeHandler | FakeAction[];

export interface FakeServerOptions {
  /** Added before every reply, in ms. */
  latencyMs?: number;
  /** Default 0 (a free port), which tests must use. */
  port?: number;
  models?: Record<string, FakeScript>;
  /** For models without a script; default: `defaultReply`. */
  fallback?: FakeHandler;
}

export interface FakeOpenAiServer {
  /** `http://127.0.0.1:PORT/v1`: what OPENAI_BASE_URL or `llm:MODEL@URL` takes. */
  baseURL: string;
  port: number;
  /** Every chat request received, in arrival order. */
  requests: FakeRequest[];
  requestCount(model?: string): number;
  /** Most chat requests that were open at the same time. */
  readonly peakInFlight: number;
  script(model: string, script: FakeScript): void;
  setLatency(ms: number): void;
  /** Forgets the recorded requests (scripts stay). */
  resetCounts(): void;
  close(): Promise<void>;
}

/** Top logprobs from token → probability (what a test means), rounded through Math.log exactly once. */
export function topFromProbabilities(probabilities: Record<string, number>): FakeTopLogprob[] {
  return Object.entries(probabilities).map(([token, p]) => ({ token, logprob: Math.log(p) }));
}

/** The option letters a judge prompt shows (`A. …` lines). */
export function lettersInPrompt(body: Record<string, unknown>): string[] {
  const messages = Array.isArray(body.messages) ? (body.messages as { content?: unknown }[]) : [];
  const text = messages.map((m) => (typeof m.content === "string" ? m.content : "")).join("\n");
  return [...text.matchAll(/^([A-Z])\. /gm)].map((m) => m[1]);
}

/**
 * What an unscripted model says: for a logprobs request, a distribution over the prompt's letters
 * drawn from a hash of the prompt (stable, different per prompt), as ` A`-style tokens; otherwise a
 * message in tags.
 */
export function defaultReply(request: FakeRequest): FakeAction {
  const letters = lettersInPrompt(request.body);
  if (request.body.logprobs === true && letters.length > 0) {
    const rng = seededRng(hashSeed(JSON.stringify(request.body.messages)));
    const weights = letters.map(() => 0.05 + rng.float());
    const total = weights.reduce((a, b) => a + b, 0) / 0.97; // 3% left to non-letter tokens
    const top = letters.map((l, i) => ({ token: i % 2 === 0 ? l : ` ${l}`, logprob: Math.log(weights[i] / total) }));
    top.push({ token: "The", logprob: Math.log(0.03) });
    top.sort((a, b) => b.logprob - a.logprob);
    return { kind: "logprobs", top: top.slice(0, 20) };
  }
  if (letters.length > 0) return { kind: "text", text: letters[0] };
  return { kind: "text", text: "A hint, then the answer.\n<message>found in many homes</message>" };
}

function completionBody(model: string, action: Extract<FakeAction, { kind: "logprobs" | "text" }>, index: number): unknown {
  const base = { id: `chatcmpl-fake-${index}`, object: "chat.completion", created: 1_700_000_000, model };
  if (action.kind === "text") {
    const choice: Record<string, unknown> = { index: 0, message: { role: "assistant", content: action.text }, finish_reason: "stop" };
    if (action.logprobs === "null") choice.logprobs = null;
    return { ...base, choices: [choice], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } };
  }
  const sorted = action.top.slice().sort((a, b) => b.logprob - a.logprob);
  const chosen = action.token ?? sorted[0]?.token ?? "";
  const chosenLogprob = sorted.find((t) => t.token === chosen)?.logprob ?? -1;
  const entry = (t: FakeTopLogprob) => ({ token: t.token, logprob: t.logprob, bytes: [...Buffer.from(t.token)] });
  return {
    ...base,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content: chosen },
        logprobs: { content: [{ ...entry({ token: chosen, logprob: chosenLogprob }), top_logprobs: action.top.map(entry) }] },
        finish_reason: "length",
      },
    ],
    usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11 },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeOpenAiServer(options: FakeServerOptions = {}): Promise<FakeOpenAiServer> {
  const scripts = new Map<string, FakeScript>(Object.entries(options.models ?? {}));
  const fallback = options.fallback ?? defaultReply;
  let latencyMs = options.latencyMs ?? 0;
  const requests: FakeRequest[] = [];
  const perModel = new Map<string, number>();
  const timers = new Set<NodeJS.Timeout>();
  let inFlight = 0;
  let peakInFlight = 0;

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      if (ms <= 0) return resolve();
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function actionFor(request: FakeRequest): Promise<FakeAction> {
    const script = scripts.get(request.model);
    if (script === undefined) return fallback(request);
    if (typeof script === "function") return script(request);
    if (script.length === 0) return fallback(request);
    return script[Math.min(request.index, script.length - 1)];
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "").split("?")[0].replace(/\/+$/, "");
    if (req.method === "GET" && path === "/v1/models") {
      const ids = [...new Set([...scripts.keys(), "fake-default"])];
      return sendJson(res, 200, { object: "list", data: ids.map((id) => ({ id, object: "model", created: 0, owned_by: "fake" })) });
    }
    if (req.method !== "POST" || path !== "/v1/chat/completions") {
      return sendJson(res, 404, { error: { message: `no route ${req.method} ${path}`, type: "invalid_request_error" } });
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      return sendJson(res, 400, { error: { message: "request body is not JSON", type: "invalid_request_error" } });
    }
    const model = typeof body.model === "string" ? body.model : "";
    const index = perModel.get(model) ?? 0;
    perModel.set(model, index + 1);
    const request: FakeRequest = { model, body, authorization: req.headers.authorization, index };
    requests.push(request);
    inFlight++;
    peakInFlight = Math.max(peakInFlight, inFlight);
    res.on("close", () => inFlight--);
    const action = await actionFor(request);
    await wait(latencyMs);
    if (res.destroyed) return;
    switch (action.kind) {
      case "hang":
        return; // the socket stays open until the client aborts or close() ends it
      case "malformed":
        res.writeHead(200, { "content-type": "application/json" });
        res.end(action.body ?? '{"id": "chatcmpl-broken", "choices": [');
        return;
      case "status":
        return sendJson(res, action.status, action.body ?? { error: { message: `scripted ${action.status}`, type: "server_error" } }, action.headers);
      default:
        return sendJson(res, 200, completionBody(model, action, requests.length));
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: error.message } });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    port,
    requests,
    get peakInFlight() {
      return peakInFlight;
    },
    requestCount: (model) => (model === undefined ? requests.length : requests.filter((r) => r.model === model).length),
    script: (model, script) => void scripts.set(model, script),
    setLatency: (ms) => void (latencyMs = ms),
    resetCounts: () => {
      requests.length = 0;
      perModel.clear();
      peakInFlight = inFlight;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function main(): Promise<void> {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const server = await startFakeOpenAiServer({ latencyMs: Number(arg("--latency") ?? 0), port: Number(arg("--port") ?? 0) });
  console.log(`fake OpenAI-compatible server at ${server.baseURL} (Ctrl-C to stop)`);
  process.on("SIGINT", () => void server.close().then(() => process.exit(0)));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) void main();
