import { describe, expect, it } from "vitest";
import { loadDataset } from "../../server/dataset/load-dataset";
import { fallbacksBySeat, informedSeats } from "../../server/benchmark/bot-seats";
import { clueViolation, findGridWordIn, MAX_CLUE_WORDS } from "../../shared/game/clue-validation";
import { instancesOf } from "../../shared/sneak/dataset";
import { getRelatedness } from "../../server/lexicon/relatedness";

const instances = instancesOf(loadDataset());
const byId = (id: string) => instances.find((i) => i.id === id)!;

// The lexical model's seats (no clue book: how the bots play a custom card); the book's are checked in clue-book-bots.test.ts.
describe("informed bots in turn", () => {
  it("give legal clues that never repeat one said before, and fall back only when nothing is left", () => {
    const chosen = ["dairy product/whipped cream", "animal/lion", "prime number/one"].map(byId);
    const rounds = informedSeats(chosen, 3, null);
    for (const [i, round] of rounds.entries()) {
      expect(round).toHaveLength(3);
      const said = round.map((s) => s.clue);
      expect(new Set(said).size).toBe(3);
      for (const clue of said) expect(clueViolation(clue, chosen[i].words, MAX_CLUE_WORDS)).toBeUndefined();
    }
    // A lion has plenty to say about it; "one" has nothing people say that is not a rival number or a synonym.
    expect(rounds[1].map((s) => s.fallback)).toEqual([false, false, false]);
    expect(rounds[2][0]).toEqual({ clue: "number", fallback: true });
    // Whipped cream: "topping" and the things whose definitions name it ("cappuccino", "shortcake"), not the category's words.
    expect(rounds[0].map((s) => s.clue).sort()).toEqual(["cappuccino", "shortcake", "topping"]);
    expect(rounds[0].slice(1).every((s) => !s.fallback)).toBe(true);
    expect(fallbacksBySeat(rounds)).toEqual([1, 1, 1]);
  });

  it("say distinct words about the grid, not \"something\", when five bots run out of words for the secret and its kind", () => {
    // Without the grid's topic words these went "cosmetic | something | something | something | something".
    const rounds = informedSeats(["cosmetic/lip gloss", "month/may"].map(byId), 5, null);
    for (const round of rounds) {
      const said = round.map((s) => s.clue);
      expect(said, said.join(" | ")).not.toContain("something");
      expect(new Set(said).size, said.join(" | ")).toBe(5);
    }
  });

  it("never echo a clue said before in another form, however short its stem or irregular the form", () => {
    // Without the rules these rounds went "ear | pet | ears", "fry | fried", "cut | cuts", "crab | oar | oars",
    // "guns | gun", "tooth | teeth", "pony | hoof | hooves" and "leaves | leaf".
    const chosen = ["animal/rabbit", "meat/fish", "gardening tool/shears", "team sport/rowing", "violent crime/assault", "medical specialty/dentist", "animal/horse", "season/autumn"].map(byId);
    const wordNet = getRelatedness().wordNet;
    const lemmasOf = (clue: string) => new Set([clue, ...wordNet.baseForms(clue)]);
    const rounds = informedSeats(chosen, 3, null);
    for (const round of rounds) {
      const said = round.map((s) => s.clue);
      for (let seat = 1; seat < said.length; seat++) {
        expect(findGridWordIn(said[seat], said.slice(0, seat)), said.join(" | ")).toBeUndefined();
        const earlier = said.slice(0, seat).flatMap((clue) => [...lemmasOf(clue)]);
        expect([...lemmasOf(said[seat])].filter((lemma) => earlier.includes(lemma)), said.join(" | ")).toEqual([]);
      }
    }
  });
});
