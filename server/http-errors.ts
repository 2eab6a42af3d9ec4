import type express from "express";

/**
 * The HTTP server's last word on any request no route answered, or that failed: the documented one-line JSON
 * (`{ "error": "…" }`, docs/PROTOCOL.md), never Express's default page, which shows the error's stack and the
 * server's paths. A 5xx is logged here with its stack, for the operator alone.
 */

export function notFound(): express.RequestHandler {
  return (_req, res) => {
    res.status(404).json({ error: "not found" });
  };
}

export function errorAnswer(log: (line: string) => void): express.ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    const status = statusOf(error);
    if (status >= 500) log(`http: ${req.method} ${req.originalUrl.slice(0, 200)} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    res.status(status).json({ error: messageFor(error, status) });
  };
}

/** An error's own 4xx status (a body parser's, a malformed URL's), else 500. */
function statusOf(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === "number" && status >= 400 && status < 600 ? status : 500;
}

function messageFor(error: unknown, status: number): string {
  // Express's router fails on "%E0%A4%A" in a path with a URIError, as a 400.
  if (error instanceof URIError) return "bad address: a malformed percent-encoding (a % must start a valid UTF-8 escape)";
  const type = (error as { type?: unknown } | null)?.type;
  if (type === "entity.too.large") return "body: too large";
  if (type === "entity.parse.failed") return "body: not valid JSON";
  if (status === 404) return "not found";
  if (status < 500) return "bad request";
  return "internal error: the server failed on this request (it is logged)";
}
