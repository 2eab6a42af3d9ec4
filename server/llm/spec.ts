/**
 * `llm:MODEL[+METHOD][@URL]` → which model, where, and (generators only) which method.
 *
 * The URL is everything after the first `@` that starts `http://` or `https://`, so model names
 * with `@` (`@cf/meta/llama-3`), `/` and `:` (`qwen2.5:7b`) pass through. The method is a trailing
 * `+cot`, `+sets`, `+rmr` or `+plain` on the model part.
 */
import { GENERATOR_METHODS, type GeneratorMethod } from "../../shared/sneak/prompts";
import { LlmConfigError } from "./errors";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
/** Sent as the bearer token to servers that need none (vLLM, llama.cpp, Ollama without --api-key). */
export const PLACEHOLDER_API_KEY = "sk-no-key-required";

export interface ModelSpec {
  model: string;
  baseURL: string;
  method: GeneratorMethod;
  /** True when the spec named a method explicitly. */
  methodGiven: boolean;
  /** The spec as a user would write it again: `llm:MODEL[+METHOD][@URL]`. */
  id: string;
}

export interface Endpoint {
  model: string;
  baseURL: string;
}

type Env = Record<string, string | undefined>;

export function parseModelSpec(spec: string, env: Env = process.env): ModelSpec {
  const trimmed = spec.trim();
  if (!trimmed.startsWith("llm:")) throw new LlmConfigError(`"${spec}" is not an LLM spec: write llm:MODEL[+cot|+sets|+rmr][@http://HOST:PORT/v1]`);
  const body = trimmed.slice(4);
  const at = body.search(/@https?:\/\//i);
  let modelPart = at < 0 ? body : body.slice(0, at);
  let urlPart = at < 0 ? undefined : body.slice(at + 1);
  // The method may follow the model (llm:M+cot@URL) or the whole spec (llm:M@URL+cot).
  const fromModel = splitMethod(modelPart, spec);
  const fromUrl = urlPart === undefined ? null : splitMethod(urlPart, spec);
  if (fromModel.method && fromUrl?.method) throw new LlmConfigError(`"${spec}" names two methods`);
  modelPart = fromModel.rest;
  if (fromUrl) urlPart = fromUrl.rest;
  const method = fromModel.method ?? fromUrl?.method ?? null;
  const model = modelPart;
  if (model === "") throw new LlmConfigError(`"${spec}" names no model: write llm:MODEL[@URL]`);
  if (model.includes("://")) throw new LlmConfigError(`"${spec}": the endpoint after @ must be an http:// or https:// URL`);
  if (/\s/.test(model)) throw new LlmConfigError(`model name "${model}" in "${spec}" contains whitespace`);
  const baseURL = normaliseBaseURL(urlPart ?? env.OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL, spec);
  const suffix = method ? `+${method}` : "";
  return { model, baseURL, method: method ?? "plain", methodGiven: method !== null, id: `llm:${model}${suffix}${urlPart ? `@${baseURL}` : ""}` };
}

/** A trailing `+name` split off; a known method, or an error for an unknown one. */
function splitMethod(text: string, spec: string): { rest: string; method: GeneratorMethod | null } {
  const match = text.match(/\+([a-z]+)$/i);
  if (!match) return { rest: text, method: null };
  const name = match[1].toLowerCase();
  if (!(GENERATOR_METHODS as readonly string[]).includes(name)) throw new LlmConfigError(`unknown method "+${match[1]}" in "${spec}": use +cot, +sets or +rmr`);
  return { rest: text.slice(0, match.index), method: name as GeneratorMethod };
}

/** Judges and decoy writers take no method. */
export function parseJudgeSpec(spec: string, env: Env = process.env): ModelSpec {
  const parsed = parseModelSpec(spec, env);
  if (parsed.methodGiven) throw new LlmConfigError(`"${spec}": a +method applies to generators only`);
  return parsed;
}

function normaliseBaseURL(raw: string, spec: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new LlmConfigError(`"${raw}" (from ${spec}) is not a URL: write e.g. http://127.0.0.1:8000/v1`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new LlmConfigError(`"${raw}" must be an http:// or https:// URL`);
  return url.toString().replace(/\/+$/, "");
}

export function isOpenAiHost(baseURL: string): boolean {
  return new URL(baseURL).hostname.toLowerCase() === "api.openai.com";
}

/** OPENAI_API_KEY when set; a placeholder for other servers; a clear error for OpenAI itself. */
export function apiKeyFor(baseURL: string, env: Env = process.env): string {
  const key = env.OPENAI_API_KEY?.trim();
  if (key) return key;
  if (isOpenAiHost(baseURL)) throw new LlmConfigError(`${baseURL} needs an API key: set OPENAI_API_KEY, or point the spec at your own server (llm:MODEL@http://127.0.0.1:8000/v1)`);
  return PLACEHOLDER_API_KEY;
}
