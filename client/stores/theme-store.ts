import { create } from "zustand";

/** "system" follows prefers-color-scheme; the toggle pins light or dark. */
export type ThemeMode = "system" | "light" | "dark";

const STORAGE_KEY = "sneak.theme";

function storedMode(): ThemeMode {
  try {
    const v = globalThis.localStorage?.getItem(STORAGE_KEY);
    return v === "light" || v === "dark" ? v : "system";
  } catch {
    return "system";
  }
}

function applyMode(mode: ThemeMode): void {
  if (typeof document === "undefined") return;
  document.documentElement.dataset.theme = mode;
}

export function applyStoredTheme(): void {
  applyMode(storedMode());
}

/** The cycle the toggle walks through: system → dark → light → system. */
export function nextThemeMode(mode: ThemeMode): ThemeMode {
  return mode === "system" ? "dark" : mode === "dark" ? "light" : "system";
}

interface ThemeState {
  mode: ThemeMode;
  setMode(mode: ThemeMode): void;
  cycle(): void;
}

export const useThemeStore = create<ThemeState>((set, get) => ({
  mode: storedMode(),
  setMode(mode) {
    try {
      if (mode === "system") localStorage.removeItem(STORAGE_KEY);
      else localStorage.setItem(STORAGE_KEY, mode);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    applyMode(mode);
    set({ mode });
  },
  cycle() {
    get().setMode(nextThemeMode(get().mode));
  },
}));
