import { create } from "zustand";

/** The seat this browser holds: which room, which player, and whether only watching. */
export interface Seat {
  code: string;
  playerId: string;
  token: string;
  spectator: boolean;
}

interface SessionState {
  seat: Seat | null;
  /** The player's name, remembered between visits. */
  name: string;
  setSeat(seat: Seat | null): void;
  setName(name: string): void;
}

const NAME_KEY = "sneak.name";
const seatKey = (code: string) => `sneak.seat.${code.toUpperCase()}`;

function safeGet(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}
function safeSet(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage disabled: the seat lasts until the page closes.
  }
}

/** The seat saved for a room code, so a reload or a new tab returns to it. */
export function storedSeat(code: string): Seat | null {
  const raw = safeGet(seatKey(code));
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<Seat>;
    if (typeof v.token === "string" && typeof v.playerId === "string") {
      return { code: code.toUpperCase(), token: v.token, playerId: v.playerId, spectator: v.spectator === true };
    }
  } catch {
    // A corrupt entry is dropped below.
  }
  safeSet(seatKey(code), null);
  return null;
}

/** Every seat this browser still holds a token for, to offer a way back from the home page. */
export function storedSeats(): Seat[] {
  const codes: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      const m = key ? /^sneak\.seat\.([A-Z]{4})$/.exec(key) : null;
      if (m) codes.push(m[1]);
    }
  } catch {
    return [];
  }
  return codes.sort().flatMap((code) => storedSeat(code) ?? []);
}

export function forgetSeat(code: string): void {
  safeSet(seatKey(code), null);
}

export const useSessionStore = create<SessionState>((set) => ({
  seat: null,
  name: safeGet(NAME_KEY) ?? "",
  setSeat(seat) {
    if (seat) safeSet(seatKey(seat.code), JSON.stringify(seat));
    set({ seat });
  },
  setName(name) {
    safeSet(NAME_KEY, name);
    set({ name });
  },
}));
