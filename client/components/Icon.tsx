/**
 * Inline SVG icons: emoji glyphs are missing on some systems (and in headless browsers), and an icon that
 * renders as a box helps nobody. Decorative: hidden from screen readers, the text beside them says it.
 */
export type IconName = "chameleon" | "timer" | "eye" | "trophy" | "star";

const PATHS: Record<IconName, React.ReactNode> = {
  // A chameleon's curled tail and eye: the game's mark.
  chameleon: (
    <>
      <path d="M3 14c0-5 4-9 9-9s8 3 8 7c0 3-2 5-5 5s-4-2-4-4 1-3 3-3 2 1 2 2" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
      <circle cx="7.5" cy="10.5" r="1.6" fill="currentColor" />
      <path d="M3 14l-1.5 3M8 14.5l-1 3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  timer: (
    <>
      <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12 13V9M9 2h6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  eye: (
    <>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="3" fill="currentColor" />
    </>
  ),
  trophy: (
    <>
      <path d="M7 4h10v5a5 5 0 0 1-10 0V4z" fill="currentColor" />
      <path d="M7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4M12 14v4M8 21h8" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  star: <path d="M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5L2.5 9.3l6.6-.8z" fill="currentColor" />,
};

export function Icon({ name, size = "1em", className }: { name: IconName; size?: string; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false" className={className} style={{ verticalAlign: "-0.15em", flex: "none" }}>
      {PATHS[name]}
    </svg>
  );
}
