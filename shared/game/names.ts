/**
 * Player names: what a name may hold, and when two names are the same name at a table. Shared by the rules
 * (seats), the server (spectators, taking a seat back) and the client (the name field), so all of them agree.
 *
 * Two names are the same when they fold to the same text: NFKC (fullwidth and styled letters become plain
 * ones), the look-alike letters of other scripts mapped to the Latin letter they are drawn like (Cyrillic
 * "Аda" is "Ada"), then only their letters and digits compared, case and accents aside: spaces, punctuation and
 * symbols are ignored ("A.da", "A-da", "A da" and "Ada" are one name). They are also the same when they match with
 * the digits and strokes that pass for letters mapped too (0 → O, 1 and | → l, and capital I → l, as in
 * Unicode's confusables skeleton): "AIex" passes for "Alex". That second fold is not case-insensitive on its
 * own (capital I and small i differ there), which is why it is a second test and not the only one.
 * The letter mapping is the part of Unicode's confusables.txt (UTS #39) that maps single Cyrillic, Greek and
 * Armenian letters to single Latin letters: the scripts a Latin name is spoofed with from an ordinary keyboard.
 */

import { hasControlCharacters } from "./control-characters";

export const MAX_NAME_CHARS = 24;

/** Look-alikes of Latin letters in other scripts (from UTS #39 confusables.txt), and digits drawn like letters. */
const CONFUSABLES: Record<string, string> = {
  // Cyrillic
  А: "A", В: "B", Е: "E", З: "3", К: "K", М: "M", Н: "H", О: "O", Р: "P", С: "C", Т: "T", У: "Y", Х: "X",
  Ѕ: "S", І: "l", Ј: "J", Ԁ: "d", Ԍ: "G", Ԛ: "Q", Ԝ: "W", Ү: "Y", Ӏ: "l", Ь: "b",
  а: "a", в: "B", е: "e", к: "K", м: "M", н: "H", о: "o", р: "p", с: "c", т: "T", у: "y", х: "x",
  ѕ: "s", і: "i", ј: "j", ԁ: "d", ԛ: "q", ԝ: "w", ү: "y", ӏ: "l", һ: "h", ɡ: "g", ь: "b", ѵ: "v", ԍ: "G",
  // Greek
  Α: "A", Β: "B", Ε: "E", Ζ: "Z", Η: "H", Ι: "l", Κ: "K", Μ: "M", Ν: "N", Ο: "O", Ρ: "P", Τ: "T", Υ: "Y", Χ: "X",
  α: "a", ι: "i", κ: "K", ν: "v", ο: "o", ρ: "p", υ: "u", χ: "x", ϲ: "c", ϳ: "j",
  // Armenian
  Օ: "O", օ: "o", Ս: "U", ս: "u", հ: "h", ո: "n", զ: "q", ց: "g",
};
/** Digits and strokes drawn like letters (the second fold only). */
const STROKES: Record<string, string> = { "0": "O", "1": "l", "|": "l", I: "l" };
const CONFUSABLE_CHARS = new RegExp(`[${Object.keys(CONFUSABLES).join("")}]`, "gu");

/** The name as stored: NFKC, invisible format characters removed, whitespace collapsed, trimmed. */
export function cleanName(name: string): string {
  return name.normalize("NFKC").replace(/\p{Cf}/gu, "").replace(/\s+/gu, " ").trim();
}

/** Why a name cannot be used (one line for the player), or undefined. */
export function nameProblem(name: string): string | undefined {
  if (typeof name !== "string") return `A name has 1 to ${MAX_NAME_CHARS} characters.`;
  if (hasControlCharacters(name)) return "A name cannot contain control characters (escape, null and the like): type it again.";
  const cleaned = cleanName(name);
  const length = [...cleaned].length;
  if (length === 0 || length > MAX_NAME_CHARS) return `A name has 1 to ${MAX_NAME_CHARS} characters.`;
  if (nameKey(cleaned) === "") return "A name needs at least one letter or digit.";
  return undefined;
}

/** The form names are compared in: look-alike letters of other scripts mapped to Latin, then letters and digits alone, case and accents aside. */
export function nameKey(name: string): string {
  return fold(cleanName(name).replace(CONFUSABLE_CHARS, (ch) => CONFUSABLES[ch]));
}

/** `nameKey` with digits and strokes that pass for letters mapped as well. */
function strokeKey(name: string): string {
  return fold(cleanName(name).replace(CONFUSABLE_CHARS, (ch) => CONFUSABLES[ch]).replace(/[01|I]/g, (ch) => STROKES[ch]));
}

function fold(text: string): string {
  const folded = text
    .toLowerCase()
    .replace(/ß/gu, "ss")
    .replace(/ς/gu, "σ")
    .normalize("NFD")
    .replace(/\p{Mn}/gu, "")
    .normalize("NFC");
  // Letters (with the spacing marks that are part of a letter in Indic scripts) and digits; accents went above.
  return (folded.match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).join("");
}

/** True when the two names would pass for each other at a table. */
export function sameName(a: string, b: string): boolean {
  return nameKey(a) === nameKey(b) || strokeKey(a) === strokeKey(b);
}
