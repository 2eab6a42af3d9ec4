import { describe, expect, it } from "vitest";
import { cluePrompt, guessPrompt, lastTag, parsedChoice, parsedClue, votePrompt } from "../../server/agents/llm-prompts";
import type { BotView } from "../../server/agents/agent";

const informed: BotView = {
  playerId: "p1",
  category: "fruit",
  words: ["apple", "banana", "cherry", "grape", "lemon", "mango", "orange", "peach"],
  secret: "mango",
  clues: [{ playerId: "p2", text: "tropical" }],
  players: [
    { playerId: "p1", name: "Ann" },
    { playerId: "p2", name: "Ben" },
    { playerId: "p3", name: "Cat" },
  ],
  maxClueWords: 2,
  seed: "s",
};
const chameleon: BotView = { ...informed, secret: null };

describe("LLM bot prompts", () => {
  it("tell an informed bot the secret and a chameleon bot nothing about it", () => {
    expect(cluePrompt(informed, []).map((m) => m.content).join("\n")).toContain("The secret word is: mango");
    const bluff = [...cluePrompt(chameleon, []), ...votePrompt(chameleon, informed.players.slice(1)), ...guessPrompt(chameleon, informed.words)]
      .map((m) => m.content)
      .join("\n");
    expect(bluff).not.toMatch(/secret word is/i);
    expect(bluff).toContain("CHAMELEON");
    expect(bluff).toContain("Ben: tropical");
  });
  it("tell the bot why its last clue was refused", () => {
    expect(cluePrompt(informed, [{ text: "mangoes", reason: "it contains a grid word" }]).at(-1)!.content).toContain('"mangoes" was refused: it contains a grid word');
  });
});

describe("LLM bot reply parsing", () => {
  it("reads the last tag", () => {
    expect(lastTag("<clue>a</clue> then <clue> b </clue>", "clue")).toBe("b");
    expect(lastTag("<clue></clue>", "clue")).toBeNull();
    expect(lastTag("no tag", "clue")).toBeNull();
  });
  it("accepts clues within the word limit, stripping quotes", () => {
    expect(parsedClue('thinking…\n<clue>"sunny fruit".</clue>', 2)).toBe("sunny fruit");
    expect(() => parsedClue("<clue>one two three</clue>", 2)).toThrow(/3 words/);
    expect(() => parsedClue("sunny", 2)).toThrow(/no <clue> tag/);
  });
  it("accepts a listed number or an exact name, nothing else", () => {
    const options = informed.players.slice(1);
    expect(parsedChoice("<vote>2</vote>", "vote", options, (p) => p.name).playerId).toBe("p3");
    expect(parsedChoice("<vote>ben</vote>", "vote", options, (p) => p.name).playerId).toBe("p2");
    expect(() => parsedChoice("<vote>3</vote>", "vote", options, (p) => p.name)).toThrow(/not an option number/);
    expect(() => parsedChoice("<vote>Benjamin</vote>", "vote", options, (p) => p.name)).toThrow(/matches no option/);
    expect(() => parsedChoice("Ben", "vote", options, (p) => p.name)).toThrow(/no <vote> tag/);
  });
});
