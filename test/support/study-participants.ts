import { clueViolation, MAX_CLUE_WORDS } from "../../shared/game/clue-validation";
import type { ItemView, ParticipantState } from "../../shared/studies/protocol";

/**
 * Simulated study participants over real HTTP: each joins with consent, then asks for an item and answers
 * it until the study says it is finished, exactly as the study page does. `choose` decides each answer (a
 * test plants accuracies through it); every answer the server acknowledged is kept, to check that none is lost.
 */

export interface Acknowledged {
  participantId: string;
  item: string;
  task: ItemView["task"];
  category: string;
  answer: string;
}

export interface Answerer {
  /** The index of the chosen option (ally: among `messages`; chameleon: among `words`). */
  choose(item: Extract<ItemView, { task: "ally" | "chameleon" }>, participantIndex: number): number;
  /** A message for a generation item. */
  write(item: Extract<ItemView, { task: "generation" }>, participantIndex: number): string;
}

const FILLERS = ["mystery", "riddle", "whisper", "shadow", "echo", "lantern", "compass", "harbor", "orbit", "velvet", "thunder", "meadow"];

/** A legal clue for the item: the first filler word that the rules allow beside its grid. */
export function legalFiller(words: readonly string[], salt = 0): string {
  for (let i = 0; i < FILLERS.length; i++) {
    const word = FILLERS[(i + salt) % FILLERS.length];
    if (!clueViolation(word, words, MAX_CLUE_WORDS)) return word;
  }
  throw new Error(`no filler fits ${words.join(", ")}`);
}

export const randomAnswerer: Answerer = {
  choose: (item) => Math.floor(Math.random() * (item.task === "ally" ? item.messages.length : item.words.length)),
  write: (item, p) => legalFiller(item.words, p),
};

export async function api<T>(url: string, init: { method?: string; body?: unknown; credential?: string; from?: string } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(url, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.credential ? { authorization: `Bearer ${init.credential}` } : {}),
      // The client address a server that trusts one proxy hop sees.
      ...(init.from ? { "x-forwarded-for": init.from } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/**
 * One participant from consent to the end; resolves with the answers the server acknowledged. `base` may
 * pick a server per request (a cluster's processes): a request that finds no server there (a killed
 * process) is sent again to the next pick, as a browser retries.
 */
export async function runParticipant(
  base: string | (() => string),
  studyId: string,
  index: number,
  answerer: Answerer,
  acknowledged: Acknowledged[],
  limit = 2000,
): Promise<{ participantId: string; credential: string; finished: ParticipantState }> {
  const pick = typeof base === "string" ? () => base : base;
  const call = async <T>(path: string, init: { body?: unknown; credential?: string } = {}) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await api<T>(`${pick()}/api/studies/${studyId}${path}`, init);
      } catch (error) {
        if (attempt >= 8) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  };
  const joined = await call<{ participantId: string; credential: string }>("/participants", { body: { consent: true } });
  if (joined.status !== 201) throw new Error(`join: ${joined.status} ${JSON.stringify(joined.body)}`);
  const { participantId, credential } = joined.body;
  let state = (await call<ParticipantState>("/next", { credential })).body;
  for (let step = 0; step < limit && state.state !== "finished"; step++) {
    if (state.state === "wait") {
      // Items are only held by others: ask again soon (the page waits retryAfterSeconds; tests need not).
      await new Promise((resolve) => setTimeout(resolve, Math.min(state.state === "wait" ? state.retryAfterSeconds * 1000 : 0, 500)));
      state = (await call<ParticipantState>("/next", { credential })).body;
      continue;
    }
    const item = state.item;
    const body = item.task === "generation" ? { item: item.id, message: answerer.write(item, index) } : { item: item.id, choice: answerer.choose(item, index) };
    const answered = await call<ParticipantState & { recorded?: string; error?: string }>("/answers", { body, credential });
    if (answered.status !== 200) throw new Error(`answer: ${answered.status} ${JSON.stringify(answered.body)}`);
    // "duplicate": an answer sent again after its response was lost (a killed process) was already recorded.
    if (answered.body.recorded === "recorded" || answered.body.recorded === "duplicate") {
      const answer = "message" in body ? body.message! : item.task === "ally" ? item.messages[body.choice!] : item.words[body.choice!];
      acknowledged.push({ participantId, item: item.id, task: item.task, category: item.category, answer });
    }
    state = answered.body;
  }
  return { participantId, credential, finished: state };
}
