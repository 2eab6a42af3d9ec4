/** The study endpoints (docs/STUDIES.md) from the browser: JSON in and out, the server's one-line reason on failure. */

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export async function call<T>(path: string, options: { method?: string; body?: unknown; bearer?: string } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers: { ...(options.body === undefined ? {} : { "content-type": "application/json" }), ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}) },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError("The server cannot be reached. Check your connection and try again.", 0);
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    // A proxy's HTML error page: the status says enough.
  }
  if (!response.ok) {
    const error = (body as { error?: unknown } | null)?.error;
    throw new ApiError(typeof error === "string" ? error : `The server answered ${response.status}.`, response.status);
  }
  return body as T;
}

/** Fetches a download with the study key and hands it to the browser under the server's file name. */
export async function download(path: string, bearer: string): Promise<string> {
  const response = await fetch(path, { headers: { authorization: `Bearer ${bearer}` } });
  if (!response.ok) throw new ApiError(`The server answered ${response.status}.`, response.status);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "study-export";
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
