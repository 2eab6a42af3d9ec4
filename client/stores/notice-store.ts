import { create } from "zustand";

/** A message the player must see: a rejected command, a lost connection, a kick. */
export interface Notice {
  id: number;
  kind: "error" | "info" | "success";
  text: string;
  /** "phase": a refused move, which stops applying once the game moves to another phase (or round, or room). */
  scope?: "phase";
}

interface NoticeState {
  notices: Notice[];
  push(kind: Notice["kind"], text: string, scope?: Notice["scope"]): number;
  dismiss(id: number): void;
  /** Drops the notices of a scope: the moment they were about has passed. */
  clearScope(scope: NonNullable<Notice["scope"]>): void;
  clear(): void;
}

let nextId = 1;

export const useNoticeStore = create<NoticeState>((set) => ({
  notices: [],
  push(kind, text, scope) {
    const id = nextId++;
    // Keep the last few only: a flapping connection must not bury the screen.
    set((s) => ({ notices: [...s.notices.filter((n) => n.text !== text), { id, kind, text, ...(scope ? { scope } : {}) }].slice(-4) }));
    return id;
  },
  clearScope(scope) {
    set((s) => (s.notices.some((n) => n.scope === scope) ? { notices: s.notices.filter((n) => n.scope !== scope) } : s));
  },
  dismiss(id) {
    set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
  },
  clear() {
    set({ notices: [] });
  },
}));
