/**
 * Control characters (escape, null, bell, the C1 range …) in text a player typed: never meant, sometimes an
 * attack on whoever reads the text in a terminal or a log (`"\x1b[31mRED"`). Names, clues and chat lines that
 * hold one are refused with a clear message; tabs and line breaks are whitespace and are only collapsed.
 */

const CONTROL = /\p{Cc}/u;
const WHITESPACE_CONTROLS = /[\t\n\v\f\r]/g;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text.replace(WHITESPACE_CONTROLS, " "));
}

export const CONTROL_CHARACTERS_MESSAGE = "Control characters (escape, null and the like) are not allowed: type the text again.";
