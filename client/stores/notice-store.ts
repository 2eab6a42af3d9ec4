import { create } from "zustand";

/** A message the player must see: a rejected command, a lost connection, a kick. */
export interface Notice {
  id: number;
  kind: "error" | "info" | "success";
  text: string;
}

interface NoticeState {
  notices: Notice[];
  push(kind: Notice["kind"], text: string): number;
  dismiss(id: number): void;
  clear(): void;
}

let nextId = 1;

export const useNoticeStore = create<NoticeState>((set) => ({
  notices: [],
  push(kind, text) {
    const id = nextId++;
    // Keep the last few only: a flapping connection must not bury the screen.
    set((s) => ({ notices: [...s.notices.filter((n) => n.text !== text), { id, kind, text }].slice(-4) }));
    return id;
  },
  dismiss(id) {
    set((s) => ({ notices: s.notices.filter((n) => n.id !== id) }));
  },
  clear() {
    set({ notices: [] });
  },
}));
