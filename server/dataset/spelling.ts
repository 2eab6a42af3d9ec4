/**
 * Spelling keys: two responses with the same key are the same word written differently
 * (British/American spelling, hyphen vs space vs joined). Keys are for comparison only and
 * never shown.
 */

/** Whole-word spellings that no suffix rule covers. */
const WORD_VARIANTS: Record<string, string> = {
  grey: "gray",
  aluminium: "aluminum",
  sulphur: "sulfur",
  yoghurt: "yogurt",
  yoghourt: "yogurt",
  whisky: "whiskey",
  jewellery: "jewelry",
  pyjamas: "pajamas",
  moustache: "mustache",
  doughnut: "donut",
  plough: "plow",
  programme: "program",
  catalogue: "catalog",
  dialogue: "dialog",
  mould: "mold",
  cheque: "check",
  tyre: "tire",
  kerb: "curb",
  storey: "story",
  practise: "practice",
  licence: "license",
  defence: "defense",
  offence: "offense",
};

/** One token's key: British endings folded onto American ones. */
function tokenKey(token: string): string {
  const whole = WORD_VARIANTS[token];
  if (whole) return whole;
  return (
    token
      // colour, flavour, humour (stem of three letters or more, so "hour", "four" and "flour" stay)
      .replace(/^([a-z]{3,})our(s?)$/, "$1or$2")
      // organise/organize, organisation; analyse/analyze
      .replace(/^([a-z]{3,})is(e|es|ed|ing|ation|ations)$/, "$1iz$2")
      .replace(/^([a-z]{2,})ys(e|es|ed|ing)$/, "$1yz$2")
      // centre/center, metre/meter, litre/liter, theatre/theater (a consonant before "re": not "fire")
      .replace(/^([a-z]+[^aeiou\s])re(s?)$/, "$1er$2")
      // paediatrician/pediatrician, diarrhoea/diarrhea, oesophagus (not word-final, not "-oes": "shoes")
      .replace(/([a-z])ae(?=[a-z])/g, "$1e")
      .replace(/^ae(?=[a-z]{3})/, "e")
      .replace(/([a-z])oe(?=[a-rt-z])/g, "$1e")
      .replace(/^oe(?=[a-z]{3})/, "e")
  );
}

/** The spelling key of a response: tokens folded, then joined with no separator ("ice-cream" = "ice cream" = "icecream"). */
export function spellingKey(response: string): string {
  return response
    .toLowerCase()
    .replace(/['’]/g, "")
    .split(/[\s\-_]+/)
    .filter((token) => token.length > 0)
    .map(tokenKey)
    .join("");
}
