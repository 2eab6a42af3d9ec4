import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { informedSeats } from "../../server/benchmark/bot-seats";
import { clueCandidates } from "../../server/lexicon/clue-candidates";
import { plausibleChameleonClue } from "../../server/lexicon/lexical-clue";
import { isOffensive } from "../../server/lexicon/offensive-words";
import { getRelatedness } from "../../server/lexicon/relatedness";
import { getWordNet } from "../../server/lexicon/wordnet";
import { instancesOf } from "../../shared/sneak/dataset";
import { seededRng } from "../../shared/random";

const wordNet = getWordNet();
const instances = instancesOf(loadDataset());
const byId = (id: string) => instances.find((i) => i.id === id)!;

describe("offensive words", () => {
  it("flags obscenities, sexual terms and slurs, from the package's list or WordNet's usage labels, in any case", () => {
    // From the obscenity package's English list.
    for (const word of ["fucker", "Arse", "incest", "sex", "twat", "motherfucker"]) expect(isOffensive(word, wordNet), word).toBe(true);
    // Labelled in every WordNet sense (an ethnic slur or disparaging), which the package does not list.
    for (const word of ["wop", "kraut", "honky", "dago"]) expect(isOffensive(word, wordNet), word).toBe(true);
    // Slurs neither source holds, named as slurs by the people they are said of or by a style guide.
    for (const word of ["midget", "Eskimos", "tranny", "squaw", "spaz", "mongoloid"]) expect(isOffensive(word, wordNet), word).toBe(true);
    // Inside a phrase too.
    expect(isOffensive("big arse", wordNet)).toBe(true);
    expect(isOffensive("eskimo kiss", wordNet)).toBe(true);
  });

  it("spares innocent words that hold a pattern, or that have an innocent sense beside an offensive one", () => {
    const innocent = ["cockpit", "scat", "cocktail", "peacock", "grape", "therapist", "assassin", "bass", "sussex", "bull", "pansy", "paddy", "taco", "mongrel", "tool", "shaft", "dirt", "lion", ""];
    for (const word of innocent) expect(isOffensive(word, wordNet), word).toBe(false);
  });

  it("never reaches a bot: informed bots in turn and a chameleon's bluff draw from candidates without them", () => {
    const r = getRelatedness();
    // Where WordNet and the norms offer them: "fucker" is a kind of fool (sap), people answered "arse" to cheeks,
    // "incest" is defined by sister, "sex" is one of girlfriend's neighbours.
    // Kayak's definition says it was "used by Eskimos"; "midget" lies beside bulldog in the vectors.
    const chosen = ["part of the face/cheeks", "family relationship/sister", "social relationship/girlfriend", "part of a tree/sap", "boat/kayak", "breed of dog/bulldog"].map(byId);
    for (const [i, round] of informedSeats(chosen, 4).entries()) {
      for (const { clue } of round) expect(isOffensive(clue, wordNet), `${chosen[i].id}: ${clue}`).toBe(false);
      const grid = r.grid(chosen[i].category, [...chosen[i].words]);
      for (const candidate of clueCandidates(r, grid, chosen[i].secret, { limit: Number.POSITIVE_INFINITY })) expect(isOffensive(candidate.text, wordNet), candidate.text).toBe(false);
    }
    const cheeks = byId("part of the face/cheeks");
    for (let seed = 0; seed < 5; seed++) {
      const bluff = plausibleChameleonClue({ category: cheeks.category, words: [...cheeks.words], earlierClues: ["nerve", "buttocks"] }, seededRng(`bluff-${seed}`));
      expect(isOffensive(bluff, wordNet), bluff).toBe(false);
    }
  });
});
