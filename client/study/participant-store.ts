import { create } from "zustand";
import type { ItemView, ParticipantState, StudyPublicInfo } from "../../shared/studies/protocol";
import { call } from "./study-api";

/**
 * A participant's way through a study: the consent, then one item at a time until the server says it is
 * finished. The credential (a random id and a token, nothing personal) stays in this browser's storage, so
 * leaving and coming back on the same device resumes where they were.
 */

export type Screen = "loading" | "consent" | "item" | "finished" | "error";

interface ParticipantStore {
  studyId: string;
  screen: Screen;
  info: StudyPublicInfo | null;
  state: ParticipantState | null;
  /** A refused answer or a failed request, shown beside the item. */
  error: string | null;
  /** Something the participant should know (their answer to an item others completed was not needed). */
  notice: string | null;
  busy: boolean;
  load(studyId: string): Promise<void>;
  join(): Promise<void>;
  answer(item: ItemView, answer: { message: string } | { choice: number }): Promise<void>;
}

const storageKey = (studyId: string) => `sneak.study.${studyId}`;

function storedCredential(studyId: string): string | null {
  try {
    return localStorage.getItem(storageKey(studyId));
  } catch {
    return null;
  }
}

export const useParticipantStore = create<ParticipantStore>((set, get) => ({
  studyId: "",
  screen: "loading",
  info: null,
  state: null,
  error: null,
  notice: null,
  busy: false,
  async load(studyId) {
    set({ studyId, screen: "loading", error: null });
    try {
      const info = await call<StudyPublicInfo>(`/api/studies/${studyId}`);
      set({ info });
      const credential = storedCredential(studyId);
      if (!credential) return void set({ screen: "consent" });
      try {
        const state = await call<ParticipantState>(`/api/studies/${studyId}/next`, { bearer: credential });
        set({ state, screen: state.state });
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
    const { studyId } = get();
    set({ busy: true, error: null });
    try {
      const joined = await call<{ credential: string }>(`/api/studies/${studyId}/participants`, { body: { consent: true } });
      try {
        localStorage.setItem(storageKey(studyId), joined.credential);
      } catch {
        // Private browsing without storage: the study still works, it just cannot resume after a reload.
      }
      sessionCredential = joined.credential;
      const state = await call<ParticipantState>(`/api/studies/${studyId}/next`, { bearer: joined.credential });
      set({ state, screen: state.state, busy: false });
    } catch (error) {
      set({ busy: false, error: (error as Error).message });
    }
  },
  async answer(item, answer) {
    const { studyId } = get();
    const bearer = storedCredential(studyId) ?? sessionCredential;
    if (!bearer) return void set({ screen: "consent" });
    set({ busy: true, error: null, notice: null });
    try {
      const next = await call<ParticipantState & { notice?: string }>(`/api/studies/${studyId}/answers`, { body: { item: item.id, ...answer }, bearer });
      set({ state: next, screen: next.state, busy: false, notice: next.notice ?? null });
    } catch (error) {
      set({ busy: false, error: (error as Error).message });
    }
  },
}));

/** The credential of this tab when the browser keeps no storage. */
let sessionCredential: string | null = null;
