/**
 * Numbers written in digits, spelled out in English words, so that a clue cannot say a grid word in
 * digits: "7" is "seven", "7th" is "seventh", "1/4" is "one quarter", "21" is "twenty one" (up to 999:
 * "1999" is a year, not "one thousand …"). Only the clue check uses it (clue-validation.ts), on both the
 * clue and the grid's words, so the rule stays symmetric. Pure code, shared by server, client and CLI.
 */

const ONES = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen"];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
/** Ordinals that are not the cardinal plus "th". */
const IRREGULAR_ORDINALS: Readonly<Record<string, string>> = { one: "first", two: "second", three: "third", five: "fifth", eight: "eighth", nine: "ninth", twelve: "twelfth" };
/** Numbers spelled out up to this; longer digit runs (years, prices, phone numbers) are not said as their words. */
const MAX_SPELLED = 999;

/** 21 → "twenty one"; undefined beyond MAX_SPELLED. */
export function cardinalWords(n: number): string | undefined {
  if (!Number.isInteger(n) || n < 0 || n > MAX_SPELLED) return undefined;
  if (n < 20) return ONES[n];
  if (n < 100) return n % 10 === 0 ? TENS[n / 10] : `${TENS[Math.floor(n / 10)]} ${ONES[n % 10]}`;
  const head = `${ONES[Math.floor(n / 100)]} hundred`;
  return n % 100 === 0 ? head : `${head} ${cardinalWords(n % 100)}`;
}

/** The ordinal of a one-word cardinal: "seven" → "seventh", "twenty" → "twentieth", "five" → "fifth". */
export function ordinalOfWord(word: string): string {
  if (IRREGULAR_ORDINALS[word]) return IRREGULAR_ORDINALS[word];
  if (word.endsWith("y")) return `${word.slice(0, -1)}ieth`;
  return `${word}th`;
}

/** 7 → "seventh", 21 → "twenty first": the last word of the cardinal made ordinal. */
export function ordinalWords(n: number): string | undefined {
  const cardinal = cardinalWords(n);
  if (cardinal === undefined) return undefined;
  const words = cardinal.split(" ");
  words[words.length - 1] = ordinalOfWord(words[words.length - 1]);
  return words.join(" ");
}

/** A fraction's denominator as words: "2" → half, "4" → quarter, else the ordinal; plural when the numerator is not one. */
function denominatorWords(denominator: number, numerator: number): string | undefined {
  const singular = denominator === 2 ? "half" : denominator === 4 ? "quarter" : ordinalWords(denominator);
  if (singular === undefined) return undefined;
  if (numerator === 1) return singular;
  return singular === "half" ? "halves" : `${singular}s`;
}

// No lookbehind: the client runs this too, and Safari before 16.4 cannot parse it. The first group keeps
// what precedes the number (start of text or a non-digit).
const FRACTION = /(^|[^\d/])(\d{1,4})\s*\/\s*(\d{1,4})(?![\d/])/g;
const ORDINAL = /(^|\D)(\d{1,4})(?:st|nd|rd|th)\b/gi;
const CARDINAL = /(^|\D)(\d{1,4})(?!\d)/g;

/** The text with its numerals in words: fractions, then ordinals, then cardinals; other text unchanged. */
export function spellNumbers(text: string): string {
  if (!/\d/.test(text)) return text;
  return text
    .replace(FRACTION, (whole, before: string, a: string, b: string) => {
      const numerator = cardinalWords(Number(a));
      const denominator = Number(b) >= 2 ? denominatorWords(Number(b), Number(a)) : undefined;
      return numerator !== undefined && denominator !== undefined ? `${before} ${numerator} ${denominator} ` : whole;
    })
    .replace(ORDINAL, (whole, before: string, digits: string) => {
      const words = ordinalWords(Number(digits));
      return words === undefined ? whole : `${before} ${words} `;
    })
    .replace(CARDINAL, (whole, before: string, digits: string) => {
      const words = cardinalWords(Number(digits));
      return words === undefined ? whole : `${before} ${words} `;
    });
}

/** Cardinals whose ordinal grows from them ("seven" → seventh); "first", "second" and "third" are other words. */
const ROOTED_CARDINALS: ReadonlySet<string> = new Set([...ONES.slice(4), ...TENS.filter((t) => t !== ""), "hundred"]);

/** Whether one word is the ordinal of the other, as forms of one number: "seventh" and "seven", "fifth" and "five". */
export function isOrdinalOfEachOther(a: string, b: string): boolean {
  return (ROOTED_CARDINALS.has(b) && ordinalOfWord(b) === a) || (ROOTED_CARDINALS.has(a) && ordinalOfWord(a) === b);
}

/** A word that leads a larger number ("twenty" in "twenty five"): the word after it is not a number alone. */
export function leadsLargerNumber(word: string | undefined): boolean {
  return word !== undefined && word !== "" && (TENS.includes(word) || word === "hundred");
}
