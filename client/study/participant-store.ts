import { create } from "zustand";
import type { ItemView, ParticipantState, StudyPublicInfo } from "../../shared/studies/protocol";
import { ApiError, call } from "./study-api";

/**
 * A participant's way through a study: the consent, then one item at a time until the server says it is
 * finished. The credential (a random id and a token, nothing personal) stays in this browser's storage, so
 * leaving and coming back on the same device resumes where they were. While an item is shown the page asks
 * the server again every `renewSeconds`, which renews its hold on the item; a request that finds no server
 * (a process of a cluster that died, a phone between networks) is sent again until one answers, and an answer
 * sent twice is recorded once.
 */

export type Screen = "loading" | "consent" | "item" | "wait" | "finished" | "error";

interface ParticipantStore {
  studyId: string;
  screen: Screen;
  info: StudyPublicInfo | null;
  state: ParticipantState | null;
  /** A refused answer or a failed request, shown beside the item. */
  error: string | null;
  /** Something the participant should know (their answer to an item others completed was not needed). */
  notice: string | null;
  /** The server cannot be reached right now; the page keeps trying. */
  reconnecting: boolean;
  busy: boolean;
  load(studyId: string): Promise<void>;
  join(): Promise<void>;
  answer(item: ItemView, answer: { message: string } | { choice: number }): Promise<void>;
  /** Asks for the current state again (the hold's renewal, the end of a wait). */
  refresh(): Promise<void>;
}

const storageKey = (studyId: string) => `sneak.study.${studyId}`;

function storedCredential(studyId: string): string | null {
  try {
    return localStorage.getItem(storageKey(studyId));
  } catch {
    return null;
  }
}

/** The crowd platform's participant id from the link (the first of the study's parameters present). */
export function platformIdFrom(search: string, params: readonly string[]): string | undefined {
  const query = new URLSearchParams(search);
  for (const name of params) {
    const value = query.get(name)?.trim();
    if (value && /^[\x21-\x7e]{1,100}$/.test(value)) return value;
  }
  return undefined;
}

export const useParticipantStore = create<ParticipantStore>((set, get) => {
  /** `fn` until a server answers: unreachable servers are retried (with a notice), answers and refusals returned. */
  async function persistently<T>(fn: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        const value = await fn();
        if (get().reconnecting) set({ reconnecting: false });
        return value;
      } catch (error) {
        // 502–504: a proxy in front of a process that is gone; 0: no server at all.
        const status = (error as ApiError).status;
        if (!(error instanceof ApiError) || (status !== 0 && status !== 502 && status !== 503 && status !== 504)) throw error;
        set({ reconnecting: true });
        await new Promise((resolve) => setTimeout(resolve, Math.min(5000, 250 * attempt)));
      }
    }
  }
  const credential = () => storedCredential(get().studyId) ?? sessionCredential;
  const show = (state: ParticipantState, extra: Partial<ParticipantStore> = {}) => set({ state, screen: state.state, busy: false, ...extra });

  return {
    studyId: "",
    screen: "loading",
    info: null,
    state: null,
    error: null,
    notice: null,
    reconnecting: false,
    busy: false,
    async load(studyId) {
      set({ studyId, screen: "loading", error: null });
      try {
        const info = await persistently(() => call<StudyPublicInfo>(`/api/studies/${studyId}`));
        set({ info });
        const stored = storedCredential(studyId);
        if (!stored) return void set({ screen: "consent" });
        try {
          show(await persistently(() => call<ParticipantState>(`/api/studies/${studyId}/next`, { bearer: stored })));
        } catch (error) {
          // A credential this study does not know (another server's, or a reset database): start afresh.
          if ((error as { status?: number }).status === 401) {
            localStorage.removeItem(storageKey(studyId));
            return void set({ screen: "consent" });
          }
          throw error;
        }
      } catch (error) {
        set({ screen: "error", error: (error as Error).message });
      }
    },
    async join() {
      const { studyId, info } = get();
      set({ busy: true, error: null });
      try {
        const platformId = platformIdFrom(location.search, info?.platformIdParams ?? []);
        const joined = await persistently(() => call<{ credential: string }>(`/api/studies/${studyId}/participants`, { body: { consent: true, ...(platformId ? { platformId } : {}) } }));
        try {
          localStorage.setItem(storageKey(studyId), joined.credential);
        } catch {
          // Private browsing without storage: the study still works, it just cannot resume after a reload.
        }
        sessionCredential = joined.credential;
        show(await persistently(() => call<ParticipantState>(`/api/studies/${studyId}/next`, { bearer: joined.credential })));
      } catch (error) {
        set({ busy: false, error: (error as Error).message });
      }
    },
    async answer(item, answer) {
      const { studyId } = get();
      const bearer = credential();
      if (!bearer) return void set({ screen: "consent" });
      set({ busy: true, error: null, notice: null });
      try {
        const next = await persistently(() => call<ParticipantState & { notice?: string }>(`/api/studies/${studyId}/answers`, { body: { item: item.id, ...answer }, bearer }));
        show(next, { notice: next.notice ?? null });
      } catch (error) {
        set({ busy: false, error: (error as Error).message });
      }
    },
    async refresh() {
      const { studyId, busy } = get();
      const bearer = credential();
      if (!bearer || busy) return;
      try {
        const next = await persistently(() => call<ParticipantState>(`/api/studies/${studyId}/next`, { bearer }));
        const current = get().state;
        // Only a change of item or state re-renders the item (a half-written message stays).
        const same = current?.state === "item" && next.state === "item" && current.item.id === next.item.id;
        if (!same && !get().busy) show(next);
      } catch {
        // The next renewal tries again.
      }
    },
  };
});

/** The credential of this tab when the browser keeps no storage. */
let sessionCredential: string | null = null;
