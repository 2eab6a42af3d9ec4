import { useThemeStore, type ThemeMode } from "../stores/theme-store";

const LABEL: Record<ThemeMode, { icon: string; text: string }> = {
  system: { icon: "◐", text: "Theme: follows your system" },
  dark: { icon: "☾", text: "Theme: dark" },
  light: { icon: "☀", text: "Theme: light" },
};

/** Cycles system → dark → light; the label names the current mode for screen readers. */
export function ThemeToggle() {
  const mode = useThemeStore((s) => s.mode);
  const cycle = useThemeStore((s) => s.cycle);
  const { icon, text } = LABEL[mode];
  return (
    <button type="button" className="ghost theme-toggle" onClick={cycle} aria-label={`${text}. Change theme`} title={text}>
      <span aria-hidden="true">{icon}</span>
    </button>
  );
}
